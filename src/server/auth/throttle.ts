import { createHmac, randomBytes } from 'node:crypto';

/**
 * Password-guessing protection that a class behind one address survives, the way OWASP recommends
 * ("Slow Down Online Guessing Attacks with Device Cookies"):
 *
 * - After a successful login the device gets a signed cookie naming the accounts that logged in on
 *   it (DEVICE_COOKIE; signed by @fastify/cookie with a key derived from JWT_SECRET).
 * - Failures from a device that already logged into the account are counted per account AND per
 *   device: a classmate typing wrong passwords on another tablet never slows this child's tablet.
 * - Failures from unknown devices are counted per account, together (an attacker can always drop
 *   cookies), and throttled with a growing wait, never a hard lock.
 * - A per-address ceiling (AUTH_RATE_LIMIT, @fastify/rate-limit) stays as the last line.
 *
 * The counters are rows of the database (src/server/auth/attempts.ts), taken before the password is
 * checked, so concurrent guesses count as guesses in a row and every app process shares them. This
 * file holds the pure rule (backoffWaitMs) and the device cookie.
 */

export interface ThrottleRule {
  /** Failures allowed before any wait. */
  free: number;
  /** The first wait; each further failure doubles it. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
  /** Failures are forgotten after this long without a new one. */
  forgetMs: number;
}

/** Unknown devices: 5 free failures per account, then 1 s, 2 s, 4 s … up to 15 minutes. */
export const UNKNOWN_DEVICE_RULE: ThrottleRule = { free: 5, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 };
/** A device that already logged into the account: 10 free failures, then 1 s … up to 1 minute. */
export const KNOWN_DEVICE_RULE: ThrottleRule = { free: 10, baseMs: 1000, maxMs: 60_000, forgetMs: 60 * 60_000 };

/**
 * Milliseconds still to wait after `n` failures, the last at `last` (ms since the epoch); 0 = may
 * try now. The one statement of the rule: the database counters (attempts.ts allowsAttemptSql) are
 * checked against it.
 */
export function backoffWaitMs(rule: ThrottleRule, n: number, last: number, now: number): number {
  if (n < rule.free || now - last > rule.forgetMs) return 0;
  const delay = Math.min(rule.maxMs, rule.baseMs * 2 ** (n - rule.free));
  return Math.max(0, last + delay - now);
}

export const DEVICE_COOKIE = 'manitas_dispositivo';
/** How many accounts one device remembers (a shared classroom tablet: a class and then some). */
export const DEVICE_MAX_ACCOUNTS = 60;

export interface Device {
  id: string;
  accounts: number[];
}

/** The cookie-signing key: derived from the token secret, never the same bytes. */
export const deviceCookieKey = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('manitas-device-cookie').digest('base64url');

export const newDeviceId = () => randomBytes(12).toString('base64url');

/** `id.1-2-3` (the cookie's value before signing). */
export function formatDevice(d: Device): string {
  return `${d.id}.${d.accounts.slice(-DEVICE_MAX_ACCOUNTS).join('-')}`;
}

/** The device a verified cookie value names, or null when it is not one of ours. */
export function parseDevice(value: string | null | undefined): Device | null {
  if (!value) return null;
  const m = /^([A-Za-z0-9_-]{16})\.((?:\d{1,10})(?:-\d{1,10})*)?$/.exec(value);
  if (!m) return null;
  return { id: m[1]!, accounts: m[2] ? m[2].split('-').map(Number) : [] };
}

/** The same device with `account` remembered (moved to the end: the oldest are dropped first). */
export function rememberAccount(d: Device, account: number): Device {
  return { id: d.id, accounts: [...d.accounts.filter((a) => a !== account), account].slice(-DEVICE_MAX_ACCOUNTS) };
}

export const LOGIN_LIMIT_MSG = 'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.';

/** The Spanish message for a wait. */
export function waitMessage(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s >= 90) return LOGIN_LIMIT_MSG;
  return `Demasiados intentos de inicio de sesión. Espera ${s} ${s === 1 ? 'segundo' : 'segundos'} e inténtalo de nuevo.`;
}
