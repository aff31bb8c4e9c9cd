/**
 * "¡Ahora tú!": how close a child's sign is to the reference sign. Pure TypeScript (no DOM, no
 * Phaser), so it runs the same in the browser and in the unit tests. The method and every threshold
 * below are written out in docs/learning.md ("¡Ahora tú!: comparing a sign").
 *
 * Input: two landmark tracks (frames of the 21 hand landmarks MediaPipe Hands gives, in the picture's
 * own 0–1 coordinates, with the hand's side and a time in ms). Both tracks must come from pictures of a
 * person facing the camera, processed the same way (the reference video and the un-mirrored camera).
 */

export interface Point {
  x: number;
  y: number;
  z?: number;
}
export type Side = 'Left' | 'Right';
/** One picture of a track: the hand seen in it (21 landmarks), or none (`points` absent). */
export interface TrackFrame {
  /** Milliseconds from the start of the track. */
  t: number;
  side?: Side;
  points?: Point[];
}
export type Track = TrackFrame[];

export type Part = 'forma' | 'lugar' | 'movimiento';
export type Stars = 1 | 2 | 3;

export interface Hint {
  part: Part | 'bien';
  /** Short, kind, in Spanish: what to do next time. */
  text: string;
  /** Which picture the dialog shows with the text (a child of six may not read). */
  icon: 'abrir' | 'cerrar' | 'forma' | 'subir' | 'bajar' | 'lado' | 'mover' | 'menos' | 'bien';
}

export type Comparison =
  | { ok: true; stars: Stars; score: number; parts: Record<Part, number>; worst: Part; hint: Hint }
  /** Too few pictures with a hand in the attempt (or in the reference): nothing to score. */
  | { ok: false; reason: 'sinMano' | 'sinReferencia' };

// MediaPipe's landmark numbers.
const WRIST = 0;
const MIDDLE_MCP = 9;
const PALM = [0, 5, 9, 13, 17];
const TIPS = [4, 8, 12, 16, 20];
export const LANDMARKS = 21;

/** Both tracks are resampled to this many pictures before the time alignment. */
const RESAMPLE_N = 32;
/** A track needs a hand in at least this share of its pictures, and at least MIN_HAND_FRAMES. */
export const MIN_HAND_SHARE = 0.4;
export const MIN_HAND_FRAMES = 5;
/** DTW band (Sakoe–Chiba), as a share of RESAMPLE_N: the sign's parts may shift this much in time. */
const DTW_BAND = 0.5;

/**
 * Each part's distance maps to a 0–1 score: 1 up to `full`, 0 from `zero`, straight between.
 * Units: handshape in palm lengths (mean difference of the 9 shape measures); location in palm
 * lengths (the hand's place from the picture's centre); movement is the worse of the path's shape
 * (palm lengths) and its size ratio (1 − smaller/larger path length).
 */
const THRESHOLDS = {
  forma: { full: 0.15, zero: 0.5 },
  lugar: { full: 1.0, zero: 3.0 },
  movimiento: { full: 0.35, zero: 1.2 },
  movimientoTamano: { full: 0.3, zero: 0.8 },
} as const;
/** A path shorter than this (palm lengths) counts as "the hand stays still": jitter is not movement. */
const STILL_PATH = 1.0;
/** The overall score weighs the three parts so. */
const WEIGHTS: Record<Part, number> = { forma: 0.4, lugar: 0.3, movimiento: 0.3 };
/**
 * 3 stars from 0.8 with no part under 0.6; 2 stars from 0.55 with no part under 0.3; else 1 (never 0:
 * no failure screen). The floor per part because in a sign language one part wrong (the handshape, the
 * place or the movement) is another word, however good the other two are.
 */
export const STARS_AT = { three: 0.8, threeMinPart: 0.6, two: 0.55, twoMinPart: 0.3 } as const;

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const scoreOf = (d: number, t: { full: number; zero: number }) => clamp01((t.zero - d) / (t.zero - t.full));
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One picture, reduced to what the comparison uses. */
interface Features {
  /** Palm centre relative to the picture's centre, in palm lengths (location). */
  place: Point;
  /** Palm centre relative to the track's mean place, in palm lengths (movement). */
  move: Point;
  /** 5 finger extensions (tip to wrist) and 4 spreads (neighbouring tips), in palm lengths. */
  shape: number[];
}

function handFrames(track: Track): Required<TrackFrame>[] {
  return track.filter((f): f is Required<TrackFrame> => !!f.points && f.points.length >= LANDMARKS && !!f.side);
}

function enoughHand(track: Track): boolean {
  const seen = handFrames(track).length;
  return seen >= MIN_HAND_FRAMES && seen >= MIN_HAND_SHARE * track.length;
}

