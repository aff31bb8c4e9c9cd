/**
 * The one gate every sound of the app passes ("Sin sonido", games.md G-8.4): the learner's level sound,
 * a word's 'Escuchar' audio (src/client/learner/home/sound.ts) and the games' cues
 * (games/shared/sound.ts). With Sin sonido on, nothing is loaded or played at all — no howler, no
 * Howl, no AudioContext, no <audio> — not just volume 0; turning it on stops whatever is playing.
 * Every sound cue also has a visible one, shown whether the gate is open or not.
 */
import { getPreferences, subscribePreferences } from './preferences';

/** Whether sound may play now (the learner's "Sin sonido" preference is off). */
export function soundAllowed(): boolean {
  return !getPreferences().sinSonido;
}

let loading: Promise<void> | null = null;
/** Set by sync.ts while the account's preferences are on their way (right after signing in). */
export function markPreferencesLoading(p: Promise<void>): void {
  const mine = p
    .catch(() => undefined)
    .finally(() => {
      if (loading === mine) loading = null;
    });
  loading = mine;
}
/**
 * Resolves once the account's preferences are here (at most `maxMs`): a sound asked for right after
 * signing in waits for them, so a child with Sin sonido on another device hears nothing here either.
 */
export function preferencesSettled(maxMs = 1000): Promise<void> {
  if (!loading) return Promise.resolve();
  return Promise.race([loading, new Promise<void>((r) => setTimeout(r, maxMs))]);
}

const stoppers = new Set<() => void>();
let watching = false;
let open = true;

/**
 * Runs `stop` whenever the gate closes (Sin sonido turned on, here or in another tab), so a sound
 * that is already playing stops at once. Returns the unregister function.
 */
export function onSoundBlocked(stop: () => void): () => void {
  stoppers.add(stop);
  if (!watching) {
    watching = true;
    open = soundAllowed();
    subscribePreferences(() => {
      const now = soundAllowed();
      if (open && !now) {
        for (const s of [...stoppers]) {
          try {
            s();
          } catch (err) {
            console.warn('No se pudo detener el sonido', err);
          }
        }
      }
      open = now;
    });
  }
  return () => {
    stoppers.delete(stop);
  };
}
