import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { clase, claseAlumno, claseProfesor } from './db/schema';
import { atLeast, type Role } from '../shared/roles';
import { badRequest, forbidden, notFound, unauthorized } from './errors';
import { idParam } from './validate';
import { classCodeProblem, normalizeClassCode } from '../shared/rules/classes';
import { CLASE_MSG } from '../shared/resources/clases';

/**
 * Who may see a class (routes.md R-0 "class teacher"): its teachers and admins. Every class route that takes a class id
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

/**
 * A `/api/clase/:id/.../:userId` route: the class id, the teacher check, then (so an anonymous caller
 * gets 401 before a bad child id gets 400) the child's id, 404 unless that child is in the class.
 */
export async function requireClassTeacherOfChild(
  db: Db,
  req: FastifyRequest,
  params: { id: string; userId: string },
): Promise<{ idClase: number; userId: number }> {
  const idClase = idParam(params.id);
  await requireClassTeacher(db, req, idClase);
  const userId = idParam(params.userId, 'userId');
  await requireChildInClass(db, idClase, userId);
  return { idClase, userId };
}

/** 404 unless the child is in the class (a teacher acts only on their class's children). */
export async function requireChildInClass(db: Db, idClase: number, idUsuario: number): Promise<void> {
  const [r] = await db
    .select({ id: claseAlumno.idUsuario })
    .from(claseAlumno)
    .where(and(eq(claseAlumno.idClase, idClase), eq(claseAlumno.idUsuario, idUsuario)));
  if (!r) throw notFound('Ese alumno no está en esta clase.');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The class a `/api/clase/:id/...` route acts on, found by its teacher check (onRequest). */
    clase?: typeof clase.$inferSelect;
    /** The class and child a `/api/clase/:id/.../:userId` route acts on (onRequest). */
    claseAlumno?: { idClase: number; userId: number };
  }
}

/**
 * onRequest of every `/api/clase/:id/...` route: the class's teacher (or an admin) only, checked
 * before the body is read, so a profesor of another class is refused whatever they send. The class
 * row is kept on the request (`req.clase`) for the handler.
 */
export const classTeacherHook = (db: Db) => async (req: FastifyRequest) => {
  req.clase = await requireClassTeacher(db, req, idParam((req.params as { id: string }).id));
};

/** onRequest of a `/api/clase/:id/.../:userId` route: requireClassTeacherOfChild, kept on `req.claseAlumno`. */
export const classChildHook = (db: Db) => async (req: FastifyRequest) => {
  req.claseAlumno = await requireClassTeacherOfChild(db, req, req.params as { id: string; userId: string });
};

/** A uniform number in [0, 1) from node:crypto, for class codes and picture passwords (never Math.random). */
export const cryptoRandom = () => randomInt(2 ** 47) / 2 ** 47;

/**
 * The code a child typed, normalised; 400 when it cannot be a class code: CLASE_MSG.codigoInvalido
 * for a wrong length, the characters no card carries named otherwise (classCodeProblem).
 */
export function readClassCode(input: string): string {
  const codigo = normalizeClassCode(input);
  const problem = classCodeProblem(codigo);
  if (problem) throw badRequest(problem, { codigo: problem });
  return codigo;
}

/** The active class with this (normalised) code, or null: an inactive class's code neither joins nor logs in. */
export async function activeClassByCode(db: Db, codigo: string): Promise<typeof clase.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(clase)
    .where(and(eq(clase.codigo, codigo), eq(clase.activa, true)));
  return row ?? null;
}

/** An active class by the code a child typed: 400 for a malformed code, `missingStatus` (404 or 400) for an unknown or inactive one. */
export async function classByCode(db: Db, input: string, missingStatus: 400 | 404 = 404): Promise<typeof clase.$inferSelect> {
  const row = await activeClassByCode(db, readClassCode(input));
  if (!row) {
    if (missingStatus === 400) throw badRequest(CLASE_MSG.codigoNoExiste, { codigo: CLASE_MSG.codigoNoExiste });
    throw notFound(CLASE_MSG.codigoNoExiste);
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// Who may reach a child (docs/decisions.md, "Who may see what"): the child, the teachers of the
// classes the child belongs to, admins and the superadmin. Every staff route that reads or writes a
// child's data asks these two, so the rule is written once.

/** The ids of the children a profesor teaches (in any class they are a teacher of), as a subquery. */
export function taughtChildren(db: Db, idProfesor: number) {
  return db
    .selectDistinct({ id: claseAlumno.idUsuario })
    .from(claseAlumno)
    .innerJoin(claseProfesor, eq(claseProfesor.idClase, claseAlumno.idClase))
    .where(eq(claseProfesor.idUsuario, idProfesor));
}

/**
 * The condition a list of children's rows gets for the caller: none for admins and the superadmin,
 * "the child is one the caller teaches" for a profesor (and for anyone else: their own rows only).
 */
export function childScope(db: Db, me: { id: number; role: Role }, column: Column): SQL | undefined {
  if (atLeast(me.role, 'admin')) return undefined;
  if (atLeast(me.role, 'profesor')) return inArray(column, taughtChildren(db, me.id));
  return sql`${column} = ${me.id}`;
}

/** Whether the caller may read and act on this child's data (false also for a child that does not exist). */
export async function canReachChild(db: Db, me: { id: number; role: Role }, idChild: number): Promise<boolean> {
  if (me.id === idChild || atLeast(me.role, 'admin')) return true;
  if (!atLeast(me.role, 'profesor')) return false;
  const [r] = await db
    .select({ x: sql`1` })
    .from(claseAlumno)
    .innerJoin(claseProfesor, eq(claseProfesor.idClase, claseAlumno.idClase))
    .where(and(eq(claseAlumno.idUsuario, idChild), eq(claseProfesor.idUsuario, me.id)))
    .limit(1);
  return !!r;
}

// ---------------------------------------------------------------------------------------------
// The class filter of the teacher's lists (Memoria, Palabras difíciles, Resultados): `?id_clase=`.

export const CLASE_FILTRO_INVALIDA = 'La clase elegida no es válida.';

/**
 * Reads `?id_clase=` of a list and checks it against the caller: absent or empty → undefined (the
 * list keeps its own scope); not an id → 400; a class that does not exist → 404; a class the
 * profesor does not teach → 403 (CLASE_MSG.noEsTuClase), the same answers as every class route, so
 * a filter never lists the children of another teacher's class.
 */
export async function classFilter(db: Db, req: FastifyRequest): Promise<number | undefined> {
  const raw = (req.query as Record<string, unknown> | undefined)?.id_clase;
  const value = String(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '')).trim();
  if (value === '') return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647)
    throw badRequest(CLASE_FILTRO_INVALIDA, { id_clase: CLASE_FILTRO_INVALIDA }, 'INVALID_QUERY');
  const row = await requireClassTeacher(db, req, Number(value));
  return row.idClase;
}

/** "The child is in this class", for the column holding a child's id. */
export function inClass(db: Db, idClase: number, column: Column): SQL {
  return inArray(column, db.select({ id: claseAlumno.idUsuario }).from(claseAlumno).where(eq(claseAlumno.idClase, idClase)));
}
