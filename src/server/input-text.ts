import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from './errors';

/**
 * Text the server accepts, checked in one place for every request (JSON bodies, query strings and
 * path parameters by the hook below; multipart text fields by readForm in multipart.ts).
 *
 * Refused with 400 INVALID_TEXT (never stored, never cleaned):
 * - U+0000 (NUL): PostgreSQL cannot store it in text; it used to reach the database and answer 500.
 * - the other C0 control characters and DEL, except tab, line feed and carriage return (which the
 *   multi-line fields use): no keyboard types them, they only come from broken clients or probes.
 * - lone UTF-16 surrogates (a JSON "\ud800"): they cannot be encoded as UTF-8, so the database
 *   would silently store U+FFFD instead of what was sent.
 * Refusing instead of stripping keeps what is stored exactly what was sent: passwords, emails and
 * recovery tokens are never changed behind the user's back, and the message names the field.
 *
 * Kept as sent: zero-width characters (U+200B-U+200D: the joiner builds emoji like 👩‍🏫), direction
 * marks (U+200E/U+200F, U+202A-U+202E: text in right-to-left scripts), U+FEFF and U+FFFD, and
 * invalid UTF-8 bytes (the body/query decoders have already turned those into U+FFFD). Length is
 * each field's own rule (zod max, listParams cuts `q` to 200); the body size limit answers 413.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BAD_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Real bodies nest 3 levels at most; deeper than this is refused instead of walked (no stack overflow). */
const MAX_DEPTH = 32;

export const INVALID_TEXT_CODE = 'INVALID_TEXT';
export const INVALID_TEXT_FIELD_MSG = 'Contiene caracteres no permitidos.';

export function isCleanText(s: string): boolean {
  return !BAD_TEXT.test(s);
}

const tooDeep = () => badRequest('El cuerpo de la solicitud tiene demasiados niveles de anidamiento.', undefined, 'INVALID_BODY');

/**
 * The dotted path of the first string (or object key) with refused characters, '' when it is the
 * value itself, null when all is clean. Allocates nothing unless something is refused.
 */
export function badTextPath(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? '' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) throw tooDeep();
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = badTextPath(value[i], depth + 1);
      if (p !== null) return p ? `${i}.${p}` : String(i);
    }
    return null;
  }
  const obj = value as Record<string, unknown>;
  for (const k in obj) {
    if (BAD_TEXT.test(k)) return '';
    const p = badTextPath(obj[k], depth + 1);
    if (p !== null) return p ? `${k}.${p}` : k;
  }
  return null;
}

/** The 400 for a refused value at `path` ('' = the whole body/value). */
export function invalidText(where: 'body' | 'query' | 'params', path: string): AppError {
  if (where === 'params') return badRequest('La dirección solicitada contiene caracteres no permitidos.', undefined, INVALID_TEXT_CODE);
  if (!path)
    return badRequest('El texto enviado contiene caracteres no permitidos (caracteres de control o texto mal codificado).', undefined, INVALID_TEXT_CODE);
  const field = path.slice(0, 80);
  // The field's own name (the last non-numeric segment: "respuestas.0.respuesta" → "respuesta").
  const name = (
    path
      .split('.')
      .reverse()
      .find((s) => !/^\d+$/.test(s)) ?? path
  ).slice(0, 40);
  const msg = where === 'query' ? `El parámetro "${name}" contiene caracteres no permitidos.` : `El campo "${name}" contiene caracteres no permitidos.`;
  return badRequest(msg, { [field]: INVALID_TEXT_FIELD_MSG }, INVALID_TEXT_CODE);
}

/**
 * Checks every request's path parameters, query and parsed body before any handler runs, so no
 * route can pass refused text to the database. Multipart bodies are read by the handler
 * (readForm), which applies the same rule to their text fields.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      let p = badTextPath(req.params);
      if (p !== null) return done(invalidText('params', p));
      p = badTextPath(req.query);
      if (p !== null) return done(invalidText('query', p));
      p = badTextPath(req.body);
      if (p !== null) return done(invalidText('body', p));
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
