/**
 * What the three scenes share: words from the scene data, image loading, buttons, the feedback
 * flash (visual twin of every sound cue), hearts, the delayed `advance` timer, keyboard input that
 * ignores keys meant for the page's own controls, and the test hooks (`window.__game`).
 * Scenes stay thin: rules live in games/<game>/rules.ts.
 */
import * as Phaser from 'phaser';
import type { GameWord, Rng } from './types';
import { mulberry32 } from './types';
import { EventBus, GAME_EVENTS, type Caption, type CaptionKind, type SignOverlay } from './EventBus';
import { DESIGN_HEIGHT, DESIGN_WIDTH, fitSize, type Rect } from './layout';
import { playCue, playedCues } from './sound';
import type { SoundCue } from './volume';
import { isTestMode } from './testMode';
import { keyBelongsToPage } from './keys';

/** Registry key holding the data the page hands to the scene (set by PhaserGame). */
export const SCENE_DATA_KEY = 'sceneData';

export interface SceneData {
  words: GameWord[];
  /** Fixed seed (replays); Math.random when absent. */
  seed?: number;
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
  error: 0xc62828,
  errorLight: 0xfde0e0,
  text: 0x1d1a3a,
  muted: 0x8a87a6,
  key: 0xe8e4ff,
  overlay: 0x1d1a3a,
  gold: 0xf5b400,
} as const;

export const css = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

