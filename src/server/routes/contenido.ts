import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { contenido, nivel, palabra } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { kindOfStoredName, putUpload, readForm, withNewFile } from '../multipart';
import { CONTENIDO_FILE_RULES, contenidoResource as R, contenidoSchema, type ContenidoInput, type ContenidoWire } from '../../shared/resources/contenido';
import { apiPath, countExpr, guard, listPlan, paged, type ListSpec } from './crud';
import { FILE_MISMATCH_MSG } from './multimedia';

export const CONTENIDO_NOT_FOUND = 'Contenido no encontrado.';

export default async function contenidoRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const { storage } = ctx;
  const pal = alias(palabra, 'pal');

  const spec: ListSpec = {
    sortable: { id_contenido: contenido.idContenido, id: contenido.idContenido, tipo_contenido: contenido.tipoContenido, id_nivel: contenido.idNivel, id_palabra: contenido.idPalabra, descripcion: contenido.descripcion, nivel: nivel.nombreNivel },
    idColumn: contenido.idContenido,
    search: [contenido.tipoContenido, contenido.descripcion, nivel.nombreNivel, pal.palabraEspanol],
    filters: { id_nivel: contenido.idNivel, id_palabra: contenido.idPalabra },
  };

  const select = () => db.select({
    id_contenido: contenido.idContenido, tipo_contenido: contenido.tipoContenido, id_nivel: contenido.idNivel, id_palabra: contenido.idPalabra,
    descripcion: contenido.descripcion, url_archivo: contenido.urlArchivo, nombre_nivel: nivel.nombreNivel,
    palabraEspanol: pal.palabraEspanol, palabraIngles: pal.palabraIngles,
  }).from(contenido).innerJoin(nivel, eq(nivel.idNivel, contenido.idNivel)).leftJoin(pal, eq(pal.idPalabra, contenido.idPalabra));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toWire = (r: Row): ContenidoWire => ({
    id_contenido: r.id_contenido, tipo_contenido: r.tipo_contenido, id_nivel: r.id_nivel, id_palabra: r.id_palabra,
    descripcion: r.descripcion, url_archivo: r.url_archivo, nivel: { nombre_nivel: r.nombre_nivel },
    palabra: r.id_palabra !== null && r.palabraEspanol !== null ? { palabraEspanol: r.palabraEspanol, palabraIngles: r.palabraIngles ?? '' } : null,
  });

  async function find(id: number): Promise<ContenidoWire> {
    const [row] = await select().where(eq(contenido.idContenido, id));
    if (!row) throw notFound(CONTENIDO_NOT_FOUND);
    return toWire(row);
  }

  async function checkRefs(body: ContenidoInput) {
    const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, body.id_nivel));
    if (!lvl) throw badRequest('El nivel seleccionado no existe.', { id_nivel: 'El nivel seleccionado no existe.' });
    if (body.id_palabra !== null) {
      const [w] = await db.select({ idNivel: palabra.idNivel }).from(palabra).where(eq(palabra.idPalabra, body.id_palabra));
      if (!w) throw badRequest('La palabra seleccionada no existe.', { id_palabra: 'La palabra seleccionada no existe.' });
      if (w.idNivel !== body.id_nivel) throw badRequest('La palabra seleccionada no pertenece a ese nivel.', { id_palabra: 'La palabra no pertenece al nivel.' });
    }
  }

  const values = (body: ContenidoInput) => ({ tipoContenido: body.tipo_contenido, idNivel: body.id_nivel, idPalabra: body.id_palabra, descripcion: body.descripcion });

  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(contenido).innerJoin(nivel, eq(nivel.idNivel, contenido.idNivel))
      .leftJoin(pal, eq(pal.idPalabra, contenido.idPalabra)).where(plan.where)) as [{ n: number }];
    const rows = await paged(select().where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: rows.map(toWire) };
  });

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    return { data: await find(idParam(req.params.id)) };
  });

  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(contenidoSchema, form.fields);
    await checkRefs(body);
    const rule = CONTENIDO_FILE_RULES[body.tipo_contenido];
    const stored = await putUpload(storage, 'contenidos', form.files.archivo, rule.kinds, rule.msg, 'archivo');
    const [row] = await withNewFile(storage, stored, () => db.insert(contenido).values({ ...values(body), urlArchivo: stored?.relativeUrl ?? null }).returning());
    return reply.status(201).send({ msg: 'Contenido creado exitosamente.', data: await find(row!.idContenido) });
  });

  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(contenidoSchema, form.fields);
    await checkRefs(body);
    const rule = CONTENIDO_FILE_RULES[body.tipo_contenido];
    if (!form.files.archivo) {
      const kind = kindOfStoredName(old.url_archivo);
      if (kind && !rule.kinds.includes(kind)) throw badRequest(FILE_MISMATCH_MSG, { archivo: FILE_MISMATCH_MSG });
    }
    const stored = await putUpload(storage, 'contenidos', form.files.archivo, rule.kinds, rule.msg, 'archivo');
    await withNewFile(storage, stored, async () => {
      const rows = await db.update(contenido).set({ ...values(body), ...(stored ? { urlArchivo: stored.relativeUrl } : {}) }).where(eq(contenido.idContenido, id)).returning();
      if (!rows.length) throw notFound(CONTENIDO_NOT_FOUND);
    });
    if (stored) await storage.remove('contenidos', old.url_archivo);
    return { msg: 'Contenido actualizado exitosamente.', data: await find(id) };
  });

  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    await db.delete(contenido).where(eq(contenido.idContenido, id));
    await storage.remove('contenidos', old.url_archivo);
    return { msg: 'Contenido eliminado exitosamente.' };
  });
}
