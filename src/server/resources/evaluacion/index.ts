import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { evaluacion, nivel, pregunta } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { idParam } from '../../validate';
import { atLeast } from '../../../shared/roles';
import {
  EVALUACION_DETALLES_PATH,
  evaluacionResource,
  learnerPregunta,
  type EvaluacionDetalle,
  type EvaluacionInput,
  type EvaluacionWire,
} from '../../../shared/resources/evaluacion';
import { cachedReply } from '../../cache';
import { apiPath, countRefs } from '../crud';
import { bindingSelect, serverResource, type SelectRow } from '../define';
import { preguntasWithRespuestas } from '../pregunta';

export const EVALUACION_NOT_FOUND = 'Evaluación no encontrada.';

const fields = {
  id_evaluacion: evaluacion.idEvaluacion,
  id_nivel: evaluacion.idNivel,
  puntaje: evaluacion.puntaje,
  n_id: nivel.idNivel,
  nombre_nivel: nivel.nombreNivel,
  descripcion: nivel.descripcion,
  dificultad: nivel.dificultad,
  imagen: nivel.imagen,
};
const select = bindingSelect(fields, (db, f) => db.select(f).from(evaluacion).innerJoin(nivel, eq(nivel.idNivel, evaluacion.idNivel)).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

const toWire = (r: Row): EvaluacionWire => ({
  id_evaluacion: r.id_evaluacion,
  id_nivel: r.id_nivel,
  puntaje: r.puntaje,
  nivel: { id_nivel: r.n_id, nombre_nivel: r.nombre_nivel, descripcion: r.descripcion, dificultad: r.dificultad, imagen: r.imagen },
});

export default serverResource<EvaluacionInput, Row, EvaluacionWire>((ctx) => {
  const { db } = ctx.database;
  return {
    decl: evaluacionResource,
    notFound: EVALUACION_NOT_FOUND,
    table: evaluacion,
    idColumn: evaluacion.idEvaluacion,
    fields,
    from: (f) => select(db, f),
    sortable: {
      id_evaluacion: evaluacion.idEvaluacion,
      id: evaluacion.idEvaluacion,
      id_nivel: evaluacion.idNivel,
      puntaje: evaluacion.puntaje,
      nivel: nivel.nombreNivel,
    },
    searchOnly: { 'nivel.nombre_nivel': nivel.nombreNivel },
    filters: { id_nivel: evaluacion.idNivel },
    toWire: (rows) => rows.map(toWire),
    toValues: (input) => ({ idNivel: input.id_nivel, puntaje: input.puntaje }),
    async check(input, exceptId) {
      const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, input.id_nivel));
      if (!lvl) throw badRequest('El nivel seleccionado no existe.', { id_nivel: 'El nivel seleccionado no existe.' });
      // The quiz finds a level's evaluation by its level: one per level.
      const same = eq(evaluacion.idNivel, input.id_nivel);
      const [dup] = await db
        .select({ id: evaluacion.idEvaluacion })
        .from(evaluacion)
        .where(exceptId ? and(same, ne(evaluacion.idEvaluacion, exceptId)) : same);
      if (dup) throw conflict('Ese nivel ya tiene una evaluación. Edita la existente.', 'DUPLICATE');
    },
    dependents: {
      what: 'la evaluación',
      counts: async (id) => [[await countRefs(db, pregunta, pregunta.idEvaluacion, id), 'pregunta', 'preguntas']],
      race: 'No se puede eliminar la evaluación: otros registros dependen de ella.',
    },
    replies: { created: 'Evaluación creada correctamente.', updated: 'Evaluación actualizada correctamente.', deleted: 'Evaluación eliminada correctamente.' },
    hooks: {
      routes(app: FastifyInstance) {
        // Every evaluation with its questions and answers, for any signed-in user (the quiz).
        // Learners never get the answer key: staff and learners are cached apart.
        app.get(apiPath(EVALUACION_DETALLES_PATH), { onRequest: app.requireUser }, async (req, reply) =>
          cachedReply(ctx.cache, req, reply, atLeast(req.user!.role, 'profesor') ? 'staff' : 'learner', async () => {
            const qs = (req.query ?? {}) as Record<string, unknown>;
            const nivelId = qs.id_nivel !== undefined && qs.id_nivel !== '' ? idParam(qs.id_nivel, 'id_nivel') : null;
            const evs = await select(db)
              .where(nivelId ? eq(evaluacion.idNivel, nivelId) : undefined)
              .orderBy(asc(evaluacion.idEvaluacion));
            const ids = evs.map((e) => e.id_evaluacion);
            const preguntas = ids.length ? await preguntasWithRespuestas(db, inArray(pregunta.idEvaluacion, ids)) : [];
            const staff = atLeast(req.user!.role, 'profesor');
            const data: EvaluacionDetalle[] = evs.map((e) => ({
              ...toWire(e),
              preguntas: preguntas.filter((p) => p.id_evaluacion === e.id_evaluacion).map((p) => (staff ? p : learnerPregunta(p))),
            }));
            return { data };
          }),
        );
      },
    },
  };
});
