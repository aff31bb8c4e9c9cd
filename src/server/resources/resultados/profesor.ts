/**
 * The teachers' side of the quiz results (profesor and above): the back office home's figures, the
 * results table, and one more attempt for a child who used them all. A profesor reaches only the
 * children of their classes (DESIGN.md, "Who may reach a child"). The children's side (submitting a
 * quiz, their own history) is routes.ts.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bodyOrEmpty } from '../crud';
import { intento, nivel, palabra, progreso, rol, usuario } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { idParam } from '../../validate';
import { atLeast } from '../../../shared/roles';
import { attemptsAllowed } from '../../../shared/rules/quiz';
import { ESTADO_EN_PROGRESO } from '../../../shared/rules/progress';
import { listParams } from '../list';
import { TEACHER_RESULTS_SORTABLE, teacherResults } from '../../queries/teacher-results';
import { invalidates } from '../../cache';
import { canReachChild, childScope, classFilter, inClass } from '../../classAccess';
import type { Database } from '../../db';

export const GRANTED_MSG = 'Listo: el estudiante tiene un intento más en este nivel.';
export const STILL_HAS_ATTEMPTS_MSG = 'Este estudiante todavía tiene intentos disponibles en este nivel.';

const grantSchema = z.object({
  id_usuario: z.coerce
    .number({ error: 'Indica el estudiante.' })
    .int('Indica el estudiante.')
    .positive('Indica el estudiante.')
    .max(2_147_483_647, 'Indica el estudiante.'),
  id_nivel: z.coerce.number({ error: 'Indica el nivel.' }).int('Indica el nivel.').positive('Indica el nivel.').max(2_147_483_647, 'Indica el nivel.'),
});

/**
 * `desde` / `hasta` of the teacher results: a calendar day (YYYY-MM-DD, UTC) or an instant (ISO
 * 8601 with time; the back office sends the viewer's local midnights). `hasta` is exclusive as an
 * instant and takes its whole day as a date. Anything else is refused.
 */
