import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Title, useGetOne } from 'react-admin';
import { MEDIA_SLOTS } from '../../../shared/rules/mediaSlots';
import { ApiError, apiGetFresh } from '../../api/http';
import { MESSAGES } from '../messages';
import { mediaRowsFrom, rowForSlot, type WordMediaRow } from './mediaRules';
import SlotCard from './SlotCard';
import BuildTracks from './BuildTracks';

/** The word's media rows (`GET multimedia/palabra/{id}`), reloadable after each change. */
function useWordMedia(id: string | undefined) {
  const [rows, setRows] = useState<WordMediaRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!id) return;
    const ac = new AbortController();
    apiGetFresh(`multimedia/palabra/${encodeURIComponent(id)}`, { signal: ac.signal }).then(
      (body) => {
        setRows(mediaRowsFrom(body));
        setError(null);
      },
      (err: unknown) => {
        if ((err as Error)?.name === 'AbortError') return;
        setError(MESSAGES.multimedia!.load(err instanceof ApiError ? err.msg : String(err)));
      },
    );
    return () => ac.abort();
  }, [id, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, error, reload };
}

/**
 * /admin/palabra/{id}/multimedia: the word's six media slots (sign, menu GIF, pictures, audios), each
 * with its preview, size and a drop zone; the sign slot can also be recorded with the camera.
 */
export default function WordMediaPage() {
  const { id } = useParams();
  const word = useGetOne('palabra', { id: id ?? '' }, { enabled: !!id });
  const { rows, error, reload } = useWordMedia(id);
  /** Bumped when a sign saved here got its track: the track panel reads the level again. */
  const [tracks, setTracks] = useState(0);
  const trackStored = useCallback(() => setTracks((v) => v + 1), []);
  const name = String(word.data?.palabraEspanol ?? '');
  const title = name ? `Multimedia de «${name}»` : 'Multimedia de la palabra';
  const nivel = (word.data?.nivel as { nombre_nivel?: string } | undefined)?.nombre_nivel;
  const idNivel = Number(word.data?.id_nivel) || null;

  const back = (
    <Button component={RouterLink} to="/admin/palabra" variant="outlined" startIcon={<ArrowBackIcon />} sx={{ minHeight: 48 }}>
      Volver a Palabras
    </Button>
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2, md: 3 } }}>
      <Title title={title} />
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ xs: 'flex-start', sm: 'center' }} gap={2} sx={{ mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {word.data && (
            <Typography color="text.secondary">
              En inglés: {String(word.data.palabraIngles ?? '')}
              {nivel ? ` · Nivel: ${nivel}` : ''}
            </Typography>
          )}
        </Box>
        <Stack direction="row" gap={1} flexWrap="wrap">
          {back}
          {id && (
            <Button component={RouterLink} to={`/admin/palabra/${id}`} startIcon={<EditIcon />} sx={{ minHeight: 48 }}>
              Editar palabra
            </Button>
          )}
        </Stack>
      </Stack>

      {word.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {MESSAGES.palabra!.load(word.error instanceof Error ? word.error.message : String(word.error))}
        </Alert>
      ) : null}
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={reload}>
              Reintentar
            </Button>
          }
        >
          {error}
        </Alert>
      )}

      {idNivel && id && rows !== null && <BuildTracks key={`${tracks}|${rows.map((r) => r.url).join('|')}`} idNivel={idNivel} idPalabra={Number(id)} />}
      <Typography sx={{ mb: 2 }}>
        Cada casilla guarda un archivo. Arrástralo a su casilla o pulsa la casilla para elegirlo; si ya tiene uno, se reemplaza.
      </Typography>

      {rows === null ? (
        !error && <Typography role="status">Cargando multimedia…</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {MEDIA_SLOTS.map((slot) => (
            <SlotCard
              key={slot.descripcion}
              slot={slot}
              row={rowForSlot(rows, slot.descripcion)}
              word={name || 'la palabra'}
              idPalabra={id ?? ''}
              onChanged={reload}
              onTrackStored={trackStored}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
