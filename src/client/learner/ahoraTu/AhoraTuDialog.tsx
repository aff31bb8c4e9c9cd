import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { keyframes } from '@mui/material/styles';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import BackHandIcon from '@mui/icons-material/BackHand';
import CloseIcon from '@mui/icons-material/Close';
import FrontHandIcon from '@mui/icons-material/FrontHand';
import GestureIcon from '@mui/icons-material/Gesture';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import SignLanguageIcon from '@mui/icons-material/SignLanguage';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import ZoomInMapIcon from '@mui/icons-material/ZoomInMap';
import { SignPlayer } from '../../sign/SignPlayer';
import { usePreferences } from '../../prefs';
import { compareSign, referenceUsable, type Comparison, type Hint, type Track } from '../../../shared/signPractice/compare';
import { loadHandTracker, referenceTrack, trackLive, type HandTracker } from './handTracker';
import { sendPractice } from './practiceEvent';
import type { AhoraTuProps } from './AhoraTuButton';

/** The calm messages (never a failure screen: the lesson goes on). */
export const AHORA_MSG = {
  sinCamara: 'No encuentro una cámara. No pasa nada: sigue aprendiendo la seña mirando el video.',
  negada: 'La cámara no tiene permiso. No pasa nada: sigue aprendiendo la seña mirando el video.',
  sinMano: 'No veo tu mano. Ponla delante de la cámara y prueba otra vez.',
  sinReferencia: 'Esta seña todavía no se puede practicar con la cámara. ¡Sigue aprendiendo!',
  noSePudo: 'Ahora no se puede usar la cámara. ¡Sigue aprendiendo!',
} as const;
type Notice = keyof typeof AHORA_MSG;

type Phase =
  | { kind: 'preparando' }
  | { kind: 'listo' }
  | { kind: 'cuenta'; n: number }
  | { kind: 'grabando' }
  | { kind: 'mirando' }
  | { kind: 'resultado'; result: Extract<Comparison, { ok: true }> }
  | { kind: 'aviso'; notice: Notice };

/** Seconds of countdown before the recording starts. */
const COUNTDOWN = 3;
/** The recording lasts the sign's length at the child's speed, plus this share, within these bounds. */
const RECORD_MARGIN = 1.25;
const RECORD_MIN_MS = 1500;
const RECORD_MAX_MS = 6000;

const pop = keyframes`from { transform: scale(0.3); opacity: 0; } 60% { transform: scale(1.15); opacity: 1; } to { transform: scale(1); }`;
const bounceUp = keyframes`0%, 100% { transform: translateY(0); } 50% { transform: translateY(-18px); }`;
const bounceDown = keyframes`0%, 100% { transform: translateY(0); } 50% { transform: translateY(18px); }`;
const sway = keyframes`0%, 100% { transform: translateX(-14px) rotate(-10deg); } 50% { transform: translateX(14px) rotate(10deg); }`;
const breathe = keyframes`0%, 100% { transform: scale(0.85); } 50% { transform: scale(1.1); }`;

/** The picture (animated) beside each hint, for a child who cannot read yet. */
function HintPicture({ icon }: { icon: Hint['icon'] }) {
  const big = { fontSize: 80 };
  const pic: Record<Hint['icon'], ReactNode> = {
    abrir: <FrontHandIcon sx={{ ...big, animation: `${breathe} 1.6s ease-in-out infinite` }} />,
    cerrar: <BackHandIcon sx={{ ...big, animation: `${breathe} 1.6s ease-in-out infinite reverse` }} />,
    forma: <SignLanguageIcon sx={{ ...big, animation: `${breathe} 1.6s ease-in-out infinite` }} />,
    subir: (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', animation: `${bounceUp} 1.2s ease-in-out infinite` }}>
        <ArrowUpwardIcon sx={{ fontSize: 48 }} />
        <FrontHandIcon sx={big} />
      </Box>
    ),
    bajar: (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', animation: `${bounceDown} 1.2s ease-in-out infinite` }}>
        <FrontHandIcon sx={big} />
        <ArrowDownwardIcon sx={{ fontSize: 48 }} />
      </Box>
    ),
    lado: <SwapHorizIcon sx={{ ...big, animation: `${sway} 1.4s ease-in-out infinite` }} />,
    mover: <GestureIcon sx={{ ...big, animation: `${sway} 1.4s ease-in-out infinite` }} />,
    menos: <ZoomInMapIcon sx={{ ...big, animation: `${breathe} 1.6s ease-in-out infinite reverse` }} />,
    bien: <ThumbUpIcon sx={{ ...big, animation: `${pop} 0.6s ease-out` }} />,
  };
  return (
    <Box
      aria-hidden
      data-testid={`pista-${icon}`}
      sx={{ color: 'primary.main', display: 'flex', justifyContent: 'center', minHeight: 100, alignItems: 'center' }}
    >
      {pic[icon]}
    </Box>
  );
}

