import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './db';
import { rol, usuario } from './db/schema';
import { highestRole } from '../shared/roles';
import type { UsuarioWire } from '../shared/resources/usuario';

type UsuarioRow = typeof usuario.$inferSelect;

/** The wire shape of a user: `rol` (highest role) and `roles` (every role row), never the hash. */
export function toUsuarioWire(u: UsuarioRow, roleNames: string[]): UsuarioWire {
  const rolName = highestRole(roleNames);
  return {
    id: u.id,
    nombre: u.nombre,
    apellido: u.apellido,
    email: u.email,
    fechaNacimiento: u.fechaNacimiento,
    phone: u.phone,
    sexo: u.sexo,
    avatar: u.avatar,
    photo: u.photo,
    Credential: u.credential,
    status: u.status,
    rol: rolName,
    roles: roleNames.length ? [...roleNames].sort((a, b) => (a === rolName ? -1 : b === rolName ? 1 : 0)).map((nombre) => ({ nombre })) : [],
  };
}

export async function roleNamesFor(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db.select({ idUsuario: rol.idUsuario, nombre: rol.nombre }).from(rol).where(inArray(rol.idUsuario, ids));
  for (const r of rows) {
    const list = map.get(r.idUsuario) ?? [];
    list.push(r.nombre.toLowerCase());
    map.set(r.idUsuario, list);
  }
  return map;
}

export async function findUserById(db: Db, id: number): Promise<UsuarioWire | null> {
  const [u] = await db.select().from(usuario).where(eq(usuario.id, id));
  if (!u) return null;
  const roles = await roleNamesFor(db, [u.id]);
  return toUsuarioWire(u, roles.get(u.id) ?? []);
}

export async function findUserRowByEmail(db: Db, email: string): Promise<UsuarioRow | null> {
  const [u] = await db
    .select()
    .from(usuario)
    .where(eq(sql`lower(${usuario.email})`, email.trim().toLowerCase()));
  return u ?? null;
}
