import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The security headers of every response, computed once at start.
 *
 * `@fastify/helmet` builds helmet's middleware again on every request (it parses the whole
 * Content-Security-Policy each time: ~12 % of the CPU of a cached read). The headers never depend on
 * the request here (no nonces, no per-route options), so helmet runs once against a recording
 * response and each request gets the recorded list. Set on the raw response, as helmet does, so a
 * later, stricter header (the uploads' sandbox CSP) still replaces it.
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return res;
    },
    removeHeader(name: string) {
      set.delete(name);
      remove.push(name);
    },
    getHeader(name: string) {
      return set.get(name);
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) failure = err;
  });
  if (failure) throw failure;
  return { set: [...set], remove };
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, remove } = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    for (const name of remove) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
}
