import { useSyncExternalStore } from 'react';
import { getStoredUser, onSessionChange, type SessionUser } from './session';

let cachedRaw: string | null | undefined;
let cachedUser: SessionUser | null = null;

function snapshot(): SessionUser | null {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem('user');
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = getStoredUser();
  }
  return cachedUser;
}

function subscribe(fn: () => void) {
  const off = onSessionChange(fn);
  window.addEventListener('storage', fn);
  return () => {
    off();
    window.removeEventListener('storage', fn);
  };
}

/** The stored session user, re-read whenever the session changes (also in other tabs). */
export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
