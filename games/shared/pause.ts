/**
 * The scene's clock: the one pending `advance` call, on a real-time timer so the games' pauses
 * (G-3 … G-5) hold even when frames are slow, and the pause that holds it (games.md G-2.7: Escape
 * pauses, Enter or Escape resumes; the page's pause panel and "¡Ahora tú!" ask through the EventBus).
 */
import { EventBus, GAME_EVENTS } from './EventBus';
import type { GameScene } from './GameScene';

export class PauseClock {
  /** Pending `advance` call: a real-time timer, so the games' pauses (G-3 … G-5) hold even when frames are slow. */
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Test-only speed-up of the pauses (window.__game.setTimeScale). */
  timeScale = 1;
  /** The call `timer` will make, when it is due and how long it had left when last paused. */
  private pending: { fn: () => void; due: number; left: number } | null = null;
  /** Paused by Escape or the page: timers hold, tweens stop, input is ignored. */
  private paused = false;

  /** `started`: the rules state exists (the scene published once); nothing to hold before. */
  constructor(
    private readonly scene: GameScene,
    private readonly started: () => boolean,
  ) {}

  /** Runs `fn` after `ms` (null: cancels a pending call). */
  schedule(ms: number | null, fn: () => void): void {
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
      if (this.scene.sys.isActive()) p.fn();
    }, p.left);
  }

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
    if (this.paused || !this.started() || !this.scene.sys.isActive()) return;
    const phase = (this.scene.snapshotView() as { phase?: string }).phase ?? '';
    if (PauseClock.UNPAUSABLE.includes(phase)) return;
    this.paused = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending) this.pending.left = Math.max(0, this.pending.due - Date.now());
    this.scene.tweens.pauseAll();
    this.scene.anims.pauseAll();
    this.scene.time.paused = true;
    this.scene.input.enabled = false;
    EventBus.emit(GAME_EVENTS.paused, true);
  }

  /** Carries on where pause() stopped. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.scene.tweens.resumeAll();
    this.scene.anims.resumeAll();
    this.scene.time.paused = false;
    this.scene.input.enabled = true;
    this.startTimer();
    EventBus.emit(GAME_EVENTS.paused, false);
  }

  onPauseRequest(pause: boolean): void {
    if (pause) this.pause();
    else this.resume();
  }

  /** Escape pauses; while paused only Escape and Enter (resume) count. True when the key was used. */
  pauseKey(ev: KeyboardEvent): boolean {
    if (this.paused) {
      if (ev.key === 'Escape' || ev.key === 'Enter') this.resume();
      return true;
    }
    if (ev.key !== 'Escape') return false;
    this.pause();
    return true;
  }

  /** The scene goes (shutdown, destroy): no pending call outlives it. */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    // The page's pause panel must not outlive the paused scene (a relayout may pause again).
    if (this.paused) EventBus.emit(GAME_EVENTS.paused, false);
    this.paused = false;
  }
}
