import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';

/**
 * A versioned in-process cache of read-mostly data (docs/performance.md).
 *
 * - Two scopes: `content` (levels, words, media, contents, quizzes: what learners read) and `auth`
 *   (the account row and roles behind each bearer token).
 * - Every successful write bumps the scope's version, which empties it. Writes are seen in two
 *   places: (1) the database layer reports every data-changing statement with its table before it
 *   runs (so even a write made outside HTTP — tests, seed — empties the cache), and (2) after every
 *   non-GET API request, once its transaction has committed, the scopes it may have touched are
 *   bumped again (a read that raced the write cannot leave stale data behind: an entry is only
 *   stored if the version did not move while it was being loaded).
 * - Across processes (several app processes on one PostgreSQL) a bump is sent on the PostgreSQL
 *   channel `manitas_cache`; every process LISTENs, empties its own copy and acknowledges on
 *   `manitas_cache_ack`. The writer counts the live listeners (their connections carry the
 *   application_name `manitas-cache`) and answers its client only once every other process has
 *   acknowledged (at most 2 s), so the next read anywhere sees the write.
 * - Entries also expire after `maxAgeMs` (a safety net for writes made by other means).
 */
export type CacheScope = 'content' | 'auth';
export const CACHE_SCOPES: readonly CacheScope[] = ['content', 'auth'];
export const CACHE_CHANNEL = 'manitas_cache';
const ACK_CHANNEL = 'manitas_cache_ack';
/** application_name of the LISTEN connections: how a writer counts the processes to wait for. */
const LISTENER_NAME = 'manitas-cache';
const ACK_TIMEOUT_MS = 2000;

/** Tables whose rows each scope holds; a write to any other table changes no cached data. */
export const SCOPE_TABLES: Record<CacheScope, readonly string[]> = {
  content: ['nivel', 'palabra', 'multimedia', 'contenido', 'evaluacion', 'pregunta', 'respuesta'],
  auth: ['usuario', 'rol', 'sesion_revocada'],
};

/**
 * Learner activity that writes only tables outside every scope (attempts, answer rows, progress,
 * comments) or nothing (sign-in): it must not empty the cache, or 30 tablets submitting a quiz at
 * once would keep it cold. Every other non-GET request bumps every scope.
 */
export const NON_CACHE_WRITES: readonly RegExp[] = [
  /^\/api\/(resultados|respuestas)\/save-multiple$/,
  /^\/api\/resultados\/create$/,
  /^\/api\/progreso\/visto$/,
  /^\/api\/comentario\/[^/]+$/,
  /^\/api\/user\/logIn$/,
  // Logging out bumps only the auth scope itself (routes/user.ts), not the learners' content.
  /^\/api\/user\/logout$/,
  // A child's own preferences (usuario.preferencias): no cached read holds them (the auth scope keeps
  // id, email, status, token version and roles), so no scope needs emptying in any process.
  /^\/api\/preferencias$/,
  // A child's game runs (issue 17): the partida table is in no scope, and no cached read holds it.
  /^\/api\/partidas$/,
];

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
  /** The cached value for key, or the loader's (stored only if no write happened meanwhile). */
  get<T>(scope: CacheScope, key: string, load: () => Promise<T>): Promise<T>;
  /** Empties scopes here and (PostgreSQL) in every other process. */
  bump(scopes: readonly CacheScope[], opts?: { local?: boolean }): Promise<void>;
  /** Bumps here only, synchronously (the database layer's pre-write signal). */
  bumpLocal(scopes: readonly CacheScope[]): void;
  /** The scopes a write statement on this table (null = unknown) may change. */
  scopesForTable(table: string | null): CacheScope[];
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
    bumpLocal,
    scopesForTable(table) {
      if (table === null) return [...CACHE_SCOPES];
      return CACHE_SCOPES.filter((s) => SCOPE_TABLES[s].includes(table));
    },
    async bump(scopes, o = {}) {
      if (!scopes.length) return;
      bumpLocal(scopes);
      const client = listener;
      if (o.local || !client) return;
      const id = `${origin}:${++seq}`;
      // Every other live process acknowledges once it has emptied its copy; wait for all of them.
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [LISTENER_NAME],
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

/** INSERT INTO / UPDATE / DELETE FROM <table>: the table, or null when the statement may write anything. */
const WRITE_RE = /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/i;
const READ_RE = /^\s*(?:select|show|begin|commit|rollback|savepoint|release|set|start\s+transaction|listen|explain\s+select)\b/i;

/** What a SQL statement may write: `false` for reads, a table name, or `null` (unknown: DDL, CTEs...). */
export function writtenTable(sqlText: string): string | null | false {
  if (READ_RE.test(sqlText)) return false;
  const m = WRITE_RE.exec(sqlText);
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Wires the cache into an app: bumps after every non-GET API request (post-commit) and sends a
 * handler's reply from the cache. Registered once by buildApp.
 */
export function registerCacheHooks(app: FastifyInstance, cache: Cache) {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    const url = req.url.split('?')[0] ?? '';
    if (!url.startsWith('/api/')) return payload;
    if (NON_CACHE_WRITES.some((re) => re.test(url))) return payload;
    await cache.bump(CACHE_SCOPES);
    return payload;
  });
}

/**
 * Answers a GET from the cache: the handler's result is serialized once per content version and
 * sent as it is (with the headers it set, e.g. X-Total-Count). `shape` separates replies that
 * differ by role (quiz details: learners never get the answer key).
 */
export async function cachedReply(
  cache: Cache, req: FastifyRequest, reply: FastifyReply, shape: string, build: () => Promise<unknown>,
): Promise<string> {
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
