import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The only algorithm accepted: tokens whose header names anything else are refused. */
export const JWT_ALG = 'HS256';

export interface TokenClaims {
  sub: number;
  /** The user's token version when the token was made (revocation). */
  tv: number;
  /** The session's id: logging out revokes this one session (table sesion_revocada). */
  sid?: string;
  iat: number;
  exp: number;
}

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/** A new session id: 16 random bytes, base64url. */
export const newSessionId = () => randomBytes(16).toString('base64url');

export function signToken(claims: { sub: number; tv: number; sid?: string }, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = b64url(JSON.stringify({ alg: JWT_ALG, typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ sub: claims.sub, tv: claims.tv, sid: claims.sid ?? newSessionId(), iat, exp: iat + ttlSeconds }));
  const sig = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${sig}`;
}

/** Returns the claims of a valid, unexpired HS256 token, else null. */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  let header: unknown, payload: unknown;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!header || typeof header !== 'object' || (header as { alg?: unknown }).alg !== JWT_ALG) return null;
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const c = payload as Partial<TokenClaims>;
  if (typeof c.sub !== 'number' || typeof c.tv !== 'number' || typeof c.exp !== 'number' || typeof c.iat !== 'number') return null;
  if (c.sid !== undefined && (typeof c.sid !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(c.sid))) return null;
  if (c.exp * 1000 <= now) return null;
  return c as TokenClaims;
}

/**
 * verifyToken with a memory of the tokens already verified (HMAC, two JSON parses and base64 per
 * request were ~10 % of a cached read). Only valid tokens are remembered, so the map holds tokens
 * this server issued; expiry is checked on every use; at most `max` entries (then it starts over).
 * Revocation is not the verifier's job: the caller still checks the account and token version.
 */
export function tokenVerifier(secret: string, max = 20_000): (token: string, now?: number) => TokenClaims | null {
  const seen = new Map<string, TokenClaims>();
  return (token, now = Date.now()) => {
    const hit = seen.get(token);
    if (hit) {
      if (hit.exp * 1000 > now) return hit;
      seen.delete(token);
      return null;
    }
    const claims = verifyToken(token, secret, now);
    if (claims) {
      if (seen.size >= max) seen.clear();
      seen.set(token, claims);
    }
    return claims;
  };
}
