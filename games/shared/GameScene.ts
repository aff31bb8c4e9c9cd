/**
 * What the three scenes share: words from the scene data, image loading, the state they publish,
 * and the parts each scene is made of, given the scene: buttons (button.ts), the feedback banner
 * and caption (feedback.ts), the panels (panels.ts), hearts, hints and the sign's frame (hud.ts),
 * the pending `advance` timer and the pause (pause.ts), Tab focus of canvas buttons (focus.ts),
 * named targets (targets.ts) and the test hooks (testHooks.ts, `window.__game`). The drawing
 * helpers those parts call are public for that reason; the scenes call the thin methods here.
 * Scenes stay thin: rules live in games/<game>/rules.ts.
 */
import * as Phaser from 'phaser';
import type { GameWord, Rng } from '../../src/shared/rules/games/types';
import { mulberry32 } from '../../src/shared/rules/games/types';
import { EventBus, GAME_EVENTS, type CaptionKind, type SignOverlay, type SignSource } from './EventBus';
import { fitSize, type Rect, type SignStage } from './layout';
import type { CelebrateOptions } from './celebrate';
import { isTestMode } from './testMode';
import { keyBelongsToPage } from './keys';
import { type Button, type ButtonOptions, drawButton } from './button';
import { COLORS, FONT, css } from './theme';
import { type Feedback, feedback, feedbackWithStars, flash } from './feedback';
import { drawPanel } from './panels';
import { drawHearts, drawSignFrame, drawWordHints, hintButton, signOverlayBox } from './hud';
import { PauseClock } from './pause';
import { KeyFocus } from './focus';
import { SceneTargets } from './targets';
import { flushInputList, topFirst } from './input';
import { installTestHooks } from './testHooks';

/** The arguments of a part's function after the scene: the thin methods below pass them on. */
type After<F> = F extends (scene: GameScene, ...rest: infer R) => unknown ? R : never;

/** Registry key holding the data the page hands to the scene (set by PhaserGame). */
export const SCENE_DATA_KEY = 'sceneData';

interface SceneData {
  words: GameWord[];
  /** Fixed seed (replays); Math.random when absent. */
  seed?: number;
  /** Set by relayout(): the rules state to carry on from, and the run's random source and log. */
  carry?: Carry;
}

/** What a scene restarted for a new design size (tablet rotated) keeps. */
interface Carry {
  state: unknown;
  rng: Rng;
  phaseLog: { phase: string; at: number; state: unknown }[];
  paused: boolean;
}

export abstract class GameScene extends Phaser.Scene {
  protected words: GameWord[] = [];
  protected rng: Rng = Math.random;
  protected readonly testMode = isTestMode();
  private currentSign: string | null = null;
  /** Set by the first publish(): the rules state exists from then on. */
  private started = false;
  private phaseLog: { phase: string; at: number; state: unknown }[] = [];
  /** The pending `advance` call and the pause that holds it. */
  clock = new PauseClock(this, () => this.started);
  /** Named targets, clue boxes and the last banner. */
  marks = new SceneTargets(this);
  /** Canvas buttons reachable with Tab, and the one focused. */
  focus = new KeyFocus(this);

  /** This scene's window.__game (test builds only). */
  private hooks: ReturnType<typeof installTestHooks> | null = null;
  /** Set when the scene was restarted by relayout(): create() carries on from this rules state. */
  protected carried: unknown = null;
  private carry: Carry | null = null;
  /** Where the feedback banner may go (design px): a band covering no button nor clue. */
  flashBand: Rect = { x: 360, y: 250, width: 560, height: 160 };

