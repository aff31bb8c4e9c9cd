import { z } from 'zod';
import { DB_INT_MAX } from '../validation/numbers';

/**
 * Field builders shared by the content schemas. Values may arrive as JSON (numbers, booleans) or
 * as multipart text ("3", "true"), and the admin forms send '' for an empty control: every builder
 * accepts both spellings and treats blank as missing.
 */
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Text that is not blank. */
export const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * Refinement option for the admin forms' cross-field rules: run even when another field failed
 * its type (zod skips refinements then), so every message shows at once as the form validators did.
 */
export const always = { when: () => true } as const;

/**
 * A file the admin form holds (react-admin's `{rawFile, src, title}`, or a stored file's name):
 * missing or blank → `required`. The server receives files apart from the fields and checks the
 * same rule with the same message.
 */
export const requiredFile = (required: string) => z.custom<unknown>((v) => !isBlank(v), { error: required });

/** An optional image the admin form holds; only its presence matters to the rules. */
export const formImage = z.unknown().optional();

/** Required text, trimmed; missing or blank → `required`. */
export const requiredText = (required: string, max = 200, maxMsg = `El texto no puede exceder los ${max} caracteres.`) =>
  z.preprocess((v) => (isBlank(v) ? undefined : typeof v === 'number' ? String(v) : v), z.string({ error: required }).trim().min(1, required).max(max, maxMsg));

/** Optional text, trimmed; missing or blank → null. */
export const optionalText = (max = 500, maxMsg = `El texto no puede exceder los ${max} caracteres.`) =>
  z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === 'number' ? String(v) : v),
    z.string({ error: 'El texto no es válido.' }).trim().max(max, maxMsg).nullable(),
  );

const toNumber = (v: unknown) => (isBlank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v);

/** Required reference to another record (a positive integer id). */
export const requiredId = (required: string, invalid = required) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(DB_INT_MAX, invalid),
  );

/** Optional reference: missing, blank or null → null. */
export const optionalId = (invalid: string) =>
  z.preprocess((v) => (isBlank(v) ? null : toNumber(v)), z.number({ error: invalid }).int(invalid).positive(invalid).max(DB_INT_MAX, invalid).nullable());

/** Integer in [min, max] with one message per rule. */
export const intInRange = (m: { required: string; invalid: string; min: string; max: string }, min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? m.required : m.invalid) })
      .int(m.invalid)
      .min(min, m.min)
      .max(max, m.max)
      // A caller's range never passes what the integer column holds.
      .max(DB_INT_MAX, m.max),
  );

/** Decimal in [min, max]; missing → `def` when given (second reading), else `required`. */
export const decimalInRange = (m: { required: string; invalid: string; min: string; max: string }, min: number, max: number, def?: number) =>
  z.preprocess(
    (v) => (v === undefined && def !== undefined ? def : toNumber(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? m.required : m.invalid) })
      .min(min, m.min)
      .max(max, m.max),
  );

const TRUE = new Set(['true', '1', 'on', 'si', 'sí', 'correcta']);
const FALSE = new Set(['false', '0', 'off', 'no', 'incorrecta']);

/** A boolean from true/false, 1/0 or their text; missing → `required` (or `def` when given). */
export const boolish = (required: string, invalid = required, def?: boolean) =>
  z.preprocess(
    (v) => {
      if (isBlank(v)) return def;
      if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : v;
      if (typeof v === 'string') {
        const s = v.trim().toLowerCase();
        return TRUE.has(s) ? true : FALSE.has(s) ? false : v;
      }
      return v;
    },
    z.boolean({ error: (iss) => (iss.input === undefined ? required : invalid) }),
  );

/** One of `values`; missing → `required` (or `def`), anything else → `invalid`. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string, def?: T[number]) =>
  z.preprocess(
    (v) => (isBlank(v) ? def : typeof v === 'string' ? v.trim() : v),
    z.enum(values, { error: (iss) => (iss.input === undefined ? required : invalid) }),
  );
