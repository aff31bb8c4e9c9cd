import { useRef, useState, type InputHTMLAttributes } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import VideocamIcon from '@mui/icons-material/Videocam';
import { Confirm, useNotify } from 'react-admin';
import type { MediaSlot } from '../../../shared/rules/mediaSlots';
import { ApiError, apiDelete, mediaUrl, upload } from '../../api/http';
import { SignPlayer } from '../../sign/SignPlayer';
import { MESSAGES } from '../messages';
import { acceptFor, checkFiles, formatBytes, previewKind, uploadTarget, type WordMediaRow } from './mediaRules';
import RecordSignDialog from './RecordSignDialog';
import { buildAndStoreTrack, savedSignOf, type SavedSign } from './buildTrack';

const m = MESSAGES.multimedia!;
const reason = (err: unknown) => (err instanceof ApiError ? err.msg : String((err as Error)?.message ?? err));

interface SlotCardProps {
  slot: MediaSlot;
  row: WordMediaRow | null;
  word: string;
  idPalabra: number | string;
  /** Called after a change was stored: the page reloads the word's media. */
  onChanged: () => void;
  /** Called once a new sign's reference track is stored (the page's track panel reads it again). */
  onTrackStored?: () => void;
}

const TRAZO_CALCULANDO = 'Calculando el trazo…';
const TRAZO_LISTO = 'Trazo listo';
const TRAZO_FALLO = 'No se pudo calcular el trazo de esta seña. La seña está guardada; puedes construir el trazo con «Construir trazos que faltan».';

type TrackStatus = 'calculando' | 'listo' | 'fallo' | null;

/**
 * The reference track of a sign just saved: computed right away in this browser and stored, so the
 * word's "¡Ahora tú!" has it without anyone pressing "Construir trazos que faltan" (still there if
 * this fails). Only the latest save's outcome is shown (a quicker second upload replaces the first).
 */
function useTrackOnSave(onStored?: () => void) {
  const [status, setStatus] = useState<TrackStatus>(null);
  const latest = useRef(0);
  const build = (saved: SavedSign | null) => {
    if (!saved) return;
    const run = ++latest.current;
    setStatus('calculando');
    // One more try after a failure before the teacher is told: what can fail here is mostly passing
    // (the model's files or the video read from a busy server, a seek that timed out; CI at stop 50
    // showed the message once on a busy machine), and a second try costs the teacher nothing.
    buildAndStoreTrack(saved)
      .catch((err: unknown) => {
        if (run !== latest.current) throw err;
        console.warn('El trazo de la seña falló una vez; se intenta de nuevo', err);
        return buildAndStoreTrack(saved);
      })
      .then(
        () => {
          if (run !== latest.current) return;
          setStatus('listo');
          onStored?.();
        },
        (err: unknown) => {
          console.warn('No se pudo calcular el trazo de la seña', err);
          if (run === latest.current) setStatus('fallo');
        },
      );
  };
  return { status, build };
}