  /** Design size the scene is laid out for. */
  get W(): number {
    return this.scale.width;
  }
  get H(): number {
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
    this.marks = new SceneTargets(this);
    this.clock = new PauseClock(this, () => this.started);
    this.currentSign = null;
    this.started = false;
    this.phaseLog = this.carry ? this.carry.phaseLog : [];
    this.focus = new KeyFocus(this);
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
      if (this.clock.pauseKey(ev)) return;
      if ((ev.key === 'Enter' || ev.key === ' ') && this.focus.pressFocused()) return;
      this.onKey(ev);
    });
    // What is under a tap, top first, as the display list will draw it (see topFirst).
    (this.input as unknown as { sortGameObjects: (objs: Phaser.GameObjects.GameObject[]) => Phaser.GameObjects.GameObject[] }).sortGameObjects = (objs) =>
      topFirst(this, objs);
    EventBus.on(GAME_EVENTS.pauseRequest, this.clock.onPauseRequest, this.clock);
    EventBus.on(GAME_EVENTS.tab, this.focus.onTab, this.focus);
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.tearDown());
    this.events.once(Phaser.Scenes.Events.DESTROY, () => this.tearDown());
    if (this.carry?.paused) this.events.once(Phaser.Scenes.Events.CREATE, () => this.pause());
    if (this.testMode) {
      this.hooks = installTestHooks(this, { started: () => this.started, phaseLog: () => this.phaseLog, taken, jump: (level) => this.testJump(level) });
    }
  }

  private tearDown(): void {
    this.clock.stop();
    EventBus.off(GAME_EVENTS.pauseRequest, this.clock.onPauseRequest, this.clock);
    EventBus.off(GAME_EVENTS.tab, this.focus.onTab, this.focus);
    // Only this scene's hooks: a game made anew for a new size may have put its own there first
    // (the old game is destroyed on its next frame, not at once).
    if (this.testMode && this.hooks && window.__game === this.hooks) delete window.__game;
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

  protected publish(events: readonly unknown[]): void {
    flushInputList(this.input);
    this.focus.drawFocusRing();
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
    this.clock.schedule(ms, fn);
  }

  get isPaused(): boolean {
    return this.clock.isPaused;
  }

  /** Holds the game (pause.ts): Escape, the page's pause panel, "¡Ahora tú!". */
  pause(): void {
    this.clock.pause();
  }

  /** Carries on where pause() stopped. */
  resume(): void {
    this.clock.resume();
  }

  // --- the parts (each in its own module, given the scene) ----------------------------------------

  protected feedback(lines: readonly Feedback[]): void {
    feedback(this, lines);
  }

  protected feedbackWithStars(lines: readonly Feedback[], party: CelebrateOptions | null): void {
    feedbackWithStars(this, lines, party);
  }

  protected flash(text: string, kind: CaptionKind): void {
    flash(this, text, kind);
  }

  button(x: number, y: number, w: number, h: number, label: string, onClick: () => void, opts: ButtonOptions = {}): Button {
    return drawButton(this, x, y, w, h, label, onClick, opts);
  }

  protected drawPanel(...args: After<typeof drawPanel>): void {
    drawPanel(this, ...args);
  }

  protected drawHearts(...args: After<typeof drawHearts>): number {
    return drawHearts(this, ...args);
  }

  protected drawSignFrame(...args: After<typeof drawSignFrame>): void {
    drawSignFrame(this, ...args);
  }

  protected drawWordHints(...args: After<typeof drawWordHints>): void {
    drawWordHints(this, ...args);
  }

  protected hintButton(...args: After<typeof hintButton>): Button {
    return hintButton(this, ...args);
  }

  /** Makes a canvas button reachable with Tab. */
  keyButton(name: string, button: Button, label: string, fn: () => void, panel: boolean): void {
    this.focus.keyButton(name, button, label, fn, panel);
  }

  // --- drawing helpers ----------------------------------------------------------------------------

  /** A touch screen (Phaser's device check): prompts do not name keys the child does not have. */
  protected get touch(): boolean {
    return this.sys.game.device.input.touch;
  }

  text(x: number, y: number, value: string, size = 28, color: number = COLORS.text, bold = false): Phaser.GameObjects.Text {
    return this.add.text(x, y, value, { fontFamily: FONT, fontSize: `${size}px`, color: css(color), fontStyle: bold ? 'bold' : 'normal', align: 'center' });
  }

  /**
   * A text of the narrow portrait column (level, points, word count) made to fit its `width`: the
   * font shrinks, never below 18 CSS px (what a child can read; games-fit checks it). 'Palabra 1'
   * in 22 px bold ran past the column's edge at 768×1024, under the stage's rounded corner.
   */
  fitWidth(t: Phaser.GameObjects.Text, width: number): Phaser.GameObjects.Text {
    const floor = Math.ceil(18 / Math.max(this.cssScale(), 0.01));
    let size = parseInt(String(t.style.fontSize), 10);
    while (t.width > width && size > floor) t.setFontSize(--size);
    return t;
  }

  imageKey(w: GameWord): string {
    return `img-${w.id}`;
  }

  /** The word's picture fitted in `box` (null when it has none or it failed to load). */
  addPicture(w: GameWord | null, box: Rect, into?: Phaser.GameObjects.Container): Phaser.GameObjects.Image | null {
    if (!w || !w.image || !this.textures.exists(this.imageKey(w))) return null;
    const img = this.add.image(box.x + box.width / 2, box.y + box.height / 2, this.imageKey(w));
    const size = fitSize(img.width, img.height, box.width, box.height);
    img.setDisplaySize(size.width, size.height);
    if (into) into.add(img);
    return img;
  }
  /** A clue box of the layout (the picture once asked for, a prompt the child must read now): banners never cover it. */
  markClue(name: 'picture' | 'prompt', box: Rect | null): void {
    if (box) this.marks.clueBoxes.set(`box:${name}`, box);
    else this.marks.clueBoxes.delete(`box:${name}`);
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

  target<T extends Phaser.GameObjects.GameObject & Phaser.GameObjects.Components.GetBounds>(name: string, obj: T): T {
    return this.marks.target(name, obj);
  }

  protected forgetTargets(prefix: string): void {
    this.marks.forgetTargets(prefix);
  }

  /** CSS px per design px. */
  cssScale(): number {
    return this.game.canvas.getBoundingClientRect().width / this.W;
  }

  /** Tells the page a new run starts (it banks the previous run's points). */
  protected announceRestart(): void {
    EventBus.emit(GAME_EVENTS.restart);
  }

  protected requestExit(): void {
    EventBus.emit(GAME_EVENTS.exit);
  }
}
