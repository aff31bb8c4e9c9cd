import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Layout, Notification, Sidebar, useSidebarState, type SidebarProps } from 'react-admin';
import { AdminAppBar } from './AppBar';
import { AdminMenu } from './Menu';
import { UploadProgress } from '../common/components';
import { ConnectionAlert } from './ConnectionAlert';

/** Below this width (tablets, 768 px portrait) the sidebar is an overlay, closed by default (B-1.1, constants C-9). */
const SIDEBAR_OVERLAY_QUERY = '(max-width: 1023.95px)';

/**
 * react-admin's Sidebar switches to an overlay only below 600 px; at a tablet's 768 px it took a
 * quarter of the screen and squeezed every list. Below 1024 px this one is a temporary drawer over
 * the page: closed on arrival, opened by the top bar's menu button, closed again by choosing an
 * entry (a new address), the backdrop or Escape. From 1024 px it is react-admin's, open as before.
 */
function AdminSidebar({ children, ...rest }: SidebarProps) {
  const narrow = useMediaQuery(SIDEBAR_OVERLAY_QUERY, { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const { pathname } = useLocation();
  const was = useRef<boolean | null>(null);
  // The width the effect below has acted on: the overlay opens only once it says narrow, since a
  // modal drawer shown for a single frame (arriving, or shrinking with the sidebar open) and closed
  // at once left the page aria-hidden.
  const [settled, setSettled] = useState<boolean | null>(null);

  // Arriving narrow, or shrinking to narrow, closes it; growing back to wide reopens it.
  useEffect(() => {
    if (was.current === null ? narrow : was.current !== narrow) setOpen(!narrow);
    was.current = narrow;
    setSettled(narrow);
  }, [narrow, setOpen]);
  // Choosing an entry (any new screen) closes the overlay.
  useEffect(() => {
    if (narrow) setOpen(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  if (!narrow) return <Sidebar {...rest}>{children}</Sidebar>;
  return (
    <Drawer
      variant="temporary"
      open={open && settled === true}
      onClose={() => setOpen(false)}
      ModalProps={{ keepMounted: false }}
      slotProps={{ paper: { sx: { width: 260, pt: 1 }, 'aria-label': 'Menú' } as object }}
    >
      {children}
    </Drawer>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      appBar={AdminAppBar}
      menu={AdminMenu}
      sidebar={AdminSidebar}
      sx={{
        '& .RaLayout-content': { minWidth: 0 },
        // A wide screen (the class dashboard's grid) must never squeeze the side menu.
        '& .RaSidebar-root': { flexShrink: 0 },
        '& .skip-nav-button, & .skip-nav-button:hover': { color: '#1d1a3a', backgroundColor: '#fff', outline: '2px solid #1d1a3a' },
      }}
    >
      <UploadProgress />
      <ConnectionAlert />
      {children}
    </Layout>
  );
}

/**
 * Toasts: top right, 5000 ms (constants.md C-9), below the top bar (48 px high) so they
 * never cover the avatar, the name or 'Cerrar sesión'. A toast lies over the list's 'Crear' and
 * 'Exportar' (top right too): it lets clicks through to them (pointer-events none), so a teacher
 * going on to the next record after a save is not made to wait out the toasts (three uploads in a
 * row queued 15 s of them over 'Crear'); a button inside a toast still takes its click.
 */
export function AdminNotification() {
  return (
    <Notification
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={5000}
      sx={{ top: { xs: 56, sm: 60 }, pointerEvents: 'none', '& button, & a': { pointerEvents: 'auto' } }}
    />
  );
}
