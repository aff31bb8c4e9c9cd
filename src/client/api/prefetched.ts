/**
 * The app's side of the boot prefetch (src/client/boot/prefetch.ts): an API GET the boot script
 * already started is answered from it, once, if it was made with the same session token and is
 * recent. Any other request (a write) drops what is left, so nothing read before it is reused.
 */
/** A boot-prefetched call (src/client/boot/prefetch.ts fills `window.__manitasPrefetch` with these). */
export interface Answer { status: number; text: string }
export interface Entry { token: string; at: number; res: Promise<Answer>; done?: Answer }

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
