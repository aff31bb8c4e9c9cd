import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import ReplayIcon from '@mui/icons-material/Replay';
import SaveIcon from '@mui/icons-material/Save';
import StopIcon from '@mui/icons-material/Stop';
import VideocamIcon from '@mui/icons-material/Videocam';
import { SignPlayer } from '../../sign/SignPlayer';
import { CAMERA_MSG, formatTenths, remaining } from './mediaRules';
import type { SavedSign } from './buildTrack';
import { useSignRecording } from './useSignRecording';

export interface RecordSignDialogProps {
  word: string;
  idPalabra: number | string;
  /** The word's current sign row: the recording replaces it (PUT), so the word keeps one sign. */
  existing: { id: number } | null;
  onClose: () => void;
  /** After a successful upload: 'created' (POST) or 'updated' (PUT), with the stored row the server answered. */
  onSaved: (how: 'created' | 'updated', saved: SavedSign | null) => void;
}

const BIG = { minHeight: 56, minWidth: 140, fontSize: '1.1rem' } as const;
const BUTTON = { minHeight: 48 } as const;

export default function RecordSignDialog({ word, idPalabra, existing, onClose, onSaved }: RecordSignDialogProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const recording = useSignRecording({ word, idPalabra, existing, onSaved });
  const { again, begin, busy, clip, count, elapsed, error, liveRef, onRangeChange, onRangeCommitted, phase } = recording;
  const { previewRef, progress, range, save, setAttempt, setSpeed, speed, stopRecording, total } = recording;

  const close = () => {
    if (!busy) onClose();
  };

  const showLive = phase === 'camera' || phase === 'ready' || phase === 'countdown' || phase === 'recording' || phase === 'measuring';
  const left = remaining(elapsed);
  const stage = {
    position: 'relative',
    width: '100%',
    aspectRatio: '4 / 3',
    maxHeight: small ? '58vh' : '52vh',
    mx: 'auto',
    bgcolor: 'grey.900',
    borderRadius: 2,
    overflow: 'hidden',
  } as const;
  const titleId = 'grabar-sena-titulo';

  return (
    <Dialog open onClose={close} fullScreen={small} fullWidth maxWidth="md" aria-labelledby={titleId} disableEscapeKeyDown={busy}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Grabar seña de «{word}»
        <IconButton aria-label="Cerrar" onClick={close} disabled={busy} sx={{ position: 'absolute', right: 8, top: 8, width: 48, height: 48 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {phase === 'error' && (
          <>
            <Alert severity="error" role="alert">
              {error}
            </Alert>
            <Typography color="text.secondary">
              También puedes grabar la seña con la cámara del dispositivo y subir el video (MP4 o WEBM) o un GIF en la casilla «Seña».
            </Typography>
          </>
        )}

        {showLive && (
          <>
            {phase === 'ready' && (
              <Typography>
                Colócate frente a la cámara con las manos a la vista. Pulsa <strong>Empezar</strong>: tras la cuenta 3, 2, 1 se graban hasta 6 segundos.
                {existing ? ' Al guardar, la grabación reemplaza la seña actual.' : ''}
              </Typography>
            )}
            {phase === 'countdown' && <Typography>Prepárate…</Typography>}
            {phase === 'recording' && (
              <Typography>
                Haz la seña. Pulsa <strong>Parar</strong> al terminar.
              </Typography>
            )}
            {phase === 'measuring' && <Typography role="status">Preparando la vista previa…</Typography>}
            <Box sx={stage}>
              <Box
                component="video"
                ref={liveRef}
                autoPlay
                muted
                playsInline
                aria-label="Imagen de la cámara"
                sx={{ width: '100%', height: '100%', objectFit: 'contain', transform: 'scaleX(-1)', display: 'block' }}
              />
              {phase === 'camera' && (
                <Typography
                  role="status"
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    display: 'grid',
                    placeItems: 'center',
                    color: 'common.white',
                    fontSize: '1.2rem',
                    p: 2,
                    textAlign: 'center',
                  }}
                >
                  Abriendo la cámara… Si el navegador lo pregunta, pulsa «Permitir».
                </Typography>
              )}
              {phase === 'countdown' && (
                <Box
                  role="status"
                  aria-live="assertive"
                  aria-label={`Empieza en ${count}`}
                  data-testid="cuenta-atras"
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(0,0,0,0.35)',
                    color: 'common.white',
                    fontSize: { xs: '7rem', sm: '10rem' },
                    fontWeight: 800,
                    lineHeight: 1,
                    textShadow: '0 4px 16px rgba(0,0,0,0.6)',
                  }}
                >
                  {count > 0 ? count : ''}
                </Box>
              )}
              {phase === 'recording' && (
                <Box
                  sx={{
                    position: 'absolute',
                    top: 12,
                    left: 12,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 0.5,
                    bgcolor: 'error.main',
                    color: 'common.white',
                    px: 1.5,
                    py: 0.5,
                    borderRadius: 5,
                    fontWeight: 700,
                  }}
                >
                  <FiberManualRecordIcon fontSize="small" /> Grabando
                </Box>
              )}
            </Box>
            {phase === 'recording' && (
              <Box>
                <LinearProgress
                  variant="determinate"
                  value={left.fraction * 100}
                  color="error"
                  aria-label="Tiempo que queda de grabación"
                  sx={{ height: 12, borderRadius: 6 }}
                />
                <Typography role="timer" sx={{ mt: 0.5, fontWeight: 700 }}>
                  Quedan {left.seconds} s
                </Typography>
              </Box>
            )}
          </>
        )}

        {clip && (phase === 'review' || phase === 'uploading') && (
          <>
            <Typography>Revisa la seña. Así la verán los niños (como si estuvieras frente a ellos).</Typography>
            <Box
              ref={previewRef}
              data-testid="vista-previa-grabacion"
              // The player's preview is thumbnail-sized by default; here it fills the stage.
              sx={{ ...stage, bgcolor: 'grey.100', '& video, & canvas': { maxHeight: stage.maxHeight } }}
            >
              <SignPlayer src={clip.url} label={`Vista previa de la seña de ${word}`} variant="preview" speed={speed} mirror={false} />
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'stretch', sm: 'center' }}>
              <Typography id="velocidad-vista-previa" sx={{ fontWeight: 700 }}>
                Velocidad
              </Typography>
              <ToggleButtonGroup
                exclusive
                value={speed}
                onChange={(_e, v: 0.5 | 1 | null) => v && setSpeed(v)}
                aria-labelledby="velocidad-vista-previa"
                disabled={phase !== 'review'}
              >
                <ToggleButton value={0.5} sx={{ minHeight: 48, minWidth: 72, fontSize: '1.05rem' }}>
                  0,5×
                </ToggleButton>
                <ToggleButton value={1} sx={{ minHeight: 48, minWidth: 72, fontSize: '1.05rem' }}>
                  1×
                </ToggleButton>
              </ToggleButtonGroup>
            </Stack>
            <Box sx={{ px: 1 }}>
              <Typography id="recorte-titulo" sx={{ fontWeight: 700 }}>
                Recortar
              </Typography>
              <Typography color="text.secondary" variant="body2">
                Mueve los extremos para quitar el principio o el final.{' '}
                <span data-testid="recorte-valor">
                  Se guarda de {formatTenths(range[0])} a {formatTenths(range[1])} ({formatTenths(range[1] - range[0])}).
                </span>
              </Typography>
              <Slider
                value={range}
                min={0}
                max={total}
                step={1}
                onChange={onRangeChange}
                onChangeCommitted={onRangeCommitted}
                disableSwap
                disabled={phase !== 'review'}
                valueLabelDisplay="auto"
                valueLabelFormat={formatTenths}
                getAriaLabel={(i) => (i === 0 ? 'Inicio del recorte' : 'Fin del recorte')}
                getAriaValueText={formatTenths}
                sx={{
                  mt: 1,
                  mx: '14px',
                  width: 'calc(100% - 28px)',
                  boxSizing: 'border-box',
                  '& .MuiSlider-thumb': { width: 28, height: 28 },
                  '& .MuiSlider-rail, & .MuiSlider-track': { height: 8 },
                }}
              />
            </Box>
          </>
        )}

        {phase === 'trimming' && (
          <Box>
            <Typography role="status" sx={{ fontWeight: 700 }}>
              Recortando… {Math.round(progress * 100)} %
            </Typography>
            <LinearProgress variant="determinate" value={progress * 100} aria-label="Recortando" sx={{ height: 10, borderRadius: 5 }} />
          </Box>
        )}
        {phase === 'uploading' && (
          <Box>
            <Typography role="status" sx={{ fontWeight: 700 }}>
              Subiendo… {Math.round(progress * 100)} %
            </Typography>
            <LinearProgress variant="determinate" value={progress * 100} aria-label="Subiendo la seña" sx={{ height: 10, borderRadius: 5 }} />
          </Box>
        )}
        {error && phase === 'review' && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>

      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {phase === 'error' && (
          <>
            {error !== CAMERA_MSG.unsupported && error !== CAMERA_MSG.missing && (
              <Button variant="outlined" onClick={() => setAttempt((a) => a + 1)} sx={BUTTON}>
                Intentar de nuevo
              </Button>
            )}
            <Button variant="contained" onClick={close} sx={BUTTON}>
              Cerrar
            </Button>
          </>
        )}
        {(phase === 'ready' || phase === 'camera') && (
          <Button variant="contained" size="large" startIcon={<VideocamIcon />} onClick={begin} disabled={phase !== 'ready'} sx={BIG} autoFocus>
            Empezar
          </Button>
        )}
        {phase === 'recording' && (
          <Button variant="contained" color="error" size="large" startIcon={<StopIcon />} onClick={stopRecording} sx={BIG} autoFocus>
            Parar
          </Button>
        )}
        {clip && (phase === 'review' || busy) && (
          <>
            <Button variant="outlined" size="large" startIcon={<ReplayIcon />} onClick={again} disabled={busy} sx={BIG}>
              Repetir
            </Button>
            <Button variant="contained" size="large" startIcon={<SaveIcon />} onClick={() => void save()} disabled={busy} sx={BIG}>
              Guardar
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
