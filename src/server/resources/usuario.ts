import { usuario } from '../db/schema';
import { roleNamesFor, toUsuarioWire } from '../users';
import { usuarioResource, type UsuarioWire } from '../../shared/resources/usuario';
import { serverResource } from './define';

type Row = typeof usuario.$inferSelect;

/**
 * The admin users list (GET user/usuarios, under `users`), paged, sorted and searched at a school's
 * scale (10,000 accounts; docs/performance.md): a search reads its page and its total in one
 * statement (`countInPage`); the sort by name has the index `(nombre, id)`.
 * The profile (GET/PUT user/{id}) stays in src/server/routes/user.ts: its owner reads and edits it
 * too, with rules of its own (fields that cannot change, status, roles above one's own).
 */
export default serverResource<unknown, Row, UsuarioWire>(({ database: { db } }) => ({
  decl: usuarioResource,
  notFound: 'Usuario no encontrado.',
  table: usuario,
  idColumn: usuario.id,
  from: (f) => db.select(f).from(usuario).$dynamic(),
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
