/**
 * What every signed-in screen starts once (the guard imports this one chunk, so the login page
 * carries a single lazy import for both): the account's preferences brought to this device
 * (src/client/prefs/sync.ts), the offline caches claimed for this child and the device's queue of
 * offline work sent (src/client/offline/sync.ts).
 */
import { loadServerPreferences } from '../prefs/sync';
import { startOfflineSync } from '../offline/sync';
import { claimOfflineCachesFor } from '../offline/caches';
import { getStoredUser } from '../auth/session';

/** Asks the root's AfterLoad (src/client/offline/AfterLoad.tsx) for the offline layer after a sign-in in this page. */
const SIGNED_IN_EVENT = 'manitas:signed-in';

export function startSignedIn(): void {
  void Promise.resolve(loadServerPreferences()).catch(() => undefined);
  // The offline caches become this child's (a child who did not log out left theirs: caches.ts).
  // The child's own reads are network-first, so nothing of the other child is shown meanwhile.
  const id = getStoredUser()?.id;
  if (id) void claimOfflineCachesFor(id).catch(() => undefined);
  startOfflineSync();
  window.dispatchEvent(new Event(SIGNED_IN_EVENT));
}
