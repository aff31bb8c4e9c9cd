/**
 * SignPlayer: every sign in the app (word detail, level menu cards, games, quiz, back office) goes
 * through this one player, GIF and video alike. A GIF (or its compact WebP rendition) is decoded to
 * frames (decode.ts) and drawn on a canvas by a FrameClock (clock.ts), so it gets the same controls
 * as a video: play/pause, "Velocidad" 0,5× / 0,75× / 1×, one frame back/forward while paused,
 * "Espejo" (flipped for left-handed children), "Repetir siempre" (loop, on by default) and
 * "Segunda vez más lenta". Speed, mirror and the slower second play are the child's preferences
 * (device + profile) and apply to every sign.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import PauseRoundedIcon from '@mui/icons-material/PauseRounded';
import SkipPreviousRoundedIcon from '@mui/icons-material/SkipPreviousRounded';
import SkipNextRoundedIcon from '@mui/icons-material/SkipNextRounded';
import FlipRoundedIcon from '@mui/icons-material/FlipRounded';
import RepeatRoundedIcon from '@mui/icons-material/RepeatRounded';
import SlowMotionVideoRoundedIcon from '@mui/icons-material/SlowMotionVideoRounded';
import SpeedRoundedIcon from '@mui/icons-material/SpeedRounded';
import { SIGN_SPEEDS, setPreferences, usePreferences, type SignSpeed } from '../prefs';
import { FrameClock, mirrorMatrix, speedForPlay } from './clock';
import { decodePreferred, type DecodedSign } from './decode';

export const NO_SIGN_MSG = 'No hay video ni GIF de señal disponible.';

export interface SignPlayerProps {
  /** The sign: a GIF or a video (MP4/WebM) URL. */
  src: string;
  /** An animated WebP rendition of a GIF (multimedia.compacta), preferred where the browser decodes it. */
  compactSrc?: string | null;
  /** Accessible name, e.g. "Seña de gato". */
  label: string;
  /** full: every control; preview: small, loops, no controls (level menu cards); overlay: few large controls (games' panel, quiz). */
  variant?: 'full' | 'preview' | 'overlay';
  /** 'auto' (default) tells a video from a GIF by the URL; blob: URLs are videos (recordings). */
  kind?: 'auto' | 'gif' | 'video';
  /** Fixed speed / mirror (e.g. the recording preview's 0,5× and 1× buttons); otherwise the child's saved choice. */
  speed?: SignSpeed;
  mirror?: boolean;
  /** Called when the sign cannot be loaded (the player then shows NO_SIGN_MSG). */
  onUnavailable?: () => void;
  /** Called when the child uses a control (the review session tells a replay or a slowed sign from a plain look). */
  onUse?: (use: SignUse) => void;
}

/** A control the child used: play/pause (button or Space), a frame step, a speed, the mirror, the loop, the slower second play. */
export type SignUse = { kind: 'play' | 'pause' | 'step' | 'mirror' | 'loop' | 'slower' } | { kind: 'speed'; speed: number };

const isVideo = (src: string, kind: SignPlayerProps['kind']) =>
  kind === 'video' || (kind !== 'gif' && (src.startsWith('blob:') || /\.(mp4|webm|ogv|mov|m4v)(\?|$)/i.test(src)));

/**
 * True for a picture that is a sign to play (a GIF or a video), by its URL. A still GIF also plays
 * here (one frame, no harm); JPG/PNG stay plain pictures.
 */
export const isAnimatedSign = (src: string) => /\.(gif|webp|mp4|webm|ogv|mov|m4v)(\?|$)/i.test(src);

const speedText = (s: number) => `${String(s).replace('.', ',')}×`;

/** A typical frame of a recorded sign (25 fps): what one "cuadro" step moves a video by. */
const VIDEO_FRAME_S = 1 / 25;

const big = { minWidth: 48, minHeight: 48 } as const;
const focusRing = { '&.Mui-focusVisible, &:focus-visible': { outline: '3px solid #ff9800', outlineOffset: 2 } } as const;
/** A chosen toggle is solid (as in the profile's Preferencias), not the faint grey MUI gives it. */
const chosen = {
  color: '#2e2a8a',
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: '#fff', borderColor: 'primary.main' },
} as const;

interface Engine {
  playing: boolean;
  toggle(): void;
  step(direction: 1 | -1): void;
}

