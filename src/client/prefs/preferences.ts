/**
 * The learner's preferences on this device (localStorage), as a tiny external store React reads with
 * useSyncExternalStore. Server sync (GET/PUT /api/preferencias) is layered on top in sync.ts.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_PREFERENCES, parsePreferences, type Preferences } from '../../shared/rules/preferences';

const KEY = 'manitas.preferencias';
const listeners = new Set<() => void>();
let current: Preferences | null = null;

function load(): Preferences {
  if (current) return current;
  try {
    current = parsePreferences(localStorage.getItem(KEY));
  } catch {
    current = { ...DEFAULT_PREFERENCES };
  }
  return current;
}

export function getPreferences(): Preferences {
  return load();
}

/** Changes some preferences on this device and tells every reader. Returns the new value. */
export function setLocalPreferences(patch: Partial<Preferences>): Preferences {
  current = { ...load(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Private mode or a full disk: the choice still holds for this visit.
  }
  for (const l of listeners) l();
  return current;
}

export function subscribePreferences(fn: () => void): () => void {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) { current = null; fn(); }
  };
  window.addEventListener('storage', onStorage);
  return () => { listeners.delete(fn); window.removeEventListener('storage', onStorage); };
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, getPreferences, getPreferences);
}
