import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { limiteIntento } from '../db/schema';
import { backoffWaitMs, type ThrottleRule } from './throttle';

/**
 * Guessing limits shared by every app process (docs/product/constants.md C-2; docs/decisions.md
 * "Guessing limits": an attempt takes its place in a shared counter before the secret is checked).
 *
 * Each attempt first RESERVES its place: one INSERT … ON CONFLICT DO UPDATE … WHERE <the backoff
 * rule allows another attempt> RETURNING. PostgreSQL (and PGlite, which runs one statement at a
 * time) locks the counter's row and evaluates the WHERE on its newest version, so N attempts sent
 * together are let through exactly as N sent one after another would be; the ones the rule refuses
 * change nothing and are not counted. A reserved attempt whose secret is wrong stays counted (it is
 * the failure); one whose secret is right gives its place back with everything counted before it
 * (`release`), so a success clears the failures that came before it and no later ones.
 *
 * Why hand-written: @fastify/rate-limit counts requests per fixed window per process (it cannot grow
 * a wait per failure, nor share its counts without Redis), and rate-limiter-flexible's PostgreSQL
 * store consumes points per fixed window too; the doubling wait, the device split and the teacher's
 * unlock would still be ours. This file is one statement and its pure twin, backoffWaitMs.
 */

/** What a counter counts: the e-mail login, a child's picture login, a class's picture logins. */
export type AttemptKind = 'login' | 'clave' | 'clase';

/** Every device that is not known to the account (no device cookie, or one that never logged in). */
export const ANY_DEVICE = '*';

export interface CounterKey {
  tipo: AttemptKind;
  cuenta: string;
  dispositivo: string;
}

/**
 * The e-mail login's counter is keyed by a digest of the e-mail, not the e-mail: made-up addresses
 * are counted too (an unknown account must wait like a known one), and this table need not hold
 * anyone's address.
 */
export const emailAccount = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/** Milliseconds since the counter's last attempt, in SQL, at `now` (a bound parameter). */
const elapsedMs = (now: Date) => sql`(extract(epoch from (${now.toISOString()}::timestamptz - ${limiteIntento.ultimo})) * 1000)`;

/**
 * backoffWaitMs(rule, fallos, ultimo, now) === 0, written in SQL for the reservation's WHERE. The
 * rule itself is backoffWaitMs's; tests/api/attempts.test.ts checks that both agree on a grid of
 * counts and times, so the two cannot drift apart.
 */
export function allowsAttemptSql(rule: ThrottleRule, now: Date): SQL {
  const e = elapsedMs(now);
  // The exponent is capped so power() never overflows; any cap past log2(maxMs / baseMs) is the same rule.
  return sql`(${limiteIntento.fallos} < ${rule.free}
    OR ${e} > ${rule.forgetMs}
    OR ${e} >= least(${rule.maxMs}::float8, ${rule.baseMs}::float8 * power(2::float8, least(${limiteIntento.fallos} - ${rule.free}, 60))))`;
}

export interface Reservation {
  key: CounterKey;
  /** This attempt's place in the series (1 = the first since the counter was clear). */
  n: number;
}

/** The least a refused attempt is told to wait, even when the counter moved on in between (ms). */
const MIN_WAIT_MS = 1000;

class Refused extends Error {
  constructor(readonly waitMs: number) {
    super('refused');
  }
}

