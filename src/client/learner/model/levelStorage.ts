/**
 * The local per-level, per-user data (docs/product/constants.md C-4 "Local level data"): words seen,
 * questionnaire button visibility, retry count and last result, kept in the browser under a key
 * built from the level id and the user id. A broken or foreign value reads as empty.
 */
import { EMPTY_LEVEL_DATA, type LastResult, type LocalLevelData } from '../../../shared/rules/progress';

export const levelKey = (levelId: number | string, userId: number | string) => `progreso_nivel_${levelId}_usuario_${userId}`;

/** The level whose games the home's play button opens (`/juegos/{idNivel}`). */
export const CURRENT_LEVEL_KEY = 'idNivel';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;
const store = (): StorageLike | null => (typeof localStorage === 'undefined' ? null : localStorage);

const ids = (v: unknown): number[] => (Array.isArray(v) ? [...new Set(v.map(Number).filter((n) => Number.isInteger(n) && n > 0))] : []);

function lastResult(v: unknown): LastResult | null {
  if (!v || typeof v !== 'object') return null;
  const r = v as Record<string, unknown>;
  const puntaje = Number(r.puntaje);
  const correctas = Number(r.correctas);
  const totalPreguntas = Number(r.totalPreguntas);
  if (![puntaje, correctas, totalPreguntas].every(Number.isFinite) || typeof r.fecha !== 'string') return null;
  return { puntaje, correctas, totalPreguntas, fecha: r.fecha };
}

export function parseLevelData(raw: string | null | undefined): LocalLevelData {
  if (!raw) return { ...EMPTY_LEVEL_DATA };
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (!v || typeof v !== 'object') return { ...EMPTY_LEVEL_DATA };
    const reintentos = Number(v.reintentos);
    const extra = Number(v.intentosExtra);
    return {
      palabrasVistas: ids(v.palabrasVistas),
      mostrarCuestionario: v.mostrarCuestionario !== false,
      reintentos: Number.isInteger(reintentos) && reintentos > 0 ? reintentos : 0,
      ultimoResultado: lastResult(v.ultimoResultado),
      ...(lastResult(v.mejorResultado) ? { mejorResultado: lastResult(v.mejorResultado) } : {}),
      ...(Number.isInteger(extra) && extra > 0 ? { intentosExtra: extra } : {}),
    };
  } catch {
    return { ...EMPTY_LEVEL_DATA };
  }
}

export function readLevelData(levelId: number | string, userId: number | string, storage: StorageLike | null = store()): LocalLevelData {
  return parseLevelData(storage?.getItem(levelKey(levelId, userId)));
}

export function writeLevelData(levelId: number | string, userId: number | string, data: LocalLevelData, storage: StorageLike | null = store()): void {
  try {
    storage?.setItem(levelKey(levelId, userId), JSON.stringify(data));
  } catch (err) {
    console.warn('No se pudo guardar el progreso local', err);
  }
}

export function updateLevelData(
  levelId: number | string,
  userId: number | string,
  change: (d: LocalLevelData) => LocalLevelData,
  storage: StorageLike | null = store(),
): LocalLevelData {
  const next = change(readLevelData(levelId, userId, storage));
  writeLevelData(levelId, userId, next, storage);
  return next;
}

/** Adds a word to the words seen (opening a word card, visiting a word). */
export const addSeenWord = (levelId: number | string, userId: number | string, wordId: number, storage: StorageLike | null = store()) =>
  updateLevelData(levelId, userId, (d) => (d.palabrasVistas.includes(wordId) ? d : { ...d, palabrasVistas: [...d.palabrasVistas, wordId] }), storage);
