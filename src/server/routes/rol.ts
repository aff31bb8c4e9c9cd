import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { rol, usuario } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { normalizeRole, roleRank, type Role } from '../../shared/roles';
import { rolResource as R, rolSchema, type RolInput, type RolWire } from '../../shared/resources/rol';
import { apiPath, countExpr, guard, listPlan, paged, type ListSpec } from './crud';

export const ROL_NOT_FOUND = 'Rol no encontrado.';
export const ROL_HIGHER_MSG = 'No puedes asignar un rol superior al tuyo.';
export const LAST_SUPERADMIN_MSG = 'Debe quedar al menos un superadmin.';

export default async function rolRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  const spec: ListSpec = {
    sortable: { id: rol.id, nombre: rol.nombre, descripcion: rol.descripcion, id_usuario: rol.idUsuario, usuario: usuario.nombre },
    idColumn: rol.id,
    search: [rol.nombre, rol.descripcion, usuario.nombre, usuario.apellido, usuario.email],
    filters: { id_usuario: rol.idUsuario },
  };

  const select = () => db.select({
    id: rol.id, nombre: rol.nombre, descripcion: rol.descripcion, id_usuario: rol.idUsuario, unombre: usuario.nombre, apellido: usuario.apellido, email: usuario.email,
  }).from(rol).innerJoin(usuario, eq(usuario.id, rol.idUsuario));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toWire = (r: Row): RolWire => ({
    id: r.id, nombre: r.nombre.toLowerCase(), descripcion: r.descripcion, id_usuario: r.id_usuario, usuario: { nombre: r.unombre, apellido: r.apellido, email: r.email },
  });

  async function find(id: number): Promise<RolWire> {
    const [row] = await select().where(eq(rol.id, id));
    if (!row) throw notFound(ROL_NOT_FOUND);
    return toWire(row);
  }

  /** Nobody grants (or touches) a role higher than their own. */
  function checkRank(req: FastifyRequest, ...names: string[]) {
    const mine = roleRank(req.user!.role);
    for (const n of names) if (roleRank((normalizeRole(n) ?? 'usuario') as Role) > mine) throw forbidden(ROL_HIGHER_MSG);
  }

  async function checkTarget(tx: Db, body: RolInput, exceptId?: number) {
    const [u] = await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, body.idUsuario));
    if (!u) throw badRequest('El usuario seleccionado no existe.', { idUsuario: 'El usuario seleccionado no existe.' });
    const same = eq(rol.idUsuario, body.idUsuario);
    const [other] = await tx.select({ id: rol.id }).from(rol).where(exceptId ? and(same, ne(rol.id, exceptId)) : same);
    if (other) throw conflict('Ese usuario ya tiene un rol. Edita el rol existente.', 'DUPLICATE');
  }

  /** Refuses a change that would leave no superadmin (counted without the row being changed). */
  async function keepOneSuperadmin(tx: Db, old: RolWire, next: { nombre: string; idUsuario: number } | null) {
    if (old.nombre !== 'superadmin') return;
    if (next && next.nombre === 'superadmin' && next.idUsuario === old.id_usuario) return;
    const [{ n }] = (await tx.select({ n: countExpr }).from(rol).where(and(sql`lower(${rol.nombre}) = 'superadmin'`, ne(rol.id, old.id), ne(rol.idUsuario, old.id_usuario)))) as [{ n: number }];
    if (n === 0) throw conflict(LAST_SUPERADMIN_MSG, 'LAST_SUPERADMIN');
  }

  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(rol).innerJoin(usuario, eq(usuario.id, rol.idUsuario)).where(plan.where)) as [{ n: number }];
    const rows = await paged(select().where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: rows.map(toWire) };
  });

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    return { data: await find(idParam(req.params.id)) };
  });

  // The auth plugin reads roles on every request: a change applies to the user's next call.
  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const body = validate(rolSchema, req.body ?? {});
    checkRank(req, body.nombre);
    const id = await db.transaction(async (tx) => {
      await checkTarget(tx as unknown as Db, body);
      const [row] = await tx.insert(rol).values({ nombre: body.nombre, descripcion: body.descripcion, idUsuario: body.idUsuario }).returning({ id: rol.id });
      return row!.id;
    });
    return reply.status(201).send({ msg: 'Rol creado exitosamente.', data: await find(id) });
  });

  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    const body = validate(rolSchema, req.body ?? {});
    checkRank(req, old.nombre, body.nombre);
    await db.transaction(async (tx) => {
      await checkTarget(tx as unknown as Db, body, id);
      await keepOneSuperadmin(tx as unknown as Db, old, body);
      await tx.update(rol).set({ nombre: body.nombre, descripcion: body.descripcion, idUsuario: body.idUsuario }).where(eq(rol.id, id));
    });
    return { msg: 'Rol actualizado exitosamente.', data: await find(id) };
  });

  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    const old = await find(id);
    checkRank(req, old.nombre);
    await db.transaction(async (tx) => {
      await keepOneSuperadmin(tx as unknown as Db, old, null);
      await tx.delete(rol).where(eq(rol.id, id));
    });
    return { msg: 'Rol eliminado exitosamente.' };
  });
}
