/**
 * First-visit answers: the route loaders (src/client/boot/loaders.ts) start a learner screen's
 * first API GETs alongside its code, and the app answers each of them from here once, if it was
 * made with the same session token and is recent. Any other request (a write) drops what is left,
 * so nothing read before it is reused. The screens read through api() (or peek for a first render
 * with data) and do not know whether a loader asked first.
 */
export interface Answer {
  status: number;
  text: string;
}
/** A started call (`window.__manitasPrefetch` holds these, by the path after api/). */
export interface Entry {
  token: string;
  at: number;
  res: Promise<Answer>;
  done?: Answer;
}

const MAX_AGE_MS = 15_000;
type Win = { __manitasPrefetch?: Record<string, Entry> };
const store = () => (typeof window === 'undefined' ? undefined : (window as unknown as Win).__manitasPrefetch);

function take(key: string, token: string | null): Entry | null {
  const s = store();
  const e = s?.[key];
  if (!e) return null;
  delete s[key];
  return e.token === token && Date.now() - e.at < MAX_AGE_MS ? e : null;
}

/** The started call for `api/{key}` (key = path after api/, with its query), or null. */
export function takePrefetched(key: string, token: string | null): Promise<Answer> | null {
  return take(key, token)?.res ?? null;
}

const token = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem('token'));

/** Whether `peekPrefetched(key)` would give a body now (answered 200, same session, recent); takes nothing. */
export function hasPrefetched(key: string): boolean {
  const e = store()?.[key];
  return e?.done?.status === 200 && e.token === token() && Date.now() - e.at < MAX_AGE_MS;
}

/** A started call that has already answered 200: its parsed body, for a first render with data. */
export function peekPrefetched<T>(key: string): T | undefined {
  if (store()?.[key]?.done?.status !== 200) return undefined; // not answered yet: the page's own call takes it
  const done = take(key, token())?.done;
  return done ? (JSON.parse(done.text) as T) : undefined;
}

export function dropPrefetched() {
  if (store()) (window as unknown as Win).__manitasPrefetch = {};
}

/**
 * Starts `GET api/{key}` with the stored session's token and keeps it for the screen that asks
 * next (taken once, as above). Resolves to the parsed body on 200, else null; never rejects.
 */
export function prefetch<T>(key: string): Promise<T | null> {
  const t = token();
  if (!t || typeof window === 'undefined') return Promise.resolve(null);
  const w = window as unknown as Win;
  const e: Entry = {
    token: t,
    at: Date.now(),
    res: fetch(`/api/${key}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${t}` }, credentials: 'same-origin' }).then(async (r) => ({
      status: r.status,
      text: await r.text(),
    })),
  };
  e.res.then(
    (a) => {
      e.done = a;
    },
    () => undefined,
  );
  (w.__manitasPrefetch ??= {})[key] = e;
  return e.res.then((a) => (a.status === 200 ? (JSON.parse(a.text) as T) : null)).catch(() => null);
}
