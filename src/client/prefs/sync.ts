/**
 * Preferences that follow the child (routes.md ): the device store (preferences.ts) kept in step with
 * the account's copy (GET/PUT /api/preferencias).
 *
 * - Load: once per signed-in account and page (the route guard calls `loadServerPreferences` on
 *   every signed-in screen; a new sign-in in the same page loads again). The server wins: its value
 *   replaces the device's, except for changes made here that the server has not acknowledged yet.
 * - Change: `setPreferences(patch)` writes the device store at once (every reader updates) and sends
 *   the changes to the server, debounced (several quick taps = one PUT). A failed PUT keeps the
 *   device value, logs a warning (never an alert) and is retried with the next change or on the
 *   next visit: the unsent changes are kept in localStorage with the account's id until then.
 * - Logout clears local storage (screens-learner.md L-1.2): the store forgets its value and the next account starts
 *   from its own server copy.
 */
import { useSyncExternalStore } from 'react';
import { apiGet, apiPut, ApiError } from '../api/http';
import { getStoredUser, getToken, onSessionChange } from '../auth/session';
import { cleanPreferencesPatch, parsePreferences, type Preferences } from '../../shared/rules/preferencesRules';
import { getPreferences, resetLocalPreferences, setLocalPreferences } from './preferences';
import { markPreferencesLoading } from './soundGate';

const PENDING_KEY = 'manitas.preferencias.pendientes';
const SAVE_DEBOUNCE_MS = 400;

/** What the profile shows next to the controls. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'offline';

let saveState: SaveState = 'idle';
const saveListeners = new Set<() => void>();
function setSaveState(s: SaveState) {
  if (s === saveState) return;
  saveState = s;
  for (const l of saveListeners) l();
}
export function getSaveState(): SaveState {
  return saveState;
}
function subscribeSaveState(fn: () => void) {
  saveListeners.add(fn);
  return () => {
    saveListeners.delete(fn);
  };
}
/** 'saving' while a change is on its way, 'saved' once the server has it, 'offline' when it failed. */
export function usePreferenceSaveState(): SaveState {
  return useSyncExternalStore(subscribeSaveState, getSaveState, getSaveState);
}

interface Pending {
  userId: number;
  patch: Partial<Preferences>;
}

function signedInUserId(): number | null {
  const u = getStoredUser();
  const id = Number(u?.id);
  return getToken() && Number.isInteger(id) && id > 0 ? id : null;
}

function readPending(userId: number): Partial<Preferences> {
  try {
    const raw = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as Pending | null;
    return raw && raw.userId === userId ? cleanPreferencesPatch(raw.patch) : {};
  } catch {
    return {};
  }
}

function writePending(userId: number, patch: Partial<Preferences>) {
  try {
    if (Object.keys(patch).length === 0) localStorage.removeItem(PENDING_KEY);
    else localStorage.setItem(PENDING_KEY, JSON.stringify({ userId, patch } satisfies Pending));
  } catch {
    /* private mode: the changes are still sent from memory */
  }
}

let timer: ReturnType<typeof setTimeout> | null = null;
let flushing: Promise<void> | null = null;
/** The account whose server copy is loaded (or loading) in this page. */
let loadedFor: { userId: number; token: string; done: Promise<void> } | null = null;

/** Sends the unsent changes now (one PUT); on failure they stay for the next change or visit. */
export function flushPreferences(): Promise<void> {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  if (flushing) return flushing.then(() => flushPreferences());
  const userId = signedInUserId();
  if (userId === null) return Promise.resolve();
  const patch = readPending(userId);
  if (Object.keys(patch).length === 0) return Promise.resolve();
  setSaveState('saving');
  const sent = JSON.stringify(patch);
  flushing = apiPut<{ data?: unknown }>('preferencias', patch)
    .then((res) => {
      // Only what was sent is done: a change made meanwhile stays to be sent.
      const now = readPending(userId);
      const left: Partial<Preferences> = {};
      for (const k of Object.keys(now) as (keyof Preferences)[]) {
        if ((patch as Record<string, unknown>)[k] !== now[k]) (left as Record<string, unknown>)[k] = now[k];
      }
      writePending(userId, left);
      if (JSON.stringify(now) === sent && res?.data && signedInUserId() === userId) setLocalPreferences(parsePreferences(res.data));
      setSaveState(Object.keys(left).length ? 'saving' : 'saved');
    })
    .catch((err: unknown) => {
      console.warn(
        'No se pudieron guardar las preferencias en tu cuenta; se guardan en este dispositivo y se enviarán más tarde.',
        err instanceof ApiError ? `${err.status} ${err.msg}` : err,
      );
      setSaveState('offline');
    })
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

/**
 * Changes preferences: the device store at once (every screen follows), then the account, debounced.
 * Use this (from `src/client/prefs`) for every change a person makes.
 */
export function setPreferences(patch: Partial<Preferences>): Preferences {
  const clean = cleanPreferencesPatch(patch);
  const next = setLocalPreferences(clean);
  const userId = signedInUserId();
  if (userId !== null && Object.keys(clean).length > 0) {
    writePending(userId, { ...readPending(userId), ...clean });
    setSaveState('saving');
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void flushPreferences();
    }, SAVE_DEBOUNCE_MS);
  }
  return next;
}

/**
 * Loads the signed-in account's preferences into the device store (server wins, changes not yet
 * sent are kept and sent). Once per account and token in a page; safe to call on every render.
 */
export function loadServerPreferences(): Promise<void> {
  const userId = signedInUserId();
  const token = getToken();
  if (userId === null || !token) return Promise.resolve();
  if (loadedFor && loadedFor.userId === userId && loadedFor.token === token) return loadedFor.done;
  const done = (async () => {
    // Changes made on this device that never reached the server go first (retry on the next visit).
    if (Object.keys(readPending(userId)).length > 0) await flushPreferences();
    try {
      const res = await apiGet<{ data?: unknown }>('preferencias');
      if (signedInUserId() !== userId) return;
      // The server's value, with whatever was changed here meanwhile (and not yet acknowledged) on top.
      setLocalPreferences({ ...parsePreferences(res?.data), ...readPending(userId) });
    } catch (err) {
      console.warn('No se pudieron cargar tus preferencias; se usan las de este dispositivo.', err instanceof ApiError ? `${err.status} ${err.msg}` : err);
      // Try again on the next screen.
      if (loadedFor?.userId === userId && loadedFor.token === token) loadedFor = null;
    }
  })();
  loadedFor = { userId, token, done };
  markPreferencesLoading(done);
  return done;
}

// Sign-in and logout in this page (also other tabs through the storage event the guard listens to).
onSessionChange(() => {
  const userId = signedInUserId();
  if (userId === null) {
    // Logout cleared local storage: forget the account's values and anything scheduled.
    if (timer !== null) clearTimeout(timer);
    timer = null;
    loadedFor = null;
    setSaveState('idle');
    resetLocalPreferences();
    return;
  }
  if (!loadedFor || loadedFor.userId !== userId) void loadServerPreferences();
});

export { getPreferences };
