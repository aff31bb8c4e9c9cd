/**
 * The boot prefetch: a tiny script of its own (no imports), loaded by the learner routes' pages
 * (home.html, supmenu.html, menuletra.html) next to the app and run as soon as it arrives, before
 * the app's JS has downloaded. For a signed-in visit it starts the route's first API calls and the
 * first card's picture (the route's code is already coming: those pages preload it, see
 * bootPrefetch in scripts/build/perf-plugins.ts). The app takes each call's answer instead of
 * asking again (src/client/api/prefetched.ts); nothing else changes.
 */
// Types only: the script imports no code, so it stays one tiny file.
import type { Entry } from '../api/prefetched';

const w = window as unknown as { __manitasPrefetch?: Record<string, Entry> };
const store: Record<string, Entry> = (w.__manitasPrefetch = {});

const preloadImage = (href: string) => {
  const l = document.createElement('link');
  l.rel = 'preload';
  l.as = 'image';
  l.fetchPriority = 'high';
  l.href = href;
  document.head.appendChild(l);
};
/** Same reading as mediaUrl() in api/http.ts. */
const media = (url: unknown, folder?: string) => typeof url !== 'string' || !url ? null
  : /^(https?:|data:|blob:|\/)/.test(url) ? url : url.startsWith('uploads/') || !folder ? `/${url}` : `/uploads/${folder}/${url}`;

try {
  const token = localStorage.getItem('token');
  const user = JSON.parse(localStorage.getItem('user') || 'null') as { id?: unknown } | null;
  const path = location.pathname;
  const m = /^\/(home|supmenu|menuletra)(?:\/(\d+))?(?:\/(\d+))?$/.exec(path);
  if (token && user?.id && m) {
    const get = (p: string) => {
      const e: Entry = {
        token, at: Date.now(),
        res: fetch(`/api/${p}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, credentials: 'same-origin' })
          .then(async (r) => ({ status: r.status, text: await r.text() })),
      };
      e.res.then((a) => { e.done = a; }, () => undefined);
      store[p] = e;
      return e.res.then((a) => (a.status === 200 ? JSON.parse(a.text) : null)).catch(() => null);
    };
    const level = m[2];
    if (m[1] === 'home') {
      void get('nivel/getNivels').then((r) => {
        const src = media(r?.data?.[0]?.imagen, 'niveles');
        if (src) preloadImage(src);
      });
    } else if (m[1] === 'supmenu' && level) {
      void get('nivel/getNivels');
      void get(`progreso/usuario/${user.id}`);
      void get(`palabra/nivel/${level}`).then((r) => {
        const ids = ((Array.isArray(r) ? r : r?.data) ?? []).map((x: { id_palabra: number }) => x.id_palabra).sort((a: number, b: number) => a - b) as number[];
        ids.forEach((id, i) => void get(`multimedia/palabra/${id}`).then((x) => {
          const list = (x?.data ?? []) as { descripcion: string; url: string }[];
          const pic = list.find((d) => d.descripcion === 'gifmenu') ?? list.find((d) => d.descripcion === 'imgEspanol');
          if (i === 0 && pic) preloadImage(media(pic.url)!);
        }));
      });
    } else if (m[1] === 'menuletra' && level && m[3]) {
      void get(`palabra/nivel/${level}`);
      void get(`multimedia/palabra/${m[3]}`);
    }
  }
} catch {
  /* storage blocked or broken JSON: the app loads as usual */
}
