/**
 * What the three scenes share: words from the scene data, image loading, buttons, the feedback
 * flash (visual twin of every sound cue), hearts, the delayed `advance` timer, keyboard input that
 * ignores keys meant for the page's own controls, and the test hooks (`window.__game`).
 * Scenes stay thin: rules live in games/<game>/rules.ts.
 */
import * as Phaser from 'phaser';
import type { GameWord, Rng } from '../../src/shared/rules/games/types';
import { mulberry32 } from '../../src/shared/rules/games/types';
import { EventBus, GAME_EVENTS, type Caption, type CaptionKind, type SignOverlay, type SignSource, type TabRequest } from './EventBus';
import { fitSize, type Rect, type SignStage } from './layout';
import { playCue, playedCues } from './sound';
import {
  type CelebrateOptions,
  type CelebrationKind,
  type CelebrationRecord,
  celebrate,
  celebrationLog,
  celebrationStars,
  drawStarRow,
  starRowHeight,
  starRowScale,
  starsSentence,
} from './celebrate';
import type { SoundCue } from './volume';
import { isTestMode } from './testMode';
import { keyBelongsToPage } from './keys';

/** Registry key holding the data the page hands to the scene (set by PhaserGame). */
export const SCENE_DATA_KEY = 'sceneData';

export interface SceneData {
  words: GameWord[];
  /** Fixed seed (replays); Math.random when absent. */
  seed?: number;
  /** Set by relayout(): the rules state to carry on from, and the run's random source and log. */
  carry?: Carry;
}

/** What a scene restarted for a new design size (tablet rotated) keeps. */
export interface Carry {
  state: unknown;
  rng: Rng;
  phaseLog: { phase: string; at: number; state: unknown }[];
  paused: boolean;
}

/** A Text drawn in the canvas as the test hook `texts()` reports it. */
export interface TextReport {
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

/** One line of feedback: the sound to play (if any), the words, and whether to flash them. */
export interface Feedback {
  cue: SoundCue | null;
  text: string;
  kind: CaptionKind;
  flash: boolean;
}

export const FONT = 'Nunito, "Trebuchet MS", "DejaVu Sans", Arial, sans-serif';

export const COLORS = {
  bg: 0xf4f1ff,
  panel: 0xffffff,
  primary: 0x4a3aff,
  primaryDark: 0x3322cc,
  success: 0x1b7f4a,
  successLight: 0xd6f5e3,
  error: 0xb42318,
  errorLight: 0xfde0e0,
  text: 0x1d1a3a,
  /** Secondary text: 6.7:1 on white, 6:1 on the page background (WCAG AA). */
  muted: 0x5b5878,
  /** Fill of a disabled button (its text stays COLORS.text; a dashed look is drawn by button()). */
  disabled: 0xe6e4ee,
  key: 0xe8e4ff,
  overlay: 0x1d1a3a,
  gold: 0xf5b400,
} as const;

export const css = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

export interface Button {
  readonly bg: Phaser.GameObjects.Rectangle;
  readonly text: Phaser.GameObjects.Text;
  /** Off: greyed (or, with keep, left in its colours); never a faded, unreadable text. */
  setEnabled(on: boolean, keep?: boolean): Button;
  setColors(fill: number, textColor: number): Button;
  setLabel(label: string): Button;
  setVisible(on: boolean): Button;
  readonly enabled: boolean;
  destroy(): void;
}

/** A canvas button the keyboard reaches with Tab (Enter / Space press it). */
interface KeyButton {
  button: Button;
  label: string;
  fn: () => void;
  /** Panel buttons (instructions, level and end screens) come before the in-play ones. */
  panel: boolean;
}

export type HintKind = 'picture' | 'letter';

/** What the instructions' demonstration shows after the sign: letter keys, letter tiles or cards. */
export type PanelDemo = 'keys' | 'tiles' | 'cards';
/** Height of that demonstration in design px. */
const DEMO_HEIGHT = 120;
/** The loss panel's missed word: its picture's height and the word's line (design px). */
const MISSED_PICTURE_HEIGHT = 170;
const MISSED_WORD_HEIGHT = 60;

export interface ButtonOptions {
  fill?: number;
  textColor?: number;
  fontSize?: number;
  radius?: number;
  /** Container to add the button to (destroyed with it). */
  into?: Phaser.GameObjects.Container;
}

/** The test view of a scene: `window.__game` in test mode. */
export interface GameTestHooks {
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

export abstract class GameScene extends Phaser.Scene {
  protected words: GameWord[] = [];
  protected rng: Rng = Math.random;
  protected readonly testMode = isTestMode();
  /** Pending `advance` call: a real-time timer, so the games' pauses (G-3 … G-5) hold even when frames are slow. */
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Test-only speed-up of the pauses (window.__game.setTimeScale). */
  private timeScale = 1;
  private readonly named = new Map<string, Phaser.GameObjects.GameObject & Phaser.GameObjects.Components.GetBounds>();
  private flashObjects: Phaser.GameObjects.GameObject[] = [];
  private currentSign: string | null = null;
  /** Set by the first publish(): the rules state exists from then on. */
  private started = false;
  private phaseLog: { phase: string; at: number; state: unknown }[] = [];
  /** The call `timer` will make, when it is due and how long it had left when last paused. */
  private pending: { fn: () => void; due: number; left: number } | null = null;
  /** Paused by Escape or the page: timers hold, tweens stop, input is ignored. */
  private paused = false;

  /** Set when the scene was restarted by relayout(): create() carries on from this rules state. */
  protected carried: unknown = null;
  private carry: Carry | null = null;
  /** Clue boxes of the current layout (sign, picture): banners never cover them. */
  private clueBoxes = new Map<string, Rect>();
  /** Last feedback banner (design px), kept after it faded for the layout test. */
  private lastFlash: Rect | null = null;
  /** Canvas buttons reachable with Tab, by target name, and the one focused. */
  private keyButtons = new Map<string, KeyButton>();
  private focusName: string | null = null;
  private focusRing: Phaser.GameObjects.Rectangle | null = null;
  /** Where the feedback banner may go (design px): a band covering no button nor clue. */
  protected flashBand: Rect = { x: 360, y: 250, width: 560, height: 160 };

  /** Design size the scene is laid out for. */
  protected get W(): number {
    return this.scale.width;
  }
  protected get H(): number {
    return this.scale.height;
  }
  protected get landscape(): boolean {
    return this.scale.width > this.scale.height;
  }

