/**
 * The reward a child sees for a level passed or a game won (games.md G-7.2): a row of 3 big stars where
 * the earned ones fill in one after another (so 2 of 3 reads as 2 of 3), with a soft confetti
 * burst from each earned star; after ~2 s the burst is over and the row fades away, or, over an
 * end panel, gives way to the panel's still row of the same stars. A lost game has no celebration.
 *
 * Calm by design (WCAG 2.3.1 "Three Flashes or Below Threshold"): every moment the picture
 * changes suddenly (the row appearing, each star popping in, the fade) is a "flash event" of the
 * timeline below; the constants keep at most 3 of them in any second (`maxFlashesPerSecond`, unit
 * tested). Nothing covers the whole screen or changes its brightness; the stars and confetti are
 * small; no colour is a saturated red (WCAG: R / (R + G + B) ≥ 0.8). With
 * `prefers-reduced-motion: reduce` the stars only fade in, one after another: no particles, no
 * scaling, no movement.
 *
 * Phaser is imported for its types only, so the timing rules below load in the node unit tests
 * (Phaser itself needs a browser). Drawing uses the scene's own factories.
 */
import type * as Phaser from 'phaser';
import { type Stars, starsLabel } from '../../src/shared/rules/games/stars';

export type CelebrationKind = 'level' | 'game';

export interface CelebrateOptions {
  /** Stars earned, 0–3 (0: nothing is drawn). */
  stars: number;
  kind: CelebrationKind;
  /** Design-space centre of the star row (default: the canvas centre, a bit high). */
  x?: number;
  y?: number;
  /** Size factor (≤ 1 to fit a narrow band). */
  scale?: number;
  /** Plays over the still row of the end panel the scene draws next (see `celebrate`). */
  panel?: boolean;
  /** Called once every star has landed: the caption says the stars then. */
  onLanded?: () => void;
  /** Called instead when the celebration ends before its stars have all landed (its phase over, another celebration). */
  onCutShort?: () => void;
}

// --- timing (WCAG 2.3.1) --------------------------------------------------------------------------

/** At most this many sudden changes (flash events) in any one second (WCAG 2.3.1: 3). */
export const CELEBRATE_MAX_FLASHES_PER_SECOND = 3;
/** The window the rule counts over. */
export const CELEBRATE_FLASH_WINDOW_MS = 1000;
/** The empty row fades in over this (t = 0). */
const CELEBRATE_INTRO_MS = 250;
/** The first earned star pops in at this time. */
const CELEBRATE_FIRST_STAR_MS = 300;
/** Time between two earned stars (≥ 334 ms keeps even back-to-back pops under 3 a second). */
export const CELEBRATE_STAR_INTERVAL_MS = 450;
/** How long one star takes to grow in (or fade in, with reduced motion). */
export const CELEBRATE_STAR_POP_MS = 320;
/** Life of one confetti piece. */
const CELEBRATE_CONFETTI_LIFE_MS = 1400;
/** Whole celebration, from the first frame to the end of the fade. */
export const CELEBRATE_DURATION_MS: Readonly<Record<CelebrationKind, number>> = { level: 2100, game: 2500 };
/** The final fade-out (row and plate), ending at CELEBRATE_DURATION_MS. */
export const CELEBRATE_FADE_MS = 500;

type CelebrationStep = 'intro' | 'star' | 'fade';

interface TimelineEntry {
  at: number;
  step: CelebrationStep;
  /** Star index (0-based) for 'star'. */
  star?: number;
}

/** Clamps any number to the 1–3 stars a celebration shows (0 for nothing). */
export function celebrationStars(n: number | undefined): Stars {
  if (n === undefined || !Number.isFinite(n) || n <= 0) return 0;
  return Math.min(3, Math.round(n)) as Stars;
}

/**
 * When each sudden change of a celebration happens (ms from its start). Every entry is a flash
 * event for the WCAG rule: the row appearing, each earned star, and the fade.
 */
export function celebrationTimeline(stars: number, kind: CelebrationKind): TimelineEntry[] {
  const n = celebrationStars(stars);
  if (n === 0) return [];
  const out: TimelineEntry[] = [{ at: 0, step: 'intro' }];
  for (let i = 0; i < n; i++) out.push({ at: CELEBRATE_FIRST_STAR_MS + i * CELEBRATE_STAR_INTERVAL_MS, step: 'star', star: i });
  out.push({ at: CELEBRATE_DURATION_MS[kind] - CELEBRATE_FADE_MS, step: 'fade' });
  return out;
}

