import { apiPost } from '../../api/http';
import type { AttemptResult, AttemptReview, ResultRow } from '../../../shared/rules/quiz';

/** Sends the answers; the reply's `revision` carries the per-question feedback (null if absent). */
export async function saveQuizWithReview(rows: ResultRow[]): Promise<{ result: AttemptResult; review: AttemptReview | null }> {
  const r = await apiPost<{ msg: string; data: AttemptResult; revision?: AttemptReview }>('resultados/save-multiple', { respuestas: rows });
  return { result: r.data, review: r.revision ?? null };
}