  init(given: SceneData): void {
    const data: Partial<SceneData> = Array.isArray(given?.words) ? given : ((this.registry.get(SCENE_DATA_KEY) as SceneData | undefined) ?? {});
    this.words = Array.isArray(data.words) ? data.words : [];
    this.rng = typeof data.seed === 'number' ? mulberry32(data.seed) : Math.random;
    // From `data`, not `given`: a scene added before the game booted gets its data from the registry.
    this.carry = data.carry ?? null;
    this.carried = this.carry?.state ?? null;
    if (this.carry) this.rng = this.carry.rng;
    this.clueBoxes = new Map();
    this.lastFlash = null;
    this.named.clear();
    this.flashObjects = [];
    this.timer = null;
    this.pending = null;
    this.paused = false;
    this.timeScale = 1;
    this.currentSign = null;
    this.started = false;
    this.phaseLog = this.carry ? this.carry.phaseLog : [];
    this.keyButtons = new Map();
    this.focusName = null;
    this.focusRing = null;
  }

  /** The rules state (plain JSON), handed over when the scene is laid out again. */
  protected abstract rulesState(): unknown;

  /**
   * What a new game of another design size (the page's, when a tablet turned) needs to carry on
   * from here: the rules state, so no progress or points are lost. The pending pause starts over
   * (a word's 1.5 s shows again in full), which never shortens what the child sees.
   */
  carryOver(): Carry | null {
    if (!this.started) return null;
    return { state: this.rulesState(), rng: this.rng, phaseLog: this.phaseLog, paused: this.isPaused };
  }

  preload(): void {
    this.load.on(Phaser.Loader.Events.FILE_LOAD_ERROR, (file: Phaser.Loader.File) => {
      console.warn('No se pudo cargar la imagen', file.src);
    });
    for (const w of this.words) {
      if (w.image) this.load.image(this.imageKey(w), w.image);
    }
  }

  /** Common set-up; subclasses call it first in create(). */
  protected setUp(): void {
    this.cameras.main.setBackgroundColor(css(COLORS.bg));
    // One key press is one move. Phaser's KeyboardManager keeps every DOM key event of the current
    // frame in a queue that is emptied only after the game's step, and hands the whole queue over
    // again at each new key event: on a slow frame (a loaded tablet, software WebGL) a press of 'c'
    // then of 'o' reached this handler as c, c, o, c, o. Remembering only the last event let the
    // earlier ones through again (seen in CI: 'o' picked both o's of 'conejo'); every event handled
    // is remembered (a WeakSet: the events go with the frame).
    const handled = new WeakSet<KeyboardEvent>();
    const taken: string[] = [];
    this.input.keyboard?.on('keydown', (ev: KeyboardEvent) => {
      if (handled.has(ev)) return;
      handled.add(ev);
      if (keyBelongsToPage(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (ev.key === 'Tab') return; // moved by the page's keydown (onTab), in time to stop the browser
      if (this.testMode) taken.push(ev.key);
      if (this.pauseKey(ev)) return;
      if ((ev.key === 'Enter' || ev.key === ' ') && this.pressFocused()) return;
      this.onKey(ev);
    });
    // What is under a tap, top first, as the display list will draw it (see topFirst).
    (this.input as unknown as { sortGameObjects: (objs: Phaser.GameObjects.GameObject[]) => Phaser.GameObjects.GameObject[] }).sortGameObjects = (objs) =>
      this.topFirst(objs);
    EventBus.on(GAME_EVENTS.pauseRequest, this.onPauseRequest, this);
    EventBus.on(GAME_EVENTS.tab, this.onTab, this);
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.tearDown());
    this.events.once(Phaser.Scenes.Events.DESTROY, () => this.tearDown());
    if (this.carry?.paused) this.events.once(Phaser.Scenes.Events.CREATE, () => this.pause());
    if (this.testMode) {
      window.__game = {
        snapshot: () => (this.started ? this.snapshotView() : null),
        point: (name) => this.pagePoint(name),
        targets: () => [...this.named.keys()].filter((k) => !k.startsWith('picture:') && this.isTargetLive(k)),
        cues: () => playedCues.slice(),
        celebrations: () => celebrationLog.slice(),
        keys: () => taken.slice(),
        phases: () => this.phaseLog.slice(),
        setTimeScale: (s) => {
          this.timeScale = s > 0 ? s : 1;
        },
        texts: () => this.textReports(),
        bounds: (name) => this.pageBounds(name),
        boxes: () => [...this.clueBoxes.keys()],
        design: () => ({ width: this.W, height: this.H }),
        jumpToLevel: (level) => this.testJump(level),
        signBox: () => signContentBox(),
        stageBox: () => {
          const r = this.game.canvas.getBoundingClientRect();
          return { x: r.left, y: r.top, width: r.width, height: r.height };
        },
        focused: () => this.focusName,
        pictures: () => [...this.named.keys()].filter((k) => k.startsWith('picture:') && this.isTargetLive(k)),
        flashing: () => this.flashObjects.some((o) => o.active),
      };
    }
  }

  private tearDown(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    // The page's pause panel must not outlive the paused scene (a relayout may pause again).
    if (this.paused) EventBus.emit(GAME_EVENTS.paused, false);
    this.paused = false;
    EventBus.off(GAME_EVENTS.pauseRequest, this.onPauseRequest, this);
    EventBus.off(GAME_EVENTS.tab, this.onTab, this);
    if (this.testMode && window.__game) delete window.__game;
    EventBus.emit(GAME_EVENTS.sign, null);
    EventBus.emit(GAME_EVENTS.focus, null);
  }

  /** Test hook behind `window.__game.jumpToLevel` (RulesScene plays it by the rules). */
  protected testJump(_level: number): boolean {
    return false;
  }

  /** JSON view of the rules state (rules.ts `snapshot`). */
  abstract snapshotView(): unknown;
  /** A key the page did not claim. */
  protected abstract onKey(ev: KeyboardEvent): void;

  // --- state publishing ------------------------------------------------------------------------

  /**
   * Every scene redraws its board after each change, and Phaser adds a new interactive object to
   * the input list only at the next frame's preUpdate (InputPlugin's pending insertions) while it
   * handles a DOM tap at once: a tap in the frame after a redraw found nothing under it and was
   * lost (a child tapping quickly on a slow tablet; the e2e suite on software WebGL lost 1 tap in
   * ~200). So after each redraw the pending objects join the list now, as preUpdate would (the same
   * steps, without re-emitting the frame's events). Phaser has no public call for it; if a Phaser
   * release renames these fields this does nothing, and the games e2e would show lost taps again.
   */
  private flushInputList(): void {
    const ip = this.input as unknown as {
      _pendingInsertion?: unknown[];
      _pendingRemoval?: unknown[];
      _list?: unknown[];
      clear?: (o: unknown, skipQueue?: boolean) => void;
    };
    const insert = ip._pendingInsertion;
    const remove = ip._pendingRemoval;
    if (!Array.isArray(insert) || !Array.isArray(remove) || !Array.isArray(ip._list) || typeof ip.clear !== 'function') return;
    if (insert.length === 0 && remove.length === 0) return;
    const current = ip._list;
    for (const o of remove) {
      const i = current.indexOf(o);
      if (i > -1) {
        current.splice(i, 1);
        ip.clear(o, true);
      }
    }
    remove.length = 0;
    ip._list = current.concat(insert.splice(0));
  }

  /**
   * The objects under a pointer, top first, by the display list as it is now (depth, then order,
   * containers' children in their place), which is the order the next frame draws. Phaser's own
   * InputPlugin#sortGameObjects orders them by the camera's list of the LAST frame drawn, where an
   * object made since counts as the bottom one: an end panel opened by a timer and tapped before
   * its first frame gave the tap to its dimmed backdrop (made first, so first among equals) instead
   * of "Jugar de nuevo" over it, and the tap was lost (CI under load: the hangman's loss panel).
   */
  private topFirst(objs: Phaser.GameObjects.GameObject[]): Phaser.GameObjects.GameObject[] {
    if (objs.length < 2) return objs;
    const order = new Map<Phaser.GameObjects.GameObject, number>();
    const walk = (list: readonly Phaser.GameObjects.GameObject[]) => {
      for (const o of list) {
        order.set(o, order.size);
        if (o instanceof Phaser.GameObjects.Container) walk(o.list);
      }
    };
    this.children.depthSort();
    walk(this.children.list);
    return objs.sort((a, b) => (order.get(b) ?? -1) - (order.get(a) ?? -1));
  }

  protected publish(events: readonly unknown[]): void {
    this.flushInputList();
    this.drawFocusRing();
    this.started = true;
    const snap = this.snapshotView() as { phase?: string };
    if (this.testMode && snap.phase !== this.phaseLog[this.phaseLog.length - 1]?.phase) {
      this.phaseLog.push({ phase: snap.phase ?? '', at: Date.now(), state: snap });
      if (this.phaseLog.length > 200) this.phaseLog.shift();
    }
    EventBus.emit(GAME_EVENTS.state, snap);
    if (events.length > 0) EventBus.emit(GAME_EVENTS.events, events);
  }

  /** Runs `fn` after `ms` (null: cancels a pending call). */
  protected schedule(ms: number | null, fn: () => void): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    if (ms === null) return;
    this.pending = { fn, due: Date.now() + ms / this.timeScale, left: ms / this.timeScale };
    if (!this.paused) this.startTimer();
  }