export function SignPlayer({
  src,
  compactSrc,
  label,
  variant = 'full',
  kind = 'auto',
  speed: fixedSpeed,
  mirror: fixedMirror,
  onUnavailable,
  onUse,
}: SignPlayerProps) {
  const prefs = usePreferences();
  const speed = fixedSpeed ?? prefs.velocidad;
  const mirror = fixedMirror ?? prefs.espejo;
  const secondSlower = prefs.segundaLenta;
  const [loop, setLoop] = useState(true);
  const [playing, setPlaying] = useState(true);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const engine = useRef<Engine | null>(null);
  const video = isVideo(src, kind);
  const controls = variant !== 'preview';

  useEffect(() => {
    setFailed(false);
    setReady(false);
    setPlaying(true);
  }, [src, compactSrc]);

  // Callbacks reach the screens through a ref: a parent's new function must not restart the sign.
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;
  const fail = useCallback(() => {
    setFailed(true);
    unavailable.current?.();
  }, []);
  const onReady = useCallback(() => setReady(true), []);
  const use = useRef(onUse);
  use.current = onUse;
  const toggle = () => {
    if (!engine.current) return;
    use.current?.({ kind: engine.current.playing ? 'pause' : 'play' });
    engine.current.toggle();
  };
  const step = (d: 1 | -1) => {
    use.current?.({ kind: 'step' });
    engine.current?.step(d);
  };

  const onKey = (e: KeyboardEvent) => {
    if (!controls || !engine.current || e.target !== e.currentTarget) return;
    if (e.key === ' ' || e.key === 'k') {
      e.preventDefault();
      toggle();
    } else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && !engine.current.playing) {
      e.preventDefault();
      step(e.key === 'ArrowRight' ? 1 : -1);
    }
  };

  if (failed) {
    return (
      <Typography
        role="status"
        sx={{ py: variant === 'full' ? 6 : 2, textAlign: 'center', fontSize: variant === 'preview' ? '0.9rem' : '1.2rem' }}
        data-testid="sign-unavailable"
      >
        {NO_SIGN_MSG}
      </Typography>
    );
  }

  const screenProps = { src, label, speed, mirror, loop, secondSlower, onFail: fail, onReady, onPlaying: setPlaying, engine, lazy: variant === 'preview' };
  return (
    <Box
      data-testid="sign-player"
      data-variant={variant}
      data-speed={speed}
      data-mirror={mirror ? 'true' : 'false'}
      data-loop={loop ? 'true' : 'false'}
      data-ready={ready ? 'true' : 'false'}
      tabIndex={controls ? 0 : undefined}
      onKeyDown={onKey}
      aria-label={controls ? `${label}. Espacio: pausar o seguir; flechas: cuadro a cuadro.` : undefined}
      sx={{
        position: 'relative',
        width: '100%',
        height: variant === 'overlay' ? '100%' : undefined,
        containerType: variant === 'overlay' ? 'inline-size' : undefined,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        borderRadius: 3,
        ...focusRing,
        '&:focus-visible': { outline: '3px solid #ff9800', outlineOffset: 2 },
      }}
    >
      <Box sx={{ position: 'relative', flex: variant === 'overlay' ? '1 1 auto' : undefined, minHeight: 0, lineHeight: 0 }}>
        {video ? <VideoScreen {...screenProps} variant={variant} /> : <CanvasScreen {...screenProps} compactSrc={compactSrc ?? null} variant={variant} />}
        {!ready && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }} aria-hidden="true">
            <CircularProgress size={variant === 'preview' ? 24 : 40} />
          </Box>
        )}
      </Box>
      {controls && (
        <Controls
          variant={variant}
          playing={playing}
          speed={speed}
          speedFixed={fixedSpeed !== undefined}
          mirror={mirror}
          mirrorFixed={fixedMirror !== undefined}
          loop={loop}
          secondSlower={secondSlower}
          onToggle={toggle}
          onStep={step}
          onSpeed={(v) => {
            use.current?.({ kind: 'speed', speed: v });
            setPreferences({ velocidad: v });
          }}
          onMirror={() => {
            use.current?.({ kind: 'mirror' });
            setPreferences({ espejo: !mirror });
          }}
          onLoop={() => {
            use.current?.({ kind: 'loop' });
            setLoop((l) => !l);
          }}
          onSecondSlower={() => {
            use.current?.({ kind: 'slower' });
            setPreferences({ segundaLenta: !secondSlower });
          }}
        />
      )}
    </Box>
  );
}

