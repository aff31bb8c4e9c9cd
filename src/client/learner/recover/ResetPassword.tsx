import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AuthLayout } from '../auth/AuthLayout';
import { AuthField, AuthForm, AuthHeader, BackToLogin, SubmitButton } from '../auth/AuthParts';
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
      <AuthHeader title="Nueva contraseña" subtitle="Elige una contraseña nueva de al menos 8 caracteres." />
      {!token ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography role="alert">El enlace no es válido o ya expiró. Solicita uno nuevo.</Typography>
          <Button component={RouterLink} to="/recuperar-password" variant="contained">
            Solicitar un enlace nuevo
          </Button>
        </Box>
      ) : (
        <AuthForm onSubmit={onSubmit} busy={loading}>
          <AuthField
            label="Contraseña nueva"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
            busy={loading}
          />
          <AuthField
            label="Repetir contraseña"
            type="password"
            name="confirm"
            autoComplete="new-password"
            value={confirm}
            onValue={setConfirm}
            busy={loading}
          />
          <SubmitButton busy={loading} busyLabel="Guardando">
            Guardar contraseña
          </SubmitButton>
          <BackToLogin />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
