/**
 * First-visit data for the learner screens a child opens first, as react-router route loaders
 * (src/client/routes.tsx): when the app starts on /home, /supmenu/{id}[/{palabraId}] or
 * /menuletra/{id}/{palabraId} with a stored session, the router starts the screen's first API calls
 * alongside the screen's code (route `lazy`) and renders once both are there (at most
 * FIRST_DATA_WAIT_MS for the data), so the first paint is the screen with its data and its first
 * pictures already asked for (fetchpriority high): no spinner, no layout shift.
 *
 * The answers reach the screen as the route's loader data (`useLoaderData`), and the screen's
 * TanStack queries (src/client/learner/model/queries.ts) start from them: an answer already there is
 * the query's initial data, one still on its way is what the query's first fetch waits for, so no
 * call is made twice. Later in-app navigations load nothing here (the screens' queries ask).
 * This file stays in the app's entry, without TanStack Query, so the calls start as soon as the
 * router does and /logIn does not download the query library (docs/decisions.md "Learner data").
 */
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { StartedAnswer } from '../api/http';

/** The first render waits this long for the first data at most (then the screen's query waits on). */
const FIRST_DATA_WAIT_MS = 1500;

/** What a first-visit loader started, by the path after api/: each call, and the answers already in. */
export interface FirstData {
  started: Record<string, Promise<StartedAnswer | null>>;
  done: Record<string, StartedAnswer>;
  /** Each answer of `done` as its screen reads it and when, made once (src/client/learner/model/queries.tsx). */
  read: Record<string, { value: unknown; at: number }>;
}

/** The address the app started on: only that first load is prefetched. */
let bootPath: string | null = typeof location === 'undefined' ? null : location.pathname;

/** The signed-in session (token and learner id) when `request` is the app's first load, else null (once). */
function firstVisit(request: Request): { token: string; user: number } | null {
  if (new URL(request.url).pathname !== bootPath) return null;
  bootPath = null;
  try {
    const user = JSON.parse(localStorage.getItem('user') || 'null') as { id?: number } | null;
    const token = localStorage.getItem('token');
    return token && user?.id ? { token, user: user.id } : null;
  } catch {
    return null; // storage blocked or broken JSON: the screen loads as usual
  }
}

/** Starts `GET api/{key}` for the screen; resolves to its parsed body on 200, else null; never rejects. */
function starter(token: string) {
  const first: FirstData = { started: {}, done: {}, read: {} };
  const start = <T>(key: string): Promise<T | null> => {
    const answer = fetch(`/api/${key}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, credentials: 'same-origin' }).then(
      async (r): Promise<StartedAnswer> => ({ status: r.status, text: await r.text() }),
      () => null,
    );
    first.started[key] = answer;
    return answer.then((a) => {
      if (!a) return null;
      first.done[key] = a;
      return a.status === 200 ? (JSON.parse(a.text) as T) : null;
    });
  };
  /** Waits for `work`, at most FIRST_DATA_WAIT_MS, then hands the screen what was started. */
  const handOver = (work: Promise<unknown>) =>
    Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]).then(() => first);
  return { start, handOver };
}

type Words = { id_palabra: number }[] | { data: { id_palabra: number }[] } | null;

export function homeLoader({ request, params }: LoaderFunctionArgs): Promise<FirstData> | null {
  const s = params.panel ? null : firstVisit(request);
  if (!s) return null;
  const { start, handOver } = starter(s.token);
  // The assigned levels too: they order the cards, so the first render has them (no reordering
  // render after the first paint, docs/performance.md "/home's blocking time").
  return handOver(Promise.all([start('nivel/getNivels'), start('clase/mis-tareas')]));
}

export function levelMenuLoader({ request, params }: LoaderFunctionArgs): Promise<FirstData> | null {
  const s = firstVisit(request);
  if (!s || !/^\d+$/.test(params.id ?? '')) return null;
  const { start, handOver } = starter(s.token);
  return handOver(
    Promise.all([
      start('nivel/getNivels'),
      start(`progreso/usuario/${s.user}`),
      start<Words>(`palabra/nivel/${params.id}`).then((r) => {
        const ids = ((Array.isArray(r) ? r : r?.data) ?? []).map((x) => x.id_palabra);
        return Promise.all(ids.map((id) => start(`multimedia/palabra/${id}`)));
      }),
    ]),
  );
}

export function wordLoader({ request, params }: LoaderFunctionArgs): Promise<FirstData> | null {
  const s = firstVisit(request);
  if (!s || !/^\d+$/.test(params.nivelId ?? '') || !/^\d+$/.test(params.palabraId ?? '')) return null;
  const { start, handOver } = starter(s.token);
  return handOver(Promise.all([start(`palabra/nivel/${params.nivelId}`), start(`multimedia/palabra/${params.palabraId}`)]));
}
