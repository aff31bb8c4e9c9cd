import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { comentario, usuario } from '../db/schema';
import { badRequest } from '../errors';
import { validate } from '../validate';
import { comentarioResource as R, comentarioSchema, type ComentarioWire } from '../../shared/resources/comentario';
import { apiPath, countExpr, guard, listPlan, paged, type ListSpec } from './crud';

export default async function comentarioRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  const spec: ListSpec = {
    sortable: { id_comentario: comentario.idComentario, id: comentario.idComentario, id_user: comentario.idUser, comentario: comentario.comentario, calificacion: comentario.calificacion, fecha: comentario.fecha },
    idColumn: comentario.idComentario,
    search: [comentario.comentario, usuario.nombre, usuario.apellido, usuario.email],
    filters: { id_user: comentario.idUser },
  };

  const select = () => db.select({
    id_comentario: comentario.idComentario, id_user: comentario.idUser, comentario: comentario.comentario, calificacion: comentario.calificacion, fecha: comentario.fecha,
    nombre: usuario.nombre, apellido: usuario.apellido, email: usuario.email,
  }).from(comentario).innerJoin(usuario, eq(usuario.id, comentario.idUser));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toWire = (r: Row): ComentarioWire => ({
    id_comentario: r.id_comentario, id_user: r.id_user, comentario: r.comentario, calificacion: r.calificacion,
    fecha: new Date(r.fecha).toISOString(), usuario: { nombre: r.nombre, apellido: r.apellido, email: r.email },
  });

  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(comentario).innerJoin(usuario, eq(usuario.id, comentario.idUser)).where(plan.where)) as [{ n: number }];
    const rows = await paged(select().where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: rows.map(toWire) };
  });

  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const body = validate(comentarioSchema, req.body ?? {});
    const [u] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, body.id_user));
    if (!u) throw badRequest('El usuario seleccionado no existe.', { id_user: 'El usuario seleccionado no existe.' });
    const [row] = await db.insert(comentario).values({ idUser: body.id_user, comentario: body.comentario, calificacion: body.calificacion }).returning();
    const [full] = await select().where(eq(comentario.idComentario, row!.idComentario));
    return reply.status(201).send({ msg: 'Comentario creado exitosamente.', data: toWire(full!) });
  });
}
