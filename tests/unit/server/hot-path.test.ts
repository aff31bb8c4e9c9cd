import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../../src/server/auth/jwt';
import { xsrfToken } from '../../../src/server/security';
import { helmetHeaders } from '../../../src/server/headers';

const SECRET = 'x'.repeat(40);

describe("verifyToken (the accepted-token memory is the auth plugin's, not the verifier's)", () => {
  it('refuses tampered, foreign-secret and malformed tokens, also after a valid one was seen', async () => {
    const t = await signToken({ sub: 1, tv: 0 }, SECRET, 60);
    expect(await verifyToken(t, SECRET)).not.toBeNull();
    const [h, p, s] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 2, tv: 0, iat: 1, exp: 9e9 })).toString('base64url');
    expect(await verifyToken(`${h}.${forged}.${s}`, SECRET)).toBeNull();
    expect(await verifyToken(`${h}.${p}.${s!.slice(0, -2)}AA`, SECRET)).toBeNull();
    expect(await verifyToken(await signToken({ sub: 1, tv: 0 }, 'y'.repeat(40), 60), SECRET)).toBeNull();
    expect(await verifyToken('a.b', SECRET)).toBeNull();
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
