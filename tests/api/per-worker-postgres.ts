import pg from 'pg';

/**
 * On PostgreSQL (DATABASE_URL, scripts/with-postgres.sh) each test worker gets a database of its
 * own on the one server, so test files run side by side as they do on the embedded database: every
 * test database is emptied first (tests/api/helpers.ts), which two files sharing one would break.
 */
const base = process.env.DATABASE_URL;
if (base && !process.env.MANITAS_TEST_DB_BASE) {
  const worker = process.env.VITEST_POOL_ID ?? '0';
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_w${worker}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (err) {
    // 42P04: made by an earlier file in this worker.
    if ((err as { code?: string }).code !== '42P04') throw err;
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  process.env.MANITAS_TEST_DB_BASE = base;
  process.env.DATABASE_URL = url.toString();
}
