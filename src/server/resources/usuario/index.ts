import { getTableColumns, sql } from 'drizzle-orm';
import { rol, usuario } from '../../db/schema';
import { ROLES, roleRank, type Role } from '../../../shared/roles';
import { badRequest } from '../../errors';
import { roleNamesFor, toUsuarioWire } from '../../users';
import { usuarioResource, type UsuarioWire } from '../../../shared/resources/usuario';
import { bindingSelect, serverResource, type SelectRow } from '../define';

const select = bindingSelect(getTableColumns(usuario), (db, f) => db.select(f).from(usuario).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

export const ROL_FILTRO_INVALIDO = (name: string) => `El rol «${name}» no existe: usa usuario, profesor, admin o superadmin.`;

/**
 * `?rol=profesor,admin,superadmin`: the accounts whose role (the highest of their role rows; none =
 * usuario, as everywhere) is one of these. The class form's teacher picker asks for staff only, so
 * a teacher is found however many pupils sort before her by name.
 */
export function roleCondition(value: string): ReturnType<typeof sql> {
  const names = value.split(',').map((v) => v.trim().toLowerCase());
  const ranks = names.map((n) => {
    if (!(ROLES as readonly string[]).includes(n)) throw badRequest(ROL_FILTRO_INVALIDO(n.slice(0, 40)), { rol: 'Rol desconocido.' }, 'INVALID_QUERY');
    return roleRank(n as Role);
  });
  const rank = sql`coalesce((select max(case lower(${rol.nombre}) when 'superadmin' then 3 when 'admin' then 2 when 'profesor' then 1 else 0 end) from ${rol} where ${rol.idUsuario} = ${usuario.id}), 0)`;
  return sql`${rank} = any(${`{${ranks.join(',')}}`}::int[])`;
}

/**
 * The admin users list (GET user/usuarios, under `users`), paged, sorted and searched at a school's
 * scale (10,000 accounts; docs/performance.md): a search reads its page and its total in one
 * statement (`countInPage`); the sort by name has the index `(nombre, id)`.
 * The profile (GET/PUT user/{id}) stays in src/server/resources/usuario/routes.ts: its owner reads and edits it
 * too, with rules of its own (fields that cannot change, status, roles above one's own).
 */
export default serverResource<unknown, Row, UsuarioWire>(({ database: { db } }) => ({
  decl: usuarioResource,
  notFound: 'Usuario no encontrado.',
  table: usuario,
  idColumn: usuario.id,
  from: (f) => select(db, f),
  sortable: {
    id: usuario.id,
    nombre: usuario.nombre,
    apellido: usuario.apellido,
    email: usuario.email,
    fechaNacimiento: usuario.fechaNacimiento,
    sexo: usuario.sexo,
    phone: usuario.phone,
    status: usuario.status,
  },
  countInPage: true,
  conditions: { rol: roleCondition },
  servedElsewhere: ['one', 'update'],
  async toWire(rows) {
    const roles = await roleNamesFor(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toUsuarioWire(r, roles.get(r.id) ?? []));
  },
  invalidates: ['auth'],
  replies: {},
}));
