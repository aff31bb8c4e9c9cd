import type { ApiError } from '../../api/http';
import { newClave } from '../../offline/clave';
import { submit } from '../../offline/outbox';
import type { AttemptResult, AttemptReview, ResultRow } from '../../../shared/rules/quiz';

export type QuizSend =
  | { estado: 'enviado'; result: AttemptResult; review: AttemptReview | null }
  /** Kept on this device (offline, or the connection dropped during the send): it goes later, once. */
  | { estado: 'en-cola' }
  | { estado: 'rechazado'; error: ApiError };

/**
 * Sends the answers through the device's queue (src/client/offline/outbox.ts) with an idempotency
 * key and the time the child submitted: a resend after a lost reply is stored once. The reply's
 * `revision` carries the per-question feedback (null if absent).
 */
export async function sendQuiz(rows: ResultRow[], levelId: number): Promise<QuizSend> {
  const clave = newClave();
  const creado = Date.now();
  const out = await submit<{ msg: string; data: AttemptResult; revision?: AttemptReview }>({
    id: clave,
    tipo: 'quiz',
    ruta: 'resultados/save-multiple',
    cuerpo: { respuestas: rows, clave, fecha: new Date(creado).toISOString() },
    creado,
    nivel: levelId,
  });
  if (out.estado === 'enviado') return { estado: 'enviado', result: out.respuesta.data, review: out.respuesta.revision ?? null };
  return out;
}
