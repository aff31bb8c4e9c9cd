import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { multimedia, palabra } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { idParam } from '../../validate';
import { kindOfStoredName } from '../../multipart';
import { cachedReply } from '../../cache';
import { NO_COMPACT } from '../../media/compact';
import { enqueueCompact } from '../../maintenance/compact-media';
import {
  MULTIMEDIA_FILE_RULES,
  MULTIMEDIA_MSG,
  MULTIMEDIA_TIPOS,
  multimediaResource,
  type MultimediaInput,
  type MultimediaWire,
} from '../../../shared/resources/multimedia';
import { bindingSelect, serverResource, type SelectRow } from '../define';
import { dropStaleTracks } from '../../media/tracks';

export const MULTIMEDIA_NOT_FOUND = 'Multimedia no encontrada.';
export const FILE_MISMATCH_MSG = 'El archivo actual no corresponde al tipo elegido. Sube un archivo nuevo.';

const fields = {
  id: multimedia.id,
  tipo: multimedia.tipo,
  descripcion: multimedia.descripcion,
  url: multimedia.url,
  id_palabra: multimedia.idPalabra,
  tamano: multimedia.tamano,
  urlCompacta: multimedia.urlCompacta,
  tamanoCompacta: multimedia.tamanoCompacta,
  palabraEspanol: palabra.palabraEspanol,
  palabraIngles: palabra.palabraIngles,
};
const select = bindingSelect(fields, (db, f) => db.select(f).from(multimedia).innerJoin(palabra, eq(palabra.idPalabra, multimedia.idPalabra)).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

/** ?tipo=gif: the media of one tipo (one of the four of constants.md C-5). */
function tipoCondition(value: string) {
  if (!(MULTIMEDIA_TIPOS as readonly string[]).includes(value))
    throw badRequest(MULTIMEDIA_MSG.tipoInvalido, { tipo: MULTIMEDIA_MSG.tipoInvalido }, 'INVALID_QUERY');
  return eq(multimedia.tipo, value);
}

const toWire = (r: Row, withPalabra = true): MultimediaWire => ({
  id: r.id,
  tipo: r.tipo,
  descripcion: r.descripcion,
  url: r.url,
  id_palabra: r.id_palabra,
  tamano: r.tamano ?? null,
  compacta: r.urlCompacta ? { url: r.urlCompacta, tamano: r.tamanoCompacta ?? null } : null,
  ...(withPalabra ? { palabra: { palabraEspanol: r.palabraEspanol, palabraIngles: r.palabraIngles } } : {}),
});

export default serverResource<MultimediaInput, Row, MultimediaWire>((ctx) => {
  const { db } = ctx.database;

  return {
    decl: multimediaResource,
    notFound: MULTIMEDIA_NOT_FOUND,
    table: multimedia,
    idColumn: multimedia.id,
    fields,
    from: (f) => select(db, f),
    sortable: {
      id: multimedia.id,
      tipo: multimedia.tipo,
      descripcion: multimedia.descripcion,
      id_palabra: multimedia.idPalabra,
      url: multimedia.url,
      tamano: multimedia.tamano,
      palabra: palabra.palabraEspanol,
    },
    searchOnly: { 'palabra.palabraEspanol': palabra.palabraEspanol, 'palabra.palabraIngles': palabra.palabraIngles },
    filters: { id_palabra: multimedia.idPalabra },
    conditions: { tipo: tipoCondition },
    toWire: (rows) => rows.map((r) => toWire(r)),
    // `url` holds the stored file's URL; no new file keeps it (and its size and rendition).
    toValues: (input, stored) => ({
      tipo: input.tipo,
      descripcion: input.descripcion,
      idPalabra: input.id_palabra,
      ...(stored.file ? { url: stored.file.relativeUrl } : {}),
    }),
    files: {
      file: {
        folder: 'multimedia',
        rule: (input) => MULTIMEDIA_FILE_RULES[input.tipo],
        column: 'url',
        alsoRemove: ['urlCompacta'],
        /**
         * A new file brings its size; a GIF's compact WebP is made in the background (0.2–6.6 s of
         * encoding must not hold the upload): the row starts without it, so players use the GIF
         * until the job (src/server/maintenance/compact-media.ts) saves it.
         */
        async derive(stored) {
          return { files: [], columns: { tamano: stored.size, ...NO_COMPACT } };
        },
        async afterStore(id, stored, req) {
          // A replaced sign's old track must never be served for the new file: its address is gone.
          await dropStaleTracks(db).catch((err: unknown) => req.log.error({ err }, 'multimedia: no se pudieron quitar los trazos viejos'));
          if (stored.kind !== 'gif') return;
          // The row is committed: a failure to enqueue leaves it without a rendition, which the next
          // startup backfill finds; the upload itself succeeded and says so.
          await enqueueCompact(ctx.jobs, { id, url: stored.relativeUrl }).catch((err: unknown) =>
            req.log.error({ err }, 'multimedia: no se pudo encolar la versión WebP del GIF'),
          );
        },
      },
    },
    async check(input, _exceptId, { files, existing }) {
      // The file is required on create only.
      if (!existing && !files.file) throw badRequest(MULTIMEDIA_MSG.archivo, { file: MULTIMEDIA_MSG.archivo });
      const [w] = await db.select({ id: palabra.idPalabra }).from(palabra).where(eq(palabra.idPalabra, input.id_palabra));
      if (!w) throw badRequest('La palabra seleccionada no existe.', { id_palabra: 'La palabra seleccionada no existe.' });
      // An update that keeps its file: the file must still suit the (possibly new) tipo.
      if (existing && !files.file) {
        const kind = kindOfStoredName(existing.url);
        if (kind && !MULTIMEDIA_FILE_RULES[input.tipo].kinds.includes(kind)) throw badRequest(FILE_MISMATCH_MSG, { file: FILE_MISMATCH_MSG });
      }
    },
    replies: { created: 'Multimedia registrada exitosamente.', updated: 'Multimedia actualizada exitosamente.', deleted: 'Multimedia eliminada exitosamente.' },
    hooks: {
      // Learner: the media of one word (path multimedia/palabra/{id}, routes.md ), without the word itself.
      routes(app: FastifyInstance) {
        app.get<{ Params: { id: string } }>('/api/multimedia/palabra/:id', { onRequest: app.requireUser }, async (req, reply) =>
          cachedReply(ctx.cache, req, reply, 'all', async () => {
            const id = idParam(req.params.id);
            const [w] = await db.select({ id: palabra.idPalabra }).from(palabra).where(eq(palabra.idPalabra, id));
            if (!w) throw notFound('Palabra no encontrada.');
            const rows = await select(db).where(eq(multimedia.idPalabra, id)).orderBy(multimedia.id);
            return { data: rows.map((r) => toWire(r, false)) };
          }),
        );
      },
    },
  };
});