function StarsShown({ stars }: { stars: number }) {
  return (
    <Box
      role="img"
      aria-label={`${stars} de 3 estrellas`}
      data-testid="ahora-estrellas"
      data-estrellas={stars}
      sx={{ display: 'flex', justifyContent: 'center', gap: 1 }}
    >
      {[1, 2, 3].map((i) =>
        i <= stars ? (
          <StarIcon key={i} sx={{ fontSize: 64, color: '#f5b400', animation: `${pop} 0.5s ease-out ${i * 0.2}s both` }} />
        ) : (
          <StarBorderIcon key={i} sx={{ fontSize: 64, color: '#c9c2e8' }} />
        ),
      )}
    </Box>
  );
}

function NoticePicture({ notice }: { notice: Notice }) {
  const sx = { fontSize: 88, color: 'primary.main' };
  return (
    <Box aria-hidden sx={{ display: 'flex', justifyContent: 'center' }}>
      {notice === 'sinMano' ? (
        <FrontHandIcon sx={{ ...sx, animation: `${breathe} 1.6s ease-in-out infinite` }} />
      ) : notice === 'sinReferencia' ? (
        <SignLanguageIcon sx={sx} />
      ) : (
        <VideocamOffIcon sx={sx} />
      )}
    </Box>
  );
}

function cameraNotice(err: unknown): Notice {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'negada';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' || name === 'TypeError') return 'sinCamara';
  return 'noSePudo';
}

/**
 * The "¡Ahora tú!" dialog: the reference sign beside the front camera shown as a mirror, 3-2-1, the
 * recording, then stars and one hint. Every picture stays in this page's memory: only the scores
 * are sent, through the device's queue (sendPractice), and only when there was a score.
 */
