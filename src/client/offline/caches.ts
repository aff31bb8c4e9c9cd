/**
 * The service worker's runtime caches hold one child's data at a time (constants.md C-8): the API reads
 * (progress, game and review summaries are per user; the cache key is the address only) and the
 * media of the levels that child opened. Logging out clears them; signing in as somebody else on
 * the same tablet clears them first. The precache (app code, icons, sounds) holds no user data and
 * stays, so the app still opens offline.
 *
 * Which user the caches belong to is written as a tiny entry of a cache of its own (Cache Storage is
 * what the service worker reads, so the record lives and dies with the data it describes; the
 * session's localStorage is wiped at logout).
 */
import { API_CACHE, MEDIA_CACHE } from './cacheNames';

export const OWNER_CACHE = 'manitas-owner';
const OWNER_KEY = '/__manitas/propietario';

const hasCaches = () => typeof caches !== 'undefined';

/** Deletes the API and media caches and their owner record; the precache stays. Never rejects. */
export async function clearOfflineCaches(): Promise<void> {
  if (!hasCaches()) return;
  try {
    await Promise.all([caches.delete(API_CACHE), caches.delete(MEDIA_CACHE), caches.delete(OWNER_CACHE)]);
  } catch (err) {
    console.warn('No se pudieron borrar los datos sin conexión', err);
  }
}

/** The user id the caches were filled for, or null (none recorded). */
export async function offlineCachesOwner(): Promise<string | null> {
  if (!hasCaches()) return null;
  try {
    // caches.match, not caches.open: reading must not create the cache.
    const res = await caches.match(OWNER_KEY, { cacheName: OWNER_CACHE });
    return res ? (await res.text()) || null : null;
  } catch {
    return null;
  }
}

/**
 * Called after a login (and on every app start with a stored session): when the caches were filled
 * for another user, or for nobody recorded, they are cleared before this user's data goes in; then
 * this user is recorded as their owner. Never rejects.
 */
export function claimOfflineCachesFor(userId: number | string): Promise<void> {
  // One claim at a time: two at once (app start and a download) must not clear after the other wrote.
  claiming = claiming.then(() => claim(String(userId)));
  return claiming;
}

let claiming: Promise<void> = Promise.resolve();

async function claim(me: string): Promise<void> {
  if (!hasCaches()) return;
  try {
    const owner = await offlineCachesOwner();
    if (owner === me) return;
    if (owner !== null || (await caches.has(API_CACHE)) || (await caches.has(MEDIA_CACHE))) await clearOfflineCaches();
    await (await caches.open(OWNER_CACHE)).put(OWNER_KEY, new Response(me, { headers: { 'Content-Type': 'text/plain' } }));
  } catch (err) {
    console.warn('No se pudo preparar el almacenamiento sin conexión', err);
  }
}
