import { count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { evaluacion, pregunta, respuesta } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { putUpload, readForm, withNewFile } from '../multipart';
import { IMAGE_KINDS, VIDEO_KINDS } from '../storage/sniff';
import { PREGUNTA_MSG, preguntaResource as R, preguntaSchema, type PreguntaInput, type PreguntaWire } from '../../shared/resources/pregunta';
import { apiPath, guard, listPlan, type ListSpec } from './crud';
import { preguntasWithRespuestas } from './evaluacion';

export const PREGUNTA_NOT_FOUND = 'Pregunta no encontrada.';

/** A question's imagen: a picture (JPG, PNG, GIF) or a sign (GIF, MP4, WEBM), sniffed by its bytes. */
const PREGUNTA_KINDS = [...IMAGE_KINDS, ...VIDEO_KINDS];

export default async function preguntaRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const { storage } = ctx;

  const spec: ListSpec = {
    sortable: { id_pregunta: pregunta.idPregunta, id: pregunta.idPregunta, pregunta: pregunta.pregunta, Tipo: pregunta.tipo, porcentaje: pregunta.porcentaje, id_evaluacion: pregunta.idEvaluacion },
    idColumn: pregunta.idPregunta,
    search: [pregunta.pregunta, pregunta.tipo, pregunta.idEvaluacion],
    filters: { id_evaluacion: pregunta.idEvaluacion },
  };

  async function find(id: number): Promise<PreguntaWire> {
    const [p] = await preguntasWithRespuestas(db, eq(pregunta.idPregunta, id));
    if (!p) throw notFound(PREGUNTA_NOT_FOUND);
    return p as PreguntaWire;
  }

  async function checkEvaluacion(body: PreguntaInput) {
    const [ev] = await db.select({ id: evaluacion.idEvaluacion }).from(evaluacion).where(eq(evaluacion.idEvaluacion, body.id_evaluacion));
    if (!ev) throw badRequest('La evaluación seleccionada no existe.', { id_evaluacion: 'La evaluación seleccionada no existe.' });
  }

  const requireTextOrImage = (body: PreguntaInput, hasImage: boolean) => {
    if (!body.pregunta && !hasImage) throw badRequest(PREGUNTA_MSG.pregunta, { pregunta: PREGUNTA_MSG.pregunta });
  };

  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: count() }).from(pregunta).where(plan.where)) as [{ n: number }];
    let ids: number[] | null = null;
    let where: SQL | undefined = plan.where;
    if (plan.limit !== undefined) {
      const page = await db.select({ id: pregunta.idPregunta }).from(pregunta).where(plan.where).orderBy(...plan.orderBy).limit(plan.limit).offset(plan.offset);
      ids = page.map((p) => p.id);
      where = ids.length ? inArray(pregunta.idPregunta, ids) : eq(pregunta.idPregunta, -1);
    }
    const data = await preguntasWithRespuestas(db, where, plan.orderBy);
    reply.header('X-Total-Count', String(n));
    return { data };
  });

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    return { data: await find(idParam(req.params.id)) };
  });

  // The question and the answers sent with it are written together, or not at all.
  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(preguntaSchema, form.fields);
    requireTextOrImage(body, !!form.files.imagen);
    await checkEvaluacion(body);
    const stored = await putUpload(storage, 'preguntas', form.files.imagen, PREGUNTA_KINDS, PREGUNTA_MSG.imagen, 'imagen');
    const id = await withNewFile(storage, stored, () => db.transaction(async (tx) => {
      const [p] = await tx.insert(pregunta).values({
        pregunta: body.pregunta ?? '', tipo: body.Tipo, porcentaje: body.porcentaje, idEvaluacion: body.id_evaluacion, imagen: stored?.name ?? null,
      }).returning({ id: pregunta.idPregunta });
      const answers = body.respuestas ?? [];
      if (answers.length) await tx.insert(respuesta).values(answers.map((a) => ({ respuesta: a.respuesta, valor: a.valor, idPregunta: p!.id })));
      return p!.id;
    }));
    return reply.status(201).send({ msg: 'Pregunta creada correctamente.', data: await find(id) });
  });

  // Updates the question only: answers are edited through api/respuesta.
  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    const form = await readForm(req, R.fileFields ?? []);
    const body = validate(preguntaSchema, { ...form.fields, respuestas: undefined });
    requireTextOrImage(body, !!form.files.imagen || !!old.imagen);
    await checkEvaluacion(body);
    const stored = await putUpload(storage, 'preguntas', form.files.imagen, PREGUNTA_KINDS, PREGUNTA_MSG.imagen, 'imagen');
    await withNewFile(storage, stored, async () => {
      const rows = await db.update(pregunta).set({
        pregunta: body.pregunta ?? '', tipo: body.Tipo, porcentaje: body.porcentaje, idEvaluacion: body.id_evaluacion, ...(stored ? { imagen: stored.name } : {}),
      }).where(eq(pregunta.idPregunta, id)).returning({ id: pregunta.idPregunta });
      if (!rows.length) throw notFound(PREGUNTA_NOT_FOUND);
    });
    if (stored) await storage.remove('preguntas', old.imagen);
    return { msg: 'Pregunta actualizada correctamente.', data: await find(id) };
  });

  // Its answers go with it, in one transaction; then their files.
  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    await db.transaction(async (tx) => {
      await tx.delete(respuesta).where(eq(respuesta.idPregunta, id));
      await tx.delete(pregunta).where(eq(pregunta.idPregunta, id));
    });
    await storage.remove('preguntas', old.imagen);
    for (const r of old.respuestas) await storage.remove('respuestas', r.imagen);
    return { msg: 'Pregunta eliminada correctamente.' };
  });
}
