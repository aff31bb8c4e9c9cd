import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';

/** How long a tap ripple lives (ms), and at most how many are on screen at once. */
const TAP_RIPPLE_MS = 450;
const MAX_RIPPLES = 3;

interface Ripple {
  id: number;
  x: number;
  y: number;
}

/**
 * A ring that grows and fades where a finger or the mouse pressed the game (the tap cue's visual
 * twin, also with Sin sonido). Small (64 px) and soft, so even fast tapping never flashes the screen
 * (WCAG 2.3.1); with reduced motion it only fades.
 */
export function useTapRipples() {
  const [ripples, setRipples] = useState<Ripple[]>([]);
  const next = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const t of all) clearTimeout(t);
      all.clear();
    };
  }, []);
  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const ripple = { id: next.current++, x: e.clientX - r.left, y: e.clientY - r.top };
    setRipples((list) => [...list.slice(-(MAX_RIPPLES - 1)), ripple]);
    const t = setTimeout(() => {
      timers.current.delete(t);
      setRipples((list) => list.filter((x) => x.id !== ripple.id));
    }, TAP_RIPPLE_MS);
    timers.current.add(t);
  };
  /**
   * The move was judged (the game changed phase): its colours and banner are now the tap's answer,
   * so the rings go at once instead of fading over the answer's text (seen over «pájaro»).
   */
  const clear = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    timers.current.clear();
    setRipples((list) => (list.length ? [] : list));
  }, []);
  const layer = ripples.map((p) => (
    <Box
      key={p.id}
      aria-hidden="true"
      data-testid="tap-ripple"
      sx={{
        position: 'absolute',
        left: p.x - 32,
        top: p.y - 32,
        width: 64,
        height: 64,
        borderRadius: '50%',
        pointerEvents: 'none',
        zIndex: 2,
        border: '5px solid rgba(74,58,255,0.85)',
        bgcolor: 'rgba(74,58,255,0.15)',
        animation: `manitasRipple ${TAP_RIPPLE_MS}ms ease-out both`,
        '@keyframes manitasRipple': { from: { transform: 'scale(0.3)', opacity: 1 }, to: { transform: 'scale(1.2)', opacity: 0 } },
        '@media (prefers-reduced-motion: reduce)': {
          animation: `manitasRippleFade ${TAP_RIPPLE_MS}ms linear both`,
          '@keyframes manitasRippleFade': { from: { opacity: 1 }, to: { opacity: 0 } },
        },
      }}
    />
  ));
  return { onPointerDown, layer, clear };
}
