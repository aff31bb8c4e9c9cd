// The admin users list (GET user/usuarios), paged, sorted and searched at a school's scale
// (10,000 accounts; docs/performance.md).
import { asc, desc, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { usuario } from '../db/schema';
import { contains, type ListParams } from '../routes/list';

export const ADMIN_USERS_SORTABLE = ['id', 'nombre', 'apellido', 'email', 'fechaNacimiento', 'sexo', 'phone', 'status'] as const;

export type UsuarioRow = typeof usuario.$inferSelect;

export async function adminUsers(db: Db, p: ListParams): Promise<{ total: number; rows: UsuarioRow[] }> {
  const sortCol = ({ id: usuario.id, nombre: usuario.nombre, apellido: usuario.apellido, email: usuario.email, fechaNacimiento: usuario.fechaNacimiento, sexo: usuario.sexo, phone: usuario.phone, status: usuario.status } as const)[(p.sort ?? 'id') as (typeof ADMIN_USERS_SORTABLE)[number]] ?? usuario.id;
  const order = [p.order === 'DESC' ? desc(sortCol) : asc(sortCol), asc(usuario.id)];
  if (!p.q) {
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(usuario)) as [{ n: number }];
    let q = db.select().from(usuario).orderBy(...order).$dynamic();
    if (p.limit !== undefined) q = q.limit(p.limit).offset(p.offset);
    return { total: Number(n), rows: await q };
  }
  // A search reads every account once: the page and the number of matches in one statement.
  const where = or(contains(usuario.nombre, p.q), contains(usuario.apellido, p.q), contains(usuario.email, p.q), contains(sql`coalesce(${usuario.phone}, '')`, p.q));
  let q = db.select({ ...getTableColumns(usuario), total: sql<number>`count(*) over ()` }).from(usuario).where(where).orderBy(...order).$dynamic();
  if (p.limit !== undefined) q = q.limit(p.limit).offset(p.offset);
  const found = await q;
  let total: number;
  if (found.length) total = Number(found[0]!.total);
  else if (p.offset === 0) total = 0;
  // A page past the last match: count them on their own.
  else [{ n: total }] = (await db.select({ n: sql<number>`count(*)::int` }).from(usuario).where(where)) as [{ n: number }];
  return { total: Number(total), rows: found.map(({ total: _t, ...u }) => u) };
}
