/**
 * Rules for what a learner's device sends late (docs/product/wire.md W-11, constants.md C-8): a tablet queues what the child did
 * offline and sends it when the connection returns, maybe twice (a reply lost mid-submit). Each
 * event carries the device's idempotency key (`clave`: stored once per user) and the time it
 * happened on the device (`fecha`), which the server accepts within sane bounds. Pure: no DOM, no
 * database; shared by the server (the judge) and the client queue.
 */
import { z } from 'zod';

/** A device's idempotency key: 8–64 URL-safe characters (a UUID, a nanoid...). Unique per user. */
export const DEVICE_CLAVE_RE = /^[A-Za-z0-9_-]{8,64}$/;

/** The oldest device time kept: a tablet offline longer than this is trusted no more. */
export const OFFLINE_MAX_AGE_DAYS = 30;

/** How far ahead of the server a device clock may be and still count (clocks drift). */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

export const DEVICE_TIME_MSG = 'La fecha del dispositivo no es válida.';

/**
 * The `fecha` field of a queued event: an ISO 8601 instant with its offset or Z (what
 * `Date.prototype.toISOString` gives). Absent (or null) means "now". A malformed value is refused
 * (400), unlike a well-formed time out of bounds, which `eventTime` replaces by the server's time.
 */
export const deviceTime = z.iso
  .datetime({ offset: true, message: DEVICE_TIME_MSG })
  .nullish()
  .transform((s) => (s ? new Date(s) : undefined))
  .optional();

/**
 * The time an event is stored with: the device's when it lies in [now − OFFLINE_MAX_AGE_DAYS, now +
 * CLOCK_SKEW_MS], else the server's now (a tablet with a wrong clock must not lose a child's work).
 * Never later than now: a time slightly ahead (clock skew) becomes now, so nothing is stored in the
 * future.
 */
export function eventTime(fecha: Date | undefined, now: Date): Date {
  if (!fecha || Number.isNaN(fecha.getTime())) return now;
  const t = fecha.getTime();
  const n = now.getTime();
  if (t < n - OFFLINE_MAX_AGE_DAYS * 86_400_000 || t > n + CLOCK_SKEW_MS) return now;
  return t > n ? now : fecha;
}

/**
 * The time a review is scheduled at: the event's time, but never before the card's last review
 * (FSRS needs reviews in order; an offline answer sent after a newer online one is applied as if
 * it happened right after that one).
 */
export function reviewTime(at: Date, lastReview: Date | null | undefined): Date {
  return lastReview && lastReview.getTime() > at.getTime() ? lastReview : at;
}