function TrackStatusLine({ status }: { status: TrackStatus }) {
  if (status === 'fallo')
    return (
      <Alert severity="info" data-testid="trazo-estado" data-estado="fallo">
        {TRAZO_FALLO}
      </Alert>
    );
  if (!status) return null;
  return (
    <Box role="status" data-testid="trazo-estado" data-estado={status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {status === 'calculando' ? <CircularProgress size={18} aria-hidden /> : <CheckCircleIcon color="success" fontSize="small" aria-hidden />}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {status === 'calculando' ? TRAZO_CALCULANDO : TRAZO_LISTO}
      </Typography>
    </Box>
  );
}

function Preview({ slot, row, word }: { slot: MediaSlot; row: WordMediaRow | null; word: string }) {
  const src = mediaUrl(row?.url);
  const frame = { height: 180, borderRadius: 2, bgcolor: 'grey.100', display: 'grid', placeItems: 'center', overflow: 'hidden' } as const;
  if (!row || !src) {
    return (
      <Box sx={{ ...frame, height: 72, color: 'text.secondary' }}>
        <Stack direction="row" alignItems="center" gap={1}>
          <ImageNotSupportedIcon sx={{ fontSize: 32 }} />
          <Typography>Sin archivo</Typography>
        </Stack>
      </Box>
    );
  }
  const kind = previewKind(slot.descripcion, row.tipo);
  const name = `${slot.label} de ${word}`;
  if (kind === 'sign') {
    return (
      <Box sx={{ ...frame, '& > *': { maxHeight: '100%' } }}>
        <SignPlayer key={src} src={src} compactSrc={mediaUrl(row.compacta?.url)} label={`Seña de ${word}`} variant="preview" />
      </Box>
    );
  }
  if (kind === 'audio') {
    return (
      <Box sx={{ ...frame, height: 72, px: 2 }}>
        <Box component="audio" key={src} src={src} controls preload="metadata" aria-label={name} sx={{ width: '100%' }} />
      </Box>
    );
  }
  if (kind === 'video') {
    return (
      <Box sx={frame}>
        <Box
          component="video"
          key={src}
          src={src}
          controls
          muted
          playsInline
          preload="metadata"
          aria-label={name}
          sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
        />
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      <Box component="img" src={src} alt={name} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
    </Box>
  );
}

/**
 * One of the word's six media slots: its preview and size, a drop zone (also a button: Enter or
 * Space opens the file chooser) that uploads into the slot, 'Eliminar', and on the sign slot
 * 'Grabar seña'.
 */
export default function SlotCard({ slot, row, word, idPalabra, onChanged, onTrackStored }: SlotCardProps) {
  const notify = useNotify();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [recording, setRecording] = useState(false);
  const uploading = progress !== null;
  const track = useTrackOnSave(onTrackStored);
  const isSign = slot.descripcion === 'gifSena';
  const headingId = `slot-${slot.descripcion}`;
  const size = formatBytes(row?.tamano);
  const compactSize = formatBytes(row?.compacta?.tamano);

  const send = async (file: File, tipo: string) => {
    const form = new FormData();
    form.append('tipo', tipo);
    form.append('descripcion', slot.descripcion);
    form.append('id_palabra', String(idPalabra));
    form.append('file', file);
    const target = uploadTarget(row);
    setError(null);
    setProgress(0);
    try {
      const reply = await upload(target.method, target.path, form, setProgress);
      notify(target.method === 'PUT' ? m.updated! : m.created!, { type: 'success' });
      onChanged();
      if (isSign) track.build(savedSignOf(reply));
    } catch (err) {
      const msg = target.method === 'PUT' ? m.updateError!(reason(err)) : m.createError!(reason(err));
      setError(msg);
      notify(msg, { type: 'error' });
    } finally {
      setProgress(null);
    }
  };

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    const files = [...accepted, ...rejected.map((r) => r.file)];
    const check = checkFiles(slot, files);
    if (!check.ok) {
      setError(check.msg);
      return;
    }
    void send(files[0]!, check.tipo);
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: acceptFor(slot),
    multiple: false,
    disabled: uploading || deleting,
  });

  const remove = async () => {
    if (!row) return;
    setDeleting(true);
    setError(null);
    try {
      await apiDelete(`multimedia/delete/${row.id}`);
      notify(m.deleted!, { type: 'success' });
      onChanged();
    } catch (err) {
      const msg = m.deleteError!(reason(err));
      setError(msg);
      notify(msg, { type: 'error' });
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid={headingId}
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between" gap={1} flexWrap="wrap">
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.1rem' }}>
          {slot.label}
        </Typography>
        {row ? (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            label={size ?? 'Con archivo'}
            title={compactSize ? `Versión ligera para tabletas: ${compactSize}` : undefined}
            data-testid="tamano"
          />
        ) : (
          <Chip size="small" label="Vacía" />
        )}
      </Stack>

      <Preview slot={slot} row={row} word={word} />

      {/* The file input sits beside the zone, not inside it (a control inside a button is not reachable). */}
      <input {...getInputProps({ 'aria-hidden': true } as InputHTMLAttributes<HTMLInputElement>)} />
      <Box
        {...getRootProps({
          role: 'button',
          'aria-label': `${row ? 'Reemplazar' : 'Subir'} archivo de ${slot.label}: arrastra un archivo aquí o pulsa para elegirlo (${slot.accepts})`,
        })}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          bgcolor: isDragActive ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 1.5,
          minHeight: 72,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          cursor: uploading ? 'progress' : 'pointer',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <CloudUploadIcon color="primary" sx={{ fontSize: 32, flexShrink: 0 }} />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>Arrastra un archivo aquí o pulsa para elegirlo</Typography>
          <Typography variant="body2" color="text.secondary">
            {slot.accepts}
            {row ? ' · reemplaza el archivo actual' : ''}
          </Typography>
        </Box>
      </Box>

      {uploading && (
        <Box>
          <Typography role="status" variant="body2" sx={{ fontWeight: 600 }}>
            Subiendo… {Math.round((progress ?? 0) * 100)} %
          </Typography>
          <LinearProgress variant="determinate" value={(progress ?? 0) * 100} aria-label={`Subiendo ${slot.label}`} sx={{ height: 8, borderRadius: 4 }} />
        </Box>
      )}
      {isSign && <TrackStatusLine status={track.status} />}
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}

      {(slot.descripcion === 'gifSena' || row) && (
        <Stack direction="row" gap={1} flexWrap="wrap" sx={{ mt: 'auto' }}>
          {slot.descripcion === 'gifSena' && (
            <Button variant="contained" startIcon={<VideocamIcon />} onClick={() => setRecording(true)} disabled={uploading} sx={{ minHeight: 48 }}>
              Grabar seña
            </Button>
          )}
          {row && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setConfirming(true)}
              disabled={uploading || deleting}
              sx={{ minHeight: 48 }}
            >
              Eliminar
            </Button>
          )}
        </Stack>
      )}

      <Confirm
        isOpen={confirming}
        loading={deleting}
        title="¿Estás seguro?"
        content={`Se eliminará el archivo de «${slot.label}» de la palabra «${word}».`}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
      {recording && (
        <RecordSignDialog
          word={word}
          idPalabra={idPalabra}
          existing={row}
          onClose={() => setRecording(false)}
          onSaved={(how, saved) => {
            setRecording(false);
            notify(how === 'updated' ? m.updated! : m.created!, { type: 'success' });
            onChanged();
            track.build(saved);
          }}
        />
      )}
    </Card>
  );
}
