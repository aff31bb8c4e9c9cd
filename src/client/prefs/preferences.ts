/**
 * The learner's preferences on this device (localStorage), as a tiny external store React reads with
 * useSyncExternalStore. Server sync (GET/PUT /api/preferencias) is layered on top in sync.ts; code
 * that changes a preference calls `setPreferences` from `src/client/prefs` (index.ts), which writes
 * here at once and then to the server. Zod-free (preferencesRules.ts): the learner screens load it.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_PREFERENCES, cleanPreferencesPatch, parsePreferences, type Preferences } from '../../shared/rules/preferencesRules';

const PREFERENCES_KEY = 'manitas.preferencias';
const KEY = PREFERENCES_KEY;
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
  const clean = cleanPreferencesPatch(patch);
  const before = load();
  if ((Object.keys(clean) as (keyof Preferences)[]).every((k) => before[k] === clean[k])) return before;
  current = { ...before, ...clean };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Private mode or a full disk: the choice still holds for this visit.
  }
  for (const l of listeners) l();
  return current;
}

/**
 * Forgets the value held in memory and tells every reader (logout: local storage was just cleared,
 * so they read the defaults again; nothing is written, logout leaves storage empty: L-1.2).
 */
export function resetLocalPreferences(): void {
  current = null;
  for (const l of listeners) l();
}

export function subscribePreferences(fn: () => void): () => void {
  listeners.add(fn);
  // Another tab changed them, or cleared the storage (logout there: key null).
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) {
      current = null;
      fn();
    }
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, getPreferences, getPreferences);
}
