import type { Database } from '../db';
import { ESTADO_COMPLETADO, ESTADO_EN_PROGRESO } from '../../shared/rules/progress';
import { MAX_RETRIES, NO_ATTEMPTS_LEFT_MSG, PASS_MARK, attemptsLeft } from '../../shared/rules/quizRules';
import { AppError } from '../errors';

// The message lives in src/shared: the quiz screen says it before the form, the server on a refused submit.
export { NO_ATTEMPTS_LEFT_MSG };
/** SQLSTATE raised by manitas_guardar_intento when the child has no attempt left (migration 0004). */
const NO_ATTEMPTS_LEFT_SQLSTATE = 'MNX01';

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
  /** When the child finished, already bounded (eventTime, src/shared/rules/offline.ts); absent = the database's now(). */
  fecha?: Date;
  /** The device's idempotency key (wire W-11.1): a submit with a key already stored answers that attempt. */
  clave?: string;
}

export interface SavedAttempt {
  /** Null for practice: nothing was stored. */
  idIntento: number | null;
  idNivel: number;
  correctas: number;
  totalPreguntas: number;
  puntaje: number;
  fecha: Date;
  /** Attempts still allowed at this level after this one (one attempt + retries + granted − used). */
  intentosRestantes: number;
  /** True when the key was already stored: this is that attempt, and nothing was written. */
  repetido: boolean;
  /**
   * True when the child had already passed this level: the attempt was graded but not stored, not
   * counted and changed no progress (docs/decisions.md "The quiz", practice after a pass).
   */
  practica: boolean;
}

/**
 * The statement of a submit (the function: migration 0014_quiz_practice_after_pass, first written in 0001).
 * The tenth parameter is the retry limit and the thirteenth the pass mark (constants.md C-4), so the
 * numbers live here in TypeScript only. The
 * function returns the attempt with the attempts before it and those a teacher granted, both read
 * under its lock (no extra round trip), and whether the key was already stored (`repetido`).
 */
export const SAVE_ATTEMPT_SQL = 'SELECT * FROM manitas_guardar_intento($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)';

const sqlState = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
};

/**
 * Stores a graded attempt — the attempt, its answer rows and the level progress (state and retry
 * count) — in ONE statement: a single statement is atomic, so there is no BEGIN/COMMIT, and PGlite
 * (one connection, ~0.4 ms of event loop per query) runs one query per submit instead of five
 * (docs/performance.md). The statement is a `SELECT` of a function that writes only intento,
 * resultado and progreso, tables outside every cache scope, so it leaves the caches alone.
 * Past the attempt limit (one attempt + MAX_RETRIES retries + what a teacher granted) it stores
 * nothing and throws a 409 with NO_ATTEMPTS_LEFT_MSG. Once the child passed the level, a submit is
 * practice (`practica`): graded, never stored, never refused by the limit. A key already stored for this child (a device
 * sending again, wire W-11.1) returns that attempt with `repetido`, writes nothing and is not refused by
 * the limit; the caller checks it is the same quiz.
 */
export async function saveAttempt(database: Database, a: AttemptToSave): Promise<SavedAttempt> {
  const filas = JSON.stringify(a.rows.map((r) => ({ p: r.idPregunta, r: r.idRespuesta, t: r.respuesta, c: r.correcta })));
  let rows: Record<string, unknown>[];
  try {
    ({ rows } = await database.raw(SAVE_ATTEMPT_SQL, [
      a.idUsuario,
      a.idNivel,
      a.idEvaluacion,
      a.correctas,
      a.totalPreguntas,
      a.puntaje,
      a.passed,
      a.passed ? ESTADO_COMPLETADO : ESTADO_EN_PROGRESO,
      filas,
      MAX_RETRIES,
      a.fecha ? a.fecha.toISOString() : null,
      a.clave ?? null,
      PASS_MARK,
    ]));
  } catch (err) {
    if (sqlState(err) === NO_ATTEMPTS_LEFT_SQLSTATE) throw new AppError(409, 'NO_ATTEMPTS_LEFT', NO_ATTEMPTS_LEFT_MSG);
    throw err;
  }
  const row = rows[0];
  if (!row) throw new Error('manitas_guardar_intento no devolvió el intento');
  const fecha = row.fecha instanceof Date ? row.fecha : new Date(String(row.fecha));
  return {
    idIntento: row.id_intento == null ? null : Number(row.id_intento),
    idNivel: Number(row.id_nivel),
    correctas: Number(row.correctas),
    totalPreguntas: Number(row.total_preguntas),
    puntaje: Number(row.puntaje),
    fecha,
    intentosRestantes: attemptsLeft(Number(row.intentos_previos ?? 0) + 1, Number(row.intentos_extra ?? 0)),
    repetido: row.repetido === true,
    practica: row.practica === true,
  };
}
