import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { usuario } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { DEFAULT_PREFERENCES, parsePreferences, preferencesPatchSchema, type Preferences } from '../../../shared/rules/preferences';
import { invalidates } from '../../cache';

export const PREFERENCES_PATH = '/api/preferencias';
export const PREFERENCES_SAVED_MSG = 'Preferencias guardadas.';
export const PREFERENCES_NOT_OBJECT_MSG = 'Las preferencias deben enviarse como un objeto.';
export const unknownPreferenceMsg = (key: string) => `La preferencia "${key}" no existe.`;

const KNOWN = new Set(Object.keys(DEFAULT_PREFERENCES));

/**
 * The signed-in user's sign-player and sound preferences (routes.md ): `usuario.preferencias`, JSON
 * text, null = the defaults. Any role, always one's own row (there is no id in the path, so nobody
 * reads or writes another account's). Never cached: the content cache is keyed by URL, and this
 * URL is the same for every user; the auth cache does not hold the column.
 *
 * - GET  → `{data: Preferences}` (every field, defaults filled in).
 * - PUT  → a partial body (`preferencesPatchSchema`): unknown keys and bad values are refused with a
 *   Spanish 400 and nothing is written; an empty body changes nothing. The merge happens in one
 *   statement, so two tablets changing different preferences at once lose neither.
 *   Answers `{msg, data}` with the merged value.
 */
export default async function preferenciasRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  async function stored(userId: number): Promise<Preferences> {
    const [row] = await db.select({ p: usuario.preferencias }).from(usuario).where(eq(usuario.id, userId));
    if (!row) throw notFound('Usuario no encontrado.');
    return parsePreferences(row.p);
  }

  app.get(PREFERENCES_PATH, { onRequest: app.requireUser }, async (req) => ({ data: await stored(req.user!.id) }));

  /** Before the schema: a body that is not an object, or names a preference that does not exist, gets its own message. */
  async function knownKeysOnly(req: FastifyRequest) {
    const body: unknown = req.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(PREFERENCES_NOT_OBJECT_MSG);
    const unknown = Object.keys(body).find((k) => !KNOWN.has(k));
    if (unknown !== undefined) throw badRequest(unknownPreferenceMsg(unknown), { [unknown]: unknownPreferenceMsg(unknown) });
    req.body = body;
  }

  app.put<{ Body: z.output<typeof preferencesPatchSchema> }>(
    PREFERENCES_PATH,
    { config: invalidates(), onRequest: app.requireUser, preValidation: knownKeysOnly, schema: { body: preferencesPatchSchema } },
    async (req) => {
      const patch = req.body;
      const userId = req.user!.id;
      if (Object.keys(patch).length === 0) return { msg: PREFERENCES_SAVED_MSG, data: await stored(userId) };

      const patchJson = JSON.stringify(patch);
      let rows: { p: string | null }[];
      try {
        // The stored object merged with the patch, in one statement (no lost update between devices).
        rows = await db
          .update(usuario)
          .set({ preferencias: sql`(coalesce(${usuario.preferencias}, '{}')::jsonb || ${patchJson}::jsonb)::text` })
          .where(eq(usuario.id, userId))
          .returning({ p: usuario.preferencias });
      } catch {
        // Only text the API never writes (not JSON) can fail the cast: start again from what it reads as.
        req.log.warn('preferencias guardadas no legibles; se reescriben');
        const merged = { ...(await stored(userId)), ...patch };
        rows = await db
          .update(usuario)
          .set({ preferencias: JSON.stringify(merged) })
          .where(eq(usuario.id, userId))
          .returning({ p: usuario.preferencias });
      }
      if (!rows[0]) throw notFound('Usuario no encontrado.');
      return { msg: PREFERENCES_SAVED_MSG, data: parsePreferences(rows[0].p) };
    },
  );
}
