/**
 * What one game run reports to the server (issue 17), collected from the scene's events: the word
 * ids right and wrong, and the most the run could score (each game's `maxScore`). Kept apart from
 * results.ts so the home and the menu (which read the stars) never load the games' rules.
 */
import * as Hangman from '../../../games/hangman/rules';
import * as OrderWords from '../../../games/order-words/rules';
import * as Cards from '../../../games/cards/rules';
import { mulberry32, type GameWord } from '../../../games/shared/types';
import type { GameId } from '../../../games/shared/points';
import type { RunReport } from './results';

/**
 * The most a run of `game` on these words can score. Every run of a word list has the same
 * maximum (the random draw only orders the words), so a fixed seed gives it without the scene.
 */
export function runMaxScore(game: GameId, words: readonly GameWord[]): number {
  try {
    const rng = mulberry32(1);
    if (game === 'hangman') return Hangman.maxScore(Hangman.createGame(words, rng));
    if (game === 'orderWords') return OrderWords.maxScore(OrderWords.createGame(words, rng));
    return Cards.maxScore(Cards.createGame(words, rng));
  } catch {
    return 0; // no playable word: no run can start
  }
}

/** One run's word results, from the events every scene sends (`wordId` on each answer). */
export function createRunTracker(game: GameId, idNivel: number | null, maxScore: number) {
  let right = new Set<number>();
  let wrong = new Set<number>();
  return {
    /** Reads the answers out of a batch of scene events. */
    onEvents(events: readonly { type: string; wordId?: number; correctWordId?: number }[]) {
      for (const e of events) {
        if (e.type === 'word-solved' || e.type === 'correct' || e.type === 'correct-word') {
          if (typeof e.wordId === 'number') right.add(e.wordId);
        } else if (e.type === 'word-failed' || e.type === 'wrong') {
          if (typeof e.wordId === 'number') wrong.add(e.wordId);
        } else if (e.type === 'wrong-word') {
          // Cards: the word the child did not recognise is the target, not the option tapped.
          if (typeof e.correctWordId === 'number') wrong.add(e.correctWordId);
        }
      }
    },
    /** The report of the run that just ended, then a fresh start for the next run. */
    take(score: number, won: boolean, clave: string): RunReport {
      const puntosMax = Math.max(0, Math.floor(maxScore));
      const report: RunReport = {
        clave,
        juego: game,
        idNivel,
        puntos: Math.min(puntosMax, Math.max(0, Math.floor(score))),
        puntosMax,
        ganada: won,
        palabrasBien: [...right].slice(0, 200),
        palabrasMal: [...wrong].slice(0, 200),
      };
      right = new Set();
      wrong = new Set();
      return report;
    },
  };
}
