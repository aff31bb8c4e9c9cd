import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { rol, usuario } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { countExpr } from '../crud';
import { normalizeRole, roleRank, type Role } from '../../../shared/roles';
import { rolResource, type RolInput, type RolWire } from '../../../shared/resources/rol';
import { bindingSelect, serverResource, type SelectRow } from '../define';

export const ROL_NOT_FOUND = 'Rol no encontrado.';
export const ROL_HIGHER_MSG = 'No puedes asignar un rol superior al tuyo.';
export const LAST_SUPERADMIN_MSG = 'Debe quedar al menos un superadmin.';

const fields = {
  id: rol.id,
  nombre: rol.nombre,
  descripcion: rol.descripcion,
  id_usuario: rol.idUsuario,
  unombre: usuario.nombre,
  apellido: usuario.apellido,
  email: usuario.email,
};
const select = bindingSelect(fields, (db, f) => db.select(f).from(rol).innerJoin(usuario, eq(usuario.id, rol.idUsuario)).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

/** Nobody grants (or touches) a role higher than their own. */
function checkRank(req: FastifyRequest, ...names: string[]) {
  const mine = roleRank(req.user!.role);
  for (const n of names) if (roleRank((normalizeRole(n) ?? 'usuario') as Role) > mine) throw forbidden(ROL_HIGHER_MSG);
}

/** The user exists and has no other role row (one role row per user). */
async function checkTarget(tx: Db, input: RolInput, exceptId?: number) {
  const [u] = await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, input.idUsuario));
  if (!u) throw badRequest('El usuario seleccionado no existe.', { idUsuario: 'El usuario seleccionado no existe.' });
  const same = eq(rol.idUsuario, input.idUsuario);
  const [other] = await tx
    .select({ id: rol.id })
    .from(rol)
    .where(exceptId ? and(same, ne(rol.id, exceptId)) : same);
  if (other) throw conflict('Ese usuario ya tiene un rol. Edita el rol existente.', 'DUPLICATE');
}

/** Refuses a change that would leave no superadmin (counted without the row being changed). */
async function keepOneSuperadmin(tx: Db, old: Row, next: RolInput | null) {
  if (old.nombre.toLowerCase() !== 'superadmin') return;
  if (next && next.nombre === 'superadmin' && next.idUsuario === old.id_usuario) return;
  const [{ n }] = (await tx
    .select({ n: countExpr })
    .from(rol)
    .where(and(sql`lower(${rol.nombre}) = 'superadmin'`, ne(rol.id, old.id), ne(rol.idUsuario, old.id_usuario)))) as [{ n: number }];
  if (n === 0) throw conflict(LAST_SUPERADMIN_MSG, 'LAST_SUPERADMIN');
}

/**
 * Roles (superadmin only). The writes are transactions of their own (hooks): the target user and
 * "one superadmin remains" are checked inside the transaction that writes, so two changes at once
 * cannot both pass. The auth plugin reads roles on every request: a change applies to the user's
 * next call (the auth cache scope is emptied).
 */
export default serverResource<RolInput, Row, RolWire>(({ database: { db } }) => ({
  decl: rolResource,
  notFound: ROL_NOT_FOUND,
  table: rol,
  idColumn: rol.id,
  fields,
  from: (f) => select(db, f),
  sortable: { id: rol.id, nombre: rol.nombre, descripcion: rol.descripcion, id_usuario: rol.idUsuario, usuario: usuario.nombre },
  searchOnly: { 'usuario.nombre': usuario.nombre, 'usuario.apellido': usuario.apellido, 'usuario.email': usuario.email },
  filters: { id_usuario: rol.idUsuario },
  toWire: (rows) =>
    rows.map((r) => ({
      id: r.id,
      nombre: r.nombre.toLowerCase(),
      descripcion: r.descripcion,
      id_usuario: r.id_usuario,
      usuario: { nombre: r.unombre, apellido: r.apellido, email: r.email },
    })),
  toValues: (input) => ({ nombre: input.nombre, descripcion: input.descripcion, idUsuario: input.idUsuario }),
  invalidates: ['auth'],
  replies: { created: 'Rol creado exitosamente.', updated: 'Rol actualizado exitosamente.', deleted: 'Rol eliminado exitosamente.' },
  hooks: {
    authorize: (req, input, old) => checkRank(req, ...(old ? [old.nombre] : []), ...(input ? [input.nombre] : [])),
    insert: (values, input) =>
      db.transaction(async (tx) => {
        await checkTarget(tx as unknown as Db, input);
        const [row] = await tx
          .insert(rol)
          .values(values as typeof rol.$inferInsert)
          .returning({ id: rol.id });
        return row!.id;
      }),
    update: (id, values, input, old) =>
      db.transaction(async (tx) => {
        await checkTarget(tx as unknown as Db, input, id);
        await keepOneSuperadmin(tx as unknown as Db, old, input);
        const rows = await tx.update(rol).set(values).where(eq(rol.id, id)).returning({ id: rol.id });
        if (!rows.length) throw notFound(ROL_NOT_FOUND);
      }),
    remove: (id, old) =>
      db.transaction(async (tx) => {
        await keepOneSuperadmin(tx as unknown as Db, old, null);
        await tx.delete(rol).where(eq(rol.id, id));
      }),
  },
}));
