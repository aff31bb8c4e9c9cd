/** @jsxRuntime classic */
// Classic JSX (React.createElement): react/jsx-runtime imported here would split it into a chunk of its own on /logIn's first visit.
/**
 * The offline machinery's start (docs/decisions.md "Offline and service worker"), mounted by the app's root. After the page's load event
 * it registers the service worker (register.ts) and, when there is something for it to do — a
 * signed-in screen, or no connection — mounts the offline layer (OfflineLayer.tsx: "Sin conexión",
 * "Nueva versión disponible", the caches' owner), a chunk of its own. The anonymous /logIn online
 * (its 150 KB budget) downloads nothing more than these lines.
 */
import React, { useEffect, useState, type ComponentType } from 'react';
import { registerServiceWorker } from './register';

export function AfterLoad() {
  const [Layer, setLayer] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    let asked = false;
    const show = () => {
      if (asked) return;
      asked = true;
      void import('./OfflineLayer').then((m) => live && setLayer(() => m.default));
    };
    const start = () => {
      if (!live) return;
      registerServiceWorker();
      let signedIn = false;
      try {
        signedIn = !!localStorage.getItem('token');
      } catch {
        /* storage blocked: the layer comes with the first offline event */
      }
      if (signedIn || navigator.onLine === false) show();
    };
    window.addEventListener('offline', show);
    // A sign-in in this page (src/client/boot/signedIn.ts): the layer comes now, not at the next load.
    window.addEventListener('manitas:signed-in', show);
    // In the first idle moment after the load event, not in the task that paints the first screen:
    // the worker's registration and the layer's chunk (with its preload links) were 50 ms of it at
    // a 4× slower CPU, counted as blocking time on /home (docs/performance.md "/home's blocking time").
    // The fallback: Safari has no requestIdleCallback.
    const later = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 1500 });
      else setTimeout(start, 1);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      live = false;
      window.removeEventListener('load', later);
      window.removeEventListener('offline', show);
      window.removeEventListener('manitas:signed-in', show);
    };
  }, []);
  return Layer ? <Layer /> : null;
}
