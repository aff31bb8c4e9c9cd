/** Design size of every scene (scale mode FIT keeps this ratio from 768 px tablets up). */
export const DESIGN_WIDTH = 1280;
export const DESIGN_HEIGHT = 800;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A design-space rectangle as CSS percentages of the canvas box (for DOM overlays). */
export function rectToPercent(r: Rect): { left: string; top: string; width: string; height: string } {
  const pct = (v: number, of: number) => `${((v / of) * 100).toFixed(4)}%`;
  return {
    left: pct(r.x, DESIGN_WIDTH),
    top: pct(r.y, DESIGN_HEIGHT),
    width: pct(r.width, DESIGN_WIDTH),
    height: pct(r.height, DESIGN_HEIGHT),
  };
}

/** Largest width × height of `ratio` (w / h) that fits in `box`. */
export function fitSize(srcWidth: number, srcHeight: number, boxWidth: number, boxHeight: number): { width: number; height: number } {
  if (srcWidth <= 0 || srcHeight <= 0) return { width: 0, height: 0 };
  const s = Math.min(boxWidth / srcWidth, boxHeight / srcHeight);
  return { width: srcWidth * s, height: srcHeight * s };
}
