/**
 * The test view of a scene, `window.__game`: only in test mode (testMode.ts: a test build or the
 * dev server, with `?test=1`). The end-to-end specs read the game through it instead of pixels.
 */
import * as Phaser from 'phaser';
import { playedCues } from './sound';
import { type CelebrationRecord, celebrationLog } from './celebrate';
import type { SoundCue } from './volume';
import type { GameScene } from './GameScene';
import { fitSize } from './layout';
import { COLORS, css } from './theme';

/** A Text drawn in the canvas as the test hook `texts()` reports it. */
interface TextReport {
  text: string;
  /** Rendered font size in CSS px (design px × canvas scale). */
  cssPx: number;
  /** '#rrggbb' of the glyphs and of what is under them (alpha blended). */
  color: string;
  background: string;
  contrast: number;
  /** Its font size, and its left and right edges, in design px (0 … design width: inside the canvas). */
  designPx: number;
  left: number;
  right: number;
}

interface GameTestHooks {
  snapshot(): unknown;
  /** Page (viewport) coordinates of the centre of a named target ('key:A', 'button:check'...). */
  point(name: string): { x: number; y: number } | null;
  targets(): string[];
  /** Sound cues played so far (cue + volume). */
  cues(): { cue: SoundCue; volume: number }[];
  /** Phase changes with their time (Date.now()) and snapshot, oldest first (pauses, missed phases). */
  phases(): { phase: string; at: number; state: unknown }[];
  /** Speeds the scene's timers up (tests only): 1 = real time. */
  setTimeScale(scale: number): void;
  /** Every visible Text in the canvas: content, rendered size, colours and contrast. */
  texts(): TextReport[];
  /** Page (CSS px) bounds of a named target, of 'box:sign' / 'box:picture', or of 'flash' (the last banner). */
  bounds(name: string): { x: number; y: number; width: number; height: number } | null;
  /** Names of the clue boxes of the current layout ('box:sign', 'box:picture'). */
  boxes(): string[];
  /** The current design size. */
  design(): { width: number; height: number };
  /** Celebrations started so far (kind, stars, reduced motion), oldest first (games.md G-7.2). */
  celebrations(): CelebrationRecord[];
  /** The keys this scene took as moves (`KeyboardEvent.key`), oldest first: one per press. */
  keys(): string[];
  /**
   * Plays on by the game's rules, every word right, until `level` starts (games with levels:
   * hangman), so a test reaches level 10 in a moment and plays it through the UI. The scene draws
   * and publishes the result as after any move (the run keeps every round); false when the game has
   * no such hook or nothing changed.
   */
  jumpToLevel(level: number): boolean;
  /** The sign as the child sees it (CSS px): the drawn GIF / video inside its box, null when none is shown. */
  signBox(): { x: number; y: number; width: number; height: number } | null;
  /** The game's stage (the canvas) in CSS px. */
  stageBox(): { x: number; y: number; width: number; height: number };
  /** The canvas button that has the keyboard focus (its target name), or null. */
  focused(): string | null;
  /** Pictures drawn that are not tap targets ('picture:option:0', 'picture:missed'); `bounds` measures them. */
  pictures(): string[];
  /**
   * A feedback banner is on screen (growing, held or fading). Its life runs on the game's clock,
   * which Phaser slows when frames are slow (a loaded machine): a test waits for this, not for the
   * banner's length in wall-clock time.
   */
  flashing(): boolean;
}

declare global {
  interface Window {
    __game?: GameTestHooks;
  }
}

/** What the hooks read that the scene keeps to itself. */
interface HookView {
  started(): boolean;
  phaseLog(): { phase: string; at: number; state: unknown }[];
  /** The keys the scene took as moves, oldest first. */
  taken: string[];
  jump(level: number): boolean;
}

export function installTestHooks(scene: GameScene, view: HookView): GameTestHooks {
  const hooks: GameTestHooks = {
    snapshot: () => (view.started() ? scene.snapshotView() : null),
    point: (name) => scene.marks.pagePoint(name),
    targets: () => [...scene.marks.named.keys()].filter((k) => !k.startsWith('picture:') && scene.marks.isTargetLive(k)),
    cues: () => playedCues.slice(),
    celebrations: () => celebrationLog.slice(),
    keys: () => view.taken.slice(),
    phases: () => view.phaseLog().slice(),
    setTimeScale: (s) => {
      scene.clock.timeScale = s > 0 ? s : 1;
    },
    texts: () => textReports(scene),
    bounds: (name) => scene.marks.pageBounds(name),
    boxes: () => [...scene.marks.clueBoxes.keys()],
    design: () => ({ width: scene.W, height: scene.H }),
    jumpToLevel: (level) => view.jump(level),
    signBox: () => signContentBox(),
    stageBox: () => {
      const r = scene.game.canvas.getBoundingClientRect();
      return { x: r.left, y: r.top, width: r.width, height: r.height };
    },
    focused: () => scene.focus.focusName,
    pictures: () => [...scene.marks.named.keys()].filter((k) => k.startsWith('picture:') && scene.marks.isTargetLive(k)),
    flashing: () => scene.marks.flashObjects.some((o) => o.active),
  };
  window.__game = hooks;
  return hooks;
}

