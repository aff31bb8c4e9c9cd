import { apiPut, mediaUrl } from '../../api/http';

/** A sign as the server stores it: its address (multimedia.url), compact rendition and kind. */
interface SignToTrack {
  url: string;
  urlCompacta?: string | null;
  tipo: string;
}

/**
 * Computes a sign's reference track in this (the teacher's) browser with the same hand model and
 * code the child's dialog runs (handTracker.ts, loaded only now) and stores it (PUT /api/trazo),
 * so no child's tablet has to compute it. Throws an ApiError (its Spanish `msg`) or the model's error.
 */
export async function buildAndStoreTrack(sign: SignToTrack): Promise<void> {
  const src = mediaUrl(sign.url);
  if (!src) throw new Error('sign without an address');
  const { loadHandTracker, computeReferenceTrack } = await import('../../learner/ahoraTu/handTracker');
  const tracker = await loadHandTracker();
  const kind = sign.tipo.trim().toLowerCase() === 'video' ? 'video' : 'auto';
  const { track, ms } = await computeReferenceTrack(tracker, src, mediaUrl(sign.urlCompacta ?? null), kind);
  await apiPut('trazo', { url: sign.url, ms: Math.round(ms), track });
}

/** The stored row of an upload's reply (`{msg, data}`): its address and kind, when it has them. */
export interface SavedSign {
  url: string;
  tipo: string;
}

export function savedSignOf(reply: unknown): SavedSign | null {
  const d = (reply as { data?: { url?: unknown; tipo?: unknown } } | null)?.data;
  return d && typeof d.url === 'string' && typeof d.tipo === 'string' ? { url: d.url, tipo: d.tipo } : null;
}