function dateBound(value: unknown, name: 'desde' | 'hasta'): Date | undefined {
  const s = String(Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).trim();
  if (!s) return undefined;
  const bad = () => badRequest(`La fecha «${name}» no es válida.`, { [name]: 'Fecha inválida (AAAA-MM-DD).' }, 'INVALID_QUERY');
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const d = new Date(`${s}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) throw bad();
    return name === 'hasta' ? new Date(d.getTime() + 86_400_000) : d;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s)) throw bad();
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) throw bad();
  return d;
}

/** Attempts used and extra attempts granted, per (child, level) pair. */
async function attemptsOf(database: Database, pairs: readonly { u: number; n: number }[]): Promise<Map<string, { used: number; extra: number }>> {
  const out = new Map<string, { used: number; extra: number }>();
  if (!pairs.length) return out;
  const { rows } = await database.raw(
    `
    SELECT k.u, k.n,
      (SELECT count(*)::int FROM intento i WHERE i.id_usuario = k.u AND i.id_nivel = k.n) AS used,
      coalesce((SELECT p.intentos_extra FROM progreso p WHERE p.id_usuario = k.u AND p.id_nivel = k.n), 0) AS extra
    FROM (SELECT DISTINCT * FROM unnest($1::int[], $2::int[]) AS t(u, n)) AS k`,
    [`{${pairs.map((p) => p.u).join(',')}}`, `{${pairs.map((p) => p.n).join(',')}}`],
  );
  for (const r of rows) out.set(`${r.u}:${r.n}`, { used: Number(r.used), extra: Number(r.extra) });
  return out;
}

export async function resultadosProfesorRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  /**
   * The back office home's figures (/admin/inicio), counted by the database instead of by a
   * browser that downloaded every user and attempt: levels, words, attempts, the average score per
   * level (levels with the newest attempts first) and, for admins (who may list users), learners
   * (accounts with no staff role).
   */
  app.get('/api/resultados/resumen', { onRequest: app.requireRole('profesor') }, async (req) => {
    const count = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
    const n = sql<number>`count(*)::int`;
    const staff = sql`exists (select 1 from ${rol} where ${rol.idUsuario} = ${usuario.id} and lower(${rol.nombre}) in ('superadmin', 'admin', 'profesor'))`;
    // A profesor's attempts and averages count only the children of their classes.
    const mine = childScope(db, req.user!, intento.idUsuario);
    const [niveles, palabras, intentos, estudiantes, promedios] = await Promise.all([
      count(db.select({ n }).from(nivel)),
      count(db.select({ n }).from(palabra)),
      count(db.select({ n }).from(intento).where(mine)),
      atLeast(req.user!.role, 'admin')
        ? count(
            db
              .select({ n })
              .from(usuario)
              .where(sql`not ${staff}`),
          )
        : Promise.resolve(null),
      db
        .select({ nivel: nivel.nombreNivel, promedio: sql<number>`round(avg(${intento.puntaje}), 1)::float8`, intentos: n })
        .from(intento)
        .innerJoin(nivel, eq(nivel.idNivel, intento.idNivel))
        .where(mine)
        .groupBy(nivel.idNivel, nivel.nombreNivel)
        .orderBy(sql`max(${intento.fecha}) desc`, asc(nivel.idNivel)),
    ]);
    return { data: { niveles, palabras, intentos, estudiantes, promedios } };
  });

  /** Teacher results: every attempt, newest first (profesor and above). */
  app.get('/api/resultados/resultados-profesor', { onRequest: app.requireRole('profesor') }, async (req, reply) => {
    const p = listParams(req.query, TEACHER_RESULTS_SORTABLE);
    const qs = (req.query ?? {}) as Record<string, unknown>;
    const desde = dateBound(qs.desde, 'desde');
    const hasta = dateBound(qs.hasta, 'hasta');
    if (desde && hasta && desde >= hasta)
      throw badRequest('La fecha «desde» debe ser anterior a «hasta».', { desde: 'Rango de fechas inválido.' }, 'INVALID_QUERY');
    // `?id_clase=`: one class the caller may open (a profesor's other classes are refused, 403).
    const idClase = await classFilter(db, req);
    const childrenScope = childScope(db, req.user!, intento.idUsuario);
    const classScope = idClase === undefined ? undefined : inClass(db, idClase, intento.idUsuario);
    const { total, rows } = await teacherResults(db, p, {
      idNivel: qs.id_nivel !== undefined && qs.id_nivel !== '' ? idParam(qs.id_nivel, 'id_nivel') : undefined,
      idUsuario: qs.id_usuario !== undefined && qs.id_usuario !== '' ? idParam(qs.id_usuario, 'id_usuario') : undefined,
      desde,
      hasta,
      // A profesor sees only the attempts of the children in their classes.
      scope: childrenScope && classScope ? and(childrenScope, classScope) : (childrenScope ?? classScope),
    });
    reply.header('X-Total-Count', String(total));
    // Whether the child has used every attempt at that level (the screen offers to grant one more).
    const used = await attemptsOf(
      ctx.database,
      rows.map((r) => ({ u: r.id_usuario, n: r.id_nivel })),
    );
    return rows.map((r) => {
      const a = used.get(`${r.id_usuario}:${r.id_nivel}`);
      // How many the child still has there (the profesor's screen shows it beside the button).
      const left = a ? Math.max(0, attemptsAllowed(a.extra) - a.used) : attemptsAllowed(0);
      return { ...r, sin_intentos: !!a && a.used >= attemptsAllowed(a.extra), intentos_restantes: left };
    });
  });

  /**
   * A teacher (profesor and above) gives a child one more attempt at a level's quiz, once the child
   * has used them all (docs/decisions.md "The quiz"). The level menu then offers the retry again.
   */
  app.post<{ Body: z.output<typeof grantSchema> }>(
    '/api/resultados/otro-intento',
    { config: invalidates(), onRequest: app.requireRole('profesor'), preValidation: bodyOrEmpty, schema: { body: grantSchema } },
    async (req) => {
      const body = req.body;
      // A child outside the profesor's classes answers as one that does not exist.
      if (!(await canReachChild(db, req.user!, body.id_usuario))) throw notFound('Usuario no encontrado.');
      const [u] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, body.id_usuario));
      if (!u) throw notFound('Usuario no encontrado.');
      const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, body.id_nivel));
      if (!lvl) throw notFound('Nivel no encontrado.');
      const a = (await attemptsOf(ctx.database, [{ u: body.id_usuario, n: body.id_nivel }])).get(`${body.id_usuario}:${body.id_nivel}`) ?? {
        used: 0,
        extra: 0,
      };
      if (a.used < attemptsAllowed(a.extra)) throw conflict(STILL_HAS_ATTEMPTS_MSG, 'HAS_ATTEMPTS');
      // Only granted when none is left, so a double click grants one attempt, not two.
      const [row] = await db
        .insert(progreso)
        .values({
          idUsuario: body.id_usuario,
          idNivel: body.id_nivel,
          estado: ESTADO_EN_PROGRESO,
          intentosExtra: 1,
          reintentos: Math.max(0, a.used - 1 - 1 /* granted */),
        })
        .onConflictDoUpdate({
          target: [progreso.idUsuario, progreso.idNivel],
          set: { intentosExtra: sql`${progreso.intentosExtra} + 1`, reintentos: sql`greatest(0, ${progreso.reintentos} - 1)`, actualizado: sql`now()` },
          setWhere: sql`${progreso.intentosExtra} = ${a.extra}`,
        })
        .returning();
      if (!row) throw conflict(STILL_HAS_ATTEMPTS_MSG, 'HAS_ATTEMPTS');
      return {
        msg: GRANTED_MSG,
        data: { id_usuario: body.id_usuario, id_nivel: body.id_nivel, intentos_extra: row.intentosExtra, reintentos: row.reintentos },
      };
    },
  );
}