/** The most events that fall in any window of `windowMs` (the WCAG rule counts per second). */
/** When (ms after a celebration's stars start) the last of `stars` stars has landed: popped in full. */
export function celebrationLandedMs(stars: number): number {
  const n = celebrationStars(stars);
  return n === 0 ? 0 : CELEBRATE_FIRST_STAR_MS + (n - 1) * CELEBRATE_STAR_INTERVAL_MS + CELEBRATE_STAR_POP_MS;
}

export function maxFlashesPerSecond(times: readonly number[], windowMs = CELEBRATE_FLASH_WINDOW_MS): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

// --- look -----------------------------------------------------------------------------------------

/** Gold of an earned star, its outline, and the empty star's colours. */
export const STAR_GOLD = 0xf5b400;
export const STAR_GOLD_EDGE = 0xb07800;
export const STAR_EMPTY = 0xf1eefb;
export const STAR_EMPTY_EDGE = 0xb9b4d6;
/** Confetti: gold, sky blue, mint, lilac, soft pink (no saturated red). */
export const CONFETTI_COLORS: readonly number[] = [0xf5b400, 0x5aa9ff, 0x3ccf8e, 0x9d86ff, 0xff9ccf];
/** Above the board and the end panel (depth 40), under the feedback banner (50). */
const CELEBRATE_DEPTH = 45;

/** WCAG's "saturated red": R / (R + G + B) ≥ 0.8. */
export function isSaturatedRed(color: number): boolean {
  const r = (color >> 16) & 0xff;
  const g = (color >> 8) & 0xff;
  const b = color & 0xff;
  const sum = r + g + b;
  return sum > 0 && r / sum >= 0.8;
}

/** Sizes of the two kinds: a game won is bigger than a level passed. */
export const CELEBRATE_SIZES: Readonly<Record<CelebrationKind, { radius: number; gap: number; confetti: number }>> = {
  level: { radius: 44, gap: 116, confetti: 16 },
  game: { radius: 62, gap: 156, confetti: 28 },
};

// --- test log -------------------------------------------------------------------------------------

export interface CelebrationRecord {
  kind: CelebrationKind;
  stars: Stars;
  /** Reduced motion: stars faded in, no particles. */
  reducedMotion: boolean;
  particles: boolean;
  at: number;
  /** When the last star landed (Date.now()), once it has. */
  landedAt?: number;
}

/** Celebrations started, oldest first (read by the e2e tests through window.__game in test mode). */
export const celebrationLog: CelebrationRecord[] = [];

// --- drawing --------------------------------------------------------------------------------------

const CONFETTI_KEY = 'celebrate-confetti';

