/**
 * The learner screens' reads through TanStack Query (the library the back office uses too): one
 * query per API call of docs/product/routes.md, so a screen states what it reads and the library
 * does the loading state, cancelling on unmount and asking once per visit.
 *
 * - Each visit asks again, as the screens always did: a query is forgotten as soon as no screen
 *   shows it (gcTime 0), and while it is shown it is never asked again (staleTime Infinity; no
 *   refetch on focus or reconnect), so a screen makes each of its calls once.
 * - No retries: a failed read shows its message at once (the service worker answers what this
 *   tablet keeps offline), and networkMode 'always' lets the query ask while the browser says
 *   offline, for that worker to answer.
 * - On a first visit the route's loader has already asked (src/client/boot/loaders.ts): its answer
 *   is the query's initial data when it is in, or what the query's first call waits for, so the
 *   first render has the data and nothing is asked twice.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLoaderData } from 'react-router-dom';
import type { FirstData } from '../../boot/loaders';
import { fetchWords, wordsOf, type ReadOptions } from './learnerData';

const learnerQueryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: 0, staleTime: Infinity, retry: false, networkMode: 'always', refetchOnWindowFocus: false, refetchOnReconnect: false },
  },
});

/** Wraps a learner screen so its queries run on the learner's client. */
export function LearnerQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={learnerQueryClient}>{children}</QueryClientProvider>;
}

/** The route loader's answers on a first visit, else null. */
export const useFirstData = () => (useLoaderData() as FirstData | null | undefined) ?? null;

/**
 * The query of `GET api/{key}`: `load` makes the call (with the loader's started answer on a first
 * visit, taken once), `read` turns a body into the same value for the answer already in.
 */
export function learnerQuery<T>(first: FirstData | null, key: string, load: (opts: ReadOptions) => Promise<T>, read: (body: unknown) => T) {
  const done = first?.done[key];
  const firstRead = () => (first!.read[key] ??= { value: read(JSON.parse(done!.text)), at: Date.now() }) as { value: T; at: number };
  return {
    queryKey: ['api', key] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => {
      const started = first?.started[key];
      if (first) delete first.started[key];
      return load({ signal, started });
    },
    // Read once per answer, with the time it was read: with gcTime 0 the cache drops the query
    // between a first render that React renders in slices and its commit, and builds it again at
    // the commit. The same value and time then give the same result, so the screen does not render
    // again in one piece right after its first paint (docs/performance.md "/home's blocking time").
    ...(done?.status === 200
      ? {
          initialData: () => firstRead().value,
          initialDataUpdatedAt: () => firstRead().at,
        }
      : {}),
  };
}

/** A level's words (sorted; none for an unknown level); a failure is logged with `what` and shown by the screen. */
export const levelWordsQuery = (first: FirstData | null, levelId: number, what: string) =>
  learnerQuery(
    first,
    `palabra/nivel/${levelId}`,
    (opts) =>
      fetchWords(levelId, opts).catch((err: unknown) => {
        console.error(what, err);
        throw err;
      }),
    wordsOf,
  );
