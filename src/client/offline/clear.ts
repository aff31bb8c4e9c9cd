/**
 * Logout on a shared tablet (screens-learner.md L-1.2): nothing of the child who leaves stays readable by the next
 * one — their waiting entries in the device's queue and the service worker's API and media caches
 * are deleted (the precached app shell stays: it holds no one's data). Its own chunk, loaded by
 * logout, so the login page does not carry IndexedDB code.
 */
import { clearOutbox, flushWithin, pendingEntries } from './outbox';
import { clearOfflineCaches } from './caches';

export async function clearDeviceData(usuario: number | null): Promise<void> {
  await Promise.allSettled([usuario ? clearOutbox(usuario) : Promise.resolve(), clearOfflineCaches()]);
}

/** How many of this child's events still wait on this device, after one last try to send them when online. */
export async function unsentBeforeLogout(usuario: number, waitMs = 5000): Promise<number> {
  if ((await pendingEntries(usuario)).length === 0) return 0;
  if (typeof navigator === 'undefined' || navigator.onLine !== false) {
    await flushWithin(waitMs);
  }
  return (await pendingEntries(usuario)).length;
}
