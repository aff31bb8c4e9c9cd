/**
 * The loop every game scene runs around its pure rules (rules.ts): take a transition's result,
 * show its events, draw the new state, publish it and schedule the rules' next timed step. One
 * copy here instead of one per game (issue 18); each scene keeps its own drawing and feedback.
 */
import { GameScene } from './GameScene';

/** What a rules transition returns: the next state and what happened on the way. */
export interface RulesResult<S, E> {
  state: S;
  events: readonly E[];
}

/** The part of a game's rules module the loop drives. */
export interface SceneRules<S, E> {
  /** The timed step (a pause between words, a preview ending). */
  advance(state: S): RulesResult<S, E>;
  /** A new run ("Jugar de nuevo"). */
  restart(state: S): RulesResult<S, E>;
  /** How long until `advance` is due, or null when nothing is. */
  pendingDelayMs(state: S): number | null;
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