function prefersReducedMotion(): boolean {
  try {
    return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

/** A small white rounded strip, tinted per piece (generated once: no image file to load). */
function confettiTexture(scene: Phaser.Scene): string {
  if (!scene.textures.exists(CONFETTI_KEY)) {
    const g = scene.make.graphics({}, false);
    g.fillStyle(0xffffff, 1);
    g.fillRoundedRect(0, 0, 18, 11, 3);
    g.generateTexture(CONFETTI_KEY, 18, 11);
    g.destroy();
  }
  return CONFETTI_KEY;
}

/** The running celebration of each scene (a new one replaces it). */
const running = new WeakMap<Phaser.Scene, () => void>();
/** The still row each scene drew last (its end panel's). */
const panelRows = new WeakMap<Phaser.Scene, StarRow>();

/** The scene's phase, read from its test snapshot when it has one (GameScene.snapshotView). */
function phaseOf(scene: Phaser.Scene): string | null {
  const view = (scene as unknown as { snapshotView?: () => unknown }).snapshotView;
  if (typeof view !== 'function') return null;
  try {
    const s = view.call(scene) as { phase?: unknown } | null;
    return typeof s?.phase === 'string' ? s.phase : null;
  } catch {
    return null;
  }
}

/** A row of 3 stars drawn still (in an end panel): where it is, its scale, its objects. */
interface StarRow {
  x: number;
  y: number;
  scale: number;
  kind: CelebrationKind;
  objects: Phaser.GameObjects.GameObject[];
}

/** Centre and radius of the 3 stars of a row centred on (cx, cy); the middle one a little bigger and higher (the classic reward arc). */
export function starSlots(cx: number, cy: number, kind: CelebrationKind, scale = 1): { x: number; y: number; r: number }[] {
  const { radius, gap } = CELEBRATE_SIZES[kind];
  const r = radius * scale;
  return [0, 1, 2].map((i) => ({ x: cx + (i - 1) * gap * scale, y: cy + (i === 1 ? -0.2 * r : 0.15 * r), r: i === 1 ? 1.12 * r : r }));
}

/** Scale (≤ 1) at which a row fits `width` (a narrow phone panel). */
export function starRowScale(kind: CelebrationKind, width: number): number {
  const { radius, gap } = CELEBRATE_SIZES[kind];
  return Math.min(1, width / (2 * gap + 2.4 * radius));
}

/** Height a row needs (panels leave this much room for it). */
export function starRowHeight(kind: CelebrationKind, scale = 1): number {
  return Math.ceil(2.5 * CELEBRATE_SIZES[kind].radius * scale);
}

function addStar(scene: Phaser.Scene, slot: { x: number; y: number; r: number }, earned: boolean): Phaser.GameObjects.Star {
  return scene.add
    .star(slot.x, slot.y, 5, slot.r * 0.5, slot.r, earned ? STAR_GOLD : STAR_EMPTY)
    .setStrokeStyle(Math.max(3, slot.r / 11), earned ? STAR_GOLD_EDGE : STAR_EMPTY_EDGE);
}

/**
 * The still row: the earned stars gold, the others outlined (what the panel keeps showing).
 * Drawn hidden while a celebration runs, which shows it when it ends.
 */
export function drawStarRow(scene: Phaser.Scene, cx: number, cy: number, stars: number, kind: CelebrationKind, scale = 1): StarRow {
  const n = celebrationStars(stars);
  const hidden = running.has(scene);
  const objects = starSlots(cx, cy, kind, scale).map((slot, i) => addStar(scene, slot, i < n).setVisible(!hidden));
  const row: StarRow = { x: cx, y: cy, scale, kind, objects };
  panelRows.set(scene, row);
  return row;
}

function liveRow(scene: Phaser.Scene): StarRow | null {
  const row = panelRows.get(scene);
  return row && row.objects.every((o) => o.active) ? row : null;
}

/**
 * Starts a celebration in `scene`; returns a stop function (null when nothing is shown: 0 stars).
 * Everything it draws is removed at the end, when the scene's phase changes, or when the scene
 * shuts down.
 *
 * `panel`: the scene draws an end panel with a still row (drawStarRow) right after reacting to the
 * events; the celebration starts on the next frame over that row (hidden meanwhile) and, once
 * over, leaves it showing: the stars stay in the panel. Otherwise the row fades after ~2 s.
 */
export function celebrate(scene: Phaser.Scene, opts: CelebrateOptions): (() => void) | null {
  const stars = celebrationStars(opts.stars);
  if (stars === 0) return null;
  running.get(scene)?.();
  const reduced = prefersReducedMotion();
  const { kind } = opts;
  const objects: Phaser.GameObjects.GameObject[] = [];
  const emitters: Phaser.GameObjects.Particles.ParticleEmitter[] = [];
  const timers: Phaser.Time.TimerEvent[] = [];
  const halos: Phaser.GameObjects.GameObject[] = [];
  let still: StarRow | null = null;
  let stopped = false;
  let landed = false;

  const play = () => {
    still = opts.panel ? liveRow(scene) : null;
    const scale = still?.scale ?? opts.scale ?? 1;
    const cx = still?.x ?? opts.x ?? scene.scale.width / 2;
    const cy = still?.y ?? opts.y ?? scene.scale.height * 0.38;
    const size = CELEBRATE_SIZES[kind];
    const slots = starSlots(cx, cy, kind, scale);

    const row = slots.map((slot) =>
      addStar(scene, slot, false)
        .setDepth(CELEBRATE_DEPTH)
        .setAlpha(still ? 1 : 0),
    );
    objects.push(...row);
    if (!still) scene.tweens.add({ targets: row, alpha: 1, duration: CELEBRATE_INTRO_MS });

    const texture = reduced ? null : confettiTexture(scene);
    const popStar = (i: number) => {
      const slot = slots[i]!;
      const halo = scene.add
        .circle(slot.x, slot.y, slot.r * 1.2, STAR_GOLD, 0.25)
        .setDepth(CELEBRATE_DEPTH)
        .setAlpha(0);
      const star = addStar(scene, slot, true).setDepth(CELEBRATE_DEPTH + 1);
      objects.push(halo, star);
      halos.push(halo);
      if (reduced) {
        star.setAlpha(0);
        scene.tweens.add({ targets: [star, halo], alpha: 1, duration: CELEBRATE_STAR_POP_MS });
        return;
      }
      star.setScale(0.2).setAngle(-30);
      scene.tweens.add({ targets: star, scale: 1, angle: 0, duration: CELEBRATE_STAR_POP_MS, ease: 'Back.Out' });
      scene.tweens.add({ targets: halo, alpha: 1, duration: CELEBRATE_STAR_POP_MS });
      if (!texture) return;
      // One soft burst per star, thrown up and falling gently: small pieces, each fading out.
      const emitter = scene.add
        .particles(slot.x, slot.y, texture, {
          emitting: false,
          speed: { min: 140 * scale, max: (kind === 'game' ? 360 : 280) * scale },
          angle: { min: 200, max: 340 },
          gravityY: 420,
          lifespan: { min: CELEBRATE_CONFETTI_LIFE_MS * 0.7, max: CELEBRATE_CONFETTI_LIFE_MS },
          scale: { min: 0.7, max: 1.2 },
          rotate: { min: 0, max: 360 },
          alpha: { start: 1, end: 0 },
          tint: [...CONFETTI_COLORS],
        })
        .setDepth(CELEBRATE_DEPTH - 1);
      emitter.explode(size.confetti);
      emitters.push(emitter);
    };

    for (const step of celebrationTimeline(stars, kind)) {
      if (step.step === 'star') timers.push(scene.time.delayedCall(step.at, () => popStar(step.star ?? 0)));
      if (step.step === 'fade') {
        // Over a panel only the halos fade (the still row takes over); otherwise everything does.
        timers.push(scene.time.delayedCall(step.at, () => scene.tweens.add({ targets: still ? halos : objects, alpha: 0, duration: CELEBRATE_FADE_MS })));
      }
    }
    timers.push(
      scene.time.delayedCall(celebrationLandedMs(stars), () => {
        record.landedAt = Date.now();
        landed = true;
        opts.onLanded?.();
      }),
    );
    timers.push(scene.time.delayedCall(CELEBRATE_DURATION_MS[kind], stop));
  };

  // The celebration goes with its phase (Continuar, Jugar de nuevo...); checked a few times a second.
  const startPhase = phaseOf(scene);
  timers.push(
    scene.time.addEvent({
      delay: 100,
      loop: true,
      callback: () => {
        if (startPhase !== null && phaseOf(scene) !== startPhase) stop();
      },
    }),
  );

  function stop(): void {
    if (stopped) return;
    stopped = true;
    for (const t of timers) t.remove(false);
    for (const e of emitters) e.destroy();
    for (const o of objects) {
      scene.tweens.killTweensOf(o);
      o.destroy();
    }
    for (const o of liveRow(scene)?.objects ?? []) (o as unknown as Phaser.GameObjects.Components.Visible).setVisible(true);
    scene.events.off('shutdown', stop);
    if (running.get(scene) === stop) running.delete(scene);
    if (!landed) opts.onCutShort?.();
  }
  scene.events.once('shutdown', stop);
  running.set(scene, stop);

  const record: CelebrationRecord = { kind, stars, reducedMotion: reduced, particles: !reduced, at: Date.now() };
  if (opts.panel) timers.push(scene.time.delayedCall(0, play));
  else play();

  celebrationLog.push(record);
  if (celebrationLog.length > 50) celebrationLog.shift();
  return stop;
}

/**
 * A level's row in a free band of the board (the scene's flashBand: it covers no button nor
 * clue): its middle, at the size that fits it.
 */
export function inBand(
  band: { x: number; y: number; width: number; height: number },
  kind: CelebrationKind = 'level',
): { x: number; y: number; scale: number } {
  const scale = Math.min(starRowScale(kind, band.width), band.height / starRowHeight(kind));
  return { x: band.x + band.width / 2, y: band.y + band.height / 2, scale };
}

/** The sentence said (caption) and shown (panel) with the stars: "¡Ganaste 2 estrellas!". */
export function starsSentence(stars: number): string {
  return `¡Ganaste ${starsLabel(celebrationStars(stars))}!`;
}
