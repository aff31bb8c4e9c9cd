import { inArray, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db';
import { palabra } from '../../src/server/db/schema';
import { replayGameRun, type GameRunGame } from '../../src/shared/rules/gameRun';
import { wordResults, type RunRound } from '../../src/shared/rules/games/run';

let n = 0;
/** A fresh idempotency key for a test run. */
export const runClave = () => `clave-run-${++n}-${Math.random().toString(36).slice(2, 10)}`;

/** A round: the word, right or not, the misses inside it. */
export const round = (idPalabra: number, bien = true, fallos = 0): RunRound => ({ idPalabra, bien, fallos });

/**
 * A run report as the game page makes it: the level's words (or `palabras`), the rounds, and the
 * figures the game's rules give for them (what a genuine device sends).
 */
export async function genuineRun(
  database: Database,
  r: { juego: GameRunGame; idNivel: number | null; rondas: RunRound[]; palabras?: number[] },
  over: Record<string, unknown> = {},
) {
  const rows = await database.db
    .select({ id: palabra.idPalabra, es: palabra.palabraEspanol, nivelId: palabra.idNivel })
    .from(palabra)
    .where(r.palabras ? inArray(palabra.idPalabra, r.palabras) : eq(palabra.idNivel, r.idNivel!));
  const words = rows.map((w) => ({ ...w, en: '', sign: 'seña' }));
  const replay = replayGameRun(r.juego, words, r.rondas);
  if (!replay.ok) throw new Error(`not a genuine run: ${replay.msg}`);
  return {
    clave: runClave(),
    juego: r.juego,
    idNivel: r.idNivel,
    puntos: replay.puntos,
    puntosMax: replay.puntosMax,
    ganada: replay.ganada,
    ...wordResults(r.rondas),
    palabras: words.map((w) => w.id),
    rondas: r.rondas,
    ...over,
  };
}