/**
 * Whether a sign's reference track can be compared at all (compareSign answers 'sinReferencia'
 * otherwise): the dialog asks this before the countdown, so a child is never recorded for a sign
 * that cannot be scored (a drawn sign whose hands the model finds in 4 of its 16 pictures).
 */
export function referenceUsable(reference: Track): boolean {
  return enoughHand(reference);
}

/** The side the track's hand is on most often. */
function mainSide(frames: Required<TrackFrame>[]): Side {
  const left = frames.filter((f) => f.side === 'Left').length;
  return left * 2 > frames.length ? 'Left' : 'Right';
}

/**
 * Linear interpolation of the hand pictures to `n` evenly spaced times over the track's own span:
 * a sign made faster or slower (evenly) lines up before DTW; DTW handles the uneven part.
 */
function resample(frames: Required<TrackFrame>[], n: number): Point[][] {
  const t0 = frames[0].t;
  const span = frames[frames.length - 1].t - t0 || 1;
  const out: Point[][] = [];
  let k = 0;
  for (let i = 0; i < n; i++) {
    const t = t0 + (span * i) / (n - 1);
    while (k < frames.length - 2 && frames[k + 1].t < t) k++;
    const a = frames[k];
    const b = frames[Math.min(k + 1, frames.length - 1)];
    const w = b.t === a.t ? 0 : clamp01((t - a.t) / (b.t - a.t));
    out.push(a.points.slice(0, LANDMARKS).map((p, j) => ({ x: p.x + (b.points[j].x - p.x) * w, y: p.y + (b.points[j].y - p.y) * w })));
  }
  return out;
}

function features(frames: Required<TrackFrame>[], mirror: boolean): Features[] {
  const pics = resample(frames, RESAMPLE_N).map((pts) => (mirror ? pts.map((p) => ({ x: 1 - p.x, y: p.y })) : pts));
  // One palm length per track (the median over its pictures), so a hand turning for a moment does
  // not change the scale of the whole track.
  const palm = Math.max(1e-6, median(pics.map((p) => dist(p[WRIST], p[MIDDLE_MCP]))));
  const centres = pics.map((p) => ({
    x: PALM.reduce((s, i) => s + p[i].x, 0) / PALM.length,
    y: PALM.reduce((s, i) => s + p[i].y, 0) / PALM.length,
  }));
  const mean = {
    x: centres.reduce((s, c) => s + c.x, 0) / centres.length,
    y: centres.reduce((s, c) => s + c.y, 0) / centres.length,
  };
  return pics.map((p, i) => ({
    place: { x: (centres[i].x - 0.5) / palm, y: (centres[i].y - 0.5) / palm },
    move: { x: (centres[i].x - mean.x) / palm, y: (centres[i].y - mean.y) / palm },
    shape: [...TIPS.map((t) => dist(p[t], p[WRIST]) / palm), ...TIPS.slice(0, 4).map((t, j) => dist(p[t], p[TIPS[j + 1]]) / palm)],
  }));
}

const shapeDist = (a: Features, b: Features) => a.shape.reduce((s, v, i) => s + Math.abs(v - b.shape[i]), 0) / a.shape.length;

/**
 * Dynamic time warping with a Sakoe–Chiba band; returns the warping path (pairs of indexes).
 * Hand-written (about 30 lines): the npm DTW packages are unmaintained or return only the distance,
 * not the path the three parts are scored along, and no package can be added in this slice.
 */
export function dtwPath(n: number, m: number, cost: (i: number, j: number) => number, band = Math.max(n, m)): [number, number][] {
  const D = Array.from({ length: n + 1 }, () => new Float64Array(m + 1).fill(Infinity));
  D[0][0] = 0;
  for (let i = 1; i <= n; i++) {
    const centre = Math.round((i * m) / n);
    for (let j = Math.max(1, centre - band); j <= Math.min(m, centre + band); j++) {
      D[i][j] = cost(i - 1, j - 1) + Math.min(D[i - 1][j], D[i][j - 1], D[i - 1][j - 1]);
    }
  }
  const path: [number, number][] = [];
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    path.push([i - 1, j - 1]);
    const diag = D[i - 1][j - 1];
    const up = D[i - 1][j];
    const left = D[i][j - 1];
    if (diag <= up && diag <= left) {
      i--;
      j--;
    } else if (up <= left) i--;
    else j--;
  }
  return path.reverse();
}

function pathLength(f: Features[]): number {
  let s = 0;
  for (let i = 1; i < f.length; i++) s += dist(f[i].move, f[i - 1].move);
  return s;
}

