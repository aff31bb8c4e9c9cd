import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { OFFLINE_MESSAGES } from '../dataProvider';
import { connectionNotices, type ConnectionNotice } from '../queryClient';

/**
 * Says at once that the connection is lost (screens-backoffice.md B-1.1), above the screen: after a save that got no
 * answer, 'Sin conexión: no se guardó...' until a save goes through or it is closed; after a read,
 * 'no se pudieron cargar los datos' until a read succeeds. The form keeps what was typed, and
 * nothing is sent again until the user presses Guardar (queryClient.ts: networkMode 'always').
 */
export function ConnectionAlert() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const on = (e: Event) => {
      const kind = (e as CustomEvent<ConnectionNotice>).detail;
      if (kind === 'save-failed') setMessage(OFFLINE_MESSAGES.save);
      else if (kind === 'load-failed') setMessage((m) => (m === OFFLINE_MESSAGES.save ? m : OFFLINE_MESSAGES.load));
      else if (kind === 'saved') setMessage(null);
      else setMessage((m) => (m === OFFLINE_MESSAGES.load ? null : m));
    };
    connectionNotices.addEventListener('notice', on);
    return () => connectionNotices.removeEventListener('notice', on);
  }, []);
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" onClose={() => setMessage(null)} sx={{ mb: 1 }} data-testid="connection-alert">
      {message}
    </Alert>
  );
}