export default function AhoraTuDialog({ src, compactSrc, kind, word, idPalabra, senaUrl, onClose }: AhoraTuProps & { onClose: () => void }) {
  const prefs = usePreferences();
  const [phase, setPhase] = useState<Phase>({ kind: 'preparando' });
  const [measures, setMeasures] = useState<{ loadMs?: number; fps?: number; compareMs?: number }>({});
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const trackerRef = useRef<HandTracker | null>(null);
  const referenceRef = useRef<{ track: Track; ms: number } | null>(null);
  const abortRef = useRef(new AbortController());

  // Camera, model and reference track, together; any of them missing → a calm message.
  useEffect(() => {
    const abort = abortRef.current;
    let cancelled = false;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setPhase({ kind: 'aviso', notice: 'sinCamara' });
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
      } catch (err) {
        if (!cancelled) setPhase({ kind: 'aviso', notice: cameraNotice(err) });
        return;
      }
      if (cancelled) return stream.getTracks().forEach((t) => t.stop());
      streamRef.current = stream;
      if (videoRef.current) videoRef.current.srcObject = stream;
      try {
        const tracker = await loadHandTracker();
        trackerRef.current = tracker;
        const reference = await referenceTrack(tracker, src, compactSrc, kind, senaUrl);
        if (cancelled) return;
        referenceRef.current = reference;
        setMeasures((m) => ({ ...m, loadMs: tracker.loadMs }));
        // The comparison's own rule, before the countdown: a reference with a hand in a few pictures
        // only used to pass here and be refused after the child had signed.
        setPhase(referenceUsable(reference.track) ? { kind: 'listo' } : { kind: 'aviso', notice: 'sinReferencia' });
      } catch (err) {
        console.error('No se pudo preparar "¡Ahora tú!"', err);
        if (!cancelled) setPhase({ kind: 'aviso', notice: 'noSePudo' });
      }
    })();
    return () => {
      cancelled = true;
      abort.abort();
      streamRef.current?.getTracks().forEach((t) => t.stop());
      streamRef.current = null;
    };
  }, [src, compactSrc, kind, senaUrl]);

  // The <video> may mount after the stream arrived (a phase change re-renders it).
  const attachVideo = useCallback((el: HTMLVideoElement | null) => {
    videoRef.current = el;
    if (el && streamRef.current && el.srcObject !== streamRef.current) el.srcObject = streamRef.current;
  }, []);

  const start = useCallback(async () => {
    const tracker = trackerRef.current;
    const reference = referenceRef.current;
    const video = videoRef.current;
    if (!tracker || !reference || !video) return;
    const signal = abortRef.current.signal;
    for (let n = COUNTDOWN; n > 0; n--) {
      setPhase({ kind: 'cuenta', n });
      await new Promise((r) => setTimeout(r, 1000));
      if (signal.aborted) return;
    }
    setPhase({ kind: 'grabando' });
    const ms = Math.min(RECORD_MAX_MS, Math.max(RECORD_MIN_MS, (reference.ms / (prefs.velocidad || 1)) * RECORD_MARGIN));
    const { track, fps } = await trackLive(tracker, video, ms, signal);
    if (signal.aborted) return;
    setPhase({ kind: 'mirando' });
    const t0 = performance.now();
    const result = compareSign(reference.track, track);
    setMeasures((m) => ({ ...m, fps: Math.round(fps * 10) / 10, compareMs: Math.round((performance.now() - t0) * 100) / 100 }));
    setPhase(result.ok ? { kind: 'resultado', result } : { kind: 'aviso', notice: result.reason === 'sinMano' ? 'sinMano' : 'sinReferencia' });
    if (result.ok && idPalabra) sendPractice(idPalabra, result);
  }, [prefs.velocidad, idPalabra]);

  const cameraShown = phase.kind !== 'aviso' || phase.notice === 'sinMano';
  const canRetry = phase.kind === 'resultado' || (phase.kind === 'aviso' && phase.notice === 'sinMano');

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      aria-labelledby="ahora-titulo"
      slotProps={{
        paper: {
          'data-testid': 'ahora-dialogo',
          'data-modelo-ms': measures.loadMs,
          'data-fps': measures.fps,
          'data-comparacion-ms': measures.compareMs,
        } as object,
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <Typography id="ahora-titulo" component="h2" sx={{ fontSize: '1.6rem', fontWeight: 800 }}>
          ¡Ahora tú! · {word}
        </Typography>
        <IconButton onClick={onClose} aria-label="Cerrar" sx={{ color: 'inherit' }} size="large">
          <CloseIcon fontSize="large" />
        </IconButton>
      </Box>
      {/* Both pictures share the height left by the title and the controls, side by side on a wide
          screen, one above the other on a tablet held upright. */}
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          gridTemplateRows: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', md: 'minmax(0, 1fr)' },
          gap: 2,
        }}
      >
        <Box
          component="section"
          aria-label="La seña"
          sx={{ minHeight: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center', borderRadius: 3, overflow: 'hidden', bgcolor: '#f4f1ff' }}
        >
          {/* The child's own speed and Espejo (the player reads the saved preferences). */}
          <SignPlayer src={src} compactSrc={compactSrc} kind={kind} label={`Seña de ${word}`} variant="overlay" />
        </Box>
        <Box component="section" aria-label="Tú" sx={{ position: 'relative', minHeight: 0, borderRadius: 3, overflow: 'hidden', bgcolor: '#1d1a3a' }}>
          {cameraShown && (
            // Shown as a mirror, as a child expects to see themself; the model reads the unflipped picture.
            <video
              ref={attachVideo}
              autoPlay
              muted
              playsInline
              data-testid="ahora-camara"
              style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain', transform: 'scaleX(-1)' }}
            />
          )}
          {phase.kind === 'cuenta' && (
            <Box
              role="status"
              aria-live="assertive"
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: 'rgba(29,26,58,0.45)',
                color: '#fff',
              }}
            >
              <Typography key={phase.n} data-testid="ahora-cuenta" sx={{ fontSize: '9rem', fontWeight: 900, lineHeight: 1, animation: `${pop} 0.6s ease-out` }}>
                {phase.n}
              </Typography>
              {/* As many hands as the number: a child who cannot read the digit counts them. */}
              <Box aria-hidden sx={{ display: 'flex', gap: 1 }}>
                {Array.from({ length: phase.n }, (_, i) => (
                  <FrontHandIcon key={i} sx={{ fontSize: 48 }} />
                ))}
              </Box>
            </Box>
          )}
          {phase.kind === 'grabando' && (
            <Box
              role="status"
              sx={{
                position: 'absolute',
                top: 12,
                left: 12,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                bgcolor: '#c2185b',
                color: '#fff',
                px: 2,
                py: 0.5,
                borderRadius: 5,
                fontWeight: 800,
                fontSize: '1.3rem',
              }}
            >
              <Box aria-hidden sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: '#fff', animation: `${breathe} 0.8s ease-in-out infinite` }} />
              ¡Haz la seña!
            </Box>
          )}
        </Box>
      </Box>
      {/* Room for a bottom-pinned offline layer (OfflineLayer.tsx) where there is one (the variable is 0
          on the child's screens, where the bar sits at the top of the page, under this dialog). */}
      <Box
        sx={{
          p: 1.5,
          pb: 'calc(12px + var(--manitas-bottom-layer, 0px))',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          borderTop: '1px solid',
          borderColor: 'divider',
        }}
      >
        {phase.kind === 'preparando' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress aria-hidden />
            <Typography sx={{ fontSize: '1.3rem' }}>Preparando la cámara…</Typography>
          </Box>
        )}
        {phase.kind === 'listo' && (
          <Button
            variant="contained"
            size="large"
            startIcon={<PlayArrowIcon sx={{ fontSize: '2.4rem !important' }} />}
            onClick={() => void start()}
            sx={{ minHeight: 72, fontSize: '1.6rem', px: 6, borderRadius: 4 }}
          >
            ¡Empezar!
          </Button>
        )}
        {phase.kind === 'mirando' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress aria-hidden />
            <Typography sx={{ fontSize: '1.3rem' }}>Mirando tu seña…</Typography>
          </Box>
        )}
        {phase.kind === 'resultado' && (
          <Box role="status" data-testid="ahora-resultado" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
            <StarsShown stars={phase.result.stars} />
            <HintPicture icon={phase.result.hint.icon} />
            <Typography data-testid="ahora-pista" sx={{ fontSize: '1.6rem', fontWeight: 800, textAlign: 'center' }}>
              {phase.result.hint.text}
            </Typography>
          </Box>
        )}
        {phase.kind === 'aviso' && (
          <Box
            role="status"
            data-testid="ahora-aviso"
            data-aviso={phase.notice}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, maxWidth: 560 }}
          >
            <NoticePicture notice={phase.notice} />
            <Typography sx={{ fontSize: '1.4rem', fontWeight: 700, textAlign: 'center' }}>{AHORA_MSG[phase.notice]}</Typography>
          </Box>
        )}
        {(canRetry || phase.kind === 'aviso') && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}>
            {canRetry && (
              <Button variant="outlined" size="large" startIcon={<ReplayIcon />} onClick={() => void start()} sx={{ minHeight: 64, fontSize: '1.3rem', px: 4 }}>
                Otra vez
              </Button>
            )}
            <Button variant="contained" size="large" endIcon={<ArrowForwardIcon />} onClick={onClose} sx={{ minHeight: 64, fontSize: '1.3rem', px: 4 }}>
              Seguir
            </Button>
          </Box>
        )}
      </Box>
    </Dialog>
  );
}
