import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { clase, claseAlumno, claseProfesor } from './db/schema';
import { atLeast } from '../shared/roles';
import { forbidden, notFound, unauthorized } from './errors';
import { CLASE_MSG } from '../shared/resources/clases';

/**
 * Who may see a class (issue 21): its teachers and admins. Every class route that takes a class id
 * calls `requireClassTeacher` first: 401 without a session, 403 below profesor, 404 for a missing
 * class, 403 (CLASE_MSG.noEsTuClase) for a profesor who does not teach it.
 */
export async function requireClassTeacher(db: Db, req: FastifyRequest, idClase: number): Promise<typeof clase.$inferSelect> {
  const me = req.user;
  if (!me) throw unauthorized('Tu sesión expiró o no es válida. Inicia sesión de nuevo.');
  if (!atLeast(me.role, 'profesor')) throw forbidden();
  const [row] = await db.select().from(clase).where(eq(clase.idClase, idClase));
  if (!row) throw notFound(CLASE_MSG.noEncontrada);
  if (!atLeast(me.role, 'admin') && !(await teaches(db, me.id, idClase))) throw forbidden(CLASE_MSG.noEsTuClase);
  return row;
}

export async function teaches(db: Db, idUsuario: number, idClase: number): Promise<boolean> {
  const [r] = await db
    .select({ id: claseProfesor.idClase })
    .from(claseProfesor)
    .where(and(eq(claseProfesor.idClase, idClase), eq(claseProfesor.idUsuario, idUsuario)));
  return !!r;
}

/** 404 unless the child is in the class (a teacher acts only on their class's children). */
export async function requireChildInClass(db: Db, idClase: number, idUsuario: number): Promise<void> {
  const [r] = await db
    .select({ id: claseAlumno.idUsuario })
    .from(claseAlumno)
    .where(and(eq(claseAlumno.idClase, idClase), eq(claseAlumno.idUsuario, idUsuario)));
  if (!r) throw notFound('Ese alumno no está en esta clase.');
}
