import { memo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Avatar from '@mui/material/Avatar';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useSession } from '../auth/useSession';
import { logout } from '../auth/logout';
import { ADMIN_ROLES, hasAnyRole, readRole } from '../../shared/roles';

/** Avatar picture of the child: boy, girl, or (null) the first letter of the name. */
function avatarKind(avatar: unknown): 'boy' | 'girl' | null {
  return avatar === 'boy' || avatar === 'girl' ? avatar : null;
}

/**
 * The picture of each avatar: the very files the child picks from in the sign-up and profile
 * forms (AvatarChoice, `/img/avatar-{boy|girl}.svg`), so the navbar shows the chosen one.
 */
export const AVATAR_PICTURES = { boy: '/img/avatar-boy.svg', girl: '/img/avatar-girl.svg' } as const;

/** The logout's check of unsent work failed: asked as if there were some. */
const UNSENT_UNKNOWN = -1;

/** On a phone the icons go and the padding shrinks, so the navbar keeps to one row. */
const compact = { px: { xs: 1, sm: 2.5 }, '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } } as const;

export interface NavbarProps {
  /** When given, the navbar shows the search box (the home's level search). */
  search?: string;
  onSearch?: (value: string) => void;
}

/**
 * The child navbar (docs/product/screens-learner.md L-1.3): logo, search, Admin for admin/superadmin,
 * avatar, name (or 'Invitado'), 'Mi perfil' and 'Salir'.
 */
// Memoised: a screen that renders again for its later answers (/home) leaves the bar alone.
export const Navbar = memo(function Navbar({ search, onSearch }: NavbarProps) {
  const user = useSession();
  const navigate = useNavigate();
  const isAdmin = hasAnyRole(readRole(user), ADMIN_ROLES);
  const nombre = (typeof user?.nombre === 'string' && user.nombre.trim()) || 'Invitado';
  const kind = avatarKind(user?.avatar);

  /** Events of this child still waiting on the device (offline): asked about before they are deleted. */
  const [unsent, setUnsent] = useState(0); // UNSENT_UNKNOWN: the check failed
  const [checking, setChecking] = useState(false);
  const leave = async () => {
    setUnsent(0);
    await logout();
    navigate('/logIn');
  };
  const onLogout = async () => {
    const id = Number(user?.id);
    if (id > 0) {
      setChecking(true);
      // A check that fails (the device's storage or the module unreadable) may hide unsent work:
      // the child is asked as if there were some, never logged out silently.
      const n = await import('../offline/clear')
        .then((m) => m.unsentBeforeLogout(id))
        .catch(() => UNSENT_UNKNOWN)
        .finally(() => setChecking(false));
      if (n !== 0) return setUnsent(n);
    }
    await leave();
  };

  return (
    // In the page's flow, not sticky: a bar that stays on top covers whatever control scrolls under
    // it (the rule of the learner screens is that nothing lies over a control), and on a tablet held
    // sideways it would keep 88 of the 800 px for itself. Its links are one scroll up, always.
    <AppBar position="static" color="inherit" elevation={1} sx={{ bgcolor: 'background.paper' }}>
      <Toolbar component="nav" aria-label="Menú principal" sx={{ flexWrap: 'wrap', gap: 1, py: 1, px: { xs: 1, sm: 2 }, minHeight: 72 }}>
        <Box
          component={RouterLink}
          to="/home"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            textDecoration: 'none',
            color: 'primary.dark',
            borderRadius: 2,
            '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
          }}
        >
          <Box component="img" src="/img/logo.svg" alt="Manitas, ir al inicio" sx={{ width: 44, height: 44 }} />
          <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.4rem', display: { xs: 'none', sm: 'inline' } }}>
            Manitas
          </Typography>
        </Box>

        {onSearch && (
          <Box
            role="search"
            sx={{
              order: { xs: 3, md: 0 },
              flexBasis: { xs: '100%', md: 'auto' },
              flexGrow: 1,
              maxWidth: { md: 420 },
              mx: { md: 2 },
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              borderRadius: 999,
              bgcolor: '#efeaff',
              border: '2px solid transparent',
              '&:focus-within': { borderColor: 'primary.main' },
            }}
          >
            <SearchIcon aria-hidden="true" sx={{ color: 'primary.dark' }} />
            <InputBase
              value={search ?? ''}
              onChange={(e) => onSearch(e.target.value)}
              placeholder="Buscar nivel..."
              type="search"
              inputProps={{ 'aria-label': 'Buscar nivel por nombre' }}
              sx={{ flex: 1, minHeight: 44, fontSize: '1.05rem' }}
            />
          </Box>
        )}

        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, ml: 'auto', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {isAdmin && (
            <Button component={RouterLink} to="/admin" variant="outlined" startIcon={<AdminPanelSettingsIcon />}>
              Admin
            </Button>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 } }} data-testid="navbar-user">
            <Avatar
              src={kind ? AVATAR_PICTURES[kind] : undefined}
              alt=""
              sx={{ bgcolor: kind ? 'transparent' : '#ffd166', color: '#1d1a3a', width: 44, height: 44, fontSize: '1.2rem' }}
              aria-hidden="true"
              data-avatar={kind ?? 'none'}
            >
              {kind ? null : nombre.charAt(0).toUpperCase()}
            </Avatar>
            <Typography sx={{ fontWeight: 700, maxWidth: { xs: 90, sm: 140 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {nombre}
            </Typography>
          </Box>
          <Button component={RouterLink} to="/perfil" startIcon={<PersonIcon />} sx={compact}>
            Mi perfil
          </Button>
          <Button onClick={onLogout} disabled={checking} color="secondary" startIcon={<LogoutIcon />} sx={compact}>
            Salir
          </Button>
        </Box>
      </Toolbar>
      <Dialog
        open={unsent !== 0}
        onClose={() => setUnsent(0)}
        aria-labelledby="sin-enviar-titulo"
        aria-describedby="sin-enviar-detalle"
        data-testid="logout-unsent"
      >
        <DialogTitle id="sin-enviar-titulo" sx={{ fontSize: '1.5rem', fontWeight: 800 }}>
          Hay cosas sin enviar
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="sin-enviar-detalle" sx={{ fontSize: '1.2rem', color: 'text.primary' }}>
            {unsent === UNSENT_UNKNOWN
              ? 'No se pudo comprobar si esta tableta guarda actividades tuyas sin enviar. Si sales ahora, podrían borrarse. Si te quedas, se enviarán solas cuando vuelva la conexión.'
              : `${unsent === 1 ? 'Esta tableta guarda 1 actividad tuya' : `Esta tableta guarda ${unsent} actividades tuyas`} que todavía no se enviaron porque no hay conexión. Si sales ahora, se borrarán. Si te quedas, se enviarán solas cuando vuelva la conexión.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" color="error" size="large" onClick={() => void leave()} sx={{ minHeight: 52, fontSize: '1.1rem' }}>
            Salir y borrar
          </Button>
          <Button variant="contained" size="large" onClick={() => setUnsent(0)} autoFocus sx={{ minHeight: 52, fontSize: '1.1rem' }}>
            Quedarme
          </Button>
        </DialogActions>
      </Dialog>
    </AppBar>
  );
});

export default Navbar;
