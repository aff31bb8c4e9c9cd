import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { usuario } from '../db/schema';
import { hashPassword } from './password';
import { backoffWaitMs, type ThrottleRule } from './throttle';
import { isPicturePassword, picturePasswordText, type PictureKey } from '../../shared/rules/classes';

/**
 * Picture passwords (issue 21). Stored twice (docs/decisions.md "Picture passwords"):
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

/**
 * Sets a child's picture password (hash + cipher), forgets their failed tries and ends their
 * sessions (like a password change: whoever knew the old pictures is signed out).
 */
/** The stored columns of a picture password: the scrypt hash that login checks and the teacher's cipher (scrypt is slow: call outside transactions). */
export async function pictureColumns(seq: PictureKey[], jwtSecret: string): Promise<{ claveImagenesHash: string; claveImagenesCifrada: string }> {
  return { claveImagenesHash: await hashPassword(picturePasswordText(seq)), claveImagenesCifrada: encryptPictures(seq, jwtSecret) };
}

export async function setPicturePassword(db: Db, userId: number, seq: PictureKey[], jwtSecret: string): Promise<void> {
  await db
    .update(usuario)
    .set({
      ...(await pictureColumns(seq, jwtSecret)),
      claveFallos: 0,
      claveUltimoFallo: null,
      tokenVersion: sql`${usuario.tokenVersion} + 1` as unknown as number,
    })
    .where(eq(usuario.id, userId));
}

/**
 * Guessing limits of the picture login. Stored in the database (usuario.clave_fallos/_ultimo_fallo,
 * clase.fallos/ultimo_fallo), not in a process's memory: every process agrees and a teacher can
 * unlock. 9³ = 729 passwords, so the child's limit is tight; the class's stops walking every child.
 */
/** Per child: 3 free failures, then 5 s, 10 s, 20 s … up to 15 minutes; forgotten 1 h after the last. */
export const CHILD_PICTURE_RULE: ThrottleRule = { free: 3, baseMs: 5000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 };
/** Per class: 30 free failures, then 5 s doubling up to 10 minutes; forgotten 1 h after the last. */
export const CLASS_PICTURE_RULE: ThrottleRule = { free: 30, baseMs: 5000, maxMs: 10 * 60_000, forgetMs: 60 * 60_000 };

const waitSeconds = (rule: ThrottleRule, n: number, last: Date | null, now: Date) =>
  last ? Math.ceil(backoffWaitMs(rule, n, last.getTime(), now.getTime()) / 1000) : 0;

/** Seconds a child must still wait before another picture login (0 = may try). */
export function pictureWaitSeconds(row: { claveFallos: number; claveUltimoFallo: Date | null }, now: Date = new Date()): number {
  return waitSeconds(CHILD_PICTURE_RULE, row.claveFallos, row.claveUltimoFallo, now);
}

/** Seconds every child of a class must still wait (0 = may try). */
export function classWaitSeconds(row: { fallos: number; ultimoFallo: Date | null }, now: Date = new Date()): number {
  return waitSeconds(CLASS_PICTURE_RULE, row.fallos, row.ultimoFallo, now);
}

/** The failure count after one more failure at `now`: restarts at 1 once the old ones are forgotten. */
export function nextFailureCount(rule: ThrottleRule, n: number, last: Date | null, now: Date): number {
  return !last || now.getTime() - last.getTime() > rule.forgetMs ? 1 : n + 1;
}

/** The Spanish message of a wait. */
export function pictureWaitMessage(seconds: number): string {
  return `Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} e inténtalo de nuevo. Tu profesor puede desbloquearte.`;
}
