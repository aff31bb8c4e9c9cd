import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';

export type AlertKind = 'success' | 'error' | 'warning';

export interface AlertOptions {
  kind?: AlertKind;
  /** Where to go after a success alert is closed. */
  redirect?: string;
  title?: string;
}

interface AlertState extends AlertOptions {
  message: string;
  open: boolean;
}

const pop = keyframes`
  0% { transform: scale(0.3) rotate(-20deg); opacity: 0; }
  60% { transform: scale(1.15) rotate(6deg); opacity: 1; }
  100% { transform: scale(1) rotate(0); }
`;
const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  20%, 60% { transform: translateX(-10px); }
  40%, 80% { transform: translateX(10px); }
`;

const AlertContext = createContext<(message: string, opts?: AlertOptions) => Promise<void>>(async () => undefined);

/** The alert modal of the spec: a message, an image by success or error, and 'Cerrar'. */
export function AlertModal({ state, onClose }: { state: AlertState; onClose: () => void }) {
  const kind = state.kind ?? 'error';
  const img = kind === 'success' ? '/img/success.svg' : kind === 'warning' ? '/img/warning.svg' : '/img/error.svg';
  return (
    <Dialog open={state.open} onClose={onClose} aria-labelledby="alert-message" data-testid="alert-modal" data-kind={kind} maxWidth="xs" fullWidth>
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <Box
          component="img"
          src={img}
          alt={kind === 'success' ? 'Éxito' : kind === 'warning' ? 'Advertencia' : 'Error'}
          sx={{ width: 96, height: 96, mb: 2, animation: `${kind === 'success' ? pop : shake} 0.6s ease-out`, '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }}
        />
        {state.title && <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{state.title}</Typography>}
        <Typography id="alert-message" variant="body1" sx={{ fontSize: '1.15rem', whiteSpace: 'pre-line' }}>{state.message}</Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
        <Button variant="contained" onClick={onClose} autoFocus size="large">Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<AlertState>({ message: '', open: false });
  const resolver = useRef<(() => void) | null>(null);
  const current = useRef<AlertState>(state);

  const show = useCallback((message: string, opts: AlertOptions = {}) => {
    current.current = { message, open: true, ...opts };
    setState(current.current);
    return new Promise<void>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = useCallback(() => {
    const s = current.current;
    setState({ ...s, open: false });
    if ((s.kind ?? 'error') === 'success' && s.redirect) navigate(s.redirect);
    resolver.current?.();
    resolver.current = null;
  }, [navigate]);

  const value = useMemo(() => show, [show]);
  return (
    <AlertContext.Provider value={value}>
      {children}
      <AlertModal state={state} onClose={close} />
    </AlertContext.Provider>
  );
}

/** `const alert = useAlert(); await alert('Mensaje', { kind: 'success', redirect: '/logIn' })`. */
export function useAlert() {
  return useContext(AlertContext);
}
