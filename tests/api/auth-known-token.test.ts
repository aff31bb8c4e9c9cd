import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';
import { usuario } from '../../src/server/db/schema';

/**
 * The auth hook remembers an accepted token for at most a second (src/server/auth/plugin.ts).
 * A remembered token must still be refused at once when the account changes (anything that empties
 * the auth cache) and when it expires.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

const read = (token: string) => t.call('GET', '/api/nivel/getNivels', { as: token });

describe('remembered tokens', () => {
  it('a token read twice in a row is refused on the next read once the account is deactivated', async () => {
    const token = await t.token('nina');
    expect((await read(token)).statusCode).toBe(200);
    expect((await read(token)).statusCode).toBe(200);
    const id = await t.userId('nina');
    // A direct write, made known as docs/performance.md says (the routes do this after commit).
    await t.database.db.update(usuario).set({ status: false }).where(eq(usuario.id, id));
    await t.app.ctx.cache.bump(['auth']);
    expect((await read(token)).statusCode).toBe(401);
    await t.database.db.update(usuario).set({ status: true }).where(eq(usuario.id, id));
    await t.app.ctx.cache.bump(['auth']);
    expect((await read(token)).statusCode).toBe(200);
  });

  it('a logout through the API refuses the same token on the next read', async () => {
    const login = await t.call('POST', '/api/user/logIn', { body: { email: 'nino@manitas.test', password: 'Manitas2024' } });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    expect((await read(token)).statusCode).toBe(200);
    expect((await read(token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/logout', { as: token, body: {} })).statusCode).toBeLessThan(300);
    expect((await read(token)).statusCode).toBe(401);
  });

  it('a remembered token is refused once it expires, even within the second it is remembered for', async () => {
    // 100 ms into a whole second: the token (1 s, whole seconds) expires 900 ms from "now".
    const now = Math.floor(Date.now() / 1000) * 1000 + 100;
    vi.useFakeTimers({ toFake: ['Date'], now });
    const id = await t.userId('profesor');
    const [u] = await t.database.db.select({ tv: usuario.tokenVersion }).from(usuario).where(eq(usuario.id, id));
    const token = await signToken({ sub: id, tv: u!.tv }, t.config.jwtSecret, 1, now);
    expect((await read(token)).statusCode).toBe(200);
    vi.setSystemTime(now + 500);
    expect((await read(token)).statusCode).toBe(200);
    // Past the token's expiry but within the memo's second: refused.
    vi.setSystemTime(now + 950);
    expect((await read(token)).statusCode).toBe(401);
  });

  it('a remembered token is looked up again after a second (direct writes are seen as before)', async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    const token = await t.token('admin');
    expect((await read(token)).statusCode).toBe(200);
    const id = await t.userId('admin');
    // Not bumped: only the expiry of the remembered token and of the auth cache (10 s) can show it.
    await t.database.db.update(usuario).set({ status: false }).where(eq(usuario.id, id));
    vi.setSystemTime(now + 10_001);
    expect((await read(token)).statusCode).toBe(401);
    await t.database.db.update(usuario).set({ status: true }).where(eq(usuario.id, id));
    await t.app.ctx.cache.bump(['auth']);
  });
});
