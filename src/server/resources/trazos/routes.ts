import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bodyOrEmpty } from '../crud';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { multimedia, nivel, palabra, trazo } from '../../db/schema';
import { notFound } from '../../errors';
import { idParam } from '../../validate';
import { isSignMedia } from '../palabra';
import { NIVEL_NO_EXISTE_MSG } from '../repaso/routes';
import { invalidates } from '../../cache';
import { TRAZO_GUARDADO_MSG, TRAZO_SIN_SENA_MSG, storedTrackSchema, type LevelTrackRow, type StoredTrack } from '../../../shared/signPractice/stored';
import type { Track } from '../../../shared/signPractice/compare';
import { isCurrentSign } from '../../media/tracks';

/**
 * Stored reference tracks of the signs ("¡Ahora tú!"), keyed by the sign file's address:
 * - GET /api/trazo?url= (user) → `{data: {ms, track} | null}`: null when the sign has none yet, or the
 *   address is no longer a sign's (the dialog then computes it from the sign's pictures, as before).
 * - PUT /api/trazo `{url, ms, track}` (profesor+) → `{msg}`: kept only for an address that is a sign
 *   of some word now (404 otherwise: a replaced sign's old address cannot get a track); replaces any
 *   earlier track of that address.
 * - GET /api/trazo/nivel/{id} (profesor+) → `{data: LevelTrackRow[]}`: the level's signs, with or
 *   without their track (the word media page's "Construir trazos que faltan").
 */
const NO_URL_MSG = 'Falta la dirección de la seña.';
/** GET /api/trazo?url=: the sign file's address (one, at most 500 characters). */
const trackQuerySchema = z.object({ url: z.string({ error: NO_URL_MSG }).min(1, NO_URL_MSG).max(500, NO_URL_MSG) });

export default async function trazoRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  app.get<{ Querystring: z.output<typeof trackQuerySchema> }>(
    '/api/trazo',
    { onRequest: app.requireUser, schema: { querystring: trackQuerySchema } },
    async (req) => {
      const { url } = req.query;
      const [row] = await db
        .select({ ms: trazo.ms, datos: trazo.datos })
        .from(trazo)
        .where(and(eq(trazo.url, url), isCurrentSign));
      const data: StoredTrack | null = row ? { ms: row.ms, track: row.datos as Track } : null;
      return { data };
    },
  );

  app.put<{ Body: z.output<typeof storedTrackSchema> }>(
    '/api/trazo',
    { onRequest: app.requireRole('profesor'), config: invalidates(), preValidation: bodyOrEmpty, schema: { body: storedTrackSchema } },
    async (req) => {
      const body = req.body;
      // The sign's row is locked (FOR SHARE) while its track is stored: a replacement of the sign that
      // runs at the same time either waits and then drops this track with the old address
      // (dropStaleTracks), or commits first and this request finds no sign at that address (404).
      const stored = await db.transaction(async (tx) => {
        const [sign] = await tx
          .select({ id: multimedia.id })
          .from(multimedia)
          .where(and(eq(multimedia.url, body.url), isSignMedia))
          .limit(1)
          .for('share');
        if (!sign) return false;
        await tx
          .insert(trazo)
          .values({ url: body.url, ms: body.ms, datos: body.track, fecha: new Date() })
          .onConflictDoUpdate({ target: trazo.url, set: { ms: body.ms, datos: body.track, fecha: new Date() } });
        return true;
      });
      if (!stored) throw notFound(TRAZO_SIN_SENA_MSG);
      return { msg: TRAZO_GUARDADO_MSG };
    },
  );

  app.get<{ Params: { id: string } }>('/api/trazo/nivel/:id', { onRequest: app.requireRole('profesor') }, async (req) => {
    const id = idParam(req.params.id);
    const [l] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, id));
    if (!l) throw notFound(NIVEL_NO_EXISTE_MSG);
    const rows = await db
      .select({
        id_palabra: palabra.idPalabra,
        palabraEspanol: palabra.palabraEspanol,
        url: multimedia.url,
        urlCompacta: multimedia.urlCompacta,
        tipo: multimedia.tipo,
        tiene: sql<boolean>`exists (select 1 from ${trazo} where ${trazo.url} = ${multimedia.url})`,
      })
      .from(multimedia)
      .innerJoin(palabra, eq(palabra.idPalabra, multimedia.idPalabra))
      .where(and(eq(palabra.idNivel, id), isSignMedia))
      .orderBy(asc(palabra.idPalabra), asc(multimedia.id));
    // One sign per word: the first, as the word page and the review show it.
    const seen = new Set<number>();
    const data: LevelTrackRow[] = [];
    for (const r of rows) {
      if (seen.has(r.id_palabra)) continue;
      seen.add(r.id_palabra);
      data.push({ ...r, tiene: Boolean(r.tiene) });
    }
    return { data };
  });
}
