/**
 * What an error may say in the log. Database errors carry the statement and its parameters (a
 * failed sign-up's e-mail, phone, credential and password hash; drizzle writes them into the
 * message as "params: ..."), and PostgreSQL's own texts quote the offending value ('date/time field
 * value out of range: "2015-02-31"'); its `detail` names the duplicate key's value. The log keeps
 * what an operator needs (type, SQLSTATE code, constraint, table, column, the stack's frames) and
 * never a parameter, a quoted value, a detail or an e-mail. Installed as the logger's `err`
 * serializer, so every `{ err }` logged anywhere goes through it.
 */

const EMAIL_RE = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g;
const MAX_TEXT = 300;

/** A message without parameters, quoted values or e-mails. */
export function redactText(s: string): string {
  const cut = s.split(/\n\s*params:/)[0]!;
  return cut
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(EMAIL_RE, '[correo]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);
}

type Loose = Error & Record<string, unknown>;

/** A SQLSTATE is five characters of digits and capital letters (23505, 22P02, 22008...). */
const isSqlState = (v: unknown): v is string => typeof v === 'string' && /^[0-9A-Z]{5}$/.test(v);

/** The stack's frames only: its first lines repeat the message, parameters included. */
const frames = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .slice(0, 15)
        .join('\n')
    : '';

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: typeof err === 'string' ? redactText(err) : '', stack: '' };
  const e = err as Loose;
  const out: SafeError = { type: e.constructor?.name || e.name || 'Error', message: '', stack: '' };
  // Drizzle's "Failed query: <statement> params: <values>": the statement's shape is kept in `query`
  // (placeholders only), the values never.
  const failedQuery = /^Failed query: /.test(e.message);
  out.message = failedQuery ? 'Failed query' : redactText(e.message);
  if (failedQuery && typeof e.query === 'string') out.query = e.query.replace(/\s+/g, ' ').slice(0, MAX_TEXT);
  if (e.code !== undefined) out.code = String(e.code).slice(0, 40);
  if (isSqlState(e.code)) for (const k of ['constraint', 'table', 'column', 'routine'] as const) if (typeof e[k] === 'string') out[k] = e[k];
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  out.stack = frames(e.stack);
  if (e.cause !== undefined && depth < 2) out.cause = safeError(e.cause, depth + 1);
  return out;
}
