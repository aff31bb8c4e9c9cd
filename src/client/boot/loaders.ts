/**
 * First-visit data for the learner screens a child opens first, as react-router route loaders
 * (src/client/routes.tsx): when the app starts on /home, /supmenu/{id}[/{palabraId}] or
 * /menuletra/{id}/{palabraId} with a stored session, the router starts the screen's first API calls
 * alongside the screen's code (route `lazy`) and renders once both are there (at most
 * FIRST_DATA_WAIT_MS for the data), so the first paint is the screen with its data and its first
 * pictures already asked for (fetchpriority high): no spinner, no layout shift. The screens take each answer once (src/client/api/prefetched.ts); later in-app
 * navigations load nothing here (the screens ask themselves, as before).
 * This replaced a boot script of its own loaded by per-route HTML pages (docs/decisions.md "Boot
 * path and MUI modules": the library path met the same budgets; figures in docs/performance.md).
 */
import type { LoaderFunctionArgs } from 'react-router-dom';
import { prefetch } from '../api/prefetched';

/** The first render waits this long for the first data at most (then the screen asks itself). */
const FIRST_DATA_WAIT_MS = 1500;

/** The address the app started on: only that first load is prefetched. */
let bootPath: string | null = typeof location === 'undefined' ? null : location.pathname;

/** The signed-in learner's id when `request` is the app's first load, else null (once). */
function firstVisit(request: Request): number | null {
  if (new URL(request.url).pathname !== bootPath) return null;
  bootPath = null;
  try {
    const user = JSON.parse(localStorage.getItem('user') || 'null') as { id?: number } | null;
    return localStorage.getItem('token') && user?.id ? user.id : null;
  } catch {
    return null; // storage blocked or broken JSON: the screen loads as usual
  }
}

/** Waits for `work`, at most FIRST_DATA_WAIT_MS; never rejects (a screen asks again what failed). */
const atMost = (work: Promise<unknown>) =>
  Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]).then(() => null);

type Words = { id_palabra: number }[] | { data: { id_palabra: number }[] } | null;

export function homeLoader({ request, params }: LoaderFunctionArgs) {
  if (params.panel || !firstVisit(request)) return null;
  return atMost(prefetch('nivel/getNivels'));
}

export function levelMenuLoader({ request, params }: LoaderFunctionArgs) {
  const user = firstVisit(request);
  if (!user || !/^\d+$/.test(params.id ?? '')) return null;
  return atMost(
    Promise.all([
      prefetch('nivel/getNivels'),
      prefetch(`progreso/usuario/${user}`),
      prefetch<Words>(`palabra/nivel/${params.id}`).then((r) => {
        const ids = ((Array.isArray(r) ? r : r?.data) ?? []).map((x) => x.id_palabra);
        return Promise.all(ids.map((id) => prefetch(`multimedia/palabra/${id}`)));
      }),
    ]),
  );
}

export function wordLoader({ request, params }: LoaderFunctionArgs) {
  if (!firstVisit(request) || !/^\d+$/.test(params.nivelId ?? '') || !/^\d+$/.test(params.palabraId ?? '')) return null;
  return atMost(Promise.all([prefetch(`palabra/nivel/${params.nivelId}`), prefetch(`multimedia/palabra/${params.palabraId}`)]));
}
