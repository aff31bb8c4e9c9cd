import type { ReactNode } from 'react';
import { Layout, Notification } from 'react-admin';
import { AdminAppBar } from './AppBar';
import { AdminMenu } from './Menu';
import { UploadProgress } from '../common/components';

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu} sx={{ '& .RaLayout-content': { minWidth: 0 } }}>
      <UploadProgress />
      {children}
    </Layout>
  );
}

/**
 * Toasts: top right, 5000 ms (admin-and-games.md section 9), below the top bar (48 px high) so they
 * never cover the avatar, the name or 'Cerrar sesión'.
 */
export function AdminNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={5000} sx={{ top: { xs: 56, sm: 60 } }} />;
}