async function reserveOne(db: Db, key: CounterKey, rule: ThrottleRule, now: Date): Promise<Reservation> {
  const [row] = await db
    .insert(limiteIntento)
    .values({ ...key, fallos: 1, ultimo: now })
    .onConflictDoUpdate({
      target: [limiteIntento.tipo, limiteIntento.cuenta, limiteIntento.dispositivo],
      set: {
        fallos: sql`CASE WHEN ${elapsedMs(now)} > ${rule.forgetMs} THEN 1 ELSE ${limiteIntento.fallos} + 1 END`,
        ultimo: sql`greatest(${limiteIntento.ultimo}, ${now.toISOString()}::timestamptz)`,
      },
      setWhere: allowsAttemptSql(rule, now),
    })
    .returning({ fallos: limiteIntento.fallos });
  if (row) return { key, n: row.fallos };
  // Refused: nothing was written. Say how long, from the row as it is now.
  const [cur] = await db.select().from(limiteIntento).where(keyIs(key));
  const wait = cur ? backoffWaitMs(rule, cur.fallos, cur.ultimo.getTime(), now.getTime()) : 0;
  throw new Refused(Math.max(wait, MIN_WAIT_MS));
}

const keyIs = (k: CounterKey) => and(eq(limiteIntento.tipo, k.tipo), eq(limiteIntento.cuenta, k.cuenta), eq(limiteIntento.dispositivo, k.dispositivo));

/** Rows older than the longest forget time serve nobody; this process removes them now and then. */
const PRUNE_EVERY_MS = 10 * 60_000;
export const FORGET_ALL_AFTER_MS = 25 * 3600_000;
const lastPrune = new WeakMap<Db, number>();
async function pruneNowAndThen(db: Db, now: Date) {
  const last = lastPrune.get(db) ?? 0;
  if (now.getTime() - last < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now.getTime());
  await db.delete(limiteIntento).where(lt(limiteIntento.ultimo, new Date(now.getTime() - FORGET_ALL_AFTER_MS)));
}

export type ReserveResult = { ok: true; reservations: Reservation[] } | { ok: false; waitMs: number };

/**
 * Takes one place in every counter, all or none (one transaction; counters are always taken in the
 * order given, so two attempts never wait on each other's rows crosswise). Refused → the wait of the
 * counter that refused, and no counter changed.
 */
export async function reserveAttempt(db: Db, counters: { key: CounterKey; rule: ThrottleRule }[], now = new Date()): Promise<ReserveResult> {
  await pruneNowAndThen(db, now);
  try {
    const reservations =
      counters.length === 1
        ? [await reserveOne(db, counters[0]!.key, counters[0]!.rule, now)]
        : await db.transaction(async (tx) => {
            const out: Reservation[] = [];
            for (const c of counters) out.push(await reserveOne(tx as unknown as Db, c.key, c.rule, now));
            return out;
          });
    return { ok: true, reservations };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, waitMs: err.waitMs };
    throw err;
  }
}

/**
 * The attempt was not a failure (its secret was right): it gives back its own place and `clears`
 * more places counted before it (a success clears the account's earlier failures; attempts reserved
 * after it, still in flight, stay counted). A counter back at 0 is removed.
 */
export async function release(db: Db, r: Reservation, clears: 'own' | 'before' = 'before'): Promise<void> {
  const back = clears === 'own' ? 1 : r.n;
  await db
    .update(limiteIntento)
    .set({ fallos: sql`greatest(${limiteIntento.fallos} - ${back}, 0)` })
    .where(keyIs(r.key));
  await db.delete(limiteIntento).where(and(keyIs(r.key), lt(limiteIntento.fallos, 1)));
}

/** Forgets every counter of these accounts of one kind (the teacher's unlock). */
export async function clearCounters(db: Db, tipo: AttemptKind, cuentas: string[]): Promise<void> {
  if (!cuentas.length) return;
  await db.delete(limiteIntento).where(and(eq(limiteIntento.tipo, tipo), inArray(limiteIntento.cuenta, cuentas)));
}

/** The counters of these accounts of one kind, for the teacher's views. */
export async function countersOf(db: Db, tipo: AttemptKind, cuentas: string[]) {
  if (!cuentas.length) return [];
  return db
    .select()
    .from(limiteIntento)
    .where(and(eq(limiteIntento.tipo, tipo), inArray(limiteIntento.cuenta, cuentas)));
}
