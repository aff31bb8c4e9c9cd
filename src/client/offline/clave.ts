/**
 * A fresh idempotency key for one event a device sends (quiz attempt, game run, review answer):
 * a UUID; the server accepts [A-Za-z0-9_-]{8,64} and stores a key once per account.
 */
export function newClave(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  // Older browsers: 128 random bits as hex.
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