  /** Starts the real-time timer of the pending call (its remaining time). */
  private startTimer(): void {
    const p = this.pending;
    if (!p) return;
    p.due = Date.now() + p.left;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pending = null;
      if (this.sys.isActive()) p.fn();
    }, p.left);
  }

  // --- pause (games.md G-2.7: Escape pauses, Enter or Escape resumes) ------------------------------

  /** Phases with nothing running to hold: the instructions and the end panels. */
  private static readonly UNPAUSABLE = ['instructions', 'won', 'lost'];

  get isPaused(): boolean {
    return this.paused;
  }

  /**
   * Holds the game: the pending `advance` keeps its remaining time (a 2 s preview paused after
   * 0.5 s still shows 1.5 s once resumed), tweens and animations stop, taps and keys are ignored.
   * The page draws the pause panel (it hears GAME_EVENTS.paused). The sign player is the page's:
   * it keeps its own controls.
   */
  pause(): void {
    if (this.paused || !this.started || !this.sys.isActive()) return;
    const phase = (this.snapshotView() as { phase?: string }).phase ?? '';
    if (GameScene.UNPAUSABLE.includes(phase)) return;
    this.paused = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending) this.pending.left = Math.max(0, this.pending.due - Date.now());
    this.tweens.pauseAll();
    this.anims.pauseAll();
    this.time.paused = true;
    this.input.enabled = false;
    EventBus.emit(GAME_EVENTS.paused, true);
  }

  /** Carries on where pause() stopped. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.tweens.resumeAll();
    this.anims.resumeAll();
    this.time.paused = false;
    this.input.enabled = true;
    this.startTimer();
    EventBus.emit(GAME_EVENTS.paused, false);
  }

  private onPauseRequest(pause: boolean): void {
    if (pause) this.pause();
    else this.resume();
  }

  /** Escape pauses; while paused only Escape and Enter (resume) count. True when the key was used. */
  private pauseKey(ev: KeyboardEvent): boolean {
    if (this.paused) {
      if (ev.key === 'Escape' || ev.key === 'Enter') this.resume();
      return true;
    }
    if (ev.key !== 'Escape') return false;
    this.pause();
    return true;
  }

  // --- sound + its visual twin -------------------------------------------------------------------

  /**
   * Feedback for the events of one transition: ONE sound (the last cue given), ONE canvas flash
   * (the last one marked), and ONE caption joining every line, so nothing said is lost.
   */
  protected feedback(lines: readonly Feedback[]): void {
    if (lines.length === 0) return;
    const withSound = [...lines].reverse().find((f) => f.cue !== null);
    const withFlash = [...lines].reverse().find((f) => f.flash);
    if (withSound?.cue) playCue(withSound.cue);
    if (withFlash) this.flash(withFlash.text, withFlash.kind);
    EventBus.emit(GAME_EVENTS.caption, captionOf(lines));
  }

  /**
   * Feedback with a celebration: the caption says the stars only once they have all landed, so
   * caption and stars agree at every moment (it said "¡Ganaste 3 estrellas!" while 2 showed). The
   * sound, banner and the rest of the caption come at once, as with any transition.
   */
  protected feedbackWithStars(lines: readonly Feedback[], party: CelebrateOptions | null): void {
    const sentence = party ? starsSentence(party.stars) : '';
    if (!party || celebrationStars(party.stars) === 0 || !lines.some((f) => f.text.includes(sentence))) {
      this.feedback(lines);
      if (party) celebrate(this, party);
      return;
    }
    const full = captionOf(lines);
    this.feedback(lines.map((f) => ({ ...f, text: f.text.replace(sentence, '').replace(/\s+/g, ' ').trim() })).filter((f) => f.text || f.cue));
    celebrate(this, { ...party, onLanded: () => EventBus.emit(GAME_EVENTS.caption, full) });
  }

  /**
   * Big coloured banner for ~1 s, inside the scene's `flashBand` (a band of the layout that covers
   * no button, key, tile, card nor clue box, near where the child is looking); its text shrinks
   * rather than overflow the band.
   */
  protected flash(text: string, kind: CaptionKind): void {
    for (const o of this.flashObjects) o.destroy();
    const band = this.flashBand;
    const fill = kind === 'success' ? COLORS.success : kind === 'error' ? COLORS.error : COLORS.primary;
    const icon = kind === 'success' ? '✔ ' : kind === 'error' ? '✘ ' : '';
    const cx = band.x + band.width / 2;
    const cy = band.y + band.height / 2;
    const pad = { x: 28, y: 14 };
    let size = 42;
    const label = this.add
      .text(cx, cy, icon + text, {
        fontFamily: FONT,
        fontSize: `${size}px`,
        fontStyle: 'bold',
        color: '#ffffff',
        align: 'center',
        wordWrap: { width: band.width - 2 * pad.x },
      })
      .setOrigin(0.5)
      .setDepth(51);
    while (size > 26 && (label.height + 2 * pad.y > band.height || label.width + 2 * pad.x > band.width)) {
      size -= 4;
      label.setFontSize(size);
    }
    const w = Math.min(band.width, Math.max(Math.min(360, band.width), label.width + 2 * pad.x));
    const h = Math.min(band.height, label.height + 2 * pad.y);
    const bg = this.add
      .rectangle(cx, cy, w, h, fill)
      .setRounded(Math.min(24, h / 2))
      .setStrokeStyle(6, 0xffffff)
      .setDepth(50);
    this.lastFlash = { x: cx - w / 2, y: cy - h / 2, width: w, height: h };
    this.flashObjects = [bg, label];
    const parts = [bg, label];
    for (const p of parts) p.setScale(0.6);
    this.tweens.add({ targets: parts, scale: 1, duration: 180, ease: 'Back.Out' });
    this.tweens.add({
      targets: parts,
      alpha: 0,
      delay: 950,
      duration: 250,
      onComplete: () => {
        for (const p of parts) p.destroy();
      },
    });
  }

  // --- drawing helpers ----------------------------------------------------------------------------

  protected button(x: number, y: number, w: number, h: number, label: string, onClick: () => void, opts: ButtonOptions = {}): Button {
    let fill = opts.fill ?? COLORS.primary;
    let textColor = opts.textColor ?? 0xffffff;
    let enabled = true;
    let keepLook = false;
    const bg = this.add
      .rectangle(x, y, w, h, fill)
      .setRounded(opts.radius ?? Math.min(24, h / 2))
      .setStrokeStyle(3, 0xffffff, 0.9);
    const text = this.add
      .text(x, y, label, { fontFamily: FONT, fontSize: `${opts.fontSize ?? 30}px`, fontStyle: 'bold', color: css(textColor), align: 'center' })
      .setOrigin(0.5);
    if (opts.into) opts.into.add([bg, text]);
    bg.setInteractive({ useHandCursor: true });
    bg.on('pointerover', () => enabled && bg.setAlpha(0.88));
    bg.on('pointerout', () => bg.setAlpha(1));
    bg.on('pointerup', () => {
      if (enabled) onClick();
    });
    // Disabled: grey fill, dark text (still 11:1) and a grey outline instead of a faded text that
    // a child could not read; `keep` leaves a coloured state (a used key: green or red) as it is.
    const paint = () => {
      const grey = !enabled && !keepLook;
      bg.setAlpha(1)
        .setFillStyle(grey ? COLORS.disabled : fill)
        .setStrokeStyle(grey ? 3 : 3, grey ? 0xb9b5cf : 0xffffff, grey ? 1 : 0.9);
      text.setAlpha(1).setColor(css(grey ? COLORS.text : textColor));
    };
    const api: Button = {
      bg,
      text,
      get enabled() {
        return enabled && bg.active && bg.visible;
      },
      setEnabled(on, keep = false) {
        enabled = on;
        keepLook = keep;
        paint();
        if (bg.input) bg.input.cursor = on ? 'pointer' : 'default';
        return api;
      },
      setColors(f, t) {
        fill = f;
        textColor = t;
        paint();
        return api;
      },
      setLabel(l) {
        text.setText(l);
        return api;
      },
      setVisible(on) {
        bg.setVisible(on);
        text.setVisible(on);
        if (bg.input) bg.input.enabled = on;
        return api;
      },
      destroy() {
        bg.destroy();
        text.destroy();
      },
    };
    return api;
  }

  /** A touch screen (Phaser's device check): prompts do not name keys the child does not have. */
  protected get touch(): boolean {
    return this.sys.game.device.input.touch;
  }

  protected text(x: number, y: number, value: string, size = 28, color: number = COLORS.text, bold = false): Phaser.GameObjects.Text {
    return this.add.text(x, y, value, { fontFamily: FONT, fontSize: `${size}px`, color: css(color), fontStyle: bold ? 'bold' : 'normal', align: 'center' });
  }

  /**
   * A text of the narrow portrait column (level, points, word count) made to fit its `width`: the
   * font shrinks, never below 18 CSS px (what a child can read; games-fit checks it). 'Palabra 1'
   * in 22 px bold ran past the column's edge at 768×1024, under the stage's rounded corner.
   */
  protected fitWidth(t: Phaser.GameObjects.Text, width: number): Phaser.GameObjects.Text {
    const floor = Math.ceil(18 / Math.max(this.cssScale(), 0.01));
    let size = parseInt(String(t.style.fontSize), 10);
    while (t.width > width && size > floor) t.setFontSize(--size);
    return t;
  }

  /**
   * The overlay panel (instructions, level passed, game over...) sized for the layout, with its
   * buttons side by side when they fit, else stacked; every button is a named target.
   */
  protected drawPanel(
    into: Phaser.GameObjects.Container,
    title: string,
    body: string,
    color: number,
    buttons: { name: string; label: string; fn: () => void; fill?: number; icon?: string }[],
    /** The stars earned (G-7.2): a row under the title (celebrate() plays over it). */
    stars?: { count: number; kind: CelebrationKind },
    /** Instructions: a drawn demonstration of the game (the sign, then what to tap) under the text. */
    demo?: PanelDemo,
    /** A lost run: the word it was lost on, its picture and the word, under the title (docs/games.md, "End screens"). */
    missed?: GameWord | null,
  ): void {
    const W = this.W;
    const H = this.H;
    const pw = Math.min(840, W - 32);
    const bw = Math.min(340, pw - 48);
    const bh = 88;
    const side = buttons.length <= 1 || 2 * bw + 24 <= pw - 48;
    const rows = side ? Math.min(1, buttons.length) : buttons.length;
    const dim = this.add.rectangle(W / 2, H / 2, W, H, COLORS.overlay, 0.55).setInteractive();
    const t = this.text(W / 2, 0, title, W < 600 ? 44 : 56, color, true)
      .setOrigin(0.5, 0)
      .setWordWrapWidth(pw - 48);
    const b = this.text(W / 2, 0, body, W < 600 ? 26 : 30, COLORS.text)
      .setOrigin(0.5, 0)
      .setWordWrapWidth(pw - 56)
      .setLineSpacing(8);
    const starScale = stars ? starRowScale(stars.kind, pw - 48) : 1;
    // The demonstration sits under the title, before the text: a child who does not read sees it first.
    let demoH = demo ? DEMO_HEIGHT : 0;
    // The missed word: its picture (when it has one) over the word, shrinking like the demonstration.
    const missedPic = Boolean(missed?.image && this.textures.exists(this.imageKey(missed)));
    let missedPicH = missed && missedPic ? MISSED_PICTURE_HEIGHT : 0;
    const missedH = () => (missed ? missedPicH + (missedPicH ? 8 : 0) + MISSED_WORD_HEIGHT : 0);
    const sh = () => (stars ? starRowHeight(stars.kind, starScale) + 16 : demoH ? demoH + 16 : missed ? missedH() + 16 : 0);
    const height = () => 40 + t.height + sh() + 24 + b.height + 32 + rows * (bh + 16) + 24;
    // A long text on a phone: smaller type (never under 22 design px, 18 CSS px on a phone) and
    // tighter lines, so the panel and its buttons stay inside the canvas.
    for (let bodyPx = 24, titlePx = 40; height() > H - 16 && bodyPx >= 22; bodyPx -= 2, titlePx = Math.max(34, titlePx - 4)) {
      t.setFontSize(titlePx);
      b.setFontSize(bodyPx).setLineSpacing(4);
    }
    // Still too tall (a long text on a small screen): the demonstration gets smaller, then goes.
    while (demoH && height() > H - 16) demoH = demoH > 72 ? demoH - 16 : 0;
    while (missedPicH && height() > H - 16) missedPicH = missedPicH > 96 ? missedPicH - 16 : 0;
    const ph = height();
    const top = Math.max(8, (H - ph) / 2);
    const box = this.add
      .rectangle(W / 2, top + ph / 2, pw, ph, COLORS.panel)
      .setRounded(32)
      .setStrokeStyle(8, color);
    t.setY(top + 40);
    b.setY(top + 40 + t.height + sh() + 24);
    into.add([dim, box, t, b]);
    if (stars) into.add(drawStarRow(this, W / 2, top + 40 + t.height + 16 + sh() / 2, stars.count, stars.kind, starScale).objects);
    if (demo && demoH) this.drawDemo(into, demo, W / 2, top + 40 + t.height + 16, Math.min(pw - 64, 640), demoH);
    if (missed) this.drawMissed(into, missed, W / 2, top + 40 + t.height + 16, Math.min(pw - 64, 420), missedPicH, color);
    const by = top + 40 + t.height + sh() + 24 + b.height + 32 + bh / 2;
    buttons.forEach((spec, i) => {
      const x = side ? W / 2 + (i - (buttons.length - 1) / 2) * (bw + 24) : W / 2;
      const y = side ? by : by + i * (bh + 16);
      // The icon is drawn in the label; the screen-reader line and the spec's text stay the word alone.
      const btn = this.button(x, y, bw, bh, spec.icon ? `${spec.icon}  ${spec.label}` : spec.label, spec.fn, {
        into,
        fill: spec.fill ?? COLORS.primary,
        fontSize: 32,
      });
      this.target(`button:${spec.name}`, btn.bg);
      this.keyButton(`button:${spec.name}`, btn, spec.label, spec.fn, true);
    });
  }

  /**
   * The word a lost run ended on (a child who does not read sees what they missed): its picture in
   * a white frame, the word under it in big letters, in the panel's colour (the test hook's
   * `pictures()` names it `picture:missed`).
   */
  private drawMissed(into: Phaser.GameObjects.Container, w: GameWord, cx: number, top: number, width: number, picH: number, color: number): void {
    if (picH) {
      const box = { x: cx - width / 2, y: top, width, height: picH };
      into.add(
        this.add
          .rectangle(cx, top + picH / 2, Math.min(width, picH * 1.6), picH, COLORS.panel)
          .setRounded(16)
          .setStrokeStyle(4, color, 0.6),
      );
      const img = this.addPicture(
        w,
        { x: cx - Math.min(width, picH * 1.6) / 2 + 8, y: box.y + 8, width: Math.min(width, picH * 1.6) - 16, height: picH - 16 },
        into,
      );
      if (img) this.target('picture:missed', img);
    }
    const wordY = top + picH + (picH ? 8 : 0) + MISSED_WORD_HEIGHT / 2;
    const word = this.text(cx, wordY, w.es, 48, color, true).setOrigin(0.5);
    this.fitWidth(word, width);
    into.add(word);
  }

  /**
   * The instructions' demonstration, drawn from simple shapes (no new assets): the sign (a framed
   * box with a play triangle) → an arrow → what the game asks the child to
   * tap (letter keys, letter tiles, or three cards with the star), and a finger ring that travels
   * from the sign to the right target and taps it, again and again. It moves slowly (one trip in
   * 1.6 s, no change of brightness: nothing flashes); with reduced motion the ring stays on the target.
   */
  protected drawDemo(into: Phaser.GameObjects.Container, demo: PanelDemo, cx: number, top: number, width: number, h: number): void {
    const mid = top + h / 2;
    const signW = Math.round(h * 1.2);
    const left = cx - width / 2;
    // The sign.
    const sx = left + signW / 2;
    into.add(this.add.rectangle(sx, mid, signW, h, COLORS.panel).setRounded(16).setStrokeStyle(5, COLORS.primary));
    into.add(this.add.triangle(sx, mid, 0, 0, 0, 36, 30, 18, COLORS.primary).setOrigin(0.5));
    // The arrow.
    const ax = left + signW + 40;
    into.add(this.text(ax, mid, '➜', 48, COLORS.muted, true).setOrigin(0.5));
    // The targets.
    const tx0 = ax + 44;
    const room = left + width - tx0;
    const n = 3;
    const gap = 16;
    const tw = Math.min(demo === 'cards' ? 90 : 76, (room - gap * (n - 1)) / n);
    const th = demo === 'cards' ? h : Math.min(h, 76);
    const labels = demo === 'keys' ? ['G', 'A', 'T'] : demo === 'tiles' ? ['t', 'g', 'a'] : ['★', '', ''];
    const right = demo === 'cards' ? 0 : 1;
    let target = { x: 0, y: mid };
    labels.forEach((label, i) => {
      const x = tx0 + tw / 2 + i * (tw + gap);
      const isRight = i === right;
      const fill = demo === 'cards' ? COLORS.primary : isRight ? COLORS.successLight : COLORS.key;
      into.add(
        this.add
          .rectangle(x, mid, tw, th, fill)
          .setRounded(14)
          .setStrokeStyle(4, isRight ? COLORS.success : COLORS.primary),
      );
      if (label) into.add(this.text(x, mid, label, demo === 'cards' ? 44 : 36, demo === 'cards' ? 0xffffff : COLORS.text, true).setOrigin(0.5));
      if (isRight) target = { x, y: mid };
    });
    // The finger: a ring like the tap ring, from the sign to the right target.
    const ring = this.add.circle(target.x, target.y + th / 4, 18, 0xffffff, 0).setStrokeStyle(6, COLORS.text, 0.9);
    into.add(ring);
    const reduced = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!reduced) {
      ring.setPosition(sx + signW / 4, mid + h / 4);
      this.tweens.add({ targets: ring, x: target.x, y: target.y + th / 4, duration: 1600, ease: 'Sine.easeInOut', hold: 600, repeatDelay: 400, repeat: -1 });
    }
  }

  /** Hearts ♥ for lives left, grey ones for lives lost. */
  protected drawHearts(container: Phaser.GameObjects.Container, x: number, y: number, lives: number, max: number, step = 46): number {
    for (let i = 0; i < max; i++) {
      const alive = i < lives;
      // Lost hearts: an outline (♡) in the text colour, readable, not a pale grey heart.
      container.add(this.text(x + i * step, y, alive ? '♥' : '♡', Math.round(step * 0.95), alive ? COLORS.error : COLORS.muted, true).setOrigin(0.5));
    }
    const count = this.text(x + max * step - step / 2 + 6, y, `× ${lives}`, 28, COLORS.text, true).setOrigin(0, 0.5);
    container.add(count);
    return count.x + count.width;
  }

  /**
   * The top bar of a phone-wide layout, in two rows so nothing runs into anything: the level and
   * the points, then the hearts and the word/round count.
   */
  protected drawNarrowHud(into: Phaser.GameObjects.Container, level: string, points: string, lives: number, max: number, count: string): void {
    const r1 = 22;
    const r2 = 58;
    into.add(this.text(14, r1, level, 26, COLORS.primaryDark, true).setOrigin(0, 0.5));
    into.add(this.text(this.W - 14, r1, points, 26, COLORS.text, true).setOrigin(1, 0.5));
    this.drawHearts(into, 30, r2, lives, max, 32);
    into.add(this.text(this.W - 14, r2, count, 24, COLORS.text, true).setOrigin(1, 0.5));
  }

  /** Top bar background shared by the scenes. */
  protected drawTopBar(height = 80): void {
    this.add.rectangle(this.W / 2, height / 2, this.W, height, COLORS.panel).setStrokeStyle(2, 0xdcd6ff);
  }

  protected imageKey(w: GameWord): string {
    return `img-${w.id}`;
  }

  /** The word's picture fitted in `box` (null when it has none or it failed to load). */
  protected addPicture(w: GameWord | null, box: Rect, into?: Phaser.GameObjects.Container): Phaser.GameObjects.Image | null {
    if (!w || !w.image || !this.textures.exists(this.imageKey(w))) return null;
    const img = this.add.image(box.x + box.width / 2, box.y + box.height / 2, this.imageKey(w));
    const size = fitSize(img.width, img.height, box.width, box.height);
    img.setDisplaySize(size.width, size.height);
    if (into) into.add(img);
    return img;
  }

  /** Frame of a box (sign or picture) with a caption under it. */
  protected drawFrame(box: Rect, caption: string, into?: Phaser.GameObjects.Container, name?: 'sign' | 'picture'): void {
    if (name) this.clueBoxes.set(`box:${name}`, { x: box.x - 8, y: box.y - 8, width: box.width + 16, height: box.height + 16 + 44 });
    const frame = this.add
      .rectangle(box.x + box.width / 2, box.y + box.height / 2, box.width + 16, box.height + 16, COLORS.panel)
      .setRounded(20)
      .setStrokeStyle(4, COLORS.primary, 0.5);
    const label = this.text(box.x + box.width / 2, box.y + box.height + 12, caption, 26, COLORS.muted, true).setOrigin(0.5, 0);
    if (into) into.add([frame, label]);
  }

  /**
   * The sign's frame: a white panel under the sign and its controls strip (the page draws the
   * player over both: the sign in the top box, its buttons in the strip, never on the sign). The
   * clue box covers both, so no banner lands on them.
   */
  protected drawSignFrame(stage: SignStage, into?: Phaser.GameObjects.Container): void {
    const box = signOverlayBox(stage);
    this.clueBoxes.set('box:sign', { x: box.x - 6, y: box.y - 6, width: box.width + 12, height: box.height + 12 });
    const frame = this.add
      .rectangle(box.x + box.width / 2, box.y + box.height / 2, box.width + 8, box.height + 8, COLORS.panel)
      .setRounded(20)
      .setStrokeStyle(4, COLORS.primary, 0.5);
    if (into) into.add(frame);
  }

  /** A clue box of the layout (the picture once asked for, a prompt the child must read now): banners never cover it. */
  protected markClue(name: 'picture' | 'prompt', box: Rect | null): void {
    if (box) this.clueBoxes.set(`box:${name}`, box);
    else this.clueBoxes.delete(`box:${name}`);
  }

  /**
   * The word games' two hints (docs/games.md, "Hints"): the picture — once asked, drawn in its
   * button's place and kept clear of banners — and one letter. `ask` applies the game's own rule.
   */
  protected drawWordHints(o: {
    word: GameWord | null;
    shown: readonly HintKind[];
    open: readonly HintKind[];
    price: string;
    boxes: { picture: Rect; letter: Rect };
    /** Where the picture shows once asked (docs/games.md: at least 160 px wide), default its button's place. */
    pictureAt?: Rect;
    ask: (kind: HintKind) => void;
    into: Phaser.GameObjects.Container;
  }): void {
    const pic = o.shown.includes('picture') && o.pictureAt ? o.pictureAt : o.boxes.picture;
    if (o.shown.includes('picture') && o.word) {
      o.into.add(this.add.rectangle(pic.x + pic.width / 2, pic.y + pic.height / 2, pic.width, pic.height, COLORS.panel).setRounded(14));
      if (!this.addPicture(o.word, { x: pic.x + 4, y: pic.y + 4, width: pic.width - 8, height: pic.height - 8 }, o.into)) {
        o.into.add(this.text(pic.x + pic.width / 2, pic.y + pic.height / 2, 'Sin dibujo', 22, COLORS.muted, true).setOrigin(0.5));
      }
      this.markClue('picture', pic);
    } else {
      this.markClue('picture', null);
      this.hintButton('hint:picture', o.boxes.picture, 'picture', 'Ver dibujo', o.price, o.open.includes('picture'), () => o.ask('picture'), o.into);
    }
    this.hintButton('hint:letter', o.boxes.letter, 'letter', 'Ver letra', o.price, o.open.includes('letter'), () => o.ask('letter'), o.into);
  }

  /**
   * A hint button (docs/games.md, "Hints"): a big target with its icon above its words (a picture
   * for the picture, "Aa" for the word), reachable with Tab like the panels' buttons.
   */
  protected hintButton(
    name: string,
    box: Rect,
    kind: HintKind,
    label: string,
    cost: string,
    enabled: boolean,
    fn: () => void,
    into: Phaser.GameObjects.Container,
  ): Button {
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const b = this.button(cx, cy, box.width, box.height, '', fn, { into, fill: COLORS.panel, textColor: COLORS.primaryDark, radius: 18 });
    b.bg.setStrokeStyle(4, COLORS.primary);
    const narrow = box.width < 200;
    const iconY = narrow ? box.y + 24 : cy;
    const iconX = narrow ? cx : box.x + 32;
    const g = this.add.graphics();
    if (kind === 'picture') {
      // A framed landscape: the picture icon.
      g.lineStyle(4, COLORS.primaryDark, 1).strokeRoundedRect(iconX - 20, iconY - 15, 40, 30, 5);
      g.fillStyle(COLORS.success, 1).fillTriangle(iconX - 16, iconY + 11, iconX - 4, iconY - 5, iconX + 8, iconY + 11);
      g.fillStyle(COLORS.gold, 1).fillCircle(iconX + 9, iconY - 6, 5);
      into.add(g);
    } else {
      into.add(this.text(iconX, iconY, 'Aa', 32, COLORS.primaryDark, true).setOrigin(0.5));
      g.destroy();
    }
    if (narrow) {
      // A narrow column (portrait): the icon, then the words on two lines; the cost is in the
      // instructions and the caption (too long for the column).
      const phone = this.W < 600;
      const words = phone ? label.replace(/^Ver /, '') : label.replace(' ', '\n');
      into.add(
        this.text(cx, box.y + 44 + (box.height - 44) / 2, words, phone ? 22 : 20, COLORS.text, true)
          .setOrigin(0.5)
          .setLineSpacing(-4),
      );
    } else {
      // The words fit the button: a narrow landscape column shrinks them, never below 18 CSS px
      // (the smallest text a child is shown: docs/games.md), instead of running past the button's edge.
      const room = box.width - 70;
      const floor = Math.max(20, Math.ceil(18 / Math.max(this.cssScale(), 0.01)));
      const words = this.text(box.x + 60, cy - 14, label, 26, COLORS.text, true).setOrigin(0, 0.5);
      for (let size = 25; words.width > room && size >= floor; size--) words.setFontSize(size);
      into.add(words);
      const price = this.text(box.x + 60, cy + 17, cost, 23, COLORS.muted, true).setOrigin(0, 0.5);
      for (let size = 22; price.width > room && size >= floor; size--) price.setFontSize(size);
      into.add(price);
    }
    b.setEnabled(enabled);
    if (!enabled) b.bg.setStrokeStyle(3, 0xb9b5cf);
    this.target(name, b.bg);
    this.keyButton(name, b, `${label} (${cost})`, fn, false);
    return b;
  }

  // --- keyboard focus of canvas buttons (Tab, Enter / Space) -----------------------------------

  /** Makes a canvas button reachable with Tab. */
  protected keyButton(name: string, button: Button, label: string, fn: () => void, panel: boolean): void {
    this.keyButtons.set(name, { button, label, fn, panel });
  }

  /** The buttons Tab goes through now: the open panel's, else the live in-play ones. */
  private tabOrder(): string[] {
    const live = [...this.keyButtons.entries()].filter(([, k]) => k.button.enabled && k.button.bg.scene === this);
    for (const [n] of [...this.keyButtons.entries()]) if (!live.some(([m]) => m === n) && !this.keyButtons.get(n)!.button.bg.active) this.keyButtons.delete(n);
    const panel = live.filter(([, k]) => k.panel);
    return (panel.length > 0 ? panel : live).map(([n]) => n);
  }

  /**
   * Tab from the game area goes to the first canvas button, then the next; past the last one it
   * leaves the game (the page's next control), so a keyboard never gets stuck in the canvas.
   */
  private onTab(req: TabRequest): void {
    if (this.paused || !this.sys.isActive()) return;
    const order = this.tabOrder();
    if (order.length === 0) return;
    const at = this.focusName ? order.indexOf(this.focusName) : -1;
    const next = at < 0 ? (req.back ? order.length - 1 : 0) : at + (req.back ? -1 : 1);
    this.setFocus(next >= 0 && next < order.length ? order[next]! : null);
    req.taken = this.focusName !== null;
  }

  private setFocus(name: string | null): void {
    this.focusName = name;
    this.drawFocusRing();
    EventBus.emit(GAME_EVENTS.focus, name ? (this.keyButtons.get(name)?.label ?? null) : null);
  }

  /** Enter / Space on a focused canvas button presses it. True when one was pressed. */
  private pressFocused(): boolean {
    const k = this.focusName ? this.keyButtons.get(this.focusName) : undefined;
    if (!k || !k.button.enabled) return false;
    k.fn();
    return true;
  }

  /** The focus ring: thick, dark and yellow like the page's, redrawn after every render. */
  private drawFocusRing(): void {
    this.focusRing?.destroy();
    this.focusRing = null;
    if (!this.focusName) return;
    const k = this.keyButtons.get(this.focusName);
    if (!k || !k.button.enabled || !this.tabOrder().includes(this.focusName)) {
      this.focusName = null;
      EventBus.emit(GAME_EVENTS.focus, null);
      return;
    }
    const b = k.button.bg.getBounds();
    this.focusRing = this.add
      .rectangle(b.centerX, b.centerY, b.width + 16, b.height + 16)
      .setStrokeStyle(6, COLORS.text)
      .setRounded(24)
      .setDepth(60);
  }

  /** Tells the page which signs come next, so they are loaded before their round starts. */
  protected preloadSigns(words: readonly (GameWord | null | undefined)[]): void {
    const list: SignSource[] = [];
    for (const w of words) if (w?.sign && !list.some((s) => s.url === w.sign)) list.push({ url: w.sign, compact: w.signCompact ?? null });
    if (list.length) EventBus.emit(GAME_EVENTS.preload, list);
  }

  /** Places (or hides, with null) the animated sign GIF the page draws over the canvas. */
  protected showSign(w: GameWord | null, at: Rect | SignStage, speed: number | null = null): void {
    const box = 'sign' in at ? signOverlayBox(at) : at;
    const url = w?.sign ?? null;
    const key = url ? `${url}|${box.x},${box.y},${box.width},${box.height}|${speed ?? ''}` : null;
    if (key === this.currentSign) return;
    this.currentSign = key;
    const overlay: SignOverlay | null = url ? { url, compact: w?.signCompact ?? null, ...box, speed } : null;
    EventBus.emit(GAME_EVENTS.sign, overlay);
  }

  // --- test targets --------------------------------------------------------------------------------

  protected target<T extends Phaser.GameObjects.GameObject & Phaser.GameObjects.Components.GetBounds>(name: string, obj: T): T {
    this.named.set(name, obj);
    return obj;
  }

  protected forgetTargets(prefix: string): void {
    for (const k of [...this.named.keys()]) if (k.startsWith(prefix)) this.named.delete(k);
  }

  private isTargetLive(name: string): boolean {
    const o = this.named.get(name) as (Phaser.GameObjects.GameObject & { visible?: boolean }) | undefined;
    return Boolean(o && o.active && o.scene && o.visible !== false);
  }

  private pagePoint(name: string): { x: number; y: number } | null {
    const b = this.pageBounds(name);
    return b ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : null;
  }

  /** CSS px per design px. */
  private cssScale(): number {
    return this.game.canvas.getBoundingClientRect().width / this.W;
  }

  private pageBounds(name: string): Rect | null {
    let b: Rect | null = null;
    if (name === 'flash') b = this.lastFlash;
    else if (this.clueBoxes.has(name)) b = this.clueBoxes.get(name)!;
    else if (this.isTargetLive(name)) {
      const g = this.named.get(name)!.getBounds();
      b = { x: g.x, y: g.y, width: g.width, height: g.height };
    }
    if (!b) return null;
    const r = this.game.canvas.getBoundingClientRect();
    const sx = r.width / this.W;
    const sy = r.height / this.H;
    return { x: r.left + b.x * sx, y: r.top + b.y * sy, width: b.width * sx, height: b.height * sy };
  }

  /**
   * Each visible Text with the colour under its centre, found from the display list itself (the
   * rectangles drawn before it, alpha blended over the camera background) rather than declared by
   * each call, so a text put on the wrong fill shows up in the test.
   */
  private textReports(): TextReport[] {
    type Obj = Phaser.GameObjects.GameObject & { visible?: boolean; alpha?: number; depth?: number };
    const flat: { o: Obj; alpha: number }[] = [];
    const walk = (list: Obj[], alpha: number) => {
      const sorted = list.map((o, i) => ({ o, i })).sort((a, b) => (a.o.depth ?? 0) - (b.o.depth ?? 0) || a.i - b.i);
      for (const { o } of sorted) {
        if (!o.active || o.visible === false) continue;
        // The banner is measured as it shows at full strength, not mid fade.
        const a = this.flashObjects.includes(o) ? 1 : alpha * (o.alpha ?? 1);
        if (o instanceof Phaser.GameObjects.Container) walk(o.list as Obj[], a);
        else flat.push({ o, alpha: a });
      }
    };
    walk(this.children.list as Obj[], 1);
    const scale = this.cssScale();
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

  /** Tells the page a new run starts (it banks the previous run's points). */
  protected announceRestart(): void {
    EventBus.emit(GAME_EVENTS.restart);
  }

  protected requestExit(): void {
    EventBus.emit(GAME_EVENTS.exit);
  }
}

/** ONE caption joining every line of a transition, in the colour of its sound (else its banner, else its last line). */
function captionOf(lines: readonly Feedback[]): Caption {
  const withSound = [...lines].reverse().find((f) => f.cue !== null);
  const withFlash = [...lines].reverse().find((f) => f.flash);
  const main = withSound ?? withFlash ?? lines[lines.length - 1]!;
  return { text: lines.map((f) => f.text).join(' '), kind: main.kind };
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

/** The box the page draws the sign player in: the sign and its controls strip under it. */
export function signOverlayBox(stage: SignStage): Rect {
  return { x: stage.sign.x, y: stage.sign.y, width: stage.sign.width, height: stage.controls.y + stage.controls.height - stage.sign.y };
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
