import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

// The schema object only types relational queries (`db.query.*`), which nothing uses: tables a
// resource keeps in its own folder (src/server/db/tables.ts) need not be in it.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL access for maintenance (backups, tests). */
  raw(sqlText: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Called with the SQL of every statement (Drizzle or raw) just before it runs. Tests use it to
   * prove what runs (a cache hit runs nothing, a quiz submit is one statement); the cache does not.
   */
  onStatement(fn: (sqlText: string) => void): () => void;
  /** The embedded database's whole data directory as a tar (PGlite only): tests copy a seeded one. */
  dump?(): Promise<Blob>;
}

/** Statement listeners of one Database (see Database.onStatement). */
function statementHooks() {
  const fns = new Set<(sqlText: string) => void>();
  return {
    fire: (q: string) => {
      for (const fn of fns) fn(q);
    },
    add: (fn: (sqlText: string) => void) => {
      fns.add(fn);
      return () => {
        fns.delete(fn);
      };
    },
  };
}

/** Closing twice (app hook + test teardown) is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let p: Promise<void> | null = null;
  return () => (p ??= fn());
}

/** Next to this file: the database layer needs nothing from the rest of the server. */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  /** An in-memory PGlite starts from this data directory (a `dump()`) instead of an empty cluster. */
  from?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_MAX || 10) });
    // An idle connection the server ends (a restart, pg_terminate_backend) is reported as the
    // pool's 'error' event, and an event with no listener is thrown: the process died. The pool has
    // already dropped that client; the next query opens a new connection, so nothing more to do.
    pool.on('error', () => undefined);
    const hooks = statementHooks();
    const db = drizzlePg(pool, { schema, logger: { logQuery: hooks.fire } }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // One process migrates at a time when several app processes share the database.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(727274)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
          client.release();
        }
      },
      close: once(() => pool.end()),
      onStatement: hooks.add,
      async raw(sqlText, params) {
        hooks.fire(sqlText);
        const r = await pool.query(sqlText, params as unknown[]);
        return { rows: r.rows };
      },
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    // Starting from a dump skips initdb (about 0.9 s of the 1.3 s an API test's database took).
    client = opts.from ? new PGlite({ loadDataDir: opts.from }) : new PGlite();
  }
  await client.waitReady;
  const hooks = statementHooks();
  const db = drizzlePglite(client, { schema, logger: { logQuery: hooks.fire } }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: once(() => client.close()),
    onStatement: hooks.add,
    dump: () => client.dumpDataDir('none'),
    async raw(sqlText, params) {
      hooks.fire(sqlText);
      const r = await client.query(sqlText, params as unknown[]);
      return { rows: r.rows as Record<string, unknown>[] };
    },
  };
}
