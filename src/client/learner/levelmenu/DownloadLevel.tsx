/**
 * The level menu's "Descargar para usar sin conexión" (screens-learner.md L-11): a quiet section at the end of the
 * menu (a child's buttons come first), with the progress of the download, a retry on failure and
 * "Disponible sin conexión" once the level's reads and files are all in the tablet's caches.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadForOfflineIcon from '@mui/icons-material/DownloadForOffline';
import ReplayIcon from '@mui/icons-material/Replay';
import { DownloadError, downloadLevel, isLevelOffline, type Progress } from '../../offline/download';
import { useOnline } from '../../offline/useOnline';

type State = { kind: 'checking' } | { kind: 'idle' } | { kind: 'downloading'; p: Progress } | { kind: 'done' } | { kind: 'error'; msg: string };

const GENERIC_ERROR = 'No se pudo descargar el nivel. Revisa la conexión e inténtalo de nuevo.';

export function DownloadLevel({ levelId, userId }: { levelId: number; userId: number }) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const online = useOnline();
  const ctrl = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    void isLevelOffline(levelId, userId).then((yes) => live && setState({ kind: yes ? 'done' : 'idle' }));
    return () => {
      live = false;
      ctrl.current?.abort();
    };
  }, [levelId, userId]);

  const start = async () => {
    ctrl.current?.abort();
    const c = (ctrl.current = new AbortController());
    setState({ kind: 'downloading', p: { done: 0, total: 0 } });
    try {
      await downloadLevel(levelId, userId, (p) => !c.signal.aborted && setState({ kind: 'downloading', p }), c.signal);
      if (!c.signal.aborted) setState({ kind: 'done' });
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      console.warn('No se pudo descargar el nivel', err);
      setState({ kind: 'error', msg: err instanceof DownloadError ? err.message : GENERIC_ERROR });
    }
  };

  if (state.kind === 'checking' || (state.kind === 'idle' && !online)) return null;
  return (
    <Box
      component="section"
      aria-label="Usar sin conexión"
      data-testid="level-download"
      sx={{ mt: 3, display: 'flex', flexDirection: 'column', gap: 1, maxWidth: 560 }}
    >
      {state.kind === 'idle' && (
        <Button variant="outlined" startIcon={<DownloadForOfflineIcon />} onClick={start} sx={{ alignSelf: 'flex-start', minHeight: 48, bgcolor: '#fff' }}>
          Descargar para usar sin conexión
        </Button>
      )}
      {state.kind === 'downloading' && (
        <Box role="status" aria-live="polite" sx={{ p: 2, bgcolor: '#fff', borderRadius: 3, boxShadow: 1 }}>
          <Typography sx={{ fontWeight: 700, mb: 1 }}>
            {state.p.total > 0 ? `Descargando ${state.p.done} de ${state.p.total}…` : 'Preparando la descarga…'}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={state.p.total > 0 ? Math.round((100 * state.p.done) / state.p.total) : 0}
            aria-label="Progreso de la descarga"
            sx={{ height: 10, borderRadius: 999 }}
          />
        </Box>
      )}
      {state.kind === 'done' && (
        <Box data-testid="level-offline" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: '#1b7f4a' }}>
          <CheckCircleIcon aria-hidden="true" />
          <Typography sx={{ fontWeight: 800, color: 'inherit' }}>Disponible sin conexión</Typography>
        </Box>
      )}
      {state.kind === 'error' && (
        <Alert
          severity="error"
          action={
            online ? (
              <Button color="inherit" startIcon={<ReplayIcon />} onClick={start} sx={{ minHeight: 44 }}>
                Reintentar
              </Button>
            ) : undefined
          }
        >
          {state.msg}
        </Alert>
      )}
    </Box>
  );
}
