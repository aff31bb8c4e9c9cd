import { z } from 'zod';

/**
 * Calendar dates (YYYY-MM-DD) as the database's `date` columns keep them. A string of the right
 * shape is not enough: '2015-02-31', '2015-13-45' or year 0000 made PostgreSQL fail the query (a
 * 500), and JavaScript's Date rolls such days over silently. Every date that enters the app is
 * checked here, on both ends.
 */
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The oldest year a date may carry; birth dates use BIRTH_MIN_YEAR. */
const MIN_DATE_YEAR = 1900;
const MAX_DATE_YEAR = 2999;
export const BIRTH_MIN_YEAR = 1900;

export const INVALID_BIRTH_DATE_MSG = 'La fecha de nacimiento no es válida.';

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when `s` is YYYY-MM-DD naming a day that exists (leap years included), year in [minYear, maxYear]. */
export function isCalendarDate(s: unknown, minYear = MIN_DATE_YEAR, maxYear = MAX_DATE_YEAR): s is string {
  if (typeof s !== 'string') return false;
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < minYear || y > maxYear || mo < 1 || mo > 12 || d < 1) return false;
  return d <= (mo === 2 && isLeap(y) ? 29 : DAYS[mo - 1]!);
}

/** A real birth date (YYYY-MM-DD, year BIRTH_MIN_YEAR or later); whether it is before today is the caller's rule. */
export const isBirthDate = (s: unknown): s is string => isCalendarDate(s, BIRTH_MIN_YEAR);

/** zod: a real calendar date; anything else gets `msg`. */
export const calendarDate = (msg: string, minYear = MIN_DATE_YEAR) => z.string({ error: msg }).refine((s) => isCalendarDate(s, minYear), { message: msg });

/** zod: an optional calendar date as the forms send it: missing → undefined, '' or null → null. */
export const optionalCalendarDate = (msg: string, minYear = MIN_DATE_YEAR) =>
  z.preprocess((v) => (v === '' ? null : v), calendarDate(msg, minYear).nullable().optional());
