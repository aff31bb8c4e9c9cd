import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import TextInput, { type TextInputProps } from '../../ui/TextInput';

/**
 * The pieces the small account screens (/logIn, /recuperar-password, /restablecer-password) are made
 * of, so each screen says only what it asks and what it sends. Only components /logIn already loads
 * (its first visit has a JS budget: docs/performance.md).
 */

/** The logo, the screen's title (its one h1) and a line under it. */
export function AuthHeader({ title, subtitle, logo = 72, logoAlt = '' }: { title: string; subtitle: string; logo?: number; logoAlt?: string }) {
  return (
    <Box sx={{ textAlign: 'center', mb: 2 }}>
      <Box component="img" src="/img/logo.svg" alt={logoAlt} sx={{ width: logo, height: logo }} />
      <Typography variant="h4" component="h1" sx={logoAlt ? { mt: 1 } : undefined}>
        {title}
      </Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
    </Box>
  );
}

/** A column form that says it is busy while its request is out. */
export function AuthForm({ onSubmit, busy, children }: { onSubmit: (e: FormEvent) => void; busy: boolean; children: ReactNode }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy={busy}>
      {children}
    </Box>
  );
}

/** A text field bound to one piece of state, disabled while the form is busy. */
export function AuthField({ value, onValue, busy, ...rest }: Omit<TextInputProps, 'onChange' | 'disabled'> & { onValue: (v: string) => void; busy: boolean }) {
  return <TextInput {...rest} value={value} onChange={(e) => onValue(e.target.value)} disabled={busy} />;
}

/** The form's main button, with a spinner named for what is happening ("Enviando", "Guardando"…). */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={20} color="inherit" aria-label={busyLabel} /> : undefined}
    >
      {children}
    </Button>
  );
}

/** Back to /logIn from the recovery screens. */
export function BackToLogin() {
  return (
    <Button component={RouterLink} to="/logIn" variant="outlined">
      Volver a iniciar sesión
    </Button>
  );
}
