/**
 * Game results kept on the server (docs/product/games.md G-7): every finished run (won or lost) and every run with
 * points left half-way or restarted is reported once to POST /api/partidas; the points and the best
 * stars per level and game come back from GET /api/partidas/resumen after a reload.
 *
 * - Send: one report per run with a fresh `clave` (the server stores a clave once, so a retry or a
 *   resend after a lost reply never counts twice), through the device's queue in IndexedDB with the
 *   other offline work (src/client/offline/outbox.ts, wire W-11): it waits there, offline too, until
 *   the server answers. A 4xx (the server refuses the run as implausible) drops it: resending the
 *   same body can never succeed.
 * - Seed: once per signed-in account and token in a page, the in-memory points (games/shared/points)
 *   become the server's totals plus the runs still waiting in the queue. Sending is held while that
 *   GET is in flight, so a run is either in the server's totals or in the queue, never both.
 * - Logout / another account: the points and stars are forgotten (in-memory totals, G-7.1).
 */
import { useSyncExternalStore } from 'react';
import { apiGet, ApiError } from '../api/http';
import { currentUserId, flushOutbox, holdWhile, pendingEntries, submit, whenSent } from '../offline/outbox';
import { getToken, onSessionChange } from '../auth/session';
import { GAME_IDS, points, type GameId, type PointsSnapshot } from '../../../games/shared/points';
import { starsFor } from '../../shared/rules/games/stars';
import type { GameRun, GameRunSummary } from '../../shared/rules/gameRun';

export type RunReport = GameRun;

/** Best stars per "idNivel:juego". */
export type StarsMap = Readonly<Record<string, number>>;
export const starsKey = (idNivel: number, game: GameId) => `${idNivel}:${game}`;

// --- stars store ----------------------------------------------------------------------------------

let stars: StarsMap = {};
const starListeners = new Set<() => void>();
function setStars(next: StarsMap) {
  stars = next;
  for (const l of [...starListeners]) l();
}
function raiseStars(idNivel: number | null, game: GameId, n: number) {
  if (idNivel === null) return;
  const k = starsKey(idNivel, game);
  if ((stars[k] ?? -1) >= n) return;
  setStars({ ...stars, [k]: n });
}
const getStars = () => stars;
function subscribeStars(fn: () => void) {
  starListeners.add(fn);
  return () => {
    starListeners.delete(fn);
  };
}
/** The best stars per level and game (from the server, plus this page's runs). */
export function useGameStars(): StarsMap {
  return useSyncExternalStore(subscribeStars, getStars, getStars);
}

// --- sending (the device's queue, src/client/offline/outbox.ts) ------------------------------------

// A run that reaches the server later raises the stars with the server's own count.
whenSent('partida', (entry, reply) => {
  const run = entry.cuerpo as RunReport;
  const n = (reply as { data?: { estrellas?: number } | null } | null)?.data?.estrellas;
  if (typeof n === 'number') raiseStars(run.idNivel, run.juego, n);
});

/** Sends every run (and every other event) waiting on this device for the signed-in account. */
const flushResults = (): Promise<void> => flushOutbox();

/** A fresh idempotency key for one run (one rule for every event a device sends). */
export { newClave as newRunKey } from '../offline/clave';

/**
 * Records one run: stars shown at once (the server's own rule), kept in the device's queue (with
 * the time it ended: the server keeps it), then sent.
 * The points themselves are banked by the game page (games/shared/points createRunBank).
 */
export function reportRun(run: RunReport): void {
  if (currentUserId() === null) return;
  raiseStars(run.idNivel, run.juego, starsFor(run.puntos, run.puntosMax, run.ganada));
  const creado = Date.now();
  void submit({ id: run.clave, tipo: 'partida', ruta: 'partidas', cuerpo: { ...run, fecha: new Date(creado).toISOString() }, creado, nivel: run.idNivel });
}

/** The runs still waiting on this device for this account. */
async function waitingRuns(userId: number): Promise<RunReport[]> {
  return (await pendingEntries(userId)).filter((e) => e.tipo === 'partida').map((e) => e.cuerpo as RunReport);
}

// --- seed -----------------------------------------------------------------------------------------

let seededFor: { userId: number; token: string } | null = null;
let seeding: Promise<void> | null = null;

/** Server totals + the runs the server does not have yet (the queue). */
export function mergeSummary(summary: GameRunSummary, pending: readonly RunReport[]): PointsSnapshot {
  const byGame = { hangman: 0, orderWords: 0, cards: 0 } as Record<GameId, number>;
  for (const g of GAME_IDS) byGame[g] = Math.max(0, Math.floor(Number(summary.puntos?.byGame?.[g]) || 0));
  for (const r of pending) if (GAME_IDS.includes(r.juego)) byGame[r.juego] += Math.max(0, Math.floor(r.puntos));
  return { total: GAME_IDS.reduce((sum, g) => sum + byGame[g], 0), byGame };
}

/**
 * Loads the account's points and stars once per account and token in this page (safe to call on
 * every games page and the home); sends the waiting reports afterwards.
 */
export function syncGameResults(): Promise<void> {
  const userId = currentUserId();
  const token = getToken();
  if (userId === null || !token) return Promise.resolve();
  if (seededFor && seededFor.userId === userId && seededFor.token === token) return seeding ?? flushResults();
  seededFor = { userId, token };
  const run = (async () => {
    // Whatever is being sent right now lands first, and sending waits while the totals are read,
    // so the summary either has a run or the queue does.
    await flushOutbox();
    try {
      const res = await apiGet<{ data?: GameRunSummary }>('partidas/resumen');
      if (currentUserId() !== userId || !res?.data) return;
      points.seed(mergeSummary(res.data, await waitingRuns(userId)));
      const next: Record<string, number> = { ...stars };
      for (const e of res.data.estrellas ?? []) {
        const k = starsKey(e.idNivel, e.juego);
        next[k] = Math.max(next[k] ?? 0, e.estrellas);
      }
      setStars(next);
    } catch (err) {
      console.warn('No se pudieron cargar tus puntos; se muestran los de esta sesión.', err instanceof ApiError ? `${err.status} ${err.msg}` : err);
      seededFor = null; // try again on the next games page
    }
  })().finally(() => {
    seeding = null;
  });
  seeding = holdWhile(run);
  return run.then(() => flushResults());
}

/** Forgets this page's points and stars (logout, or another account signing in). */
function forget() {
  seededFor = null;
  points.reset();
  setStars({});
}

let sessionUser = typeof localStorage === 'undefined' ? null : currentUserId();
onSessionChange(() => {
  const userId = currentUserId();
  if (userId === sessionUser) return;
  sessionUser = userId;
  forget();
  if (userId !== null) void syncGameResults();
});
