/**
 * Game results kept on the server (issue 17): every finished run (won or lost) and every run with
 * points left half-way or restarted is reported once to POST /api/partidas; the points and the best
 * stars per level and game come back from GET /api/partidas/resumen after a reload.
 *
 * - Send: one report per run with a fresh `clave` (the server stores a clave once, so a retry or a
 *   resend after a lost reply never counts twice). A failed send is retried a few times with backoff
 *   and stays in localStorage (per account) until the server answers; the next app start / games
 *   page sends it again. A 400 (the server refuses the run as implausible) drops it: resending the
 *   same body can never succeed. Hand-written and small on purpose: issue 22 replaces this queue by
 *   IndexedDB with the other offline work.
 * - Seed: once per signed-in account and token in a page, the in-memory points (games/shared/points)
 *   become the server's totals plus the runs still waiting in the queue. Sending is held while that
 *   GET is in flight, so a run is either in the server's totals or in the queue, never both.
 * - Logout / another account: the points and stars are forgotten (the spec's in-memory totals).
 */
import { useSyncExternalStore } from 'react';
import { apiGet, apiPost, ApiError } from '../api/http';
import { getStoredUser, getToken, onSessionChange } from '../auth/session';
import { GAME_IDS, points, type GameId, type PointsSnapshot } from '../../../games/shared/points';
import { starsFor } from '../../../games/shared/stars';
import type { GameRun, GameRunSummary } from '../../shared/rules/gameRun';

export const RESULTS_QUEUE_KEY = 'manitas.partidas.pendientes';
/** Waits between the tries of one send (ms): 3 tries in all, then the queue keeps it. */
export const SEND_BACKOFF_MS: readonly number[] = [1000, 4000];

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
export const getStars = () => stars;
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

// --- queue ----------------------------------------------------------------------------------------

function signedInUserId(): number | null {
  const id = Number(getStoredUser()?.id);
  return getToken() && Number.isInteger(id) && id > 0 ? id : null;
}

const queueKey = (userId: number) => `${RESULTS_QUEUE_KEY}.${userId}`;

export function readQueue(userId: number): RunReport[] {
  try {
    const raw = JSON.parse(localStorage.getItem(queueKey(userId)) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as RunReport[]).filter((r) => r && typeof r.clave === 'string') : [];
  } catch {
    return [];
  }
}

function writeQueue(userId: number, runs: RunReport[]) {
  try {
    if (runs.length === 0) localStorage.removeItem(queueKey(userId));
    else localStorage.setItem(queueKey(userId), JSON.stringify(runs));
  } catch {
    /* private mode: this page still sends from memory below */
  }
}

function dropFromQueue(userId: number, clave: string) {
  writeQueue(
    userId,
    readQueue(userId).filter((r) => r.clave !== clave),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a failed send may succeed later (network, server trouble, signed out meanwhile). */
const retryable = (err: unknown) =>
  !(err instanceof ApiError) || err.status === 0 || err.status === 401 || err.status === 408 || err.status === 429 || err.status >= 500;

/** Sends one report, with retries; true once the server has it (or refused it for good). */
async function sendOne(userId: number, run: RunReport): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    if (signedInUserId() !== userId) return false;
    try {
      const res = await apiPost<{ data?: { estrellas?: number } | null }>('partidas', run);
      dropFromQueue(userId, run.clave);
      if (typeof res?.data?.estrellas === 'number') raiseStars(run.idNivel, run.juego, res.data.estrellas);
      return true;
    } catch (err) {
      if (!retryable(err)) {
        console.warn('El servidor no aceptó el resultado del juego; se descarta.', err instanceof ApiError ? `${err.status} ${err.msg}` : err);
        dropFromQueue(userId, run.clave);
        return true;
      }
      const wait = SEND_BACKOFF_MS[attempt];
      if (wait === undefined) return false;
      await sleep(wait);
    }
  }
}

let seeding: Promise<void> | null = null;
let flushing: Promise<void> | null = null;

/** Sends every report waiting for this account (one at a time, oldest first). */
export function flushResults(): Promise<void> {
  if (seeding) return seeding.then(() => flushResults());
  if (flushing) return flushing;
  const userId = signedInUserId();
  if (userId === null) return Promise.resolve();
  flushing = (async () => {
    for (const run of readQueue(userId)) {
      if (!(await sendOne(userId, run))) break; // offline: the rest waits for the next visit
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** A fresh idempotency key for one run. */
export function newRunKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  // Older browsers: 128 random bits as hex (the server accepts [A-Za-z0-9_-]{8,64}).
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Records one run: stars shown at once (the server's own rule), kept in the queue, then sent.
 * The points themselves are banked by the game page (games/shared/points createRunBank).
 */
export function reportRun(run: RunReport): void {
  const userId = signedInUserId();
  if (userId === null) return;
  raiseStars(run.idNivel, run.juego, starsFor(run.puntos, run.puntosMax, run.ganada));
  writeQueue(userId, [...readQueue(userId).filter((r) => r.clave !== run.clave), run]);
  void flushResults();
}

// --- seed -----------------------------------------------------------------------------------------

let seededFor: { userId: number; token: string } | null = null;

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
  const userId = signedInUserId();
  const token = getToken();
  if (userId === null || !token) return Promise.resolve();
  if (seededFor && seededFor.userId === userId && seededFor.token === token) return seeding ?? flushResults();
  seededFor = { userId, token };
  const run = (async () => {
    // Whatever is being sent right now lands first, so the summary either has a run or the queue does.
    if (flushing) await flushing;
    try {
      const res = await apiGet<{ data?: GameRunSummary }>('partidas/resumen');
      if (signedInUserId() !== userId || !res?.data) return;
      points.seed(mergeSummary(res.data, readQueue(userId)));
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
  seeding = run;
  return run.then(() => flushResults());
}

/** Forgets this page's points and stars (logout, or another account signing in). */
function forget() {
  seededFor = null;
  points.reset();
  setStars({});
}

let sessionUser = typeof localStorage === 'undefined' ? null : signedInUserId();
onSessionChange(() => {
  const userId = signedInUserId();
  if (userId === sessionUser) return;
  sessionUser = userId;
  forget();
  if (userId !== null) void syncGameResults();
});
