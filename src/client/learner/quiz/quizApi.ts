import { apiPost, type ApiError } from '../../api/http';
import { newClave } from '../../offline/clave';
import { submit } from '../../offline/outbox';
import type { AttemptResult, AttemptReview, ResultRow } from '../../../shared/rules/quiz';

type QuizSend =
  /** `practica`: the child had passed already; graded, not stored (docs/decisions.md "The quiz"). */
  | { estado: 'enviado'; result: AttemptResult; review: AttemptReview | null; practica: boolean }
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
  const out = await submit<QuizReply>({
    id: clave,
    tipo: 'quiz',
    ruta: 'resultados/save-multiple',
    cuerpo: { respuestas: rows, clave, fecha: new Date(creado).toISOString() },
    creado,
    nivel: levelId,
  });
  if (out.estado === 'enviado') return fromReply(out.respuesta);
  return out;
}

type QuizReply = { msg: string; data: AttemptResult; revision?: AttemptReview; practica?: boolean };
const fromReply = (r: QuizReply) => ({ estado: 'enviado' as const, result: r.data, review: r.revision ?? null, practica: r.practica === true });

/**
 * Practice after a pass: sent straight, not through the device's queue. Nothing is stored, so there
 * is nothing to keep for later; offline the send fails like any save (logged, the button works again).
 */
export async function sendPractice(rows: ResultRow[]): Promise<QuizSend> {
  return fromReply(await apiPost<QuizReply>('resultados/save-multiple', { respuestas: rows }));
}
