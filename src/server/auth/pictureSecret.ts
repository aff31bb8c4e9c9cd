import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { usuario } from '../db/schema';
import { hashPassword } from './password';
import { backoffWaitMs, type ThrottleRule } from './throttle';
import { ANY_DEVICE, clearCounters, countersOf } from './attempts';
import { isPicturePassword, picturePasswordText, type PictureKey } from '../../shared/rules/classes';

/**
 * Picture passwords (docs/product/constants.md C-3). Stored twice (docs/decisions.md "Picture passwords"):
 * - a scrypt hash of the keys in order (src/server/auth/password.ts), which the login checks;
 * - the keys encrypted with AES-256-GCM under a key derived from JWT_SECRET, so the class's teacher
 *   can see and print them. A database dump alone reveals neither; the secret is not in the DB.
 */

/** HKDF info: the picture key is never the same bytes as the token key or the cookie key. */
const HKDF_INFO = 'manitas-picture-password-v1';
const VERSION = 'v1';

const keys = new Map<string, Buffer>();
function keyOf(jwtSecret: string): Buffer {
  let k = keys.get(jwtSecret);
  if (!k) {
    k = Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), HKDF_INFO, 32));
    keys.set(jwtSecret, k);
  }
  return k;
}

/** `v1.iv.tag.ct` (base64url), a fresh 12-byte IV each time. */
export function encryptPictures(seq: PictureKey[], jwtSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
  const ct = Buffer.concat([cipher.update(picturePasswordText(seq), 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
}

/** The keys back, or null when the text is missing, malformed, tampered with or made with another secret. */
export function decryptPictures(text: string | null, jwtSecret: string): PictureKey[] | null {
  if (!text) return null;
  const parts = text.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  try {
    const iv = Buffer.from(parts[1]!, 'base64url');
    const tag = Buffer.from(parts[2]!, 'base64url');
    if (iv.length !== 12 || tag.length !== 16) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64url')), decipher.final()]).toString('utf8');
    const seq = plain.split('-');
    return isPicturePassword(seq) ? seq : null;
  } catch {
    return null;
  }
}

/** The stored columns of a picture password: the scrypt hash that login checks and the teacher's cipher (scrypt is slow: call outside transactions). */
export async function pictureColumns(seq: PictureKey[], jwtSecret: string): Promise<{ claveImagenesHash: string; claveImagenesCifrada: string }> {
  return { claveImagenesHash: await hashPassword(picturePasswordText(seq)), claveImagenesCifrada: encryptPictures(seq, jwtSecret) };
}

/**
 * Sets a child's picture password (hash + cipher), forgets their failed tries and ends their
 * sessions (like a password change: whoever knew the old pictures is signed out).
 */
export async function setPicturePassword(db: Db, userId: number, seq: PictureKey[], jwtSecret: string): Promise<void> {
  await db
    .update(usuario)
    .set({
      ...(await pictureColumns(seq, jwtSecret)),
      tokenVersion: sql`${usuario.tokenVersion} + 1` as unknown as number,
    })
    .where(eq(usuario.id, userId));
  await clearCounters(db, 'clave', [String(userId)]);
}

/**
 * Guessing limits of the picture login, counted in the database before the pictures are checked
 * (src/server/auth/attempts.ts; docs/decisions.md "Guessing limits"). Children are given 3 different
 * pictures of 9, so a guesser who knows that has 9·8·7 = 504 passwords to try (729 with repeats).
 * Failures are remembered for a day, so waiting for them to be forgotten never beats waiting out
 * the cap.
 */
const DAY_MS = 24 * 3600_000;
/** Per child, from devices that never logged in as the child: 3 free failures, then 5 s doubling up to 30 minutes. */
export const CHILD_PICTURE_RULE: ThrottleRule = { free: 3, baseMs: 5000, maxMs: 30 * 60_000, forgetMs: DAY_MS };
/** Per child and device, for a device where the child logged in before: 5 free, then 5 s doubling up to 30 minutes. */
export const KNOWN_DEVICE_PICTURE_RULE: ThrottleRule = { free: 5, baseMs: 5000, maxMs: 30 * 60_000, forgetMs: DAY_MS };
/**
 * Per class and device (walking every child of a class): a device that a child of the class logged
 * in on counts on its own, every other device together: 30 free failures, then 5 s doubling up to
 * 15 minutes. A classmate's failures elsewhere never stop a child's own tablet.
 */
export const CLASS_PICTURE_RULE: ThrottleRule = { free: 30, baseMs: 5000, maxMs: 15 * 60_000, forgetMs: DAY_MS };

/** Seconds still to wait under `rule` after `n` failures, the last at `last` (0 = may try). */
export function waitSeconds(rule: ThrottleRule, n: number, last: Date | null, now: Date = new Date()): number {
  return last ? Math.ceil(backoffWaitMs(rule, n, last.getTime(), now.getTime()) / 1000) : 0;
}

/** How many passwords a guesser must try for one child: 3 different pictures of 9, in order. */
export const PICTURE_PASSWORDS = 9 * 8 * 7;

/**
 * The shortest time (ms) in which one counter under `rule` lets `tries` attempts through, each
 * failure waiting out the rule's wait (a guesser who also waits for the failures to be forgotten
 * does no better when the rule forgets later than its longest wait).
 */
export function timeToTryAll(rule: ThrottleRule, tries: number): number {
  let total = 0;
  for (let n = 0; n < tries; n++) total += backoffWaitMs(rule, n, 0, 0);
  return total;
}

/**
 * What a teacher sees of each child's picture-login counters: the longest wait any of them imposes
 * now, and the most failures any of them holds (the child's unknown devices, or one of their own).
 */
export async function pictureLimitsOf(db: Db, ids: number[], now: Date = new Date()): Promise<Map<number, { espera: number; fallos: number }>> {
  const out = new Map<number, { espera: number; fallos: number }>();
  for (const r of await countersOf(db, 'clave', ids.map(String))) {
    const rule = r.dispositivo === ANY_DEVICE ? CHILD_PICTURE_RULE : KNOWN_DEVICE_PICTURE_RULE;
    const prev = out.get(Number(r.cuenta)) ?? { espera: 0, fallos: 0 };
    const forgotten = now.getTime() - r.ultimo.getTime() > rule.forgetMs;
    out.set(Number(r.cuenta), {
      espera: Math.max(prev.espera, waitSeconds(rule, r.fallos, r.ultimo, now)),
      fallos: Math.max(prev.fallos, forgotten ? 0 : r.fallos),
    });
  }
  return out;
}

/** The Spanish message of a wait. */
export function pictureWaitMessage(seconds: number): string {
  return `Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} e inténtalo de nuevo. Tu profesor puede desbloquearte.`;
}
