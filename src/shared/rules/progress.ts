/**
 * Level-menu progress rules (docs/product/screens-learner.md L-11, constants.md C-4): words seen, progress
 * percent and colour, and how the browser's local per-level data merges with the server's.
 * Pure: no DOM, no storage, no fetch — both sides and the unit tests import it.
 */
import { MAX_RETRIES, bestAttempt } from './quizRules';

/** Progress bar colour thresholds (constants.md C-4): red below 50, orange below 80, green otherwise. */
const PROGRESS_RED_BELOW = 50;
const PROGRESS_ORANGE_BELOW = 80;

export type ProgressColor = 'red' | 'orange' | 'green';

export const ESTADO_EN_PROGRESO = 'en progreso';
export const ESTADO_COMPLETADO = 'completado';

/** The ids of `seen` that are words of the level now (a word deleted since does not count). */
export function seenInLevel(seen: readonly number[], levelWordIds: readonly number[]): number[] {
  const inLevel = new Set(levelWordIds);
  return [...new Set(seen)].filter((id) => inLevel.has(id));
}

/** Progress percent = seen / total, rounded down (0 for a level without words). */
export function progressPercent(seenCount: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(seenCount) || seenCount <= 0) return 0;
  return Math.min(100, Math.floor((Math.min(seenCount, total) * 100) / total));
}

export function progressColor(percent: number): ProgressColor {
  if (percent < PROGRESS_RED_BELOW) return 'red';
  if (percent < PROGRESS_ORANGE_BELOW) return 'orange';
  return 'green';
}

/** The game button appears once every word of the level has been seen (never for an empty level). */
export function allWordsSeen(seen: readonly number[], levelWordIds: readonly number[]): boolean {
  if (levelWordIds.length === 0) return false;
  const s = new Set(seen);
  return levelWordIds.every((id) => s.has(id));
}

/** The last questionnaire result as the browser keeps it (C-4: puntaje, correctas, totalPreguntas, fecha). */
export interface LastResult {
  puntaje: number;
  correctas: number;
  totalPreguntas: number;
  fecha: string;
}

/** The local per-level, per-user data (constants.md C-4 "Local level data"). */
export interface LocalLevelData {
  palabrasVistas: number[];
  /** Questionnaire button visibility: hidden after use. */
  mostrarCuestionario: boolean;
  reintentos: number;
  ultimoResultado: LastResult | null;
  /** The best attempt (the highest score, docs/decisions.md "The quiz"): what the level menu judges by. */
  mejorResultado?: LastResult | null;
  /** Extra attempts granted by a teacher that this browser has already taken into account. */
  intentosExtra?: number;
}

export const EMPTY_LEVEL_DATA: LocalLevelData = Object.freeze({
  palabrasVistas: [],
  mostrarCuestionario: true,
  reintentos: 0,
  ultimoResultado: null,
}) as LocalLevelData;

export interface WireResult {
  puntaje: number;
  correctas: number;
  total_preguntas: number;
  fecha: string;
}

const fromWire = (r: WireResult | null | undefined): LastResult | null =>
  r ? { puntaje: Number(r.puntaje), correctas: r.correctas, totalPreguntas: r.total_preguntas, fecha: r.fecha } : null;

/** The server's progress row for one level (GET /api/progreso/usuario/{userId}). */
export interface ServerLevelProgress {
  id_nivel: number;
  estado: string;
  palabras_vistas: number[];
  reintentos: number;
  ultimo_resultado: WireResult | null;
  /** The best attempt at this level (the highest score; among equals the most recent). */
  mejor_resultado?: WireResult | null;
  /** Whether an attempt at this level passed (then a submit is practice and stores nothing). */
  aprobado?: boolean;
  /** Attempts still allowed: one attempt + MAX_RETRIES + granted − made (never below 0). */
  intentos_restantes?: number;
  /** Extra attempts teachers granted at this level (beyond one attempt + 2 retries; constants C-4). */
  intentos_extra?: number;
}

const time = (iso: string | undefined | null) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};

/**
 * Merges the browser's data with the server's on load, so another device shows the same words
 * seen and result: words seen are the union; retries the larger count (capped at MAX_RETRIES),
 * except right after a teacher granted another attempt (intentos_extra grew): then the server's
 * lower count, so the level menu offers the retry again;
 * the last result the more recent one (the server's on a tie, since it judged it); the best result
 * the highest score either side knows; the
 * questionnaire button stays hidden once either side knows it was used.
 */
export function mergeLevelData(local: LocalLevelData | null | undefined, server: ServerLevelProgress | null | undefined): LocalLevelData {
  const l = local ?? EMPTY_LEVEL_DATA;
  if (!server) return { ...l, palabrasVistas: [...new Set(l.palabrasVistas)] };
  const fromServer = fromWire(server.ultimo_resultado);
  // The best of both sides (the browser may know an attempt the server answered but this read missed).
  const mejorResultado = bestAttempt([l.mejorResultado, l.ultimoResultado, fromWire(server.mejor_resultado), fromServer].filter((r): r is LastResult => !!r));
  let ultimoResultado = l.ultimoResultado;
  if (fromServer && (!ultimoResultado || time(fromServer.fecha) >= time(ultimoResultado.fecha))) ultimoResultado = fromServer;
  const vistas = [...new Set([...l.palabrasVistas, ...server.palabras_vistas])];
  const granted = server.intentos_extra ?? 0;
  const newGrant = granted > (l.intentosExtra ?? 0);
  return {
    palabrasVistas: vistas,
    mostrarCuestionario: l.mostrarCuestionario && !fromServer,
    reintentos: Math.min(MAX_RETRIES, newGrant ? server.reintentos : Math.max(l.reintentos, server.reintentos)),
    ultimoResultado,
    ...(mejorResultado ? { mejorResultado } : {}),
    ...(granted || l.intentosExtra ? { intentosExtra: Math.max(granted, l.intentosExtra ?? 0) } : {}),
  };
}

/** Words the browser saw that the server does not know yet (sent back on load). */
export function unsyncedWords(local: readonly number[], server: readonly number[]): number[] {
  const s = new Set(server);
  return [...new Set(local)].filter((id) => !s.has(id));
}
