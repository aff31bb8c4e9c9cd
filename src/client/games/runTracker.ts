/**
 * What one game run reports to the server (games.md G-7.3), collected from the scene's events: the game's
 * words, the rounds played, the word ids right and wrong, and the most the run could score (each
 * game's `maxScore`). Kept apart from
 * results.ts so the home and the menu (which read the stars) never load the games' rules.
 */
import * as Hangman from '../../shared/rules/games/hangman';
import * as OrderWords from '../../shared/rules/games/orderWords';
import * as Cards from '../../shared/rules/games/cards';
import { mulberry32, type GameWord } from '../../shared/rules/games/types';
import { type RunRound, wordResults } from '../../shared/rules/games/run';
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

/** Hangman's events that follow the pause after a word (the word is then behind the game). */
const HANGMAN_MOVED_ON = new Set(['next-word', 'level-passed', 'level-failed', 'game-over', 'game-won']);

/**
 * One run's rounds, from the events every scene sends: each word played to its end is one round
 * (its word, right or not, and the misses inside it: hangman's wrong letters, cards' wrong cards,
 * and in every game the hints asked).
 * The report carries them with the game's words, so the server can replay the run by the game's
 * own rules (src/shared/rules/games/<game>.ts `replayRun`); the figures sent are what those rules give.
 */
export function createRunTracker(game: GameId, idNivel: number | null, words: readonly GameWord[]) {
  const maxScore = runMaxScore(game, words);
  const palabras = [...new Set(words.map((w) => w.id))];
  let rounds: RunRound[] = [];
  let misses = 0;
  /**
   * Hangman adds a level's score only when the pause after its last word ends, so its word counts
   * once the game moves on (the next word / level event); the other games score at the answer.
   */
  let pending: RunRound | null = null;
  const round = (idPalabra: number | undefined, bien: boolean) => {
    if (typeof idPalabra === 'number') {
      const r = { idPalabra, bien, fallos: misses };
      if (game === 'hangman') pending = r;
      else rounds.push(r);
    }
    misses = 0;
  };
  return {
    /** Reads the rounds out of a batch of scene events (in the order the rules gave them). */
    onEvents(events: readonly { type: string; wordId?: number; correctWordId?: number }[]) {
      for (const e of events) {
        if (pending && HANGMAN_MOVED_ON.has(e.type)) {
          rounds.push(pending);
          pending = null;
        }
        // A hint is paid like a miss (docs/games.md, "Hints"): the replay counts it as one.
        if (e.type === 'wrong-letter' || e.type === 'wrong-card' || e.type === 'hint') misses += 1;
        else if (e.type === 'level-started' || e.type === 'next-round') misses = 0;
        else if (e.type === 'word-solved' || e.type === 'correct' || e.type === 'correct-word') round(e.wordId, true);
        else if (e.type === 'word-failed' || e.type === 'wrong') round(e.wordId, false);
        // Cards: the word the child did not recognise is the target, not the option tapped.
        else if (e.type === 'wrong-word') round(e.correctWordId, false);
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
        ...wordResults(rounds),
        palabras,
        rondas: rounds,
        ...(misses > 0 ? { fallosRondaAbierta: misses } : {}),
      };
      rounds = [];
      misses = 0;
      pending = null;
      return report;
    },
  };
}
