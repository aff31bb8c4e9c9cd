import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export type AlertKind = 'success' | 'error' | 'warning';

interface AlertOptions {
  kind?: AlertKind;
  /** Where to go after a success alert is closed. */
  redirect?: string;
  title?: string;
}

interface AlertState extends AlertOptions {
  message: string;
  open: boolean;
}

const AlertContext = createContext<(message: string, opts?: AlertOptions) => Promise<void>>(async () => undefined);

// MUI's Dialog is not part of the first visit (the /logIn budget): it loads when the visitor first
// presses a key or the pointer (so it is ready before any alert), or at the first alert at the latest.
const loadDialog = () => import('./AlertDialog');
const AlertDialog = lazy(loadDialog);

/** The alert modal (screens-learner.md L-1.1): a message, an image by success or error, and 'Cerrar'. */
export function AlertModal({ state, onClose }: { state: AlertState; onClose: () => void }) {
  // Rendered from the first time it opens (so it can also animate its closing).
  const [used, setUsed] = useState(state.open);
  if (state.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog open={state.open} kind={state.kind ?? 'error'} message={state.message} title={state.title} onClose={onClose} />
    </Suspense>
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

  useEffect(() => {
    const warm = () => {
      window.removeEventListener('pointerdown', warm, true);
      window.removeEventListener('keydown', warm, true);
      void loadDialog().catch(() => undefined);
    };
    window.addEventListener('pointerdown', warm, true);
    window.addEventListener('keydown', warm, true);
    return () => {
      window.removeEventListener('pointerdown', warm, true);
      window.removeEventListener('keydown', warm, true);
    };
  }, []);

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
