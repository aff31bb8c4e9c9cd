/**
 * Design sizes of the scenes. A scene is drawn for one design size and Phaser's Scale.FIT scales it
 * to the stage: 1280×800 on landscape screens, and on portrait screens a design as wide as 800 (or
 * 440 on phones) and as tall as the stage's own shape, so the game fills a portrait tablet instead
 * of leaving a third of it empty. The page picks the size from the stage box (chooseDesign) and
 * the scene lays itself out for `this.scale.width × this.scale.height`.
 */
const DESIGN_WIDTH = 1280;
const DESIGN_HEIGHT = 800;

export interface DesignSize {
  width: number;
  height: number;
}

export const LANDSCAPE: DesignSize = { width: DESIGN_WIDTH, height: DESIGN_HEIGHT };
/** Width of the portrait design on tablets, and on phones (stage narrower than PHONE_BELOW CSS px). */
const PORTRAIT_WIDTH = 800;
const PHONE_WIDTH = 440;
const PHONE_BELOW = 560;
/** Stage boxes wider than this ratio (w / h) get the landscape design. */
const LANDSCAPE_FROM = 1.1;

/** The design size for a stage box of `boxWidth × boxHeight` CSS px. */
export function chooseDesign(boxWidth: number, boxHeight: number): DesignSize {
  if (!(boxWidth > 0) || !(boxHeight > 0)) return LANDSCAPE;
  const ratio = boxWidth / boxHeight;
  if (ratio >= LANDSCAPE_FROM) return LANDSCAPE;
  const width = boxWidth < PHONE_BELOW ? PHONE_WIDTH : PORTRAIT_WIDTH;
  // As tall as the box's shape, within what the portrait layouts are drawn for (below that the
  // stage letterboxes rather than squeeze the keyboard).
  const minHeight = width === PHONE_WIDTH ? 620 : 900;
  const height = Math.round(Math.min(Math.max(width / ratio, minHeight), width * 1.75));
  return { width, height };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A design-space rectangle as CSS percentages of the canvas box (for DOM overlays). */
export function rectToPercent(r: Rect, design: DesignSize = LANDSCAPE): { left: string; top: string; width: string; height: string } {
  const pct = (v: number, of: number) => `${((v / of) * 100).toFixed(4)}%`;
  return {
    left: pct(r.x, design.width),
    top: pct(r.y, design.height),
    width: pct(r.width, design.width),
    height: pct(r.height, design.height),
  };
}

/** Largest width × height of `ratio` (w / h) that fits in `box`. */
export function fitSize(srcWidth: number, srcHeight: number, boxWidth: number, boxHeight: number): { width: number; height: number } {
  if (srcWidth <= 0 || srcHeight <= 0) return { width: 0, height: 0 };
  const s = Math.min(boxWidth / srcWidth, boxHeight / srcHeight);
  return { width: srcWidth * s, height: srcHeight * s };
}

/**
 * Height (design px) of the strip under the sign for the sign player's own buttons (play / pause,
 * speed, mirror: about 52 CSS px plus their gap), so they sit outside the sign, never on it.
 */
export const SIGN_CONTROLS_HEIGHT = 72;
/** The signs are recorded 4:3 (320 × 240); the sign box keeps that shape so the sign fills it. */
const SIGN_RATIO = 4 / 3;

/** Where the sign leads a game's stage: the sign, its controls strip, the side column and the room below. */
export interface SignStage {
  sign: Rect;
  controls: Rect;
  /** Beside the sign (and its controls): on landscape the full height, on portrait as tall as the sign. */
  side: Rect;
  /** Under the controls: on landscape as wide as the sign, on portrait the full width. */
  below: Rect;
}

/**
 * The sign is the largest thing on the stage (docs/games.md, "The sign leads"): a 4:3 box as big as
 * the stage allows once the game keeps `side` design px beside it and `below` under its controls.
 * The side column and the room below get whatever the sign leaves (never less than asked when the
 * sign is limited by the height).
 */
export function signStage(W: number, H: number, want: { side: number; below: number; pad?: number; gap?: number }): SignStage {
  const pad = want.pad ?? 12;
  const gap = want.gap ?? 8;
  const landscape = W > H;
  const byWidth = W - 2 * pad - gap - want.side;
  const byHeight = (H - 2 * pad - 4 - SIGN_CONTROLS_HEIGHT - gap - want.below) * SIGN_RATIO;
  const width = Math.floor(Math.max(120, Math.min(byWidth, byHeight)));
  const height = Math.floor(width / SIGN_RATIO);
  const sign = { x: pad, y: pad, width, height };
  const controls = { x: pad, y: pad + height + 4, width, height: SIGN_CONTROLS_HEIGHT };
  const sideX = pad + width + gap;
  const controlsBottom = controls.y + controls.height;
  const side = { x: sideX, y: pad, width: W - pad - sideX, height: landscape ? H - 2 * pad : controlsBottom - pad };
  const belowY = controlsBottom + gap;
  const below = { x: pad, y: belowY, width: landscape ? width : W - 2 * pad, height: Math.max(0, H - pad - belowY) };
  return { sign, controls, side, below };
}

/** Area of a rectangle. */
export const area = (r: { width: number; height: number }) => Math.max(0, r.width) * Math.max(0, r.height);
