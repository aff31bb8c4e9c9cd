import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { cspDirectives } from './security';

/**
 * The security headers of every response, computed once at start.
 *
 * `@fastify/helmet` builds helmet's middleware again on every request (it parses the whole
 * Content-Security-Policy each time: ~12 % of the CPU of a cached read). The headers never depend on
 * the request here (no nonces, no per-route options), so helmet runs once against a recording
 * response and each request gets the recorded list. Set on the raw response, as helmet does, so a
 * later, stricter header (the uploads' sandbox CSP) still replaces it. Pays: `@fastify/helmet` 13
 * in its place took a cached learner read from 21 to 32 µs of CPU (`npm run bench:hot`, A/B on one
 * machine, docs/performance.md "Hand-written infrastructure"); tests/api/security-headers.test.ts
 * keeps these headers byte-identical to the plugin's.
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

/** helmet's options for this app: the policy every response carries (docs/decisions.md "Headers and anti-forgery"). */
export function securityHeaderOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    // The Google popup talks back to the opener.
    crossOriginOpenerPolicy: config.firebase ? { policy: 'same-origin-allow-popups' } : { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  };
}

/**
 * Every /api/ reply may carry personal data (profiles, user lists, results, progress, tokens), so
 * none is kept by the browser or a shared cache: `Cache-Control: no-store`, set in the same hook as
 * the security headers (one comparison and one header per reply). A route that sets its own
 * Cache-Control replaces it (Fastify's reply headers win over the raw ones): only GET
 * /api/config/public does, with `no-cache`, on purpose — public settings, no personal data.
 * Static files are not under /api/ and keep their own caching (/assets/* and /uploads/* immutable).
 */
export const API_CACHE_CONTROL = 'no-store';
export const API_PREFIX = '/api/';

/** Sets the recorded headers (and no-store under /api/) on a raw response. */
export type HeaderApplier = (raw: ServerResponse, url: string) => void;

/** Registers the onRequest hook; returns the same setter for replies made outside the hooks (app.ts frameworkErrors). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): HeaderApplier {
  const { set, remove } = helmetHeaders(options);
  const apply: HeaderApplier = (raw, url) => {
    for (const name of remove) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    if (url.startsWith(API_PREFIX)) raw.setHeader('Cache-Control', API_CACHE_CONTROL);
  };
  app.addHook('onRequest', (req, reply, done) => {
    apply(reply.raw, req.url);
    done();
  });
  return apply;
}