interface ScreenProps {
  src: string;
  label: string;
  speed: number;
  mirror: boolean;
  loop: boolean;
  secondSlower: boolean;
  variant: NonNullable<SignPlayerProps['variant']>;
  lazy: boolean;
  onFail: () => void;
  onReady: () => void;
  onPlaying: (p: boolean) => void;
  engine: React.RefObject<Engine | null>;
}

const screenSx = (variant: ScreenProps['variant']) => ({
  width: '100%',
  height: variant === 'overlay' ? '100%' : 'auto',
  maxHeight: variant === 'full' ? 'min(420px, 46vh)' : variant === 'preview' ? 160 : '100%',
  objectFit: 'contain' as const,
  borderRadius: variant === 'preview' ? 2 : 3,
  bgcolor: '#fff',
  display: 'block',
});

/** Starts work only once the element is on screen (a level menu has many previews). */
function useVisible(ref: React.RefObject<Element | null>, enabled: boolean): boolean {
  const [visible, setVisible] = useState(!enabled);
  useEffect(() => {
    if (!enabled || visible || !ref.current || typeof IntersectionObserver === 'undefined') {
      if (enabled && typeof IntersectionObserver === 'undefined') setVisible(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [ref, enabled, visible]);
  return visible;
}

/** A GIF / animated WebP drawn frame by frame. */
function CanvasScreen({
  src,
  compactSrc,
  label,
  speed,
  mirror,
  loop,
  secondSlower,
  variant,
  lazy,
  onFail,
  onReady,
  onPlaying,
  engine,
}: ScreenProps & { compactSrc: string | null }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [sign, setSign] = useState<DecodedSign | null>(null);
  const [kind, setKind] = useState<'gif' | 'webp'>('gif');
  const clockRef = useRef<FrameClock | null>(null);
  const visible = useVisible(canvasRef, lazy);
  const opts = useRef({ speed, loop, secondSlower, mirror });
  opts.current = { speed, loop, secondSlower, mirror };

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    setSign(null);
    decodePreferred(src, compactSrc)
      .then((r) => {
        if (cancelled) return;
        setKind(r.kind);
        setSign(r.sign);
      })
      .catch((err) => {
        if (cancelled) return;
        console.warn('No se pudo cargar la seña', src, err);
        onFail();
      });
    return () => {
      cancelled = true;
    };
  }, [src, compactSrc, visible, onFail]);

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const clock = clockRef.current;
    if (!canvas || !sign || !clock) return;
    const ctx = canvas.getContext('2d');
    const frame = sign.frames[clock.frame];
    if (!ctx || !frame) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (opts.current.mirror) ctx.setTransform(...mirrorMatrix(canvas.width));
    ctx.drawImage(frame.image, 0, 0);
    canvas.dataset.frame = String(clock.frame);
    canvas.dataset.delay = String(Math.round(clock.currentDelay));
    canvas.dataset.playSpeed = String(clock.currentSpeed);
  }, [sign]);

  // One clock per decoded sign; the loop runs while it plays.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!sign || !canvas) return;
    canvas.width = sign.width;
    canvas.height = sign.height;
    const clock = new FrameClock(
      sign.frames.map((f) => f.delay),
      { speed: opts.current.speed, loop: opts.current.loop, secondSlower: opts.current.secondSlower },
    );
    clockRef.current = clock;
    canvas.dataset.frames = String(sign.frames.length);
    draw();
    onReady();
    let raf = 0;
    const run = (now: number) => {
      if (clock.tick(now)) draw();
      if (!clock.playing) {
        onPlaying(false);
        raf = 0;
        return;
      }
      raf = requestAnimationFrame(run);
    };
    const start = () => {
      onPlaying(true);
      if (!raf) raf = requestAnimationFrame(run);
    };
    engine.current = {
      get playing() {
        return clock.playing;
      },
      toggle() {
        if (clock.playing) {
          clock.pause();
          onPlaying(false);
        } else {
          clock.resume();
          draw();
          start();
        }
      },
      step(direction) {
        clock.step(direction);
        onPlaying(false);
        draw();
      },
    };
    start();
    return () => {
      cancelAnimationFrame(raf);
      raf = 0;
      clockRef.current = null;
      engine.current = null;
    };
  }, [sign, draw, onReady, onPlaying, engine]);

  useEffect(() => {
    const clock = clockRef.current;
    if (!clock) return;
    const wasStopped = !clock.playing && !clock.options.loop && loop;
    clock.setOptions({ speed, loop, secondSlower });
    if (wasStopped) engine.current?.toggle();
    draw();
  }, [speed, loop, secondSlower, mirror, draw, engine]);

  return (
    <Box
      component="canvas"
      ref={canvasRef}
      role="img"
      aria-label={label}
      data-testid="sign-canvas"
      data-kind={kind}
      data-mirror={mirror ? 'true' : 'false'}
      sx={{ ...screenSx(variant), aspectRatio: sign ? `${sign.width} / ${sign.height}` : '4 / 3' }}
    />
  );
}

