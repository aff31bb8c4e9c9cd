/**
 * The learner screens' calls (docs/product/routes.md R-2.1, R-2.3, R-2.4) and the progress sync: the
 * browser's per-level data merged with the server's, so progress follows the child.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiGet } from '../../api/http';
import { submit } from '../../offline/outbox';
import { hasPrefetched, peekPrefetched } from '../../api/prefetched';
import { useSession } from '../../auth/useSession';
import type { SessionUser } from '../../auth/session';
import { useAlert } from '../../ui/AlertModal';
import {
  EMPTY_LEVEL_DATA,
  mergeLevelData,
  unsyncedWords,
  type LastResult,
  type LocalLevelData,
  type ServerLevelProgress,
} from '../../../shared/rules/progress';
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

export const NO_USER_MSG = 'Usuario no identificado. Inicia sesión de nuevo.';

/** The levels, when the boot prefetch already has them (a first render with data, no spinner). */
export function prefetchedLevels(): Nivel[] | null {
  const r = peekPrefetched<{ data: Nivel[] }>('nivel/getNivels');
  return r ? (r.data ?? []) : null;
}

const wordsOf = (r: Palabra[] | { data: Palabra[] } | null | undefined) =>
  [...(Array.isArray(r) ? r : (r?.data ?? []))].sort((a, b) => a.id_palabra - b.id_palabra);
const levelProgress = (r: { data: ServerLevelProgress[] } | null | undefined, levelId: number) => (r?.data ?? []).find((p) => p.id_nivel === levelId) ?? null;

/** What the level menu shows: the level, its words (null while loading), their media, the progress. */
export interface LevelMenuData {
  level: Nivel | null;
  words: Palabra[] | null;
  media: Record<number, Multimedia[]>;
  data: LocalLevelData;
  error: boolean;
}

export interface FirstLevelMenu {
  state: LevelMenuData;
  /** Words whose media are still to be asked for; null when the words themselves are. */
  missingMedia: number[] | null;
  /** The server's progress of the level when it was in hand (merged into state.data, still to be stored). */
  server?: ServerLevelProgress | null;
}

/**
 * The level menu's first state. When the boot prefetch has already answered the levels and the
 * words, they are taken at once (a first render with data, no spinner), with every word's media and
 * the server's progress that have answered too; `missingMedia` and `server` say what is left for
 * the page's effect. Otherwise the local progress only, and words null (loading).
 */
export function firstLevelMenu(levelId: number, userId: number): FirstLevelMenu {
  const state: LevelMenuData = { level: null, words: null, media: {}, data: EMPTY_LEVEL_DATA, error: false };
  if (!userId) return { state, missingMedia: null };
  if (!Number.isInteger(levelId) || levelId < 1) return { state: { ...state, words: [] }, missingMedia: null };
  state.data = readLevelData(levelId, userId);
  const wordsKey = `palabra/nivel/${levelId}`;
  if (!hasPrefetched('nivel/getNivels') || !hasPrefetched(wordsKey)) return { state, missingMedia: null };
  const levels = peekPrefetched<{ data: Nivel[] }>('nivel/getNivels')?.data ?? [];
  const words = wordsOf(peekPrefetched<Palabra[] | { data: Palabra[] }>(wordsKey));
  state.level = levels.find((l) => l.id_nivel === levelId) ?? null;
  state.words = words;
  const missingMedia: number[] = [];
  for (const w of words) {
    const key = `multimedia/palabra/${w.id_palabra}`;
    if (hasPrefetched(key)) state.media[w.id_palabra] = peekPrefetched<{ data: Multimedia[] }>(key)?.data ?? [];
    else missingMedia.push(w.id_palabra);
  }
  const progressKey = `progreso/usuario/${userId}`;
  if (!hasPrefetched(progressKey)) return { state, missingMedia };
  const server = levelProgress(peekPrefetched<{ data: ServerLevelProgress[] }>(progressKey), levelId);
  state.data = mergeLevelData(state.data, server);
  return { state, missingMedia, server };
}

export async function fetchLevels(signal?: AbortSignal): Promise<Nivel[]> {
  const r = await apiGet<{ data: Nivel[] }>('nivel/getNivels', { signal });
  return r?.data ?? [];
}

/** Words of a level; a level without words (or unknown) is an empty list. */
export async function fetchWords(levelId: number, signal?: AbortSignal): Promise<Palabra[]> {
  try {
    return wordsOf(await apiGet<Palabra[] | { data: Palabra[] }>(`palabra/nivel/${levelId}`, { signal }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** Media of a word; a failed fetch falls back to an empty list (screens-learner.md L-12). */
export async function fetchMedia(wordId: number, signal?: AbortSignal): Promise<Multimedia[]> {
  try {
    const r = await apiGet<{ data: Multimedia[] }>(`multimedia/palabra/${wordId}`, { signal });
    return r?.data ?? [];
  } catch (err) {
    if ((err as Error).name !== 'AbortError') console.warn('No se pudo cargar la multimedia de la palabra', wordId, err);
    return [];
  }
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
    server = levelProgress(await apiGet<{ data: ServerLevelProgress[] }>(`progreso/usuario/${userId}`, { signal }), levelId);
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
 * Loads the server's progress for a level, merges it with the local data, stores the result
 * locally and sends back the words only this browser knew. Offline, the local data stands.
 */
export async function syncLevel(levelId: number, userId: number, levelWordIds: readonly number[], signal?: AbortSignal): Promise<LocalLevelData> {
  const local = readLevelData(levelId, userId);
  let server: ServerLevelProgress | null = null;
  try {
    server = levelProgress(await apiGet<{ data: ServerLevelProgress[] }>(`progreso/usuario/${userId}`, { signal }), levelId);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    console.warn('No se pudo leer el progreso del servidor', err);
    return local;
  }
  return applyServerProgress(levelId, userId, server, levelWordIds);
}

/**
 * The second half of syncLevel, for a server answer already in hand: merges it with the latest
 * local data (a word may have been marked while the request ran), stores the result and sends back
 * the words only this browser knew.
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
