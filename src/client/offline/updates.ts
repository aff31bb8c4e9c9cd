/**
 * Watching for a new version of the app (screens-learner.md L-1.4, constants C-8), on the signed-in screens (OfflineLayer.tsx);
 * a module apart from register.ts, which the first visit's entry carries. Hand-written for the
 * same reason as register.ts (workbox-window's weight); the protocol is the generated sw.js's own.
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let watching = false;

/**
 * Watches the registration for a new version (OfflineLayer.tsx, on the signed-in screens): at once
 * and then every hour it asks the server for sw.js (a tablet left open all week gets deploys too);
 * `onWaiting(apply)` says a new version is installed and waiting, `apply()` switches to it and reloads.
 */
export async function watchUpdates(onWaiting: (apply: () => Promise<void>) => void): Promise<void> {
  if (watching || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  watching = true;
  const sw = navigator.serviceWorker;
  const reg = await sw.ready;
  const apply = async () => {
    // Reload once the new worker is in charge, so the page runs the new version whole.
    sw.addEventListener('controllerchange', () => location.reload(), { once: true });
    reg.waiting?.postMessage({ type: 'SKIP_WAITING' });
  };
  // A first install has no controller yet: nothing to update from (it takes the page itself).
  const announce = () => sw.controller && reg.waiting && onWaiting(apply);
  announce();
  reg.addEventListener('updatefound', () => {
    const w = reg.installing;
    w?.addEventListener('statechange', () => w.state === 'installed' && announce());
  });
  const check = () => {
    if (navigator.onLine !== false && !reg.installing) reg.update().catch(() => undefined);
  };
  check();
  setInterval(check, UPDATE_CHECK_MS);
}
