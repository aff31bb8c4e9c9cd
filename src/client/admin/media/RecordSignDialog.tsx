import { useCallback, useEffect, useRef, useState } from 'react';
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
import { ApiError, upload } from '../../api/http';
import { SignPlayer } from '../../sign/SignPlayer';
import {
  CAMERA_CONSTRAINTS,
  CAMERA_MSG,
  COUNTDOWN_FROM,
  MAX_RECORDING_MS,
  VIDEO_BITS_PER_SECOND,
  cameraErrorMessage,
  canRecordHere,
  clampRange,
  durationTenths,
  formatTenths,
  isWholeClip,
  pickRecorderMime,
  rangeSeconds,
  recordingFile,
  remaining,
  uploadTarget,
} from './mediaRules';
import { clipDuration, trimClip } from './trimClip';

type Phase = 'camera' | 'ready' | 'countdown' | 'recording' | 'measuring' | 'review' | 'trimming' | 'uploading' | 'error';

interface Clip {
  blob: Blob;
  url: string;
  mime: string | null;
  ms: number;
}

export interface RecordSignDialogProps {
  word: string;
  idPalabra: number | string;
  /** The word's current sign row: the recording replaces it (PUT), so the word keeps one sign. */
  existing: { id: number } | null;
  onClose: () => void;
  /** After a successful upload: 'created' (POST) or 'updated' (PUT). */
  onSaved: (how: 'created' | 'updated') => void;
}

const BIG = { minHeight: 56, minWidth: 140, fontSize: '1.1rem' } as const;
const BUTTON = { minHeight: 48 } as const;

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((t) => t.stop());
}

/**
 * "Grabar seña": the device's front camera, a 3-2-1 countdown, up to 6 s of video (MediaRecorder),
 * a preview in the sign player at 0,5× and 1×, trim, 'Repetir' or 'Guardar' (uploaded as tipo
 * video, descripcion gifSena). Mounted only while open; the camera is released when it closes.
 */
