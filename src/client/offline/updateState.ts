/**
 * The update of the app (screens-learner.md L-1.4), between the service worker's registration (register.ts) and
 * the prompt (UpdatePrompt.tsx): a new version waiting, and the call that applies it. With
 * registerType 'prompt' a new service worker waits until asked, so the running app keeps one whole
 * version (its precache) until the reload: never a mix of the old and the new code.
 */
type Listener = () => void;

let waiting = false;
let apply: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<Listener>();

export const updateWaiting = () => waiting;

export function subscribeUpdate(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Called by the registration when a new version is installed and waiting. */
export function setUpdateWaiting(applyUpdate: (reload?: boolean) => Promise<void>): void {
  apply = applyUpdate;
  waiting = true;
  for (const fn of listeners) fn();
}

/** "Actualizar": the waiting version takes over and the page reloads on it. */
export async function applyUpdate(): Promise<void> {
  if (!apply) return;
  waiting = false;
  for (const fn of listeners) fn();
  await apply(true);
}
