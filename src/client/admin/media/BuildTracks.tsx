import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FrontHandIcon from '@mui/icons-material/FrontHand';
import { ApiError, apiGet } from '../../api/http';
import type { LevelTrackRow } from '../../../shared/signPractice/stored';
import { buildAndStoreTrack } from './buildTrack';

/**
 * "¡Ahora tú!" on the word media page: whether this word's sign has its stored reference track, how
 * many of the level's signs have theirs, and "Construir trazos que faltan": this browser runs the
 * same hand model and code the child's dialog runs (handTracker.ts) on each sign lacking a track and
 * stores the result, so a child's tablet no longer computes it.
 */
/** `idPalabra`: the word whose page shows the panel (its own line); without it, the level alone (/admin/trazos). */
export default function BuildTracks({ idNivel, idPalabra }: { idNivel: number; idPalabra?: number }) {
  const [rows, setRows] = useState<LevelTrackRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const ac = new AbortController();
    apiGet<{ data: LevelTrackRow[] }>(`trazo/nivel/${idNivel}`, { signal: ac.signal }).then(
      (b) => setRows(b.data),
      (err: unknown) => {
        if ((err as Error)?.name !== 'AbortError') setError(err instanceof ApiError ? err.msg : 'No se pudieron leer los trazos del nivel.');
      },
    );
    return () => ac.abort();
  }, [idNivel, version]);

  const build = useCallback(async () => {
    const missing = (rows ?? []).filter((r) => !r.tiene);
    setError(null);
    setProgress({ done: 0, total: missing.length });
    try {
      for (const [i, r] of missing.entries()) {
        await buildAndStoreTrack(r);
        setProgress({ done: i + 1, total: missing.length });
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.msg : 'No se pudieron construir los trazos. Inténtalo de nuevo.');
    } finally {
      setProgress(null);
      setVersion((v) => v + 1);
    }
  }, [rows]);

  if (!rows) return error ? <Alert severity="error">{error}</Alert> : null;
  const mine = rows.find((r) => r.id_palabra === idPalabra);
  const have = rows.filter((r) => r.tiene).length;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="trazos-t" data-testid="trazos" sx={{ p: 2, mb: 2 }}>
      <Typography id="trazos-t" variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <FrontHandIcon aria-hidden /> Trazos de «¡Ahora tú!»
      </Typography>
      {idPalabra !== undefined && (
        <Typography data-testid="trazo-palabra">
          {!mine
            ? 'Esta palabra todavía no tiene seña.'
            : mine.tiene
              ? 'La seña de esta palabra tiene su trazo.'
              : 'La seña de esta palabra todavía no tiene su trazo.'}
        </Typography>
      )}
      <Typography color="text.secondary" data-testid="trazos-nivel">
        {have} de {rows.length} señas del nivel tienen su trazo.
      </Typography>
      {progress && (
        <Box role="status" sx={{ mt: 1 }}>
          <Typography variant="body2">
            Construyendo trazos: {progress.done} de {progress.total}…
          </Typography>
          <LinearProgress variant="determinate" value={progress.total ? (100 * progress.done) / progress.total : 0} aria-label="Trazos construidos" />
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Button variant="outlined" onClick={() => void build()} disabled={!!progress || have === rows.length} sx={{ mt: 1, minHeight: 48 }}>
        Construir trazos que faltan
      </Button>
    </Paper>
  );
}