function hintFor(part: Part, ref: Features[], att: Features[], pairs: [number, number][]): Hint {
  const mean = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
  if (part === 'forma') {
    const open = (f: Features) => mean(f.shape.slice(0, 5));
    const diff = mean(pairs.map(([i, j]) => open(att[j]) - open(ref[i])));
    if (diff < -0.1) return { part, text: 'Abre más la mano', icon: 'abrir' };
    if (diff > 0.1) return { part, text: 'Cierra un poco la mano', icon: 'cerrar' };
    return { part, text: 'Pon los dedos como en la seña', icon: 'forma' };
  }
  if (part === 'lugar') {
    const dy = mean(pairs.map(([i, j]) => att[j].place.y - ref[i].place.y));
    const dx = mean(pairs.map(([i, j]) => att[j].place.x - ref[i].place.x));
    if (Math.abs(dy) >= Math.abs(dx)) {
      // The reference hand in the picture's upper part: by the face.
      const refHigh = mean(ref.map((f) => f.place.y)) < -1;
      if (dy > 0) return { part, text: refHigh ? 'Sube la mano hasta la cara' : 'Sube un poco la mano', icon: 'subir' };
      return { part, text: 'Baja un poco la mano', icon: 'bajar' };
    }
    return { part, text: 'Pon la mano en el mismo sitio que en la seña', icon: 'lado' };
  }
  const refLen = pathLength(ref);
  const attLen = pathLength(att);
  if (attLen > Math.max(refLen, STILL_PATH) * 1.6) return { part, text: 'Haz el movimiento más pequeño', icon: 'menos' };
  return { part, text: 'Mueve la mano como en la seña', icon: 'mover' };
}

/**
 * The overall score and the stars of three part scores (WEIGHTS, STARS_AT). Also what the server
 * checks a practice event against: the stars it stores always follow from the parts it stores.
 */
export function starsOf(parts: Record<Part, number>): { score: number; stars: Stars } {
  const score = (Object.keys(WEIGHTS) as Part[]).reduce((s, p) => s + WEIGHTS[p] * parts[p], 0);
  const minPart = Math.min(parts.forma, parts.lugar, parts.movimiento);
  const stars: Stars = score >= STARS_AT.three && minPart >= STARS_AT.threeMinPart ? 3 : score >= STARS_AT.two && minPart >= STARS_AT.twoMinPart ? 2 : 1;
  return { score, stars };
}

/** Scores an attempt against the reference sign. */
export function compareSign(reference: Track, attempt: Track): Comparison {
  if (!referenceUsable(reference)) return { ok: false, reason: 'sinReferencia' };
  if (!enoughHand(attempt)) return { ok: false, reason: 'sinMano' };
  const refFrames = handFrames(reference);
  const attFrames = handFrames(attempt);
  // A left-handed child signs with the other hand: the attempt is mirrored onto the reference's side.
  const mirror = mainSide(refFrames) !== mainSide(attFrames);
  const ref = features(refFrames, false);
  const att = features(attFrames, mirror);

  const pairs = dtwPath(ref.length, att.length, (i, j) => shapeDist(ref[i], att[j]) + 0.5 * dist(ref[i].move, att[j].move), Math.round(DTW_BAND * RESAMPLE_N));
  const along = (f: (a: Features, b: Features) => number) => pairs.reduce((s, [i, j]) => s + f(ref[i], att[j]), 0) / pairs.length;

  const forma = scoreOf(along(shapeDist), THRESHOLDS.forma);
  const lugar = scoreOf(
    along((a, b) => dist(a.place, b.place)),
    THRESHOLDS.lugar,
  );
  const refLen = Math.max(pathLength(ref), STILL_PATH);
  const attLen = Math.max(pathLength(att), STILL_PATH);
  const sizeOff = 1 - Math.min(refLen, attLen) / Math.max(refLen, attLen);
  const movimiento = Math.min(
    scoreOf(
      along((a, b) => dist(a.move, b.move)),
      THRESHOLDS.movimiento,
    ),
    scoreOf(sizeOff, THRESHOLDS.movimientoTamano),
  );

  const parts: Record<Part, number> = { forma, lugar, movimiento };
  const { score, stars } = starsOf(parts);
  // The part furthest off names the hint; with every part close, praise instead.
  const worst = (Object.keys(parts) as Part[]).reduce((w, p) => (parts[p] < parts[w] ? p : w), 'forma');
  const hint: Hint = stars === 3 ? { part: 'bien', text: '¡Muy bien! Así se hace', icon: 'bien' } : hintFor(worst, ref, att, pairs);
  return { ok: true, stars, score, parts, worst, hint };
}
