import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, makeTestApp, type DemoUser, type TestApp } from './helpers';
import { DEMO_PASSWORD } from '../../src/server/demo/seed';

/**
 * Replies with personal data are never kept by the browser or a shared cache: every /api/ reply
 * says `Cache-Control: no-store` (src/server/headers.ts); public static files keep their long
 * caching.
 */
let t: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'manitas-nostore-'));
beforeAll(async () => {
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>index</title>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  t = await makeTestApp({ staticDir: dir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function noStore(method: string, url: string, as?: DemoUser, body?: unknown, status = 200) {
  const r = await t.call(method, url, { as, body });
  expect(r.statusCode, `${method} ${url} ${r.body.slice(0, 200)}`).toBe(status);
  expect(r.headers['cache-control'], `${method} ${url}`).toBe('no-store');
  return r;
}

describe('personal replies are not cached', () => {
  it('profile, user list, teacher results, own results, progress and the login reply say no-store', async () => {
    const me = await t.userId('nino');
    await noStore('GET', `/api/user/${me}`, 'nino');
    await noStore('GET', `/api/user/${me}`, 'admin');
    await noStore('GET', '/api/user/usuarios', 'admin');
    await noStore('GET', '/api/user/usuarios?q=ni&page=1&perPage=5', 'admin');
    await noStore('GET', '/api/resultados/resultados-profesor', 'profesor');
    await noStore('GET', `/api/evaluacion/resultados/usuario/${me}`, 'nino');
    await noStore('GET', `/api/progreso/usuario/${me}`, 'nino');
    await noStore('GET', '/api/progreso/progresos', 'admin');
    const login = await noStore('POST', '/api/user/logIn', undefined, { email: DEMO.nino, password: DEMO_PASSWORD });
    expect(login.json().token).toEqual(expect.any(String));
    const lvl = (await noStore('GET', '/api/nivel/getNivels', 'nino')).json().data[0].id_nivel as number;
    const words = (await noStore('GET', `/api/palabra/nivel/${lvl}`, 'nino')).json();
    expect(words).toBeTruthy();
  });

  it('replies answered from the server cache, writes, refusals and unknown /api/ routes say no-store too', async () => {
    await noStore('GET', '/api/nivel/getNivels', 'nina');
    await noStore('GET', '/api/nivel/getNivels', 'nina'); // second one comes from the content cache
    await noStore('GET', '/api/evaluacion/detalles', 'nina');
    await noStore('PUT', `/api/user/${await t.userId('nina')}`, 'nina', { nombre: 'Nina' });
    await noStore('GET', `/api/user/${await t.userId('nina')}`, undefined, undefined, 401);
    await noStore('GET', `/api/user/${await t.userId('nina')}`, 'nino', undefined, 403);
    await noStore('POST', '/api/user/logIn', undefined, { email: DEMO.nino, password: 'mala' }, 401);
    await noStore('GET', '/api/no-existe', 'nino', undefined, 404);
    await noStore('GET', '/api/health');
  });

  it('the one documented exception: the public settings revalidate (no-cache), they hold no personal data', async () => {
    const r = await t.call('GET', '/api/config/public');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
  });
});

describe('public static files keep their long caching', () => {
  it('/uploads/* is immutable for a year', async () => {
    const { data } = (await t.call('GET', '/api/nivel/getNivels', { as: 'nino' })).json() as { data: { imagen: string | null }[] };
    const img = data.find((n) => n.imagen)?.imagen;
    expect(img).toBeTruthy();
    const r = await t.call('GET', `/uploads/niveles/${img}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(r.headers['cache-control']).toMatch(/immutable/);
    expect(r.headers['cache-control']).not.toMatch(/no-store/);
  });

  it('/assets/* is immutable for a year; the SPA page revalidates', async () => {
    const asset = await t.call('GET', '/assets/app-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.call('GET', '/logIn');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
