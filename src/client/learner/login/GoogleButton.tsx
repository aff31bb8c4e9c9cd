import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { apiGet, apiPost, ApiError } from '../../api/http';
import { saveSession, type SessionUser } from '../../auth/session';
import { useAlert } from '../../ui/AlertModal';
import { GOOGLE_ERROR_MSG, type PublicGoogleConfig } from '../../../shared/google';

// The server's Google settings, asked once per page load (null = Google sign-in is off).
let configRequest: Promise<PublicGoogleConfig | null> | null = null;
function loadGoogleConfig(): Promise<PublicGoogleConfig | null> {
  configRequest ??= apiGet<{ google: PublicGoogleConfig | null }>('config/public')
    .then((r) => r.google ?? null)
    .catch(() => {
      configRequest = null; // try again on the next visit
      return null;
    });
  return configRequest;
}

function GoogleLogo() {
  return (
    <Box component="svg" viewBox="0 0 48 48" aria-hidden="true" sx={{ width: 20, height: 20 }}>
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </Box>
  );
}

/**
 * The Google sign-in button: shown only when the server says Google sign-in is configured. A press
 * loads Firebase (not before), opens Google's popup, sends the ID token to POST api/user/google and,
 * like the password login, stores the session and goes to /home.
 */
export function GoogleButton({ disabled, onLoading }: { disabled?: boolean; onLoading?: (v: boolean) => void }) {
  const navigate = useNavigate();
  const alert = useAlert();
  const [config, setConfig] = useState<PublicGoogleConfig | null>(null);

  useEffect(() => {
    let live = true;
    void loadGoogleConfig().then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!config) return null;

  async function onClick() {
    onLoading?.(true);
    try {
      const { googleIdToken } = await import('../../auth/google');
      const idToken = await googleIdToken(config!);
      const res = await apiPost<{ token: string; usuario: SessionUser }>('user/google', { idToken });
      saveSession(res.token, res.usuario);
      navigate('/home');
    } catch (err) {
      onLoading?.(false);
      // A refused sign-in leaves no Firebase session behind.
      const signOut = (window as unknown as { __manitasSignOutProvider?: () => Promise<void> }).__manitasSignOutProvider;
      if (signOut) void signOut().catch(() => undefined);
      // An inactive account or too many tries: the server's own message (as on the password login).
      const e = err as ApiError;
      const msg = e instanceof ApiError && (e.status === 403 || e.status === 429) ? e.msg : GOOGLE_ERROR_MSG;
      await alert(msg, { kind: 'error' });
    }
  }

  return (
    <Button
      type="button"
      variant="outlined"
      size="large"
      disabled={disabled}
      onClick={() => void onClick()}
      startIcon={<GoogleLogo />}
      sx={{ bgcolor: '#fff', color: '#3c4043', borderColor: '#dadce0', '&:hover': { bgcolor: '#f8f9fa', borderColor: '#c6c9cc' } }}
    >
      Continuar con Google
    </Button>
  );
}
