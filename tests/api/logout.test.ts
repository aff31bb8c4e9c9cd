import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';

/** 'Salir' / 'Cerrar sesión' end the session on the server, not only in the browser. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const login = async (email: string) => {
  const r = await t.app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email, password: 'Manitas2024' } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { token: string; usuario: { id: number } };
};
const as = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/user/logout', () => {
  it('refuses the same token at once, everywhere a session is needed; other sessions stay open', async () => {
    const a = await login('nina@manitas.test');
    const b = await login('nina@manitas.test'); // the same child on a second tablet
    const profile = `/api/user/${a.usuario.id}`;
    expect((await t.app.inject({ method: 'GET', url: profile, headers: as(a.token) })).statusCode).toBe(200); // session now cached
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: as(a.token) });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ msg: 'Sesión cerrada.' });
    const again = await t.app.inject({ method: 'GET', url: profile, headers: as(a.token) });
    expect(again.statusCode).toBe(401);
    expect(again.json().msg).toBe('Tu sesión expiró o no es válida. Inicia sesión de nuevo.');
    expect((await t.app.inject({ method: 'GET', url: `/api/progreso/usuario/${a.usuario.id}`, headers: as(a.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: as(a.token) })).statusCode).toBe(401);
    // The other tablet's session is untouched.
    expect((await t.app.inject({ method: 'GET', url: profile, headers: as(b.token) })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(r.statusCode).toBe(401);
  });

  it('a token without a session id (made before session ids) ends every session of that account', async () => {
    const id = await t.userId('profesor');
    const [u] = (await t.database.raw('SELECT token_version AS tv FROM usuario WHERE id = $1', [id])).rows;
    // A token as the previous version signed it: no sid claim.
    const old = (await signToken({ sub: id, tv: Number(u!.tv) }, t.config.jwtSecret, 3600)).split('.');
    const payload = JSON.parse(Buffer.from(old[1]!, 'base64url').toString());
    delete payload.sid;
    const { createHmac } = await import('node:crypto');
    const p = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const sig = createHmac('sha256', t.config.jwtSecret).update(`${old[0]}.${p}`).digest('base64url');
    const legacy = `${old[0]}.${p}.${sig}`;
    const fresh = await login('profesor@manitas.test');
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: as(legacy) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: as(legacy) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: as(legacy) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: as(fresh.token) })).statusCode).toBe(401);
  });

  it('keeps a revocation only while its token could still be used', async () => {
    const a = await login('admin@manitas.test');
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: as(a.token) });
    const [row] = (await t.database.raw('SELECT expira FROM sesion_revocada ORDER BY expira DESC LIMIT 1')).rows;
    const ttl = (new Date(String(row!.expira)).getTime() - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(t.config.tokenTtl - 60);
    expect(ttl).toBeLessThanOrEqual(t.config.tokenTtl + 1);
  });
});
