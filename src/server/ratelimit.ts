import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from './db';
import { limiteVentana } from './db/schema';

/**
 * Request ceilings shared by every app process on every host: the counters live in the database
 * (table `limite_ventana`, the embedded PGlite one too, so there is one code path), never in a
 * process's memory, so N processes behind a load balancer allow what one would.
 *
 * A counter counts within a fixed window: the first hit opens it (`vence` = now + window), later
 * hits add one until it ends, and the hit after that opens a new one. Check and count are ONE
 * statement (INSERT … ON CONFLICT DO UPDATE … RETURNING): PostgreSQL locks the counter's row and
 * evaluates the update on its newest version, and PGlite runs one statement at a time, so 40
 * requests sent together are counted exactly as 40 in a row, whichever process took them. The
 * time is the database's (`now()`), the one clock every host shares.
 *
 * Why hand-written: @fastify/rate-limit ships an in-memory store and a Redis one (we run no Redis),
 * and its README asks a custom store for exactly `incr`/`child`; the statement below is the whole
 * store. rate-limiter-flexible's PostgreSQL store would bring its own table and its own pool.
 */

/** Milliseconds a row is kept after its window ended (then the next prune removes it). */
const KEEP_AFTER_MS = 60_000;
const PRUNE_EVERY_MS = 5 * 60_000;
const lastPrune = new WeakMap<Db, number>();

/** Removes counters whose window ended a while ago (bounded table); at most once per PRUNE_EVERY_MS per process. */
export async function pruneWindows(db: Db, force = false): Promise<number> {
  const now = Date.now();
  if (!force && now - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return 0;
  lastPrune.set(db, now);
  const gone = await db
    .delete(limiteVentana)
    .where(lt(limiteVentana.vence, sql`now() - make_interval(secs => ${KEEP_AFTER_MS / 1000})`))
    .returning({ clave: limiteVentana.clave });
  return gone.length;
}

const windowSql = (windowMs: number) => sql`now() + make_interval(secs => ${windowMs / 1000})`;
const ended = sql`${limiteVentana.vence} <= now()`;

/**
 * The one counting statement: opens `clave`'s window or adds one hit to it. With `max`, the
 * upsert's WHERE is the check (no row comes back when the ceiling is reached, and nothing is written).
 */
function hit(db: Db, clave: string, windowMs: number, max?: number) {
  void pruneWindows(db).catch(() => undefined);
  return db
    .insert(limiteVentana)
    .values({ clave, cuenta: 1, vence: windowSql(windowMs) })
    .onConflictDoUpdate({
      target: limiteVentana.clave,
      set: {
        cuenta: sql`CASE WHEN ${ended} THEN 1 ELSE ${limiteVentana.cuenta} + 1 END`,
        vence: sql`CASE WHEN ${ended} THEN ${windowSql(windowMs)} ELSE ${limiteVentana.vence} END`,
      },
      ...(max === undefined ? {} : { setWhere: sql`${ended} OR ${limiteVentana.cuenta} < ${max}` }),
    })
    .returning({ cuenta: limiteVentana.cuenta, ttl: sql<number>`greatest(0, extract(epoch from (${limiteVentana.vence} - now())) * 1000)::float8` });
}

/** Counts one hit of `clave` whatever the count: its number in the window and the ms left (the rate-limit store). */
export async function countHit(db: Db, clave: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const [row] = await hit(db, clave, windowMs);
  return { current: row!.cuenta, ttl: Math.ceil(Number(row!.ttl)) };
}

/**
 * Takes one place of `clave` if the window has one left: true = taken (counted), false = the
 * ceiling is reached and nothing was written.
 */
export async function takePlace(db: Db, clave: string, max: number, windowMs: number): Promise<boolean> {
  return (await hit(db, clave, windowMs, max)).length > 0;
}

/**
 * A ceiling per key (the recovery mails of one e-mail address), shared by every process. Keys are
 * stored as digests: the table need not hold anyone's address.
 */
export class KeyedLimiter {
  constructor(
    private readonly db: Db,
    /** What is counted (part of the stored key, so two limiters never share counters). */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private clave(key: string) {
    return `${this.name}:${createHash('sha256').update(key).digest('base64url')}`;
  }

  /** Takes a place for `key`: true when it was under its ceiling (and is now counted), false otherwise. */
  take(key: string): Promise<boolean> {
    return takePlace(this.db, this.clave(key), this.max, this.windowMs);
  }
}

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** What the plugin's route options hold for `child`: the route it is made for. */
type RouteParams = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * The store @fastify/rate-limit keeps its per-address counts in (its `store` option takes a class:
 * `new Store(globalParams)`, then `child(routeParams)` per route with its own limit). Each route
 * counts on its own, as the in-memory store did: the key is the route's method and URL pattern
 * plus the address the plugin gives.
 */
export function databaseRateStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseRateStore implements FastifyRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly route = '*',
    ) {}

    incr(key: string, cb: IncrCallback, timeWindow: number) {
      countHit(db, `ip:${this.route}:${key}`, timeWindow).then(
        (r) => cb(null, r),
        (err: Error) => cb(err),
      );
    }

    child(params: RouteParams) {
      const info = params.routeInfo ?? {};
      const method = [info.method ?? ''].flat().join(',');
      return new DatabaseRateStore(params, info.url ? `${method} ${info.url}` : '*');
    }
  };
}