/**
 * Each visible Text with the colour under its centre, found from the display list itself (the
 * rectangles drawn before it, alpha blended over the camera background) rather than declared by
 * each call, so a text put on the wrong fill shows up in the test.
 */
function textReports(scene: GameScene): TextReport[] {
  type Obj = Phaser.GameObjects.GameObject & { visible?: boolean; alpha?: number; depth?: number };
  const flat: { o: Obj; alpha: number }[] = [];
  const walk = (list: Obj[], alpha: number) => {
    const sorted = list.map((o, i) => ({ o, i })).sort((a, b) => (a.o.depth ?? 0) - (b.o.depth ?? 0) || a.i - b.i);
    for (const { o } of sorted) {
      if (!o.active || o.visible === false) continue;
      // The banner is measured as it shows at full strength, not mid fade.
      const a = scene.marks.flashObjects.includes(o) ? 1 : alpha * (o.alpha ?? 1);
      if (o instanceof Phaser.GameObjects.Container) walk(o.list as Obj[], a);
      else flat.push({ o, alpha: a });
    }
  };
  walk(scene.children.list as Obj[], 1);
  const scale = scene.cssScale();
  const out: TextReport[] = [];
  flat.forEach(({ o, alpha }, i) => {
    if (!(o instanceof Phaser.GameObjects.Text) || !o.text.trim() || alpha <= 0.01) return;
    const tb = o.getBounds();
    const cx = tb.centerX;
    const cy = tb.centerY;
    let under: number = COLORS.bg;
    for (let j = 0; j < i; j++) {
      const { o: r, alpha: ra } = flat[j]!;
      if (!(r instanceof Phaser.GameObjects.Rectangle) || !r.isFilled || ra <= 0) continue;
      if (!r.getBounds().contains(cx, cy)) continue;
      under = blend(r.fillColor, under, ra * r.fillAlpha);
    }
    const ink = blend(Phaser.Display.Color.HexStringToColor(String(o.style.color)).color, under, alpha);
    const designPx = parseFloat(String(o.style.fontSize));
    out.push({
      text: o.text,
      cssPx: designPx * scale,
      color: css(ink),
      background: css(under),
      contrast: contrastRatio(ink, under),
      designPx,
      left: tb.left,
      right: tb.right,
    });
  });
  return out;
}

/** `top` with `alpha` over `bottom` (0xRRGGBB). */
function blend(top: number, bottom: number, alpha: number): number {
  const a = Math.max(0, Math.min(1, alpha));
  const ch = (c: number, sh: number) => (c >> sh) & 255;
  const mix = (sh: number) => Math.round(ch(top, sh) * a + ch(bottom, sh) * (1 - a));
  return (mix(16) << 16) | (mix(8) << 8) | mix(0);
}

/** WCAG 2 contrast ratio of two 0xRRGGBB colours (relative luminance formula). */
function contrastRatio(a: number, b: number): number {
  const lum = (c: number) => {
    const [r, g, bl] = [(c >> 16) & 255, (c >> 8) & 255, c & 255].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * The sign as drawn on the page (CSS px): the GIF canvas or video of the game's sign player, reduced
 * to the picture it shows (object-fit: contain), so the test hook measures the sign, not its box.
 */
function signContentBox(): { x: number; y: number; width: number; height: number } | null {
  const el = document.querySelector<HTMLCanvasElement | HTMLVideoElement>('[data-testid="sign-gif"] canvas, [data-testid="sign-gif"] video');
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return null;
  const iw = el instanceof HTMLVideoElement ? el.videoWidth : el.width;
  const ih = el instanceof HTMLVideoElement ? el.videoHeight : el.height;
  if (!(iw > 0) || !(ih > 0)) return { x: r.left, y: r.top, width: r.width, height: r.height };
  const fit = fitSize(iw, ih, r.width, r.height);
  return { x: r.left + (r.width - fit.width) / 2, y: r.top + (r.height - fit.height) / 2, width: fit.width, height: fit.height };
}
