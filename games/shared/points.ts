/**
 * Points of the games, held in memory (games.md G-7.1: "a global total and one per game").
 * A tiny store with subscribe: the module lives as long as the SPA session, so the totals survive
 * navigation between the games menu and the games. No Phaser, no React.
 *
 * After a reload (or on another device) the totals start again from the server's (the
 * child's runs kept by /api/partidas), set once per session with `seed`; during a game this store
 * stays the on-screen source (docs/decisions.md, "Game results and stars").
 *
 * A game "banks" the score of a finished run (won, lost, restarted or left half-way): the run's
 * score is added once to that game's total and to the global total (see `createRunBank`).
 */
import type { GameRunGame } from '../../src/shared/rules/gameRun';

/** The games, as the server's run reports name them (src/shared/rules/gameRun.ts). */
export type GameId = GameRunGame;

export const GAME_IDS: readonly GameId[] = Object.freeze(['hangman', 'orderWords', 'cards']);

export interface PointsSnapshot {
  total: number;
  byGame: Readonly<Record<GameId, number>>;
}

interface PointsStore {
  get(): PointsSnapshot;
  /** Adds `points` (a whole number ≥ 0; anything else is ignored) to `game` and to the total. */
  add(game: GameId, points: number): void;
  subscribe(listener: (points: PointsSnapshot) => void): () => void;
  /** Replaces the totals (the account's, from the server); bad numbers count as 0. */
  seed(points: PointsSnapshot): void;
  reset(): void;
}

const zero = (): PointsSnapshot => ({ total: 0, byGame: { hangman: 0, orderWords: 0, cards: 0 } });

export function createPointsStore(): PointsStore {
  let current = zero();
  const listeners = new Set<(p: PointsSnapshot) => void>();
  const emit = () => {
    for (const l of [...listeners]) l(current);
  };
  return {
    get: () => current,
    add(game, points) {
      if (!GAME_IDS.includes(game)) return;
      if (!Number.isFinite(points) || points <= 0) return;
      const n = Math.floor(points);
      current = { total: current.total + n, byGame: { ...current.byGame, [game]: current.byGame[game] + n } };
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    seed(p) {
      const whole = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
      const byGame = { hangman: whole(p.byGame.hangman), orderWords: whole(p.byGame.orderWords), cards: whole(p.byGame.cards) };
      current = { total: byGame.hangman + byGame.orderWords + byGame.cards, byGame };
      emit();
    },
    reset() {
      current = zero();
      emit();
    },
  };
}

/** The store the menu and the game pages share. */
export const points = createPointsStore();

/**
 * Tracks one game's running score and banks it exactly once per run:
 * `update(score)` while playing, `finish()` when the run ends (won / lost), `restart()` when a
 * new run starts (banks the previous run if it was not banked), `leave()` on unmount.
 */
export function createRunBank(store: PointsStore, game: GameId) {
  let score = 0;
  let banked = false;
  const bank = () => {
    if (!banked) store.add(game, score);
    banked = true;
  };
  return {
    update(s: number) {
      if (Number.isFinite(s)) score = Math.max(0, s);
    },
    finish: bank,
    leave: bank,
    restart() {
      bank();
      score = 0;
      banked = false;
    },
    get score() {
      return score;
    },
    get banked() {
      return banked;
    },
  };
}
