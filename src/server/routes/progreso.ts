import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { nivel, progreso, usuario } from '../db/schema';
import { progresoResource as R, USUARIO_NO_ENCONTRADO, type ProgresoWire } from '../../shared/resources/progreso';
import { apiPath, countExpr, guard, listPlan, paged, type ListSpec } from './crud';

/** Admin read of every learner's progress (the learner area writes it). */
export default async function progresoRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const username = sql<string | null>`nullif(trim(${usuario.nombre} || ' ' || coalesce(${usuario.apellido}, '')), '')`;

  const spec: ListSpec = {
    sortable: { id_progreso: progreso.idProgreso, id: progreso.idProgreso, estado: progreso.estado, id_usuario: progreso.idUsuario, id_nivel: progreso.idNivel, username },
    idColumn: progreso.idProgreso,
    search: [progreso.estado, username, nivel.nombreNivel],
    filters: { id_usuario: progreso.idUsuario, id_nivel: progreso.idNivel },
  };

  const select = () => db.select({
    id_progreso: progreso.idProgreso, estado: progreso.estado, id_usuario: progreso.idUsuario, id_nivel: progreso.idNivel, username, nombre_nivel: nivel.nombreNivel,
  }).from(progreso).leftJoin(usuario, eq(usuario.id, progreso.idUsuario)).leftJoin(nivel, eq(nivel.idNivel, progreso.idNivel));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toWire = (r: Row): ProgresoWire => ({
    id_progreso: r.id_progreso, estado: r.estado, id_usuario: r.id_usuario, id_nivel: r.id_nivel,
    usuario: { username: r.username ?? USUARIO_NO_ENCONTRADO }, nivel: { nombre_nivel: r.nombre_nivel ?? '' },
  });

  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(progreso).leftJoin(usuario, eq(usuario.id, progreso.idUsuario))
      .leftJoin(nivel, eq(nivel.idNivel, progreso.idNivel)).where(plan.where)) as [{ n: number }];
    const rows = await paged(select().where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: rows.map(toWire) };
  });
}
