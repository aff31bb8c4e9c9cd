/**
 * SignPlayer: every sign in the app (word detail, level menu cards, games, quiz, back office) goes
 * through this one player, GIF and video alike. A GIF (or its compact WebP rendition) is decoded to
 * frames (decode.ts) and drawn on a canvas by a FrameClock (clock.ts), so it gets the same controls
 * as a video: play/pause, "Velocidad" 0,5× / 0,75× / 1×, one frame back/forward while paused,
 * "Espejo" (flipped for left-handed children), "Repetir siempre" (loop, on by default) and
 * "Segunda vez más lenta". Speed, mirror and the slower second play are the child's preferences
 * (device + profile) and apply to every sign.
 */
import { memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { setPreferences, usePreferences, type SignSpeed } from '../prefs';
import { CanvasScreen, VideoScreen, type Engine } from './signScreens';
import { Controls, focusRing } from './SignControls';

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

// Memoised: a card that renders again for news of its own (its stars, "Vista") leaves its sign playing untouched.
export const SignPlayer = memo(function SignPlayer({
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

  // A new sign starts over: reset while rendering, not in an effect. An effect runs after the
  // commit, and a cached video's loadeddata could come first, so the reset wiped its "ready" and
  // the spinner stayed over a playing sign (seen on a slow machine, the e2e's recorded video).
  const signKey = `${src}|${compactSrc ?? ''}`;
  const [shownKey, setShownKey] = useState(signKey);
  if (shownKey !== signKey) {
    setShownKey(signKey);
    setFailed(false);
    setReady(false);
    setPlaying(true);
  }

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
});
