/**
 * The learner screens' calls (docs/product/routes.md R-2.1, R-2.3, R-2.4) and the progress sync: the
 * browser's per-level data merged with the server's, so progress follows the child.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiGet, type StartedAnswer } from '../../api/http';
import { submit } from '../../offline/outbox';
import { useSession } from '../../auth/useSession';
import type { SessionUser } from '../../auth/session';
import { useAlert } from '../../ui/AlertModal';
import { mergeLevelData, unsyncedWords, type LastResult, type LocalLevelData, type ServerLevelProgress } from '../../../shared/rules/progress';
import { attemptsAllowed, isPass } from '../../../shared/rules/quizRules';
import { readLevelData, writeLevelData } from './levelStorage';
// The wire types of the learner's calls come from the shared declarations (no hand copies).
import type { NivelWire as Nivel } from '../../../shared/resources/nivel';
import type { PalabraWire as Palabra } from '../../../shared/resources/palabra';
import type { MultimediaWire as Multimedia } from '../../../shared/resources/multimedia';
import type { EvaluacionDetalle as EvaluacionQuiz } from '../../../shared/resources/evaluacion';

/** GET evaluacion/resultados/usuario/{id}: one attempt (a reply of its own, with no shared declaration). */
export interface UserResult {
  id: number;
  id_nivel: number;
  puntaje: number;
  correctas: number;
  total_preguntas: number;
  fecha: string;
  nivel: { id_nivel: number; nombre_nivel: string } | null;
}

const NO_USER_MSG = 'Usuario no identificado. Inicia sesión de nuevo.';

/** How a call's body becomes what a screen shows (the same for a loader's answer and a query's own call). */
export const levelsOf = (r: unknown): Nivel[] => (r as { data?: Nivel[] } | null)?.data ?? [];
export const wordsOf = (r: unknown): Palabra[] => {
  const x = r as Palabra[] | { data?: Palabra[] } | null;
  return [...(Array.isArray(x) ? x : (x?.data ?? []))].sort((a, b) => a.id_palabra - b.id_palabra);
};
export const mediaOf = (r: unknown): Multimedia[] => (r as { data?: Multimedia[] } | null)?.data ?? [];
export const levelProgress = (r: unknown, levelId: number): ServerLevelProgress | null =>
  ((r as { data?: ServerLevelProgress[] } | null)?.data ?? []).find((p) => p.id_nivel === levelId) ?? null;

/** A learner read: the signal that cancels it and, on a first visit, the route loader's answer to the same call. */
export interface ReadOptions {
  signal?: AbortSignal;
  started?: Promise<StartedAnswer | null>;
}

export async function fetchLevels(opts: ReadOptions = {}): Promise<Nivel[]> {
  return levelsOf(await apiGet('nivel/getNivels', opts));
}

