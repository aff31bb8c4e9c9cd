import { QueryClient } from '@tanstack/react-query';

/**
 * A refusal (4xx: not found, not allowed, bad request) is an answer, not a failure: it is shown at
 * once instead of after react-query's retries (a missing question showed 'Cargando detalles...' for
 * about 7 s). A lost connection or a server error (status 0 or 5xx) is still retried, twice.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  const status = Number((error as { status?: unknown } | null)?.status ?? 0);
  return failures < 2 && (status === 0 || status >= 500);
}

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
