/**
 * The loop every game scene runs around its pure rules (rules.ts): take a transition's result,
 * show its events, draw the new state, publish it and schedule the rules' next timed step. One
 * copy here instead of one per game; each scene keeps its own drawing and feedback.
 */
import { GameScene } from './GameScene';

/** What a rules transition returns: the next state and what happened on the way. */
interface RulesResult<S, E> {
  state: S;
  events: readonly E[];
}

/** The part of a game's rules module the loop drives. */
interface SceneRules<S, E> {
  /** The timed step (a pause between words, a preview ending). */
  advance(state: S): RulesResult<S, E>;
  /** A new run ("Jugar de nuevo"). */
  restart(state: S): RulesResult<S, E>;
  /** How long until `advance` is due, or null when nothing is. */
  pendingDelayMs(state: S): number | null;
  /** Test mode only (window.__game.jumpToLevel): plays on by the rules until `level` starts. */
  playToLevel?(state: S, level: number): RulesResult<S, E>;
}

export abstract class RulesScene<S, E> extends GameScene {
  /** The rules state: replaced, never mutated, by each transition. */
  protected state!: S;
  protected abstract readonly rules: SceneRules<S, E>;

  protected rulesState(): S {
    return this.state;
  }

  /** Sound, banner and caption for the events of one transition. */
  protected abstract react(events: readonly E[]): void;
  /** Draws the current state. */
  protected abstract render(): void;
  /** After the new state is drawn, before it is published (cards turn over here). */
  protected afterRender(_events: readonly E[]): void {}

  /** Takes a transition's result; an unchanged state (a refused move) does nothing. */
  protected apply(result: RulesResult<S, E>): void {
    if (result.state === this.state) return;
    this.state = result.state;
    this.react(result.events);
    this.render();
    this.afterRender(result.events);
    this.publish(result.events);
    this.scheduleNext();
  }

  /**
   * The test jump: the rules play the skipped words, and the result is drawn, published (the page
   * records every round and the points) and scheduled as after a move. Only the sounds, banners and
   * celebrations of the skipped levels are left out: nobody played them on screen.
   */
  protected override testJump(level: number): boolean {
    if (!this.rules.playToLevel) return false;
    const result = this.rules.playToLevel(this.state, level);
    if (result.state === this.state) return false;
    this.state = result.state;
    this.render();
    this.afterRender(result.events);
    this.publish(result.events);
    this.scheduleNext();
    return true;
  }

  /** A new run: the page banks the previous run's points first. */
  protected restartGame(): void {
    this.announceRestart();
    this.apply(this.rules.restart(this.state));
  }

  /** Schedules the rules' next timed step (none when nothing is pending). */
  protected scheduleNext(): void {
    this.schedule(this.rules.pendingDelayMs(this.state), () => this.apply(this.rules.advance(this.state)));
  }
}
