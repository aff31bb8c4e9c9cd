import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { evaluacion, nivel, pregunta, respuesta } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { atLeast } from '../../shared/roles';
import {
  EVALUACION_DETALLES_PATH, evaluacionResource as R, evaluacionSchema, learnerPregunta,
  type EvaluacionDetalle, type EvaluacionInput, type EvaluacionWire, type PreguntaDetalle,
} from '../../shared/resources/evaluacion';
import { cachedReply } from '../cache';
import { apiPath, countExpr, countRefs, guard, isPgError, listPlan, paged, refuseIfDependents, type ListSpec } from './crud';

export const EVALUACION_NOT_FOUND = 'Evaluación no encontrada.';

/** Questions with their answers (whole: the caller strips them for learners). */
export async function preguntasWithRespuestas(db: Db, where: SQL | undefined, orderBy = [asc(pregunta.idPregunta)]): Promise<PreguntaDetalle[]> {
  const ps = await db.select().from(pregunta).where(where).orderBy(...orderBy);
  const ids = ps.map((p) => p.idPregunta);
  const rs = ids.length ? await db.select().from(respuesta).where(inArray(respuesta.idPregunta, ids)).orderBy(asc(respuesta.idRespuesta)) : [];
  return ps.map((p) => ({
    id_pregunta: p.idPregunta,
    pregunta: p.pregunta,
    Tipo: p.tipo,
    porcentaje: Number(p.porcentaje),
    id_evaluacion: p.idEvaluacion,
    imagen: p.imagen,
    respuestas: rs.filter((r) => r.idPregunta === p.idPregunta).map((r) => ({
      id_respuesta: r.idRespuesta, respuesta: r.respuesta, valor: r.valor, id_pregunta: r.idPregunta, imagen: r.imagen,
    })),
  }));
}

export default async function evaluacionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  const spec: ListSpec = {
    sortable: { id_evaluacion: evaluacion.idEvaluacion, id: evaluacion.idEvaluacion, id_nivel: evaluacion.idNivel, puntaje: evaluacion.puntaje, nivel: nivel.nombreNivel },
    idColumn: evaluacion.idEvaluacion,
    search: [evaluacion.puntaje, nivel.nombreNivel],
    filters: { id_nivel: evaluacion.idNivel },
  };

  const select = () => db.select({
    id_evaluacion: evaluacion.idEvaluacion, id_nivel: evaluacion.idNivel, puntaje: evaluacion.puntaje,
    n_id: nivel.idNivel, nombre_nivel: nivel.nombreNivel, descripcion: nivel.descripcion, dificultad: nivel.dificultad, imagen: nivel.imagen,
  }).from(evaluacion).innerJoin(nivel, eq(nivel.idNivel, evaluacion.idNivel));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toWire = (r: Row): EvaluacionWire => ({
    id_evaluacion: r.id_evaluacion, id_nivel: r.id_nivel, puntaje: r.puntaje,
    nivel: { id_nivel: r.n_id, nombre_nivel: r.nombre_nivel, descripcion: r.descripcion, dificultad: r.dificultad, imagen: r.imagen },
  });

  async function find(id: number): Promise<EvaluacionWire> {
    const [row] = await select().where(eq(evaluacion.idEvaluacion, id));
    if (!row) throw notFound(EVALUACION_NOT_FOUND);
    return toWire(row);
  }

  async function checkWrite(body: EvaluacionInput, exceptId?: number) {
    const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, body.id_nivel));
    if (!lvl) throw badRequest('El nivel seleccionado no existe.', { id_nivel: 'El nivel seleccionado no existe.' });
    // The quiz finds a level's evaluation by its level: one per level.
    const same = eq(evaluacion.idNivel, body.id_nivel);
    const [dup] = await db.select({ id: evaluacion.idEvaluacion }).from(evaluacion).where(exceptId ? and(same, ne(evaluacion.idEvaluacion, exceptId)) : same);
    if (dup) throw conflict('Ese nivel ya tiene una evaluación. Edita la existente.', 'DUPLICATE');
  }

  // Every evaluation with its questions and answers. Learners never get the answer key.
  app.get(apiPath(EVALUACION_DETALLES_PATH), { preHandler: app.requireUser }, async (req, reply) => cachedReply(ctx.cache, req, reply, atLeast(req.user!.role, 'profesor') ? 'staff' : 'learner', async () => {
    const qs = (req.query ?? {}) as Record<string, unknown>;
    const nivelId = qs.id_nivel !== undefined && qs.id_nivel !== '' ? idParam(qs.id_nivel, 'id_nivel') : null;
    const evs = await select().where(nivelId ? eq(evaluacion.idNivel, nivelId) : undefined).orderBy(asc(evaluacion.idEvaluacion));
    const ids = evs.map((e) => e.id_evaluacion);
    const preguntas = ids.length ? await preguntasWithRespuestas(db, inArray(pregunta.idEvaluacion, ids)) : [];
    const staff = atLeast(req.user!.role, 'profesor');
    const data: EvaluacionDetalle[] = evs.map((e) => ({
      ...toWire(e),
      preguntas: preguntas.filter((p) => p.id_evaluacion === e.id_evaluacion).map((p) => (staff ? p : learnerPregunta(p))),
    }));
    return { data };
  }));

  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(evaluacion).innerJoin(nivel, eq(nivel.idNivel, evaluacion.idNivel)).where(plan.where)) as [{ n: number }];
    const rows = await paged(select().where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: rows.map(toWire) };
  });

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    return { data: await find(idParam(req.params.id)) };
  });

  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const body = validate(evaluacionSchema, req.body ?? {});
    await checkWrite(body);
    const [row] = await db.insert(evaluacion).values({ idNivel: body.id_nivel, puntaje: body.puntaje }).returning();
    return reply.status(201).send({ msg: 'Evaluación creada correctamente.', data: await find(row!.idEvaluacion) });
  });

  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    await find(id);
    const body = validate(evaluacionSchema, req.body ?? {});
    await checkWrite(body, id);
    await db.update(evaluacion).set({ idNivel: body.id_nivel, puntaje: body.puntaje }).where(eq(evaluacion.idEvaluacion, id));
    return { msg: 'Evaluación actualizada correctamente.', data: await find(id) };
  });

  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    await find(id);
    refuseIfDependents('la evaluación', [[await countRefs(db, pregunta, pregunta.idEvaluacion, id), 'pregunta', 'preguntas']]);
    try {
      await db.delete(evaluacion).where(eq(evaluacion.idEvaluacion, id));
    } catch (err) {
      if (isPgError(err, '23503')) throw conflict('No se puede eliminar la evaluación: otros registros dependen de ella.', 'HAS_DEPENDENTS');
      throw err;
    }
    return { msg: 'Evaluación eliminada correctamente.' };
  });
}
