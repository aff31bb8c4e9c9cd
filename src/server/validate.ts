import type { z } from 'zod';
import { badRequest } from './errors';
import { isDbId } from '../shared/validation/numbers';

/** Field-name → first message, in the order zod reports them (the schema's key order). */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** Parses `data` with `schema` or throws a 400 whose msg is the first message. */
export function validate<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const fields = zodFields(r.error);
  const first = Object.values(fields)[0] ?? 'Datos inválidos.';
  throw badRequest(first, fields);
}

/** A positive integer id from a route parameter that fits the integer columns (DB_INT_MAX), or a 400. */
export function idParam(value: unknown, label = 'id'): number {
  const s = String(value ?? '');
  if (!/^\d{1,10}$/.test(s) || !isDbId(Number(s)))
    throw badRequest(`El identificador ${label} no es válido.`, { [label]: 'Identificador inválido.' }, 'INVALID_ID');
  return Number(s);
}

/** The date in the easternmost time zone (UTC+14): no child's "today" is later (birth dates must be before it). */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}
