/**
 * The service worker's registration and updates. Written here rather than taken from
 * vite-plugin-pwa's virtual:pwa-register: that one brings workbox-window (~2 KB gzipped) into
 * /logIn's first visit, whose 150 KB budget has no room for it; what it does for registerType
 * 'prompt' is these few lines. The protocol is the generated sw.js's own: a waiting worker takes
 * over on the message {type: 'SKIP_WAITING'}.
 */
const SW_URL = '/sw.js';

/** Registers the service worker (AfterLoad.tsx calls it after the page's load event). */
export function registerServiceWorker(): void {
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator)
    navigator.serviceWorker.register(SW_URL, { scope: '/' }).catch((err) => console.warn('No se pudo registrar el service worker', err));
}
