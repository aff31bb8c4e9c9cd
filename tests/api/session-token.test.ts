// @pglite-suffices: what a token opens and when it stops working, one request at a time (docs/testing.md, "The PostgreSQL pass").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { makeTestApp, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';
import { hasUrlChars, respellings } from '../unit/server/token-spellings';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

/** GET the learner's own profile with this bearer token. */
const profile = async (token: string) => (await t.call('GET', `/api/user/${await t.userId('nino')}`, { as: token })).statusCode;

describe('session tokens: exactly one encoding is accepted', () => {
  it('a good token → 200; every other spelling of its signature → 401', async () => {
    let good = await t.token('nino');
    while (!hasUrlChars(good)) good = await t.token('nino'); // each has a new sid, so a new signature
    expect(await profile(good)).toBe(200);
    for (const [name, other] of Object.entries(respellings(good))) {
      expect(await profile(other), name).toBe(401);
    }
    // The good token still works after the refusals (nothing was remembered wrongly).
    expect(await profile(good)).toBe(200);
  });

  it('an expired token → 401', async () => {
    const id = await t.userId('nino');
    const expired = await signToken({ sub: id, tv: 0 }, t.config.jwtSecret, 60, Date.now() - 3600_000);
    expect(await profile(expired)).toBe(401);
  });

  it('alg none and HS512 (signed with the right secret) → 401; the same claims in HS256 → 200', async () => {
    const id = await t.userId('nino');
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: id, tv: 0, sid: 'abcdefghijkl', iat: now, exp: now + 600 } as Record<string, unknown>;
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    expect(await profile(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).toBe(401);
    expect(await profile(await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(key))).toBe(401);
    expect(await profile(await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key))).toBe(200);
  });
});
