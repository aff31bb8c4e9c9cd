import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { chooseDesign, fitSize, type DesignSize } from '../../../../games/shared/layout';

/**
 * The room the game has between the header and the caption bar (CSS px, followed with a
 * ResizeObserver), the design size for its shape and the stage size that fills it: the stage is
 * exactly the canvas, so the sign overlay's percentages land on the canvas's sign box.
 */
export function useStageRoom() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [box, setBox] = useState<{ w: number; h: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const cs = getComputedStyle(el);
      const w = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const h = el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
      setBox((b) => (b && b.w === w && b.h === h ? b : { w, h }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // The design changes only when the stage's shape really changed (a tablet turned, a window
  // resized): a caption growing to two lines must not rebuild the game (it letterboxes a little).
  const kept = useRef<DesignSize | null>(null);
  const design = useMemo(() => {
    const next = chooseDesign(box?.w ?? 0, box?.h ?? 0);
    const d = kept.current;
    const keep = box !== null && d !== null && d.width === next.width && Math.abs(d.height - next.height) / d.height < 0.15;
    if (!keep && box !== null) kept.current = next;
    return keep ? d : next;
  }, [box]);
  const fit = box && box.w > 0 && box.h > 0 ? fitSize(design.width, design.height, box.w, box.h) : null;
  return { ref, design, fit: fit ? { width: Math.floor(fit.width), height: Math.floor(fit.height) } : null };
}
