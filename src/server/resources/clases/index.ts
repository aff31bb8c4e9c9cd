import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { clase, claseAlumno, claseProfesor, institucion, rol, usuario } from '../../db/schema';
import { badRequest, forbidden } from '../../errors';
import { isPgError } from '../crud';
import { cryptoRandom, teaches } from '../../classAccess';
import { atLeast, STAFF_ROLES } from '../../../shared/roles';
import { CLASE_MSG, claseResource, type ClaseInput, type ClaseWire } from '../../../shared/resources/clases';
import { makeClassCode } from '../../../shared/rules/classes';
import { bindingSelect, serverResource, type SelectRow } from '../define';

export const CLASE_NOT_FOUND = CLASE_MSG.noEncontrada;

/** Children in the class (a correlated count: the list sorts by it). */
const alumnosCount = sql<number>`(select count(*)::int from ${claseAlumno} where ${claseAlumno.idClase} = ${clase.idClase})`;

const fields = {
  id_clase: clase.idClase,
  nombre: clase.nombre,
  id_institucion: clase.idInstitucion,
  institucion: institucion.nombre,
  codigo: clase.codigo,
  activa: clase.activa,
  alumnos: alumnosCount,
};
const select = bindingSelect(fields, (db, f) => db.select(f).from(clase).innerJoin(institucion, eq(institucion.idInstitucion, clase.idInstitucion)).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

/** Teacher ids and "Nombre Apellido" of some classes, in a stable order (by name, then id). */
export async function teachersOf(db: Db, ids: number[]): Promise<Map<number, { id: number; nombre: string }[]>> {
  const out = new Map<number, { id: number; nombre: string }[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ idClase: claseProfesor.idClase, id: usuario.id, nombre: usuario.nombre, apellido: usuario.apellido })
    .from(claseProfesor)
    .innerJoin(usuario, eq(usuario.id, claseProfesor.idUsuario))
    .where(inArray(claseProfesor.idClase, ids))
    .orderBy(asc(usuario.nombre), asc(usuario.apellido), asc(usuario.id));
  for (const r of rows) {
    const list = out.get(r.idClase) ?? [];
    list.push({ id: r.id, nombre: `${r.nombre} ${r.apellido}`.trim() });
    out.set(r.idClase, list);
  }
  return out;
}

/** The wire shape of some class rows (one query for all their teachers). */
export async function clasesToWire(db: Db, rows: Row[]): Promise<ClaseWire[]> {
  const teachers = await teachersOf(
    db,
    rows.map((r) => r.id_clase),
  );
  return rows.map((r) => {
    const t = teachers.get(r.id_clase) ?? [];
    return {
      id_clase: r.id_clase,
      nombre: r.nombre,
      id_institucion: r.id_institucion,
      institucion: { nombre: r.institucion },
      codigo: r.codigo,
      activa: r.activa,
      profesores: t.map((x) => x.id),
      profesores_nombres: t.map((x) => x.nombre),
      alumnos: Number(r.alumnos),
    };
  });
}

/** Whether the caller sees every class (admin, superadmin) rather than only those they teach. */
const seesAll = (req: FastifyRequest) => !!req.user && atLeast(req.user.role, 'admin');

/**
 * Classes (routes.md, R-0 "class teacher"). A profesor lists, reads, edits and deletes only the classes they teach (the
 * list's `listScope`, `authorizeRead`, `authorize`); admins all of them. The join code is made here
 * (never sent by a client) and never changes on update.
 */
export default serverResource<ClaseInput, Row, ClaseWire>(({ database: { db } }) => ({
  decl: claseResource,
  notFound: CLASE_NOT_FOUND,
  table: clase,
  idColumn: clase.idClase,
  fields,
  from: (f) => select(db, f),
  sortable: {
    id_clase: clase.idClase,
    nombre: clase.nombre,
    codigo: clase.codigo,
    institucion: institucion.nombre,
    alumnos: alumnosCount,
    activa: clase.activa,
  },
  searchOnly: { 'institucion.nombre': institucion.nombre },
  filters: { id_institucion: clase.idInstitucion },
  conditions: {
    activa: (v) => {
      if (v !== 'true' && v !== 'false') throw badRequest('El filtro activa debe ser true o false.', { activa: 'Valor inválido.' }, 'INVALID_QUERY');
      return eq(clase.activa, v === 'true');
    },
  },
  toWire: (rows) => clasesToWire(db, rows),
  toValues: (input) => ({ nombre: input.nombre, idInstitucion: input.id_institucion, activa: input.activa }),
  // Classes are no cached content: a class write empties nothing (src/server/cache.ts).
  invalidates: [],
  async check(input) {
    const [inst] = await db.select({ id: institucion.idInstitucion }).from(institucion).where(eq(institucion.idInstitucion, input.id_institucion));
    if (!inst) throw badRequest(CLASE_MSG.institucionInvalida, { id_institucion: CLASE_MSG.institucionInvalida });
    const ids = [...new Set(input.profesores)];
    const staff = await db
      .selectDistinct({ id: rol.idUsuario })
      .from(rol)
      .where(and(inArray(rol.idUsuario, ids), inArray(sql`lower(${rol.nombre})`, [...STAFF_ROLES])));
    if (staff.length !== ids.length) throw badRequest(CLASE_MSG.profesorInvalido, { profesores: CLASE_MSG.profesorInvalido });
  },
  hooks: {
    listScope: (req) =>
      seesAll(req)
        ? undefined
        : inArray(clase.idClase, db.select({ id: claseProfesor.idClase }).from(claseProfesor).where(eq(claseProfesor.idUsuario, req.user!.id))),
    async authorizeRead(req, row) {
      if (!seesAll(req) && !(await teaches(db, req.user!.id, row.id_clase))) throw forbidden(CLASE_MSG.noEsTuClase);
    },
    // Update and delete of a class they do not teach are refused by authorizeRead (the layer runs it
    // once the row is found). Here: a profesor creating a class always teaches it, even if the form
    // left them out.
    authorize(req, input, old) {
      if (!old && input && !seesAll(req) && !input.profesores.includes(req.user!.id)) input.profesores = [...input.profesores, req.user!.id];
    },
    async insert(values, input) {
      const teachers = [...new Set(input.profesores)];
      // A new random code each try; the unique index decides between two classes made at once.
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(clase)
              .values({ ...(values as { nombre: string; idInstitucion: number; activa: boolean }), codigo: makeClassCode(cryptoRandom) })
              .returning({ id: clase.idClase });
            await tx.insert(claseProfesor).values(teachers.map((idUsuario) => ({ idClase: row!.id, idUsuario })));
            return row!.id;
          });
        } catch (err) {
          if (attempt < 8 && isPgError(err, '23505')) continue;
          throw err;
        }
      }
    },
    async update(id, values, input) {
      const teachers = [...new Set(input.profesores)];
      await db.transaction(async (tx) => {
        await tx.update(clase).set(values).where(eq(clase.idClase, id));
        await tx.delete(claseProfesor).where(eq(claseProfesor.idClase, id));
        await tx.insert(claseProfesor).values(teachers.map((idUsuario) => ({ idClase: id, idUsuario })));
      });
    },
  },
  replies: { created: 'Clase creada correctamente.', updated: 'Clase actualizada correctamente.', deleted: 'Clase eliminada correctamente.' },
}));
