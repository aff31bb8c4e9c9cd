import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { logout } from '../../auth/session';
import { readRole } from '../../../shared/roles';
import { canAccess } from '../canAccess';
import { avatarSrc } from '../authProvider';

/** The global search event the users list listens to (admin-and-games.md, Users admin). */
export const SEARCH_USUARIO_EVENT = 'search-usuario';

/** The top bar: a search box, the avatar and first name, and 'Cerrar sesión'. */
function TopSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSession();
  const canUsers = canAccess(readRole(user), { resource: 'usuario', action: 'list' });
  const send = (value: string) => window.dispatchEvent(new CustomEvent(SEARCH_USUARIO_EVENT, { detail: value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (canUsers && !location.pathname.startsWith('/admin/usuario')) {
      navigate('/admin/usuario', { state: { search: text } });
    }
    send(text);
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={onSubmit}
      sx={{ display: 'flex', alignItems: 'center', bgcolor: 'rgba(255,255,255,0.18)', borderRadius: 999, px: 1.5, mx: 2, minWidth: { xs: 120, sm: 260 } }}
    >
      <SearchIcon aria-hidden="true" />
      <InputBase
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          send(e.target.value);
        }}
        placeholder="Buscar..."
        inputProps={{ 'aria-label': 'Buscar en el panel' }}
        sx={{ color: 'inherit', ml: 1, flex: 1 }}
      />
    </Box>
  );
}

function UserBox() {
  const user = useSession();
  const navigate = useNavigate();
  const first = String(user?.nombre ?? '').split(' ')[0] || 'Invitado';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <LoadingIndicator />
      <Avatar src={avatarSrc(user?.avatar)} alt="" sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }}>
        {first.charAt(0)}
      </Avatar>
      <Typography component="span" sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline' } }} data-testid="admin-user-name">
        {first}
      </Typography>
      <Button
        color="inherit"
        startIcon={<LogoutIcon />}
        onClick={async () => {
          await logout();
          navigate('/logIn', { replace: true });
        }}
      >
        Cerrar sesión
      </Button>
    </Box>
  );
}

export function AdminAppBar() {
  return (
    <RaAppBar userMenu={false} toolbar={<UserBox />}>
      <TitlePortal />
      <TopSearch />
    </RaAppBar>
  );
}
