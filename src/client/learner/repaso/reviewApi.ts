/**
 * The "Repaso de hoy" card's and the session's calls to the review API (src/server/resources/repaso/routes.ts).
 * The level menu's stars (WordStars.tsx) and word detail's "seen" (wordSeen.ts) have their own: a
 * module shared by several screens becomes one more chunk name in the entry chunk /logIn downloads.
 */
import { apiGet } from '../../api/http';
import { submit } from '../../offline/outbox';
import type { ReviewItem, ReviewResult, ReviewToday } from '../../../shared/rules/review';
import type { SessionAnswer } from './reviewRules';

export const fetchToday = (signal?: AbortSignal) => apiGet<{ data: ReviewToday }>('repaso/hoy', { signal }).then((r) => r.data);

export const fetchSession = (signal?: AbortSignal) => apiGet<{ data: ReviewItem[] }>('repaso/sesion', { signal }).then((r) => r.data);

/**
 * Sends one answer through the device's queue (src/client/offline/outbox.ts) with its clave and the
 * time it was given: offline, or when the connection drops, it waits on the device and goes later;
 * the server stores an answer once per clave and answers a replay with 200. Resolves once the
 * answer is safe (on the server or on the device); rejects only when the server refused it.
 */
export async function sendAnswer(a: SessionAnswer): Promise<void> {
  const creado = Date.now();
  // The answer itself, not a verdict: the server grades it (src/shared/rules/reviewAnswer.ts).
  const given = a.elegida !== undefined ? { elegida: a.elegida } : { escrita: a.escrita ?? '' };
  const body = { id_palabra: a.id_palabra, ...given, repetido: a.repetido, lento: a.lento, clave: a.clave, fecha: new Date(creado).toISOString() };
  const out = await submit<{ data: ReviewResult }>({ id: a.clave, tipo: 'respuesta', ruta: 'repaso/respuesta', cuerpo: body, creado });
  if (out.estado === 'rechazado') throw out.error;
}
