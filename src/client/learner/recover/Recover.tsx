import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuthLayout } from '../auth/AuthLayout';
import { apiPost, ApiError } from '../../api/http';
import { useAlert } from '../../ui/AlertModal';
import { RECOVERY_EMPTY_MSG } from '../../../shared/validation/registration';

/** /recuperar-password: asks for a recovery link by email. */
export default function Recover() {
  const alert = useAlert();
  const [email, setEmail] = useState('');
  const [loading, setLoading] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      await alert(RECOVERY_EMPTY_MSG, { kind: 'warning' });
      return;
    }
    setLoading(true);
    try {
      const res = await apiPost<{ msg?: string }>('recuperar', { email: email.trim() });
      setLoading(false);
      await alert(res?.msg ?? 'Revisa tu correo.', { kind: 'success' });
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
          Recuperar contraseña
        </Typography>
        <Typography color="text.secondary">Escribe tu correo y te enviaremos un enlace para crear una contraseña nueva.</Typography>
      </Box>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy={loading}>
        <TextField
          label="Correo electrónico"
          type="email"
          name="email"
          placeholder="Escribe tu correo"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={loading}
          autoComplete="email"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={loading}
          startIcon={loading ? <CircularProgress size={20} color="inherit" aria-label="Enviando" /> : undefined}
        >
          Enviar enlace
        </Button>
        <Button component={RouterLink} to="/logIn" variant="outlined">
          Volver a iniciar sesión
        </Button>
      </Box>
    </AuthLayout>
  );
}
