import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { contenido, evaluacion, intento, nivel, palabra, progreso } from '../db/schema';
import { conflict, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { putUpload, readForm, withNewFile } from '../multipart';
import { IMAGE_KINDS } from '../storage/sniff';
import { NIVEL_MSG, nivelResource as R, nivelSchema, type NivelInput, type NivelWire } from '../../shared/resources/nivel';
import { cachedReply } from '../cache';
import { apiPath, countExpr, countRefs, guard, isPgError, listPlan, paged, refuseIfDependents, type ListSpec } from './crud';

type NivelRow = typeof nivel.$inferSelect;

export const NIVEL_NOT_FOUND = 'Nivel no encontrado.';

export default async function nivelRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const { storage } = ctx;

  const spec: ListSpec = {
    sortable: { id_nivel: nivel.idNivel, id: nivel.idNivel, nombre_nivel: nivel.nombreNivel, descripcion: nivel.descripcion, dificultad: nivel.dificultad },
    idColumn: nivel.idNivel,
    search: [nivel.nombreNivel, nivel.descripcion, nivel.dificultad],
  };

  async function toWire(rows: NivelRow[]): Promise<NivelWire[]> {
    const ids = rows.map((r) => r.idNivel);
    const evs = ids.length
      ? await db.select().from(evaluacion).where(inArray(evaluacion.idNivel, ids)).orderBy(asc(evaluacion.idEvaluacion))
      : [];
    return rows.map((r) => ({
      id_nivel: r.idNivel,
      id: r.idNivel,
      nombre_nivel: r.nombreNivel,
      descripcion: r.descripcion,
      dificultad: r.dificultad,
      imagen: r.imagen,
      evaluaciones: evs.filter((e) => e.idNivel === r.idNivel).map((e) => ({ id_evaluacion: e.idEvaluacion, id_nivel: e.idNivel, puntaje: e.puntaje })),
    }));
  }

  async function find(id: number): Promise<NivelRow> {
    const [row] = await db.select().from(nivel).where(eq(nivel.idNivel, id));
    if (!row) throw notFound(NIVEL_NOT_FOUND);
    return row;
  }

  async function refuseDuplicateName(body: NivelInput, exceptId?: number) {
    const same = sql`lower(${nivel.nombreNivel}) = lower(${body.nombre_nivel})`;
    const [dup] = await db.select({ id: nivel.idNivel }).from(nivel).where(exceptId ? and(same, ne(nivel.idNivel, exceptId)) : same);
    if (dup) throw conflict(`Ya existe un nivel llamado "${body.nombre_nivel}".`, 'DUPLICATE');
  }

  // Learner and admin reads: any signed-in account.
  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => cachedReply(ctx.cache, req, reply, 'all', async () => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(nivel).where(plan.where)) as [{ n: number }];
    const rows = await paged(db.select().from(nivel).where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: await toWire(rows) };
  }));

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    const row = await find(idParam(req.params.id));
    return { data: (await toWire([row]))[0] };
  });

  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(nivelSchema, form.fields);
    await refuseDuplicateName(body);
    const stored = await putUpload(storage, 'niveles', form.files.imagen, IMAGE_KINDS, NIVEL_MSG.imagen, 'imagen');
    const [row] = await withNewFile(storage, stored, () => db.insert(nivel).values({
      nombreNivel: body.nombre_nivel, descripcion: body.descripcion, dificultad: body.dificultad, imagen: stored?.name ?? null,
    }).returning());
    return reply.status(201).send({ msg: 'Nivel creado exitosamente.', data: (await toWire([row!]))[0] });
  });

  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(nivelSchema, form.fields);
    await refuseDuplicateName(body, id);
    const stored = await putUpload(storage, 'niveles', form.files.imagen, IMAGE_KINDS, NIVEL_MSG.imagen, 'imagen');
    const [row] = await withNewFile(storage, stored, async () => {
      const rows = await db.update(nivel).set({
        nombreNivel: body.nombre_nivel, descripcion: body.descripcion, dificultad: body.dificultad, ...(stored ? { imagen: stored.name } : {}),
      }).where(eq(nivel.idNivel, id)).returning();
      if (!rows.length) throw notFound(NIVEL_NOT_FOUND);
      return rows;
    });
    // The old image goes only once the new one is committed.
    if (stored && old.imagen) await storage.remove('niveles', old.imagen);
    return { msg: 'Nivel actualizado exitosamente.', data: (await toWire([row!]))[0] };
  });

  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    refuseIfDependents('el nivel', [
      [await countRefs(db, palabra, palabra.idNivel, id), 'palabra', 'palabras'],
      [await countRefs(db, evaluacion, evaluacion.idNivel, id), 'evaluación', 'evaluaciones'],
      [await countRefs(db, contenido, contenido.idNivel, id), 'contenido', 'contenidos'],
      [await countRefs(db, intento, intento.idNivel, id), 'resultado de cuestionario', 'resultados de cuestionario'],
      [await countRefs(db, progreso, progreso.idNivel, id), 'registro de progreso', 'registros de progreso'],
    ]);
    try {
      await db.delete(nivel).where(eq(nivel.idNivel, id));
    } catch (err) {
      // Something was attached between the check and the delete.
      if (isPgError(err, '23503')) throw conflict('No se puede eliminar el nivel: otros registros dependen de él.', 'HAS_DEPENDENTS');
      throw err;
    }
    await storage.remove('niveles', old.imagen);
    return { msg: 'Nivel eliminado exitosamente.' };
  });
}
