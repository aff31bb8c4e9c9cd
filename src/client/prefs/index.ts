/**
 * The learner's preferences, from one place (screens-learner.md L-15.3, constants C-10):
 * - `usePreferences()` / `getPreferences()` read them (the device store, kept in step with the account);
 * - `setPreferences(patch)` changes them: this device at once, the account right after (debounced);
 * - `soundAllowed()` is the "Sin sonido" gate every sound passes.
 * Zod-free, so any learner screen may import it.
 */
export { usePreferences, getPreferences, subscribePreferences } from './preferences';
export { setPreferences, loadServerPreferences, flushPreferences, usePreferenceSaveState, type SaveState } from './sync';
export { soundAllowed, onSoundBlocked } from './soundGate';
export { SIGN_SPEEDS, DEFAULT_PREFERENCES, speedLabel, type Preferences, type SignSpeed } from '../../shared/rules/preferencesRules';
