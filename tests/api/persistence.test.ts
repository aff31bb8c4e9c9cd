import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { snapshotCounts } from './helpers';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/**
 * Two app instances one after the other on the same storage: the embedded database under a
 * DATA_DIR, or the PostgreSQL server of DATABASE_URL. Migrations run at each start (the second
 * run is a no-op), the seed does not run twice, and what was written survives the restart.
 */
describe('restart: migrations, seed and data persist', () => {
  it('a user registered before a restart logs in after it; nothing is seeded twice', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'manitas-persist-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL, SEED_DEMO: '1', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv;
    if (process.env.DATABASE_URL) {
      const { openDatabase } = await import('../../src/server/db');
      const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: null });
      await db.raw('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
      await db.close();
    }
    const config = loadConfig(env, { staticDir: null });

    const first = await buildApp(config, { logger: false });
    const email = 'persistente@ejemplo.com';
    const reg = await first.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        nombre: 'Per',
        apellido: 'Sistente',
        fechaNacimiento: '2014-01-01',
        email,
        password: 'guardado123',
        avatar: 'boy',
        sexo: 'niño',
        phone: '5512345678',
        Credential: 'P-1',
      },
    });
    expect(reg.statusCode).toBe(201);
    const oldToken = (await first.inject({ method: 'POST', url: '/api/user/logIn', payload: { email, password: 'guardado123' } })).json().token as string;
    const countsBefore = await snapshotCounts(first.ctx.database);
    const migBefore = await first.ctx.database.raw('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    await first.close();

    const second = await buildApp(loadConfig(env, { staticDir: null }), { logger: false });
    expect((await second.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect(await snapshotCounts(second.ctx.database)).toEqual(countsBefore);
    expect((await second.ctx.database.raw('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows).toEqual(migBefore.rows);
    const login = await second.inject({ method: 'POST', url: '/api/user/logIn', payload: { email, password: 'guardado123' } });
    expect(login.statusCode).toBe(200);
    // The JWT secret generated into DATA_DIR is reused, so a token from before the restart still works.
    expect(
      (await second.inject({ method: 'GET', url: `/api/user/${login.json().usuario.id}`, headers: { authorization: `Bearer ${oldToken}` } })).statusCode,
    ).toBe(200);
    await second.close();
  });
});
