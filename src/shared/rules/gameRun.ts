import { z } from 'zod';
import { HANGMAN_LEVELS, HANGMAN_LEVEL_START_SCORE, HANGMAN_MAX_WORDS, replayRun as replayHangman } from './games/hangman';
import { ORDER_CORRECT_POINTS, ORDER_MAX_WORDS, replayRun as replayOrderWords } from './games/orderWords';
import { CARDS_CORRECT_POINTS, CARDS_MAX_LEVELS, CARDS_WORD_POOL_SIZE, replayRun as replayCards } from './games/cards';
import type { GameWord } from './games/types';
import { type RunReplay, type RunRound, wordResults } from './games/run';
import { DEVICE_CLAVE_RE, deviceTime } from './offline';
import { dbCount, dbId } from '../validation/numbers';

/**
 * One finished (or abandoned) game run as a learner's device reports it (POST /api/partidas,
 * docs/product/games.md G-7.3). `clave` is the device's idempotency key: a resend of the same run is stored once;
 * `fecha` is when the run ended on the device (runs queued offline, wire W-11.2), kept within bounds
 * (src/shared/rules/offline.ts).
 * The server recomputes the stars itself; the client's word is trusted for nothing it can check.
 *
 * What feeds a teacher's view follows from what the child did: a run carries the words the game
 * was given (`palabras`) and the rounds played (`rondas`, src/shared/rules/games/run.ts); the server replays
 * them with the game's own rules (`recomputeRun`) and refuses a run whose `puntos`, `puntosMax`,
 * `ganada`, `palabrasBien` or `palabrasMal` are not what the rounds give.
 */
export const GAME_IDS = ['hangman', 'orderWords', 'cards'] as const;
export type GameRunGame = (typeof GAME_IDS)[number];

/**
 * Longest word list one report may carry (per list): the words a game is given (every level's words
 * when no level is chosen), and so the words right or wrong.
 */
const GAME_RUN_MAX_WORDS = 2000;
/** Most rounds one report may carry: hangman's level restarts make the longest runs (≈ 100 level tries). */
const GAME_RUN_MAX_ROUNDS = 500;

/**
 * The most each game can score in one run, from the games' own constants: hangman 10 levels × 100,
 * order words 50 words × 10, cards 10 levels × 5 rounds × 10. A report above it is refused.
 */
const GAME_MAX_POINTS: Readonly<Record<GameRunGame, number>> = Object.freeze({
  hangman: HANGMAN_LEVELS * HANGMAN_LEVEL_START_SCORE,
  orderWords: ORDER_MAX_WORDS * ORDER_CORRECT_POINTS,
  cards: CARDS_MAX_LEVELS * CARDS_WORD_POOL_SIZE * CARDS_CORRECT_POINTS,
});

/**
 * A full run's words for the games whose chosen level, when short, is filled with the child's due
 * review words of other levels (docs/games.md, "Review words fill a short run"): hangman and order
 * words play up to 10 levels × 5 words. Cards takes none: its game levels are the words' levels
 * (one per nivel), so a word of another level would open a second game level instead of filling a
 * round of this one. The page fills up to this size; the server accepts at most this many words of
 * other (opened) levels in a run of a level.
 */
export const REVIEW_FILL_RUN_SIZE: Readonly<Record<GameRunGame, number>> = Object.freeze({
  hangman: HANGMAN_MAX_WORDS,
  orderWords: ORDER_MAX_WORDS,
  cards: 0,
});

const wordIds = (label: string) =>
  z
    .array(dbId(`${label} debe tener solo identificadores de palabras.`), { message: `${label} debe ser una lista de palabras.` })
    .max(GAME_RUN_MAX_WORDS, { message: `${label} no puede tener más de ${GAME_RUN_MAX_WORDS} palabras.` });

const ROUND_MSG = 'Cada ronda lleva su palabra (idPalabra), si salió bien (bien) y sus fallos.';

