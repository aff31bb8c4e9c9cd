/**
 * The two screens of the sign player: a GIF / animated WebP drawn frame by frame on a canvas, and a
 * video. Both answer to the same Engine (play/pause, one frame back or forward) so the controls do
 * not care which one plays.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { FrameClock, mirrorMatrix, speedForPlay } from './clock';
import { decodePreferred, type DecodedSign } from './decode';
import type { SignPlayerProps } from './SignPlayer';

/** A typical frame of a recorded sign (25 fps): what one "cuadro" step moves a video by. */
const VIDEO_FRAME_S = 1 / 25;

export interface Engine {
  playing: boolean;
  toggle(): void;
  step(direction: 1 | -1): void;
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
export function CanvasScreen({
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
export function VideoScreen({ src, label, speed, mirror, loop, secondSlower, variant, lazy, onFail, onReady, onPlaying, engine }: ScreenProps) {
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

  // The element may have loaded its first frame (or failed) before React could hear it: React
  // creates the element, with its src, during a render it can pause, and drops an event that fires
  // on an element not yet committed. A slow tablet (the CI machine too) then kept the spinner over a
  // playing sign. So after each commit the element's own state is read as well as its events.
  useEffect(() => {
    const v = ref.current;
    if (!v || !visible) return;
    if (v.error) onFail();
    else if (v.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
      applyRate();
      onReady();
    }
    onPlaying(!v.paused);
  }, [src, visible, applyRate, onFail, onReady, onPlaying]);

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
