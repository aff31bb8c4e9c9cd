import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/** True for the dataProvider's lost-connection error (no answer at all). */
const isOffline = (error: unknown) => (error as { body?: { code?: unknown } } | null)?.body?.code === 'OFFLINE';

/**
 * A refusal (4xx: not found, not allowed, bad request) is an answer, not a failure: it is shown at
 * once instead of after react-query's retries (a missing question showed 'Cargando detalles...' for
 * about 7 s). A server error (5xx) or a bare network failure (status 0) is still retried, twice —
 * but not the dataProvider's OFFLINE error (no answer at all: offline, or none within its timeout):
 * the screen says 'Sin conexión' at once, and react-query reads again when the browser reconnects.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  const e = error as { status?: unknown; body?: { code?: unknown } } | null;
  if (isOffline(e)) return false;
  const status = Number(e?.status ?? 0);
  return failures < 2 && (status === 0 || status >= 500);
}

/**
 * networkMode 'always' (B-1.1 "Connection lost"): react-query's default ('online') pauses a query or a save while
 * the browser is offline and silently replays the save when the connection returns, so Guardar
 * spun with no message and the record was written later without the user asking again. Here a
 * call made offline fails at once (the dataProvider names the lost connection), the form keeps
 * what was typed, and a save is never retried nor replayed: only pressing Guardar again sends it.
 */
/**
 * The back office's connection notices (layout/ConnectionAlert): a read or a save that got no
 * answer, and a save that went through (which ends a 'no se guardó' notice). Many of the
 * save-error texts (B-1.4) do not carry the reason ('Error al crear la institución.'), so the lost
 * connection is said here, once, for every screen.
 */
export type ConnectionNotice = 'load-failed' | 'save-failed' | 'saved' | 'loaded';
export const connectionNotices = new EventTarget();
const notice = (kind: ConnectionNotice) => connectionNotices.dispatchEvent(new CustomEvent<ConnectionNotice>('notice', { detail: kind }));

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => isOffline(error) && notice('load-failed'),
    onSuccess: () => notice('loaded'),
  }),
  mutationCache: new MutationCache({
    onError: (error) => isOffline(error) && notice('save-failed'),
    onSuccess: () => notice('saved'),
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
