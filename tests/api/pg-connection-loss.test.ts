import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { adminQuery } from './pg-admin';

/**
 * A pooled connection the server loses while it is idle (PostgreSQL restarted, an operator's
 * pg_terminate_backend, a database dropped WITH (FORCE)) is dropped from the pool and replaced;
 * the process goes on. node-postgres reports such a loss as an 'error' event on the pool, and an
 * event with no listener is thrown: without one the server process died (seen as an "Uncaught
 * Exception: terminating connection due to administrator command" in the PostgreSQL pass).
 *
 * PostgreSQL only (the embedded database has no connections to lose): on PGlite the file has
 * nothing to run, so its one test is declared for PostgreSQL alone.
 */
const onPostgres = !!process.env.DATABASE_URL;

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await makeTestApp();
});
afterAll(async () => t?.close());

describe.runIf(onPostgres)('a lost PostgreSQL connection', () => {
  it('an idle pooled connection terminated by the server is replaced; the app keeps answering', async () => {
    // Three connections into the pool, all idle afterwards.
    await Promise.all([1, 2, 3].map(() => t.database.raw('SELECT pg_sleep(0.05)')));
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const url = new URL(t.config.databaseUrl!);
      await adminQuery(url.toString(), [
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${url.pathname.slice(1)}' AND pid <> pg_backend_pid() AND application_name <> 'manitas-cache'`,
      ]);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
    expect((await t.database.raw('SELECT 1 AS uno')).rows[0]).toEqual({ uno: 1 });
    const r = await t.call('GET', '/api/nivel/getNivels', { as: 'admin' });
    expect(r.statusCode).toBe(200);
  });
});
