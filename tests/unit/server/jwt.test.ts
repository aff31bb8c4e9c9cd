import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { signToken, verifyToken } from '../../../src/server/auth/jwt';
import { hasUrlChars, respellings } from './token-spellings';

const SECRET = 'x'.repeat(40);

/** A token whose standard-base64 spelling differs (about 3 in 4 tokens; each has a new sid). */
async function tokenWithUrlChars() {
  for (;;) {
    const t = await signToken({ sub: 3, tv: 1 }, SECRET, 60);
    if (hasUrlChars(t)) return t;
  }
}

describe('session tokens (jose, HS256, one spelling)', () => {
  it('round-trips the claims: sub, tv, sid, iat and exp', async () => {
    const now = Date.now();
    const t = await signToken({ sub: 7, tv: 2, sid: 'abcdefghij' }, SECRET, 60, now);
    const iat = Math.floor(now / 1000);
    expect(await verifyToken(t, SECRET, now)).toEqual({ sub: 7, tv: 2, sid: 'abcdefghij', iat, exp: iat + 60 });
    expect(JSON.parse(Buffer.from(t.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('gives every token its own session id when none is given', async () => {
    const [a, b] = await Promise.all([signToken({ sub: 1, tv: 0 }, SECRET, 60), signToken({ sub: 1, tv: 0 }, SECRET, 60)]);
    const sa = (await verifyToken(a, SECRET))?.sid;
    expect(sa).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await verifyToken(b, SECRET))?.sid).not.toBe(sa);
  });

  it('refuses every other spelling of a valid signature, even though it decodes to the same bytes', async () => {
    const t = await tokenWithUrlChars();
    const sig = Buffer.from(t.slice(t.lastIndexOf('.') + 1), 'base64url');
    expect(await verifyToken(t, SECRET)).not.toBeNull();
    for (const [name, other] of Object.entries(respellings(t))) {
      expect(other, name).not.toBe(t);
      // Same bytes for Node's lenient decoder: only the spelling differs.
      expect(Buffer.from(other.slice(other.lastIndexOf('.') + 1).replace(/\s/g, ''), name === 'standard' ? 'base64' : 'base64url'), name).toEqual(sig);
      expect(await verifyToken(other, SECRET), name).toBeNull();
    }
  });

  it('refuses expired tokens, by the millisecond', async () => {
    const now = Date.now();
    const t = await signToken({ sub: 1, tv: 0 }, SECRET, 10, now);
    const exp = (Math.floor(now / 1000) + 10) * 1000;
    expect(await verifyToken(t, SECRET, exp - 1)).not.toBeNull();
    expect(await verifyToken(t, SECRET, exp)).toBeNull();
  });

  it('refuses alg none, HS512 and tokens whose claims are not what we issue', async () => {
    const key = new TextEncoder().encode(SECRET);
    const exp = Math.floor(Date.now() / 1000) + 60;
    const h = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${h({ alg: 'none', typ: 'JWT' })}.${h({ sub: 1, tv: 0, iat: 1, exp })}.`;
    expect(await verifyToken(none, SECRET)).toBeNull();
    const hs512 = await new SignJWT({ sub: 1, tv: 0, iat: 1, exp } as Record<string, unknown>).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect(await verifyToken(hs512, SECRET)).toBeNull();
    const good = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
    // The same HS256 key with well-formed claims is accepted: the refusals below are about the claims.
    expect(await verifyToken(await good({ sub: 1, tv: 0, iat: 1, exp }), SECRET)).not.toBeNull();
    expect(await verifyToken(await good({ sub: '1', tv: 0, iat: 1, exp }), SECRET)).toBeNull();
    expect(await verifyToken(await good({ sub: 1, iat: 1, exp }), SECRET)).toBeNull();
    expect(await verifyToken(await good({ sub: 1, tv: 0, iat: 1 }), SECRET)).toBeNull();
    expect(await verifyToken(await good({ sub: 1, tv: 0, iat: 1, exp, sid: 'short' }), SECRET)).toBeNull();
  });
});
