import { describe, expect, it } from 'vitest';
import { signToken, tokenVerifier, verifyToken } from '../../../src/server/auth/jwt';
import { xsrfToken } from '../../../src/server/security';
import { helmetHeaders } from '../../../src/server/headers';

const SECRET = 'x'.repeat(40);

describe('tokenVerifier (remembers verified tokens)', () => {
  it('accepts what verifyToken accepts, with the same claims', async () => {
    const verify = tokenVerifier(SECRET);
    const t = await signToken({ sub: 7, tv: 2 }, SECRET, 60);
    expect(await verify(t)).toEqual(await verifyToken(t, SECRET));
    expect(await verify(t)).toMatchObject({ sub: 7, tv: 2 });
  });

  it('refuses a remembered token once it expires', async () => {
    const verify = tokenVerifier(SECRET);
    const now = Date.now();
    const t = await signToken({ sub: 1, tv: 0 }, SECRET, 10, now);
    expect(await verify(t, now)).not.toBeNull();
    expect(await verify(t, now + 9_000)).not.toBeNull();
    expect(await verify(t, now + 11_000)).toBeNull();
  });

  it('refuses tampered, foreign-secret and malformed tokens, also after a valid one was seen', async () => {
    const verify = tokenVerifier(SECRET);
    const t = await signToken({ sub: 1, tv: 0 }, SECRET, 60);
    expect(await verify(t)).not.toBeNull();
    const [h, p, s] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 2, tv: 0, iat: 1, exp: 9e9 })).toString('base64url');
    expect(await verify(`${h}.${forged}.${s}`)).toBeNull();
    expect(await verify(`${h}.${p}.${s!.slice(0, -2)}AA`)).toBeNull();
    expect(await verify(await signToken({ sub: 1, tv: 0 }, 'y'.repeat(40), 60))).toBeNull();
    expect(await verify('a.b')).toBeNull();
  });

  it('keeps verifying correctly when its memory is full and starts over', async () => {
    const verify = tokenVerifier(SECRET, 3);
    const tokens = await Promise.all([1, 2, 3, 4, 5].map((sub) => signToken({ sub, tv: 0 }, SECRET, 60)));
    for (const t of tokens) expect(await verify(t)).not.toBeNull();
    for (const t of tokens) expect((await verify(t))?.sub).toBe(Number(JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).sub));
  });
});

describe('xsrfToken', () => {
  it('gives 24 random bytes in base64url, never the same twice (across pool refills)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const t = xsrfToken();
      expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(t, 'base64url')).toHaveLength(24);
      seen.add(t);
    }
    expect(seen.size).toBe(1000);
  });
});

describe('helmetHeaders (computed once at start)', () => {
  it('records the headers helmet sets for these options', () => {
    const { set } = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: false,
    });
    const h = Object.fromEntries(set.map(([k, v]) => [k.toLowerCase(), v]));
    expect(h['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['strict-transport-security']).toBeUndefined();
  });
});