/** A video sign: the element's own decoder, the same controls. */
function VideoScreen({ src, label, speed, mirror, loop, secondSlower, variant, lazy, onFail, onReady, onPlaying, engine }: ScreenProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const play = useRef(0);
  const visible = useVisible(ref, lazy);
  const opts = useRef({ speed, loop, secondSlower });
  opts.current = { speed, loop, secondSlower };

  const applyRate = useCallback(() => {
    const v = ref.current;
    if (!v) return;
    const rate = speedForPlay(opts.current.speed, play.current, opts.current.secondSlower);
    v.playbackRate = rate;
    v.dataset.playSpeed = String(rate);
  }, []);

  useEffect(applyRate, [speed, secondSlower, applyRate]);

  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    play.current = 0;
    engine.current = {
      get playing() {
        return !v.paused;
      },
      toggle() {
        if (v.paused) void v.play().catch((err) => console.warn('No se pudo reproducir la seña', err));
        else v.pause();
      },
      step(direction) {
        v.pause();
        // A fresh MediaRecorder WebM does not know its duration (Infinity): the buffered end bounds it.
        const end = Number.isFinite(v.duration) ? v.duration : v.buffered.length ? v.buffered.end(v.buffered.length - 1) : v.currentTime + VIDEO_FRAME_S;
        v.currentTime = Math.min(end, Math.max(0, v.currentTime + direction * VIDEO_FRAME_S));
      },
    };
    return () => {
      engine.current = null;
    };
  }, [src, engine]);

  // Looping by hand (not the loop attribute), so each new play can take its own speed.
  const onEnded = () => {
    const v = ref.current;
    if (!v || !opts.current.loop) return;
    play.current++;
    applyRate();
    v.currentTime = 0;
    void v.play().catch((err) => console.warn('No se pudo repetir la seña', err));
  };

  return (
    <Box
      component="video"
      ref={ref}
      src={visible ? src : undefined}
      aria-label={label}
      data-testid="sign-video"
      data-kind="video"
      data-mirror={mirror ? 'true' : 'false'}
      autoPlay
      muted
      playsInline
      preload="auto"
      onLoadedData={() => {
        applyRate();
        onReady();
      }}
      onPlay={() => onPlaying(true)}
      onPause={() => onPlaying(false)}
      onEnded={onEnded}
      onError={() => {
        if (visible) onFail();
      }}
      sx={{ ...screenSx(variant), bgcolor: 'transparent', aspectRatio: '4 / 3', transform: mirror ? 'scaleX(-1)' : 'none' }}
    />
  );
}

interface ControlsProps {
  variant: NonNullable<SignPlayerProps['variant']>;
  playing: boolean;
  speed: number;
  speedFixed: boolean;
  mirror: boolean;
  mirrorFixed: boolean;
  loop: boolean;
  secondSlower: boolean;
  onToggle: () => void;
  onStep: (d: 1 | -1) => void;
  onSpeed: (s: SignSpeed) => void;
  onMirror: () => void;
  onLoop: () => void;
  onSecondSlower: () => void;
}

