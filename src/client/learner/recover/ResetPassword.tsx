import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuthLayout } from '../auth/AuthLayout';
import { apiPost, ApiError } from '../../api/http';
import { useAlert } from '../../ui/AlertModal';
import { PASSWORD_MIN, REG_MSG } from '../../../shared/validation/registration';

/** /restablecer-password?token=…: the screen the recovery mail links to. */
export default function ResetPassword() {
  const alert = useAlert();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [loading, setLoading] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!password || !confirm) return void (await alert('Todos los campos son obligatorios', { kind: 'warning' }));
    if (password !== confirm) return void (await alert(REG_MSG.mismatch, { kind: 'warning' }));
    if (password.length < PASSWORD_MIN) return void (await alert(REG_MSG.short, { kind: 'warning' }));
    setLoading(true);
    try {
      const res = await apiPost<{ msg: string }>('recuperar/confirmar', { token, password });
      setLoading(false);
      await alert(res.msg, { kind: 'success', redirect: '/logIn' });
    } catch (err) {
      setLoading(false);
      await alert((err as ApiError).msg || 'Hubo un error', { kind: 'error' });
    }
  }

  return (
    <AuthLayout>
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <Box component="img" src="/img/logo.svg" alt="" sx={{ width: 72, height: 72 }} />
        <Typography variant="h4" component="h1">
          Nueva contraseña
        </Typography>
        <Typography color="text.secondary">Elige una contraseña nueva de al menos 8 caracteres.</Typography>
      </Box>
      {!token ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography role="alert">El enlace no es válido o ya expiró. Solicita uno nuevo.</Typography>
          <Button component={RouterLink} to="/recuperar-password" variant="contained">
            Solicitar un enlace nuevo
          </Button>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy={loading}>
          <TextField
            label="Contraseña nueva"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={loading}
          />
          <TextField
            label="Repetir contraseña"
            type="password"
            name="confirm"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            disabled={loading}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={loading}
            startIcon={loading ? <CircularProgress size={20} color="inherit" aria-label="Guardando" /> : undefined}
          >
            Guardar contraseña
          </Button>
          <Button component={RouterLink} to="/logIn" variant="outlined">
            Volver a iniciar sesión
          </Button>
        </Box>
      )}
    </AuthLayout>
  );
}