export const gameRunSchema = z
  .object({
    clave: z.string({ message: 'La clave de la partida es obligatoria.' }).regex(DEVICE_CLAVE_RE, { message: 'La clave de la partida no es válida.' }),
    juego: z.enum(GAME_IDS, { message: 'El juego no existe.' }),
    idNivel: dbId('El nivel no es válido.').nullable(),
    puntos: dbCount('Los puntos deben ser un número entero.', 'Los puntos no pueden ser negativos.'),
    puntosMax: dbCount('Los puntos máximos deben ser un número entero.', 'Los puntos máximos no pueden ser negativos.'),
    ganada: z.boolean({ message: 'Ganada debe ser sí o no.' }),
    palabrasBien: wordIds('Palabras bien'),
    palabrasMal: wordIds('Palabras mal'),
    palabras: wordIds('Palabras del juego').min(1, { message: 'La partida debe traer las palabras del juego.' }),
    rondas: z
      .array(
        z.strictObject(
          {
            idPalabra: z.number({ message: ROUND_MSG }).int({ message: ROUND_MSG }).positive({ message: ROUND_MSG }),
            bien: z.boolean({ message: ROUND_MSG }),
            fallos: z.number({ message: ROUND_MSG }).int({ message: ROUND_MSG }).min(0, { message: ROUND_MSG }).max(99, { message: ROUND_MSG }),
          },
          { error: () => ROUND_MSG },
        ),
        { message: 'La partida debe traer sus rondas.' },
      )
      .max(GAME_RUN_MAX_ROUNDS, { message: `La partida no puede tener más de ${GAME_RUN_MAX_ROUNDS} rondas.` }),
    /** Misses in a round the child left unfinished (cards: wrong cards already paid for). */
    fallosRondaAbierta: z
      .number({ message: 'Los fallos de la ronda sin terminar deben ser un número entero.' })
      .int({ message: 'Los fallos de la ronda sin terminar deben ser un número entero.' })
      .min(0, { message: 'Los fallos de la ronda sin terminar no pueden ser negativos.' })
      .max(99, { message: 'Los fallos de la ronda sin terminar no son posibles.' })
      .optional(),
    fecha: deviceTime,
  })
  .strict()
  .refine((r) => r.puntos <= r.puntosMax, { message: 'Los puntos no pueden superar los puntos máximos.', path: ['puntos'] })
  .refine((r) => r.puntosMax <= GAME_MAX_POINTS[r.juego], { message: 'Los puntos máximos superan lo que el juego permite.', path: ['puntosMax'] });

export type GameRun = z.output<typeof gameRunSchema>;

export const RUN_FIGURES_MSG = 'Las cifras de la partida no salen de sus rondas.';

/** The run's figures from its rounds, by the game's own rules (the same module the scene plays by). */
export function replayGameRun(juego: GameRunGame, words: readonly GameWord[], rondas: readonly RunRound[], fallosRondaAbierta = 0): RunReplay {
  if (juego === 'hangman') return replayHangman(words, rondas, fallosRondaAbierta);
  if (juego === 'orderWords') return replayOrderWords(words, rondas, fallosRondaAbierta);
  return replayCards(words, rondas, fallosRondaAbierta);
}

/**
 * Checks a reported run against its rounds: null when every figure follows from them, else the
 * Spanish message and the fields that do not. `words` are the run's `palabras` as the server knows
 * them (its own texts and levels).
 */
export function checkRunFigures(
  run: Pick<GameRun, 'juego' | 'puntos' | 'puntosMax' | 'ganada' | 'palabrasBien' | 'palabrasMal' | 'rondas'> & { fallosRondaAbierta?: number },
  words: readonly GameWord[],
): { msg: string; fields: Record<string, string> } | null {
  const replay = replayGameRun(run.juego, words, run.rondas, run.fallosRondaAbierta ?? 0);
  if (!replay.ok) return { msg: replay.msg, fields: { rondas: replay.msg } };
  const derived = wordResults(run.rondas);
  const sameSet = (a: readonly number[], b: readonly number[]) => new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));
  const fields: Record<string, string> = {};
  if (run.puntos !== replay.puntos) fields.puntos = `Con estas rondas los puntos son ${replay.puntos}.`;
  if (run.puntosMax !== replay.puntosMax) fields.puntosMax = `Con estas palabras los puntos máximos son ${replay.puntosMax}.`;
  if (run.ganada !== replay.ganada) fields.ganada = replay.ganada ? 'Con estas rondas la partida está ganada.' : 'Con estas rondas la partida no está ganada.';
  if (!sameSet(run.palabrasBien, derived.palabrasBien)) fields.palabrasBien = 'Las palabras bien no son las de las rondas.';
  if (!sameSet(run.palabrasMal, derived.palabrasMal)) fields.palabrasMal = 'Las palabras mal no son las de las rondas.';
  return Object.keys(fields).length ? { msg: RUN_FIGURES_MSG, fields } : null;
}

/** What GET /api/partidas/resumen answers: the points of every run and the best stars per level and game. */
export interface GameRunSummary {
  puntos: { total: number; byGame: Record<GameRunGame, number> };
  estrellas: { idNivel: number; juego: GameRunGame; estrellas: number }[];
}