function Controls(p: ControlsProps) {
  const overlay = p.variant === 'overlay';
  const playLabel = p.playing ? 'Pausar' : 'Reproducir';
  const pill = { ...big, borderRadius: 999, px: 1.5, fontWeight: 800, textTransform: 'none', ...chosen, ...focusRing } as const;
  const solid = overlay ? { bgcolor: 'rgba(255,255,255,0.94)', '&:hover': { bgcolor: '#fff' } } : {};
  // A sign box narrower than three buttons (a phone's game) keeps play/pause only: the sign itself
  // must stay visible, and the speed and mirror are still in the child's preferences.
  const roomy = { '@container (max-width: 189px)': { display: 'none' } } as const;

  if (overlay) {
    // The game panel: play/pause, the speed (one button stepping through the three) and the mirror.
    const next = SIGN_SPEEDS[(SIGN_SPEEDS.indexOf(p.speed as SignSpeed) + 1) % SIGN_SPEEDS.length]!;
    return (
      // Wraps in a narrow sign box (a phone's game), never wider than the box it belongs to.
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1, pointerEvents: 'auto' }}>
        <Tooltip title={playLabel}>
          <IconButton onClick={p.onToggle} aria-label={playLabel} sx={{ ...big, ...solid, ...focusRing, border: '2px solid #5b4bdb' }}>
            {p.playing ? <PauseRoundedIcon /> : <PlayArrowRoundedIcon />}
          </IconButton>
        </Tooltip>
        {!p.speedFixed && (
          <ToggleButton
            value="speed"
            selected={p.speed !== 1}
            onChange={() => p.onSpeed(next)}
            aria-label={`Velocidad ${speedText(p.speed)}. Cambiar a ${speedText(next)}`}
            sx={{ ...pill, ...solid, ...roomy }}
          >
            <SpeedRoundedIcon sx={{ mr: 0.5 }} aria-hidden="true" /> {speedText(p.speed)}
          </ToggleButton>
        )}
        {!p.mirrorFixed && (
          <Tooltip title="Espejo">
            <ToggleButton value="mirror" selected={p.mirror} onChange={p.onMirror} aria-label="Espejo" sx={{ ...pill, ...solid, ...roomy }}>
              <FlipRoundedIcon aria-hidden="true" />
            </ToggleButton>
          </Tooltip>
        )}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <IconButton onClick={p.onToggle} aria-label={playLabel} color="primary" sx={{ ...big, width: 56, height: 56, border: '2px solid', ...focusRing }}>
        {p.playing ? <PauseRoundedIcon fontSize="large" /> : <PlayArrowRoundedIcon fontSize="large" />}
      </IconButton>
      <IconButton onClick={() => p.onStep(-1)} disabled={p.playing} aria-label="Retroceder un cuadro" sx={{ ...big, ...focusRing }}>
        <SkipPreviousRoundedIcon />
      </IconButton>
      <IconButton onClick={() => p.onStep(1)} disabled={p.playing} aria-label="Avanzar un cuadro" sx={{ ...big, ...focusRing }}>
        <SkipNextRoundedIcon />
      </IconButton>
      {!p.speedFixed && (
        <Box role="group" aria-labelledby="sign-speed-label" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Typography id="sign-speed-label" component="span" sx={{ fontWeight: 800 }}>
            Velocidad
          </Typography>
          <ToggleButtonGroup
            exclusive
            value={p.speed}
            onChange={(_e, v: SignSpeed | null) => {
              if (v !== null) p.onSpeed(v);
            }}
            size="large"
          >
            {SIGN_SPEEDS.map((s) => (
              <ToggleButton key={s} value={s} aria-label={speedText(s)} sx={{ ...big, minWidth: 60, fontWeight: 800, ...chosen, ...focusRing }}>
                {speedText(s)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
      {!p.mirrorFixed && (
        <ToggleButton value="mirror" selected={p.mirror} onChange={p.onMirror} aria-label="Espejo" sx={pill}>
          <FlipRoundedIcon sx={{ mr: 0.75 }} aria-hidden="true" /> Espejo
        </ToggleButton>
      )}
      <ToggleButton value="loop" selected={p.loop} onChange={p.onLoop} aria-label="Repetir siempre" sx={pill}>
        <RepeatRoundedIcon sx={{ mr: 0.75 }} aria-hidden="true" /> Repetir siempre
      </ToggleButton>
      {!p.speedFixed && (
        <ToggleButton value="slower" selected={p.secondSlower} onChange={p.onSecondSlower} aria-label="Segunda vez más lenta" sx={pill}>
          <SlowMotionVideoRoundedIcon sx={{ mr: 0.75 }} aria-hidden="true" /> Segunda vez más lenta
        </ToggleButton>
      )}
    </Box>
  );
}
