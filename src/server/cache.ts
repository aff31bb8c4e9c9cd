import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';

/**
 * A versioned in-process cache of read-mostly data (docs/performance.md).
 *
 * - Two scopes: `content` (levels, words, media, contents, quizzes: what learners read) and `auth`
 *   (the account row and roles behind each bearer token).
 * - A bump raises a scope's version, which empties it. Bumps are explicit (docs/decisions.md,
 *   "Explicit cache invalidation"): every non-GET /api route declares the scopes its writes change in its route options
 *   (`config: invalidates('content')`, `invalidates()` for writes that touch no cached table), and
 *   they are bumped once the handler has returned, i.e. after its transaction committed (a read that
 *   raced the write cannot leave stale data behind: an entry is only stored if the version did not
 *   move while it was being loaded). A route that declares nothing is a startup error. Code that
 *   writes cached tables outside a route (maintenance jobs, restore) calls `bump` itself.
 * - Across processes (several app processes on one PostgreSQL) a bump is sent on the PostgreSQL
 *   channel `manitas_cache`; every process LISTENs, empties its own copy and acknowledges on
 *   `manitas_cache_ack`. The writer counts the live listeners (their connections carry the
 *   application_name `manitas-cache`) and answers its client only once every other process has
 *   acknowledged (at most 2 s), so the next read anywhere sees the write.
 * - Entries also expire after `maxAgeMs` (a safety net for writes made by other means, e.g. psql).
 */
export type CacheScope = 'content' | 'auth';
export const CACHE_SCOPES: readonly CacheScope[] = ['content', 'auth'];
export const CACHE_CHANNEL = 'manitas_cache';
const ACK_CHANNEL = 'manitas_cache_ack';
/** application_name of the LISTEN connections: how a writer counts the processes to wait for. */
const LISTENER_NAME = 'manitas-cache';
const ACK_TIMEOUT_MS = 2000;

/** Tables whose rows each scope holds (what a route's `invalidates(...)` is chosen from); a write to any other table changes no cached data. */
export const SCOPE_TABLES: Record<CacheScope, readonly string[]> = {
  content: ['nivel', 'palabra', 'multimedia', 'contenido', 'evaluacion', 'pregunta', 'respuesta'],
  auth: ['usuario', 'rol', 'sesion_revocada'],
};

interface Entry {
  version: number;
  at: number;
  value: unknown;
}

export interface CachedResponse {
  body: string;
  headers: Record<string, string>;
}

export interface CacheStats {
  hits: number;
  misses: number;
  bumps: Record<CacheScope, number>;
}

export interface Cache {
  version(scope: CacheScope): number;
  /** How long an entry of the scope may be served (0 once the cache stopped caching: lost LISTEN connection). */
  maxAgeMs(scope: CacheScope): number;
  /** The cached value for key, or the loader's (stored only if no write happened meanwhile). */
  get<T>(scope: CacheScope, key: string, load: () => Promise<T>): Promise<T>;
  /** Empties scopes here and (PostgreSQL) in every other process. */
  bump(scopes: readonly CacheScope[]): Promise<void>;
  stats: CacheStats;
  /** Starts LISTEN on PostgreSQL. */
  listen(databaseUrl: string, log?: { warn: (o: unknown, m?: string) => void }): Promise<void>;
  close(): Promise<void>;
}

