import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { pregunta, respuesta } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { putUpload, readForm, withNewFile } from '../multipart';
import { IMAGE_KINDS } from '../storage/sniff';
import { MAX_RESPUESTAS, PREGUNTA_MSG } from '../../shared/resources/pregunta';
import { RESPUESTA_MSG, RESPUESTAS_POR_PREGUNTA_PATH, respuestaResource as R, respuestaSchema, type RespuestaInput, type RespuestaWire } from '../../shared/resources/respuesta';
import { apiPath, countExpr, guard, listPlan, paged, type ListSpec } from './crud';

export const RESPUESTA_NOT_FOUND = 'Respuesta no encontrada.';

type Row = typeof respuesta.$inferSelect;
const toWire = (r: Row): RespuestaWire => ({ id_respuesta: r.idRespuesta, respuesta: r.respuesta, valor: r.valor, id_pregunta: r.idPregunta, imagen: r.imagen });

export default async function respuestaRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const { storage } = ctx;

  const spec: ListSpec = {
    sortable: { id_respuesta: respuesta.idRespuesta, id: respuesta.idRespuesta, respuesta: respuesta.respuesta, valor: respuesta.valor, id_pregunta: respuesta.idPregunta },
    idColumn: respuesta.idRespuesta,
    search: [respuesta.respuesta],
    filters: { id_pregunta: respuesta.idPregunta },
  };

  async function find(id: number): Promise<Row> {
    const [row] = await db.select().from(respuesta).where(eq(respuesta.idRespuesta, id));
    if (!row) throw notFound(RESPUESTA_NOT_FOUND);
    return row;
  }

  async function checkPregunta(body: RespuestaInput) {
    const [p] = await db.select({ id: pregunta.idPregunta }).from(pregunta).where(eq(pregunta.idPregunta, body.id_pregunta));
    if (!p) throw badRequest('La pregunta seleccionada no existe.', { id_pregunta: 'La pregunta seleccionada no existe.' });
  }

  /** A question holds at most MAX_RESPUESTAS answers (checked inside the writing transaction). */
  async function checkRoom(tx: Db, idPregunta: number, exceptId?: number) {
    const same = eq(respuesta.idPregunta, idPregunta);
    const [{ n }] = (await tx.select({ n: countExpr }).from(respuesta).where(exceptId ? and(same, ne(respuesta.idRespuesta, exceptId)) : same)) as [{ n: number }];
    if (n >= MAX_RESPUESTAS) throw badRequest(PREGUNTA_MSG.max5, { id_pregunta: PREGUNTA_MSG.max5 });
  }

  const requireTextOrImage = (body: RespuestaInput, hasImage: boolean) => {
    if (!body.respuesta && !hasImage) throw badRequest(RESPUESTA_MSG.respuesta, { respuesta: RESPUESTA_MSG.respuesta });
  };

  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(respuesta).where(plan.where)) as [{ n: number }];
    const rows = await paged(db.select().from(respuesta).where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: rows.map(toWire) };
  });

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    return { data: toWire(await find(idParam(req.params.id))) };
  });

  app.get<{ Params: { id: string } }>(apiPath(RESPUESTAS_POR_PREGUNTA_PATH), { preHandler: guard(app, R.readRole) }, async (req) => {
    const id = idParam(req.params.id);
    const [p] = await db.select({ id: pregunta.idPregunta }).from(pregunta).where(eq(pregunta.idPregunta, id));
    if (!p) throw notFound('Pregunta no encontrada.');
    const rows = await db.select().from(respuesta).where(eq(respuesta.idPregunta, id)).orderBy(respuesta.idRespuesta);
    return { data: rows.map(toWire) };
  });

  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(respuestaSchema, form.fields);
    requireTextOrImage(body, !!form.files.imagen);
    await checkPregunta(body);
    await checkRoom(db, body.id_pregunta);
    const stored = await putUpload(storage, 'respuestas', form.files.imagen, IMAGE_KINDS, RESPUESTA_MSG.imagen, 'imagen');
    const row = await withNewFile(storage, stored, () => db.transaction(async (tx) => {
      await checkRoom(tx as unknown as Db, body.id_pregunta);
      const [r] = await tx.insert(respuesta).values({ respuesta: body.respuesta ?? '', valor: body.valor, idPregunta: body.id_pregunta, imagen: stored?.name ?? null }).returning();
      return r!;
    }));
    return reply.status(201).send({ msg: 'Respuesta creada correctamente.', data: toWire(row) });
  });

  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(respuestaSchema, form.fields);
    requireTextOrImage(body, !!form.files.imagen || !!old.imagen);
    await checkPregunta(body);
    if (body.id_pregunta !== old.idPregunta) await checkRoom(db, body.id_pregunta, id);
    const stored = await putUpload(storage, 'respuestas', form.files.imagen, IMAGE_KINDS, RESPUESTA_MSG.imagen, 'imagen');
    const row = await withNewFile(storage, stored, () => db.transaction(async (tx) => {
      if (body.id_pregunta !== old.idPregunta) await checkRoom(tx as unknown as Db, body.id_pregunta, id);
      const [r] = await tx.update(respuesta).set({
        respuesta: body.respuesta ?? '', valor: body.valor, idPregunta: body.id_pregunta, ...(stored ? { imagen: stored.name } : {}),
      }).where(eq(respuesta.idRespuesta, id)).returning();
      if (!r) throw notFound(RESPUESTA_NOT_FOUND);
      return r;
    }));
    if (stored) await storage.remove('respuestas', old.imagen);
    return { msg: 'Respuesta actualizada correctamente.', data: toWire(row) };
  });

  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    await db.delete(respuesta).where(eq(respuesta.idRespuesta, id));
    await storage.remove('respuestas', old.imagen);
    return { msg: 'Respuesta eliminada correctamente.' };
  });
}
