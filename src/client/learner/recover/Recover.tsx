import { useState, type FormEvent } from 'react';
import { AuthLayout } from '../auth/AuthLayout';
import { AuthField, AuthForm, AuthHeader, BackToLogin, SubmitButton } from '../auth/AuthParts';
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
      <AuthHeader title="Recuperar contraseña" subtitle="Escribe tu correo y te enviaremos un enlace para crear una contraseña nueva." />
      <AuthForm onSubmit={onSubmit} busy={loading}>
        <AuthField
          label="Correo electrónico"
          type="email"
          name="email"
          placeholder="Escribe tu correo"
          value={email}
          onValue={setEmail}
          busy={loading}
          autoComplete="email"
        />
        <SubmitButton busy={loading} busyLabel="Enviando">
          Enviar enlace
        </SubmitButton>
        <BackToLogin />
      </AuthForm>
    </AuthLayout>
  );
}
