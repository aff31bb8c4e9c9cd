import { z } from 'zod';
import { HANGMAN_LEVELS, HANGMAN_LEVEL_START_SCORE } from '../../../games/hangman/rules';
import { ORDER_CORRECT_POINTS, ORDER_MAX_WORDS } from '../../../games/order-words/rules';
import { CARDS_CORRECT_POINTS, CARDS_MAX_LEVELS, CARDS_WORD_POOL_SIZE } from '../../../games/cards/rules';
import { DEVICE_CLAVE_RE, deviceTime } from './offline';
import { dbCount, dbId } from '../validation/numbers';

/**
 * One finished (or abandoned) game run as a learner's device reports it (issue 17, POST
 * /api/partidas). `clave` is the device's idempotency key: a resend of the same run is stored once;
 * `fecha` is when the run ended on the device (issue 22: runs queued offline), kept within bounds
 * (src/shared/rules/offline.ts).
 * The server recomputes the stars itself; the client's word is trusted for nothing it can check.
 */
export const GAME_IDS = ['hangman', 'orderWords', 'cards'] as const;
export type GameRunGame = (typeof GAME_IDS)[number];

/** Longest word list one report may carry (per list): far above the 50 words a run can ask. */
export const GAME_RUN_MAX_WORDS = 200;

/**
 * The most each game can score in one run, from the games' own constants: hangman 10 levels × 100,
 * order words 50 words × 10, cards 10 levels × 5 rounds × 10. A report above it is refused.
 */
export const GAME_MAX_POINTS: Readonly<Record<GameRunGame, number>> = Object.freeze({
  hangman: HANGMAN_LEVELS * HANGMAN_LEVEL_START_SCORE,
  orderWords: ORDER_MAX_WORDS * ORDER_CORRECT_POINTS,
  cards: CARDS_MAX_LEVELS * CARDS_WORD_POOL_SIZE * CARDS_CORRECT_POINTS,
});

const wordIds = (label: string) =>
  z
    .array(dbId(`${label} debe tener solo identificadores de palabras.`), { message: `${label} debe ser una lista de palabras.` })
    .max(GAME_RUN_MAX_WORDS, { message: `${label} no puede tener más de ${GAME_RUN_MAX_WORDS} palabras.` });

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
    fecha: deviceTime,
  })
  .strict()
  .refine((r) => r.puntos <= r.puntosMax, { message: 'Los puntos no pueden superar los puntos máximos.', path: ['puntos'] })
  .refine((r) => r.puntosMax <= GAME_MAX_POINTS[r.juego], { message: 'Los puntos máximos superan lo que el juego permite.', path: ['puntosMax'] });

export type GameRun = z.output<typeof gameRunSchema>;

/** What GET /api/partidas/resumen answers: the points of every run and the best stars per level and game. */
export interface GameRunSummary {
  puntos: { total: number; byGame: Record<GameRunGame, number> };
  estrellas: { idNivel: number; juego: GameRunGame; estrellas: number }[];
}