export function createCache(opts: { maxEntries?: number; maxAgeMs?: number; authMaxAgeMs?: number } = {}): Cache {
  const maxEntries = opts.maxEntries ?? 2000;
  const maxAge: Record<CacheScope, number> = { content: opts.maxAgeMs ?? 60_000, auth: opts.authMaxAgeMs ?? 10_000 };
  const versions: Record<CacheScope, number> = { content: 0, auth: 0 };
  const maps: Record<CacheScope, Map<string, Entry>> = { content: new Map(), auth: new Map() };
  const stats: CacheStats = { hits: 0, misses: 0, bumps: { content: 0, auth: 0 } };
  const origin = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  let listener: pg.Client | null = null;
  let seq = 0;
  const acks = new Map<string, () => void>();

  function bumpLocal(scopes: readonly CacheScope[]) {
    for (const s of scopes) {
      versions[s]++;
      stats.bumps[s]++;
      maps[s].clear();
    }
  }

  return {
    stats,
    version: (scope) => versions[scope],
    maxAgeMs: (scope) => maxAge[scope],
    async get<T>(scope: CacheScope, key: string, load: () => Promise<T>): Promise<T> {
      const map = maps[scope];
      const hit = map.get(key);
      const now = Date.now();
      if (hit && hit.version === versions[scope] && now - hit.at < maxAge[scope]) {
        stats.hits++;
        return hit.value as T;
      }
      stats.misses++;
      const v = versions[scope];
      const value = await load();
      if (versions[scope] === v) {
        if (map.size >= maxEntries) map.delete(map.keys().next().value as string);
        map.set(key, { version: v, at: now, value });
      }
      return value;
    },
    async bump(scopes) {
      if (!scopes.length) return;
      bumpLocal(scopes);
      const client = listener;
      if (!client) return;
      const id = `${origin}:${++seq}`;
      // Every other live process acknowledges once it has emptied its copy; wait for all of them.
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_NAME],
      );
      const peers = Math.max(0, Number(rows[0]?.n ?? 1) - 1);
      const acked = new Promise<void>((resolve) => {
        if (peers === 0) return resolve();
        let left = peers;
        acks.set(id, () => {
          if (--left <= 0) resolve();
        });
        setTimeout(resolve, ACK_TIMEOUT_MS).unref();
      });
      try {
        await client.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify({ id, scopes })]);
        await acked;
      } finally {
        acks.delete(id);
      }
    },
    async listen(databaseUrl, log) {
      const client = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_NAME });
      client.on('error', (err) => log?.warn({ err }, 'caché: se perdió la conexión LISTEN; se vacía la caché'));
      client.on('end', () => {
        // Without the channel other processes' writes would go unseen: stop caching for good.
        if (listener === client) listener = null;
        maxAge.content = 0;
        maxAge.auth = 0;
        bumpLocal(CACHE_SCOPES);
      });
      client.on('notification', (n) => {
        if (!n.payload) return;
        if (n.channel === ACK_CHANNEL) {
          acks.get(n.payload)?.();
          return;
        }
        if (n.channel !== CACHE_CHANNEL) return;
        let msg: { id?: string; scopes?: CacheScope[] } = {};
        try {
          msg = JSON.parse(n.payload) as typeof msg;
        } catch {
          /* unreadable: empty everything */
        }
        if (typeof msg.id === 'string' && msg.id.startsWith(`${origin}:`)) return; // our own
        bumpLocal(Array.isArray(msg.scopes) ? msg.scopes.filter((s) => CACHE_SCOPES.includes(s)) : CACHE_SCOPES);
        if (typeof msg.id === 'string') void client.query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, msg.id]).catch(() => undefined);
      });
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      await client.query(`LISTEN ${ACK_CHANNEL}`);
      listener = client;
    },
    async close() {
      const c = listener;
      listener = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The cache scopes this route's writes change (see `invalidates`); every non-GET /api route has it. */
    invalidates?: readonly CacheScope[];
  }
}

/**
 * Route options of a write route: the scopes it changes, bumped after it answers.
 * `invalidates()` (no scope) marks learner activity that writes only tables outside every scope
 * (attempts, answers, progress, comments, game runs, preferences) or nothing (sign-in): it must not
 * empty the cache, or 30 tablets submitting a quiz at once would keep it cold.
 */
export function invalidates(...scopes: CacheScope[]): { invalidates: readonly CacheScope[] } {
  return { invalidates: Object.freeze([...new Set(scopes)]) };
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * Wires the cache into an app; registered once by buildApp, before any route.
 * - `onRoute`: a non-GET /api route without `config.invalidates` throws at startup, so a write route
 *   cannot forget to say what it empties (the alternative, bumping everything, is how the old
 *   URL list of "writes that are not writes" came about).
 * - `onSend`: bumps the declared scopes once the handler has returned (post-commit), before the
 *   reply leaves, so the client's next read (here or in another process) sees the write. A 4xx is
 *   a refusal made before writing or inside a rolled-back transaction: nothing to bump. A 5xx may
 *   follow a committed step (a file move after the row update), so it bumps like a success.
 */
export function registerCacheHooks(app: FastifyInstance, cache: Cache) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat();
    if (methods.every(isRead)) return;
    const declared = (route.config as { invalidates?: unknown } | undefined)?.invalidates;
    if (!Array.isArray(declared) || !declared.every((s) => CACHE_SCOPES.includes(s as CacheScope))) {
      throw new Error(`${methods.join(',')} ${route.url}: una ruta de escritura debe declarar config: invalidates(...) (src/server/cache.ts).`);
    }
  });
  // A callback hook: every reply passes here, and reads (nearly all of them) leave without a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    const scopes = req.routeOptions.config.invalidates;
    if (!scopes?.length || isRead(req.method) || (reply.statusCode >= 400 && reply.statusCode < 500)) return done(null, payload);
    cache.bump(scopes).then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
}

/**
 * Answers a GET from the cache: the handler's result is serialized once per content version and
 * sent as it is (with the headers it set, e.g. X-Total-Count). `shape` separates replies that
 * differ by role (quiz details: learners never get the answer key).
 */
export async function cachedReply(cache: Cache, req: FastifyRequest, reply: FastifyReply, shape: string, build: () => Promise<unknown>): Promise<string> {
  const key = `${shape}|${req.url}`;
  const res = await cache.get<CachedResponse>('content', key, async () => {
    const value = await build();
    const headers: Record<string, string> = {};
    const total = reply.getHeader('x-total-count');
    if (total !== undefined) headers['X-Total-Count'] = String(total);
    return { body: JSON.stringify(value), headers };
  });
  for (const [k, v] of Object.entries(res.headers)) reply.header(k, v);
  reply.type('application/json; charset=utf-8');
  return res.body;
}
