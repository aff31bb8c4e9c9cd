/**
 * The "Repaso de hoy" card's and the session's calls to the review API (src/server/routes/repaso.ts).
 * The level menu's stars (WordStars.tsx) and word detail's "seen" (wordSeen.ts) have their own: a
 * module shared by several screens becomes one more chunk name in the entry chunk /logIn downloads.
 */
import { ApiError, apiGet, apiPost } from '../../api/http';
import type { ReviewItem, ReviewResult, ReviewToday } from '../../../shared/rules/review';
import type { SessionAnswer } from './reviewRules';

export const fetchToday = (signal?: AbortSignal) => apiGet<{ data: ReviewToday }>('repaso/hoy', { signal }).then((r) => r.data);

export const fetchSession = (signal?: AbortSignal) => apiGet<{ data: ReviewItem[] }>('repaso/sesion', { signal }).then((r) => r.data);

/**
 * Sends one answer. A network failure (the answer may or may not have arrived) is retried once
 * with the same clave: the server stores an answer once per clave and answers a replay with 200.
 */
export async function sendAnswer(a: SessionAnswer): Promise<ReviewResult> {
  const body = { id_palabra: a.id_palabra, correcto: a.correcto, repetido: a.repetido, lento: a.lento, clave: a.clave };
  try {
    return (await apiPost<{ data: ReviewResult }>('repaso/respuesta', body)).data;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 0) throw err;
    return (await apiPost<{ data: ReviewResult }>('repaso/respuesta', body)).data;
  }
}