export interface Button {
  readonly bg: Phaser.GameObjects.Rectangle;
  readonly text: Phaser.GameObjects.Text;
  setEnabled(on: boolean): Button;
  setColors(fill: number, textColor: number): Button;
  setLabel(label: string): Button;
  setVisible(on: boolean): Button;
  destroy(): void;
}

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
  /** Pending `advance` call: a real-time timer, so the spec's pauses hold even when frames are slow. */
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Test-only speed-up of the pauses (window.__game.setTimeScale). */
  private timeScale = 1;
  private readonly named = new Map<string, Phaser.GameObjects.GameObject & Phaser.GameObjects.Components.GetBounds>();
  private flashObjects: Phaser.GameObjects.GameObject[] = [];
  private currentSign: string | null = null;
  /** Set by the first publish(): the rules state exists from then on. */
  private started = false;
  private phaseLog: { phase: string; at: number; state: unknown }[] = [];

  init(given: SceneData): void {
    const data: Partial<SceneData> = Array.isArray(given?.words) ? given : ((this.registry.get(SCENE_DATA_KEY) as SceneData | undefined) ?? {});
    this.words = Array.isArray(data.words) ? data.words : [];
    this.rng = typeof data.seed === 'number' ? mulberry32(data.seed) : Math.random;
    this.named.clear();
    this.flashObjects = [];
    this.timer = null;
    this.timeScale = 1;
    this.currentSign = null;
    this.started = false;
    this.phaseLog = [];
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
    this.input.keyboard?.on('keydown', (ev: KeyboardEvent) => {
      if (keyBelongsToPage(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      this.onKey(ev);
    });
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.tearDown());
    this.events.once(Phaser.Scenes.Events.DESTROY, () => this.tearDown());
    if (this.testMode) {
      window.__game = {
        snapshot: () => (this.started ? this.snapshotView() : null),
        point: (name) => this.pagePoint(name),
        targets: () => [...this.named.keys()].filter((k) => this.isTargetLive(k)),
        cues: () => playedCues.slice(),
        phases: () => this.phaseLog.slice(),
        setTimeScale: (s) => {
          this.timeScale = s > 0 ? s : 1;
        },
      };
    }
  }

  private tearDown(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.testMode && window.__game) delete window.__game;
    EventBus.emit(GAME_EVENTS.sign, null);
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
      _pendingInsertion?: unknown[]; _pendingRemoval?: unknown[]; _list?: unknown[]; clear?: (o: unknown, skipQueue?: boolean) => void;
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

  protected publish(events: readonly unknown[]): void {
    this.flushInputList();
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
    if (ms === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.sys.isActive()) fn();
    }, ms / this.timeScale);
  }

  // --- sound + its visual twin -------------------------------------------------------------------

  /**
   * Feedback for the events of one transition: ONE sound (the last cue given), ONE canvas flash
   * (the last one marked), and ONE caption joining every line, so nothing said is lost.
   */
  /** Where the feedback banner appears (design y); scenes move it off their main targets. */
  protected flashY = 330;

  protected feedback(lines: readonly Feedback[]): void {
    if (lines.length === 0) return;
    const withSound = [...lines].reverse().find((f) => f.cue !== null);
    const withFlash = [...lines].reverse().find((f) => f.flash);
    if (withSound?.cue) playCue(withSound.cue);
    if (withFlash) this.flash(withFlash.text, withFlash.kind, this.flashY);
    const main = withSound ?? withFlash ?? lines[lines.length - 1]!;
    const caption: Caption = { text: lines.map((f) => f.text).join(' '), kind: main.kind };
    EventBus.emit(GAME_EVENTS.caption, caption);
  }

  /** Big coloured banner in the middle of the canvas for ~1 s (narrow: it stays between the sign and picture boxes, under which the DOM GIF sits). */
  protected flash(text: string, kind: CaptionKind, y = 330): void {
    for (const o of this.flashObjects) o.destroy();
    const fill = kind === 'success' ? COLORS.success : kind === 'error' ? COLORS.error : COLORS.primary;
    const icon = kind === 'success' ? '✔ ' : kind === 'error' ? '✘ ' : '';
    const label = this.add
      .text(DESIGN_WIDTH / 2, y, icon + text, { fontFamily: FONT, fontSize: '42px', fontStyle: 'bold', color: '#ffffff', align: 'center', wordWrap: { width: 480 } })
      .setOrigin(0.5)
      .setDepth(51);
    const bg = this.add
      .rectangle(DESIGN_WIDTH / 2, y, Math.max(360, label.width + 80), label.height + 40, fill)
      .setRounded(24)
      .setStrokeStyle(6, 0xffffff)
      .setDepth(50);
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
    const bg = this.add.rectangle(x, y, w, h, fill).setRounded(opts.radius ?? Math.min(24, h / 2)).setStrokeStyle(3, 0xffffff, 0.9);
    const text = this.add
      .text(x, y, label, { fontFamily: FONT, fontSize: `${opts.fontSize ?? 30}px`, fontStyle: 'bold', color: css(textColor), align: 'center' })
      .setOrigin(0.5);
    if (opts.into) opts.into.add([bg, text]);
    bg.setInteractive({ useHandCursor: true });
    bg.on('pointerover', () => enabled && bg.setAlpha(0.88));
    bg.on('pointerout', () => bg.setAlpha(enabled ? 1 : 0.45));
    bg.on('pointerup', () => {
      if (enabled) onClick();
    });
    const api: Button = {
      bg,
      text,
      setEnabled(on) {
        enabled = on;
        bg.setAlpha(on ? 1 : 0.45);
        text.setAlpha(on ? 1 : 0.6);
        if (bg.input) bg.input.cursor = on ? 'pointer' : 'default';
        return api;
      },
      setColors(f, t) {
        fill = f;
        textColor = t;
        bg.setFillStyle(fill);
        text.setColor(css(textColor));
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

  protected text(x: number, y: number, value: string, size = 28, color: number = COLORS.text, bold = false): Phaser.GameObjects.Text {
    return this.add.text(x, y, value, { fontFamily: FONT, fontSize: `${size}px`, color: css(color), fontStyle: bold ? 'bold' : 'normal', align: 'center' });
  }

  /** Hearts ♥ for lives left, grey ones for lives lost. */
  protected drawHearts(container: Phaser.GameObjects.Container, x: number, y: number, lives: number, max: number): void {
    for (let i = 0; i < max; i++) {
      const alive = i < lives;
      container.add(
        this.text(x + i * 46, y, '♥', 44, alive ? COLORS.error : 0xc9c6dc, true).setOrigin(0.5),
      );
    }
    container.add(this.text(x + max * 46 + 6, y, `× ${lives}`, 26, COLORS.text, true).setOrigin(0, 0.5));
  }

  /** Top bar background shared by the scenes. */
  protected drawTopBar(): void {
    this.add.rectangle(DESIGN_WIDTH / 2, 40, DESIGN_WIDTH, 80, COLORS.panel).setStrokeStyle(2, 0xdcd6ff);
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
  protected drawFrame(box: Rect, caption: string, into?: Phaser.GameObjects.Container): void {
    const frame = this.add
      .rectangle(box.x + box.width / 2, box.y + box.height / 2, box.width + 16, box.height + 16, COLORS.panel)
      .setRounded(20)
      .setStrokeStyle(4, COLORS.primary, 0.5);
    const label = this.text(box.x + box.width / 2, box.y + box.height + 14, caption, 22, COLORS.muted, true).setOrigin(0.5, 0);
    if (into) into.add([frame, label]);
  }

  /** Places (or hides, with null) the animated sign GIF the page draws over the canvas. */
  protected showSign(w: GameWord | null, box: Rect): void {
    const url = w?.sign ?? null;
    const key = url ? `${url}|${box.x},${box.y},${box.width},${box.height}` : null;
    if (key === this.currentSign) return;
    this.currentSign = key;
    const overlay: SignOverlay | null = url ? { url, compact: w?.signCompact ?? null, ...box } : null;
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
    if (!this.isTargetLive(name)) return null;
    const obj = this.named.get(name)!;
    const b = obj.getBounds();
    const canvas = this.game.canvas;
    const r = canvas.getBoundingClientRect();
    const sx = r.width / DESIGN_WIDTH;
    const sy = r.height / DESIGN_HEIGHT;
    return { x: r.left + b.centerX * sx, y: r.top + b.centerY * sy };
  }

  /** Tells the page a new run starts (it banks the previous run's points). */
  protected announceRestart(): void {
    EventBus.emit(GAME_EVENTS.restart);
  }

  protected requestExit(): void {
    EventBus.emit(GAME_EVENTS.exit);
  }
}

export { DESIGN_HEIGHT, DESIGN_WIDTH };
