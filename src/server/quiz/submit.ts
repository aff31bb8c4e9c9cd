import type { Database } from '../db';
import { ESTADO_COMPLETADO, ESTADO_EN_PROGRESO } from '../../shared/rules/progress';

/** One graded answer row, in the key's order. */
export interface GradedRow {
  idPregunta: number;
  idRespuesta: number | null;
  /** The stored text: the chosen option's text, or the trimmed written answer. */
  respuesta: string | null;
  correcta: boolean;
}

export interface AttemptToSave {
  idUsuario: number;
  idNivel: number;
  idEvaluacion: number;
  correctas: number;
  totalPreguntas: number;
  puntaje: number;
  passed: boolean;
  rows: readonly GradedRow[];
}

export interface SavedAttempt {
  idIntento: number;
  idNivel: number;
  correctas: number;
  totalPreguntas: number;
  puntaje: number;
  fecha: Date;
}

/** The statement of a submit (the function is created by migration 0001_quiz_submit_function). */
export const SAVE_ATTEMPT_SQL = 'SELECT * FROM manitas_guardar_intento($1, $2, $3, $4, $5, $6, $7, $8, $9)';

/**
 * Stores a graded attempt — the attempt, its answer rows and the level progress (state and retry
 * count) — in ONE statement: a single statement is atomic, so there is no BEGIN/COMMIT, and PGlite
 * (one connection, ~0.4 ms of event loop per query) runs one query per submit instead of five
 * (docs/performance.md). The statement is a `SELECT` of a function that writes only intento,
 * resultado and progreso, tables outside every cache scope, so it leaves the caches alone.
 */
export async function saveAttempt(database: Database, a: AttemptToSave): Promise<SavedAttempt> {
  const filas = JSON.stringify(a.rows.map((r) => ({ p: r.idPregunta, r: r.idRespuesta, t: r.respuesta, c: r.correcta })));
  const { rows } = await database.raw(SAVE_ATTEMPT_SQL, [
    a.idUsuario, a.idNivel, a.idEvaluacion, a.correctas, a.totalPreguntas, a.puntaje, a.passed,
    a.passed ? ESTADO_COMPLETADO : ESTADO_EN_PROGRESO, filas,
  ]);
  const row = rows[0];
  if (!row) throw new Error('manitas_guardar_intento no devolvió el intento');
  const fecha = row.fecha instanceof Date ? row.fecha : new Date(String(row.fecha));
  return {
    idIntento: Number(row.id_intento),
    idNivel: Number(row.id_nivel),
    correctas: Number(row.correctas),
    totalPreguntas: Number(row.total_preguntas),
    puntaje: Number(row.puntaje),
    fecha,
  };
}