/** Words of a level; a level without words (or unknown) is an empty list. */
export async function fetchWords(levelId: number, opts: ReadOptions = {}): Promise<Palabra[]> {
  try {
    return wordsOf(await apiGet(`palabra/nivel/${levelId}`, opts));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** Media of a word; a failed fetch falls back to an empty list (screens-learner.md L-12). */
export async function fetchMedia(wordId: number, opts: ReadOptions = {}): Promise<Multimedia[]> {
  try {
    return mediaOf(await apiGet(`multimedia/palabra/${wordId}`, opts));
  } catch (err) {
    if ((err as Error).name !== 'AbortError') console.warn('No se pudo cargar la multimedia de la palabra', wordId, err);
    return [];
  }
}

/** The server's progress of one level for the child (null when it has none); rejects when it cannot be read. */
export async function fetchLevelProgress(levelId: number, userId: number, opts: ReadOptions = {}): Promise<ServerLevelProgress | null> {
  return levelProgress(await apiGet(`progreso/usuario/${userId}`, opts), levelId);
}

export async function fetchEvaluation(levelId: number, signal?: AbortSignal): Promise<EvaluacionQuiz | null> {
  const r = await apiGet<{ data: EvaluacionQuiz[] }>('evaluacion/detalles', { signal });
  return (r?.data ?? []).find((e) => Number(e.id_nivel) === levelId) ?? null;
}

export async function fetchMyResults(userId: number, signal?: AbortSignal): Promise<UserResult[]> {
  const r = await apiGet<{ data: UserResult[] }>(`evaluacion/resultados/usuario/${userId}`, { signal });
  return r?.data ?? [];
}

/** What the quiz screen needs before it shows a form: the pass, the attempts left and the best result. */
export interface QuizState {
  aprobado: boolean;
  intentosRestantes: number;
  mejor: LastResult | null;
}

/**
 * The child's quiz state at a level, from the server (merged with what this browser knows, so a
 * result only this device has counts too). Offline or on a failed read: a pass this browser knows
 * still shows the result; otherwise null (the form opens, and the server keeps its rules).
 */
export async function fetchQuizState(levelId: number, userId: number, signal?: AbortSignal): Promise<QuizState | null> {
  const local = readLevelData(levelId, userId);
  let server: ServerLevelProgress | null;
  try {
    server = await fetchLevelProgress(levelId, userId, { signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    console.warn('No se pudo leer el progreso del servidor', err);
    const mejor = mergeLevelData(local, null).mejorResultado ?? local.ultimoResultado;
    return mejor && isPass(mejor.puntaje) ? { aprobado: true, intentosRestantes: 0, mejor } : null;
  }
  const merged = mergeLevelData(local, server);
  const mejor = merged.mejorResultado ?? null;
  return {
    aprobado: !!server?.aprobado || (!!mejor && isPass(mejor.puntaje)),
    intentosRestantes: server?.intentos_restantes ?? attemptsAllowed(server?.intentos_extra ?? 0),
    mejor,
  };
}

/**
 * Tells the server words of a level were seen, through the device's queue (offline they go later;
 * marking a word seen twice stores it once, so the key is the level and the words). Never throws:
 * a failure is only logged (the next sync sends it again).
 */
export async function markSeenOnServer(levelId: number, wordIds: number[]): Promise<void> {
  if (wordIds.length === 0) return;
  const body = wordIds.length === 1 ? { id_nivel: levelId, id_palabra: wordIds[0] } : { id_nivel: levelId, id_palabras: wordIds };
  try {
    await submit({
      id: `nivel-visto-${levelId}-${[...wordIds].sort((a, b) => a - b).join('_')}`,
      tipo: 'visto-nivel',
      ruta: 'progreso/visto',
      cuerpo: body,
      nivel: levelId,
    });
  } catch (err) {
    console.warn('No se pudo guardar el progreso en el servidor', err);
  }
}

/**
 * Merges the server's progress of a level (in hand) with the latest local data (a word may have been
 * marked while the request ran), stores the result and sends back the words only this browser knew.
 */
export function applyServerProgress(levelId: number, userId: number, server: ServerLevelProgress | null, levelWordIds: readonly number[]): LocalLevelData {
  const merged = mergeLevelData(readLevelData(levelId, userId), server);
  writeLevelData(levelId, userId, merged);
  const inLevel = new Set(levelWordIds);
  const missing = unsyncedWords(merged.palabrasVistas, server?.palabras_vistas ?? []).filter((id) => inLevel.has(id));
  void markSeenOnServer(levelId, missing);
  return merged;
}

/**
 * The stored learner, or — when it is gone (logged out in another tab) — the alert of L-1.2
 * 'Usuario no identificado. Inicia sesión de nuevo.' and a trip to /login.
 */
export function useLearner(): SessionUser | null {
  const user = useSession();
  const alert = useAlert();
  const navigate = useNavigate();
  const warned = useRef(false);
  useEffect(() => {
    if (user || warned.current) return;
    warned.current = true;
    void alert(NO_USER_MSG, { kind: 'error' }).then(() => navigate('/login'));
  }, [user, alert, navigate]);
  return user;
}
