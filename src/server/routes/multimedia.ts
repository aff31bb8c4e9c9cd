import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { multimedia, palabra } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { kindOfStoredName, putUpload, readForm, withNewFile } from '../multipart';
import { MULTIMEDIA_FILE_RULES, MULTIMEDIA_MSG, multimediaResource as R, multimediaSchema, type MultimediaInput, type MultimediaWire } from '../../shared/resources/multimedia';
import { cachedReply } from '../cache';
import { NO_COMPACT, storeCompact, type CompactColumns, type WarnLog } from '../media/compact';
import type { StoredFile } from '../storage';
import { apiPath, countExpr, guard, listPlan, paged, type ListSpec } from './crud';

export const MULTIMEDIA_NOT_FOUND = 'Multimedia no encontrada.';
export const FILE_MISMATCH_MSG = 'El archivo actual no corresponde al tipo elegido. Sube un archivo nuevo.';

export default async function multimediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const { storage } = ctx;

  const spec: ListSpec = {
    sortable: { id: multimedia.id, tipo: multimedia.tipo, descripcion: multimedia.descripcion, id_palabra: multimedia.idPalabra, url: multimedia.url, tamano: multimedia.tamano },
    idColumn: multimedia.id,
    search: [multimedia.tipo, multimedia.descripcion, palabra.palabraEspanol, palabra.palabraIngles],
    filters: { id_palabra: multimedia.idPalabra },
  };

  const select = () => db.select({
    id: multimedia.id, tipo: multimedia.tipo, descripcion: multimedia.descripcion, url: multimedia.url, id_palabra: multimedia.idPalabra,
    tamano: multimedia.tamano, urlCompacta: multimedia.urlCompacta, tamanoCompacta: multimedia.tamanoCompacta,
    palabraEspanol: palabra.palabraEspanol, palabraIngles: palabra.palabraIngles,
  }).from(multimedia).innerJoin(palabra, eq(palabra.idPalabra, multimedia.idPalabra));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toWire = (r: Row, withPalabra = true): MultimediaWire => ({
    id: r.id, tipo: r.tipo, descripcion: r.descripcion, url: r.url, id_palabra: r.id_palabra,
    tamano: r.tamano ?? null,
    compacta: r.urlCompacta ? { url: r.urlCompacta, tamano: r.tamanoCompacta ?? null } : null,
    ...(withPalabra ? { palabra: { palabraEspanol: r.palabraEspanol, palabraIngles: r.palabraIngles } } : {}),
  });

  async function find(id: number) {
    const [row] = await select().where(eq(multimedia.id, id));
    if (!row) throw notFound(MULTIMEDIA_NOT_FOUND);
    return row;
  }

  /**
   * The columns that go with a newly stored file: its size, and for a GIF its compact WebP (made
   * and stored here; a failure leaves the GIF alone and is only logged, never fails the upload).
   */
  async function fileColumns(stored: StoredFile, data: Buffer, log: WarnLog): Promise<{ compact: StoredFile | null; columns: { tamano: number } & CompactColumns }> {
    // GIFs are stored byte for byte (media/resize.ts), so the uploaded bytes are the stored file.
    const made = stored.kind === 'gif' ? await storeCompact(storage, 'multimedia', data, log) : { stored: null, columns: NO_COMPACT };
    return { compact: made.stored, columns: { tamano: stored.size, ...made.columns } };
  }

  async function checkWord(body: MultimediaInput) {
    const [w] = await db.select({ id: palabra.idPalabra }).from(palabra).where(eq(palabra.idPalabra, body.id_palabra));
    if (!w) throw badRequest('La palabra seleccionada no existe.', { id_palabra: 'La palabra seleccionada no existe.' });
  }

  // Learner: the media of one word.
  app.get<{ Params: { id: string } }>('/api/multimedia/palabra/:id', { preHandler: app.requireUser }, async (req, reply) => cachedReply(ctx.cache, req, reply, 'all', async () => {
    const id = idParam(req.params.id);
    const [w] = await db.select({ id: palabra.idPalabra }).from(palabra).where(eq(palabra.idPalabra, id));
    if (!w) throw notFound('Palabra no encontrada.');
    const rows = await select().where(eq(multimedia.idPalabra, id)).orderBy(multimedia.id);
    return { data: rows.map((r) => toWire(r, false)) };
  }));

  // Plain array, as the spec reads it.
  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(multimedia).innerJoin(palabra, eq(palabra.idPalabra, multimedia.idPalabra)).where(plan.where)) as [{ n: number }];
    const rows = await paged(select().where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return rows.map((r) => toWire(r));
  });

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    return { data: toWire(await find(idParam(req.params.id))) };
  });

  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(multimediaSchema, form.fields);
    if (!form.files.file) throw badRequest(MULTIMEDIA_MSG.archivo, { file: MULTIMEDIA_MSG.archivo });
    await checkWord(body);
    const rule = MULTIMEDIA_FILE_RULES[body.tipo];
    const stored = await putUpload(storage, 'multimedia', form.files.file, rule.kinds, rule.msg, 'file');
    const { compact, columns } = await withNewFile(storage, stored, () => fileColumns(stored!, form.files.file!.data, req.log));
    const [row] = await withNewFile(storage, stored, () => withNewFile(storage, compact, () => db.insert(multimedia).values({
      tipo: body.tipo, descripcion: body.descripcion, idPalabra: body.id_palabra, url: stored!.relativeUrl, ...columns,
    }).returning()));
    return reply.status(201).send({ msg: 'Multimedia registrada exitosamente.', data: toWire(await find(row!.id)) });
  });

  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(multimediaSchema, form.fields);
    await checkWord(body);
    const rule = MULTIMEDIA_FILE_RULES[body.tipo];
    if (!form.files.file) {
      // Keeping the file: it must still suit the (possibly new) tipo.
      const kind = kindOfStoredName(old.url);
      if (kind && !rule.kinds.includes(kind)) throw badRequest(FILE_MISMATCH_MSG, { file: FILE_MISMATCH_MSG });
    }
    const stored = await putUpload(storage, 'multimedia', form.files.file, rule.kinds, rule.msg, 'file');
    // A new file brings its own size and rendition (none unless it is a GIF); the old ones go.
    const made = stored ? await withNewFile(storage, stored, () => fileColumns(stored, form.files.file!.data, req.log)) : null;
    await withNewFile(storage, stored, () => withNewFile(storage, made?.compact ?? null, async () => {
      const rows = await db.update(multimedia).set({
        tipo: body.tipo, descripcion: body.descripcion, idPalabra: body.id_palabra, ...(stored ? { url: stored.relativeUrl, ...made!.columns } : {}),
      }).where(eq(multimedia.id, id)).returning();
      if (!rows.length) throw notFound(MULTIMEDIA_NOT_FOUND);
    }));
    if (stored) {
      await storage.remove('multimedia', old.url);
      await storage.remove('multimedia', old.urlCompacta);
    }
    return { msg: 'Multimedia actualizada exitosamente.', data: toWire(await find(id)) };
  });

  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    await db.delete(multimedia).where(eq(multimedia.id, id));
    await storage.remove('multimedia', old.url);
    await storage.remove('multimedia', old.urlCompacta);
    return { msg: 'Multimedia eliminada exitosamente.' };
  });
}