export default function RecordSignDialog({ word, idPalabra, existing, onClose, onSaved }: RecordSignDialogProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const [phase, setPhase] = useState<Phase>('camera');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [count, setCount] = useState(COUNTDOWN_FROM);
  const [elapsed, setElapsed] = useState(0);
  const [clip, setClip] = useState<Clip | null>(null);
  const [range, setRange] = useState<[number, number]>([0, 1]);
  const [speed, setSpeed] = useState<0.5 | 1>(1);
  const [progress, setProgress] = useState(0);

  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const stopTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clipRef = useRef<Clip | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const previewRef = useRef<HTMLDivElement | null>(null);
  const trimCanvasBox = useRef<HTMLDivElement | null>(null);
  const rangeRef = useRef(range);
  const holdRef = useRef(false);
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const busy = phase === 'trimming' || phase === 'uploading';
  const total = clip ? durationTenths(clip.ms) : 1;

  useEffect(() => {
    rangeRef.current = range;
  }, [range]);

  const dropClip = useCallback(() => {
    if (clipRef.current) URL.revokeObjectURL(clipRef.current.url);
    clipRef.current = null;
    setClip(null);
  }, []);

  // The camera, asked once per opening (and again on "Intentar de nuevo"); released on close.
  useEffect(() => {
    let cancelled = false;
    if (!canRecordHere({ mediaDevices: navigator.mediaDevices, MediaRecorder: (window as { MediaRecorder?: unknown }).MediaRecorder })) {
      setError(CAMERA_MSG.unsupported);
      setPhase('error');
      return;
    }
    setError(null);
    setPhase('camera');
    navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS).then(
      (stream) => {
        if (cancelled) return stopStream(stream);
        streamRef.current = stream;
        setPhase('ready');
      },
      (err: unknown) => {
        if (cancelled) return;
        setError(cameraErrorMessage(err));
        setPhase('error');
      },
    );
    return () => {
      cancelled = true;
      const rec = recorderRef.current;
      recorderRef.current = null;
      if (rec && rec.state !== 'inactive') {
        rec.ondataavailable = null;
        rec.onstop = null;
        rec.stop();
      }
      if (stopTimerRef.current) clearTimeout(stopTimerRef.current);
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, [attempt]);

  // Everything else the dialog holds goes when it closes.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (resumeTimer.current) clearTimeout(resumeTimer.current);
      if (clipRef.current) URL.revokeObjectURL(clipRef.current.url);
    },
    [],
  );

  // The live camera in the <video>, mirrored like a selfie (the recording itself is not mirrored).
  const liveRef = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const el = liveRef.current;
    if (el && streamRef.current && el.srcObject !== streamRef.current) {
      el.srcObject = streamRef.current;
      el.play().catch(() => {});
    }
  }, [phase]);

  const stopRecording = useCallback(() => {
    if (stopTimerRef.current) clearTimeout(stopTimerRef.current);
    const rec = recorderRef.current;
    if (rec && rec.state !== 'inactive') rec.stop();
  }, []);

  const startRecording = useCallback(() => {
    const stream = streamRef.current;
    if (!stream) return;
    const MR = window.MediaRecorder;
    const mime = pickRecorderMime(MR.isTypeSupported?.bind(MR));
    let rec: MediaRecorder;
    try {
      rec = new MR(stream, { ...(mime ? { mimeType: mime } : {}), videoBitsPerSecond: VIDEO_BITS_PER_SECOND });
    } catch (err) {
      setError(cameraErrorMessage(err));
      setPhase('error');
      return;
    }
    const chunks: Blob[] = [];
    let startedAt = performance.now();
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstart = () => {
      startedAt = performance.now();
    };
    rec.onerror = () => {
      setError(CAMERA_MSG.recording);
      setPhase('error');
    };
    rec.onstop = () => {
      recorderRef.current = null;
      const ms = Math.min(MAX_RECORDING_MS, performance.now() - startedAt);
      const type = rec.mimeType || mime || 'video/webm';
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        setError(CAMERA_MSG.recording);
        setPhase('error');
        return;
      }
      setPhase('measuring');
      void clipDuration(blob, ms).then((real) => {
        if (recorderRef.current || streamRef.current === null) return; // closed or recording again
        const next = { blob, url: URL.createObjectURL(blob), mime: type, ms: real };
        clipRef.current = next;
        setClip(next);
        setRange([0, durationTenths(real)]);
        setPhase('review');
      });
    };
    recorderRef.current = rec;
    rec.start(250);
    setElapsed(0);
    setPhase('recording');
    stopTimerRef.current = setTimeout(() => {
      if (rec.state !== 'inactive') rec.stop();
    }, MAX_RECORDING_MS);
  }, []);

  // 3-2-1, then record.
  useEffect(() => {
    if (phase !== 'countdown') return;
    if (count <= 0) {
      startRecording();
      return;
    }
    const t = setTimeout(() => setCount((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [phase, count, startRecording]);

  // The remaining-time bar while recording.
  useEffect(() => {
    if (phase !== 'recording') return;
    const t0 = performance.now();
    const id = setInterval(() => setElapsed(performance.now() - t0), 100);
    return () => clearInterval(id);
  }, [phase]);

  /**
   * The preview plays only the kept part. The sign player has no range of its own, so the range is
   * kept on the <video> it renders for a recording: back to the start at the end handle, and a
   * still of the handle being moved while it is dragged.
   */
  const previewVideo = () => previewRef.current?.querySelector('video') ?? null;
  useEffect(() => {
    if (phase !== 'review') return;
    let raf = 0;
    const tick = () => {
      const v = previewVideo();
      if (v && !holdRef.current && v.readyState >= 1) {
        const { start, end } = rangeSeconds(rangeRef.current);
        if (v.currentTime < start - 0.05 || v.currentTime >= end || v.ended) {
          v.currentTime = start;
          if (v.ended || v.paused) v.play().catch(() => {});
        }
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [phase]);

  const onRangeChange = (_e: Event, value: number | number[], thumb: number) => {
    if (!Array.isArray(value)) return;
    const next = clampRange([value[0]!, value[1]!], total, thumb === 0 ? 0 : 1);
    setRange(next);
    if (resumeTimer.current) clearTimeout(resumeTimer.current);
    holdRef.current = true;
    const v = previewVideo();
    if (v) {
      v.pause();
      const { start, end } = rangeSeconds(next);
      v.currentTime = thumb === 0 ? start : Math.max(start, end - 0.05);
    }
  };
  const onRangeCommitted = () => {
    if (resumeTimer.current) clearTimeout(resumeTimer.current);
    // The frame under the handle stays a moment, then the kept part plays again.
    resumeTimer.current = setTimeout(() => {
      holdRef.current = false;
      const v = previewVideo();
      if (v) {
        v.currentTime = rangeSeconds(rangeRef.current).start;
        v.play().catch(() => {});
      }
    }, 700);
  };

  const begin = () => {
    setError(null);
    setCount(COUNTDOWN_FROM);
    setPhase('countdown');
  };

  const again = () => {
    dropClip();
    setError(null);
    holdRef.current = false;
    setSpeed(1);
    setPhase('ready');
  };

  const save = async () => {
    const c = clipRef.current;
    if (!c) return;
    setError(null);
    let blob = c.blob;
    if (!isWholeClip(range, total)) {
      const { start, end } = rangeSeconds(range);
      setProgress(0);
      setPhase('trimming');
      const ac = new AbortController();
      abortRef.current = ac;
      try {
        blob = await trimClip(c.blob, start, end, {
          mimeType: c.mime,
          onProgress: setProgress,
          signal: ac.signal,
          onCanvas: (canvas) => {
            canvas.style.width = '100%';
            canvas.style.height = '100%';
            canvas.style.objectFit = 'contain';
            trimCanvasBox.current?.replaceChildren(canvas);
          },
        });
      } catch {
        if (ac.signal.aborted) return;
        setError(CAMERA_MSG.trimming);
        setPhase('review');
        return;
      }
    }
    const file = recordingFile(blob.type || c.mime, word);
    const form = new FormData();
    form.append('tipo', 'video');
    form.append('descripcion', 'gifSena');
    form.append('id_palabra', String(idPalabra));
    form.append('file', new File([blob], file.name, { type: file.type }));
    const target = uploadTarget(existing);
    setProgress(0);
    setPhase('uploading');
    try {
      await upload(target.method, target.path, form, setProgress);
      onSaved(target.method === 'PUT' ? 'updated' : 'created');
    } catch (err) {
      const msg = err instanceof ApiError ? err.msg : String((err as Error)?.message ?? err);
      setError(`${target.method === 'PUT' ? 'Error al actualizar multimedia' : 'Error al registrar multimedia'}: ${msg}`);
      setPhase('review');
    }
  };

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
            <Box ref={trimCanvasBox} sx={{ ...stage, bgcolor: 'grey.100' }} />
            <Typography role="status" sx={{ mt: 2, fontWeight: 700 }}>
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
