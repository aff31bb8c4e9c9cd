import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

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

/** A new session id: 16 random bytes, base64url. */
export const newSessionId = () => randomBytes(16).toString('base64url');

/**
 * The HMAC key of a secret, imported once: jose imports raw key bytes again on every sign and
 * verify, which costs about a third of each. A process has one secret (tests a few).
 */
const keys = new Map<string, Promise<CryptoKey>>();
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

/**
 * Signs the session token (jose, HS256). `sub` stays a number, as tokens have always carried it;
 * `now` exists so tests can make tokens that are already expired.
 */
export async function signToken(claims: { sub: number; tv: number; sid?: string }, secret: string, ttlSeconds: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ sub: claims.sub, tv: claims.tv, sid: claims.sid ?? newSessionId() } as Record<string, unknown>)
    .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(await keyOf(secret));
}

/** Three base64url segments, no padding, no whitespace. */
const COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Whether the token is spelt in the one encoding we issue. jose decodes the signature with the
 * forgiving base64 decoder (atob / Uint8Array.fromBase64 "loose"), which ignores the unused low bits
 * of the last character, trailing '=' and whitespace, so one signature has several spellings that
 * verify. The signature is checked here to be the canonical encoding of its bytes; the header and
 * payload need no such check, as the HMAC covers their exact text.
 */
function isCanonical(token: string): boolean {
  if (!COMPACT.test(token)) return false;
  const sig = token.slice(token.lastIndexOf('.') + 1);
  return Buffer.from(sig, 'base64url').toString('base64url') === sig;
}

async function verifyWithKey(token: string, key: Promise<CryptoKey>, now: number): Promise<TokenClaims | null> {
  if (!isCanonical(token)) return null;
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, await key, { algorithms: [JWT_ALG], currentDate: new Date(now) }));
  } catch {
    return null; // bad signature, other algorithm, expired, malformed
  }
  const c = payload as Partial<TokenClaims>;
  if (typeof c.sub !== 'number' || typeof c.tv !== 'number' || typeof c.exp !== 'number' || typeof c.iat !== 'number') return null;
  if (c.sid !== undefined && (typeof c.sid !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(c.sid))) return null;
  // jose compares whole seconds; this keeps the millisecond rule tokens always had.
  if (c.exp * 1000 <= now) return null;
  return { sub: c.sub, tv: c.tv, ...(c.sid !== undefined ? { sid: c.sid } : {}), iat: c.iat, exp: c.exp };
}

/** Returns the claims of a valid, unexpired HS256 token in its one canonical spelling, else null. */
export function verifyToken(token: string, secret: string, now = Date.now()): Promise<TokenClaims | null> {
  return verifyWithKey(token, keyOf(secret), now);
}
