import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AuthLayout } from '../auth/AuthLayout';
import { AuthField, AuthForm, AuthHeader, SubmitButton } from '../auth/AuthParts';
import { apiPost, ApiError } from '../../api/http';
import { saveSession, type SessionUser } from '../../auth/session';
import { useAlert } from '../../ui/AlertModal';
import Link from '../../ui/TextLink';
import Divider from '../../ui/TextDivider';
import { LOGIN_REQUIRED_MSG } from '../../../shared/validation/login';
import { GoogleButton } from './GoogleButton';

export const LOGIN_FAILED_MSG = 'Credenciales incorrectas';

/** /logIn: email and password, Google, and the links to recovery and sign-up. */
export default function Login() {
  const navigate = useNavigate();
  const alert = useAlert();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password.trim()) {
      await alert(LOGIN_REQUIRED_MSG, { kind: 'warning' });
      return;
    }
    setLoading(true);
    try {
      const res = await apiPost<{ token: string; usuario: SessionUser }>('user/logIn', { email: email.trim(), password });
      saveSession(res.token, res.usuario);
      navigate('/home');
    } catch (err) {
      setLoading(false);
      const e2 = err as ApiError;
      // Wrong email or password: the fixed message (L-2). Inactive account or too many tries: the server's.
      const msg = e2.status === 403 || e2.status === 429 ? e2.msg : LOGIN_FAILED_MSG;
      await alert(msg, { kind: 'error' });
    }
  }

  return (
    <AuthLayout hideBelow={768}>
      <AuthHeader title="Manitas" subtitle="Aprende lengua de señas jugando" logo={88} logoAlt="Manitas" />
      <AuthForm onSubmit={onSubmit} busy={loading}>
        <AuthField
          label="Correo electrónico"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Escribe tu correo"
          value={email}
          onValue={setEmail}
          busy={loading}
        />
        <AuthField
          label="Contraseña"
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder="Escribe tu contraseña"
          value={password}
          onValue={setPassword}
          busy={loading}
        />
        <SubmitButton busy={loading} busyLabel="Cargando">
          Entrar
        </SubmitButton>
        {/*
          Class-code login (L-3): children without email (class code, name, 3 pictures), most of whom barely read:
          a big, warm button with a class picture, right under 'Entrar'. The picture is an image file,
          not an icon component (its size is in the file): /logIn's first visit is at its 150 KB JS budget.
        */}
        <Button
          component={RouterLink}
          to="/logIn/clase"
          variant="contained"
          startIcon={<img src="/img/clase.svg" alt="" />}
          color="warning"
          sx={{ minHeight: 64, fontSize: 18 }}
        >
          Entrar con código de clase
        </Button>
        <Link component={RouterLink} to="/recuperar-password" sx={{ alignSelf: 'center' }}>
          ¿Olvidaste tu contraseña?
        </Link>
      </AuthForm>
      <Divider sx={{ my: 2 }}>o</Divider>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <GoogleButton disabled={loading} onLoading={setLoading} />
        {/* Styled like the other provider buttons; it does nothing (screens-learner.md L-2). */}
        <Button
          type="button"
          variant="contained"
          aria-label="Facebook (no disponible)"
          sx={{ bgcolor: '#1565c0', '&:hover': { bgcolor: '#0d47a1' } }}
          onClick={() => undefined}
        >
          Continuar con Facebook
        </Button>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        ¿No tienes cuenta?{' '}
        <Link component={RouterLink} to="/singIn">
          Regístrate aquí
        </Link>
      </Typography>
    </AuthLayout>
  );
}
