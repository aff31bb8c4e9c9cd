import { and, asc, eq, exists, inArray, not, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { clase, claseAlumno, claseInvitacion, institucion, nivel, rol, tarea, usuario } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { idParam, latestToday } from '../../validate';
import { invalidates } from '../../cache';
import { classByCode, classTeacherHook, cryptoRandom, taughtChildren } from '../../classAccess';
import { decryptPictures, pictureColumns, pictureLimitsOf } from '../../auth/pictureSecret';
import { contains } from '../list';
import { bodyOrEmpty, isPgError, plural } from '../crud';
import { atLeast, STAFF_ROLES } from '../../../shared/roles';
import {
  addAlumnosSchema,
  importSchema,
  invitarSchema,
  INVITACION_MSG,
  type InvitacionWire,
  tareasSchema,
  unirmeSchema,
  type CandidatoWire,
  type ClaseAlumnoEscrito,
  type ClaseAlumnoWire,
  type ImportReply,
  type MiTareaWire,
  type TareaWire,
} from '../../../shared/resources/clases';
import { byChildName, makeClassCode, makePicturePassword } from '../../../shared/rules/classes';
import { avatarForSexo, checkImportRows } from '../../../shared/rules/classImport';
import { claseLoginRoutes } from './login';
import { claseTableroRoutes } from './tablero';

export const CLASE_REPLY = {
  agregados: 'Alumnos agregados a la clase.',
  soloAlumnos: 'Solo se pueden agregar alumnos.',
  quitado: 'Alumno quitado de la clase.',
  importFallido: 'Revisa las filas marcadas: no se importó nada.',
  nivelNoExiste: 'El nivel no existe.',
  tareasGuardadas: 'Tareas guardadas.',
  soloAlumnosUnirse: 'Solo los alumnos se unen a una clase con código.',
  nuevoCodigo: 'La clase tiene un código nuevo.',
} as const;

/** A child created in a class: no e-mail and no password (the only accounts with a picture password). */
const isPictureAccount = and(sql`${usuario.email} is null`, sql`${usuario.passwordHash} is null`)!;

/** A write's view of some children: everything but the picture password (shown only by the reads). */
const withoutPictures = (rows: ClaseAlumnoWire[]): ClaseAlumnoEscrito[] => rows.map(({ imagenes: _, ...r }) => r);

/** A condition true for staff accounts (a role row profesor, admin or superadmin); learners have none. */
const isStaff = sql`exists (select 1 from ${rol} where ${rol.idUsuario} = ${usuario.id} and lower(${rol.nombre}) in (${sql.join(
  STAFF_ROLES.map((r) => sql`${r}`),
  sql`, `,
)}))`;

/** The children of a class (or some of them) as its teachers see them, by nombre then apellido in Spanish order (byChildName). */
export async function alumnosOf(db: Db, idClase: number, jwtSecret: string, only?: number[]): Promise<ClaseAlumnoWire[]> {
  if (only && !only.length) return [];
  const rows = await db
    .select({
      id: usuario.id,
      nombre: usuario.nombre,
      apellido: usuario.apellido,
      email: usuario.email,
      avatar: usuario.avatar,
      sexo: usuario.sexo,
      fechaNacimiento: usuario.fechaNacimiento,
      status: usuario.status,
      cifrada: usuario.claveImagenesCifrada,
      pictureAccount: sql<boolean>`${isPictureAccount}`,
    })
    .from(claseAlumno)
    .innerJoin(usuario, eq(usuario.id, claseAlumno.idUsuario))
    .where(only ? and(eq(claseAlumno.idClase, idClase), inArray(usuario.id, only)) : eq(claseAlumno.idClase, idClase))
    .orderBy(asc(usuario.nombre), asc(usuario.apellido), asc(usuario.id));
  const limits = await pictureLimitsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.sort(byChildName).map((r) => ({
    id: r.id,
    nombre: r.nombre,
    apellido: r.apellido,
    email: r.email,
    avatar: r.avatar,
    sexo: r.sexo,
    fechaNacimiento: r.fechaNacimiento,
    status: r.status,
    imagenes: r.pictureAccount ? decryptPictures(r.cifrada, jwtSecret) : null,
    espera: limits.get(r.id)?.espera ?? 0,
    fallos: limits.get(r.id)?.fallos ?? 0,
  }));
}

/**
 * The class's own routes beside its resource (routes.md R-2.8): children, candidates, import, assignments
 * (src/server/resources/clases/index.ts is the resource), then the class-code login (login.ts) and the
 * dashboard (tablero.ts). Every route with a class id starts with
 * requireClassTeacher, before the body is read, so 401/403/404 come before 400.
 */
export default async function clasesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const secret = ctx.config.jwtSecret;
  const ipLimit = { max: ctx.config.authRateLimit, timeWindow: 60_000 };
  const teacherOfClass = classTeacherHook(db);
  const classOf = (req: FastifyRequest) => req.clase!;
  /** Options of a class route: the teacher check on request, and the body's schema when it has one. */
  const ofClass = <S extends z.ZodType>(extra: { config?: object; body?: S } = {}) => ({
    onRequest: teacherOfClass,
    ...(extra.config ? { config: extra.config } : {}),
    ...(extra.body ? { preValidation: bodyOrEmpty, schema: { body: extra.body } } : {}),
  });

  /**
   * The institutions a class may belong to, for a profesor's class form: the institutions list itself
   * is admin-only (routes.md R-2.2.1), but a profesor creating a class must choose one (names only).
   */
  app.get('/api/clase/instituciones', { onRequest: app.requireRole('profesor') }, async () => ({
    data: await db.select({ id_institucion: institucion.idInstitucion, nombre: institucion.nombre }).from(institucion).orderBy(asc(institucion.nombre)),
  }));

  app.get<{ Params: { id: string } }>('/api/clase/:id/alumnos', ofClass(), async (req) => {
    const c = classOf(req);
    return { data: await alumnosOf(db, c.idClase, secret) };
  });

  /**
   * Existing accounts into a class, with consent (docs/decisions.md, "Who may see what"): a profesor
   * may name only children already in one of their classes (any other id answers as one that does
   * not exist); admins any learner. A child created in a class (no e-mail) joins at once; an account
   * with an e-mail gets an invitation and joins only when it accepts it at its next login.
   */
  app.post<{ Params: { id: string }; Body: z.output<typeof addAlumnosSchema> }>(
    '/api/clase/:id/alumnos',
    ofClass({ config: invalidates(), body: addAlumnosSchema }),
    async (req) => {
      const c = classOf(req);
      const { ids } = req.body;
      const wanted = [...new Set(ids)];
      const me = req.user!;
      const found = await db
        .select({ id: usuario.id, staff: sql<boolean>`${isStaff}`, picture: sql<boolean>`${isPictureAccount}` })
        .from(usuario)
        .where(and(inArray(usuario.id, wanted), atLeast(me.role, 'admin') ? undefined : inArray(usuario.id, taughtChildren(db, me.id))));
      if (found.length !== wanted.length) throw badRequest('Uno de los alumnos no existe.', { ids: 'Alumno no encontrado.' });
      if (found.some((u) => u.staff)) throw badRequest(CLASE_REPLY.soloAlumnos, { ids: CLASE_REPLY.soloAlumnos });
      const direct = found.filter((u) => u.picture).map((u) => u.id);
      const invite = found.filter((u) => !u.picture).map((u) => u.id);
      // Children already in the class are left as they are (no duplicate, no error, no invitation).
      if (direct.length)
        await db
          .insert(claseAlumno)
          .values(direct.map((idUsuario) => ({ idClase: c.idClase, idUsuario })))
          .onConflictDoNothing();
      let invitados = 0;
      if (invite.length) {
        const inClass = db.select({ id: claseAlumno.idUsuario }).from(claseAlumno).where(eq(claseAlumno.idClase, c.idClase));
        const outside = await db
          .select({ id: usuario.id })
          .from(usuario)
          .where(and(inArray(usuario.id, invite), notInArray(usuario.id, inClass)));
        if (outside.length)
          await db
            .insert(claseInvitacion)
            .values(outside.map((u) => ({ idClase: c.idClase, idUsuario: u.id, idProfesor: me.id })))
            .onConflictDoNothing();
        invitados = outside.length;
      }
      const msg = invitados ? (direct.length ? `${CLASE_REPLY.agregados} ${INVITACION_MSG.enviadas}` : INVITACION_MSG.enviadas) : CLASE_REPLY.agregados;
      return { msg, data: withoutPictures(await alumnosOf(db, c.idClase, secret, direct)), invitados };
    },
  );

  /**
   * An invitation by exact e-mail: the same answer whether or not a learner account has that e-mail,
   * so the search reveals nobody; the account sees the invitation at its next login.
   */
  app.post<{ Params: { id: string }; Body: z.output<typeof invitarSchema> }>(
    '/api/clase/:id/invitar',
    ofClass({ config: { ...invalidates(), rateLimit: ipLimit }, body: invitarSchema }),
    async (req) => {
      const c = classOf(req);
      const { email } = req.body;
      const [u] = await db
        .select({ id: usuario.id })
        .from(usuario)
        .where(and(eq(sql`lower(${usuario.email})`, email.trim().toLowerCase()), not(isStaff)));
      if (u) {
        const [inside] = await db
          .select({ x: sql`1` })
          .from(claseAlumno)
          .where(and(eq(claseAlumno.idClase, c.idClase), eq(claseAlumno.idUsuario, u.id)));
        if (!inside) await db.insert(claseInvitacion).values({ idClase: c.idClase, idUsuario: u.id, idProfesor: req.user!.id }).onConflictDoNothing();
      }
      return { msg: INVITACION_MSG.porCorreo };
    },
  );

  /** The signed-in child's pending invitations (/home asks at each visit), oldest first. */
  app.get('/api/clase/invitaciones', { onRequest: app.requireUser }, async (req) => {
    const prof = alias(usuario, 'profesor');
    const rows = await db
      .select({
        id_invitacion: claseInvitacion.idInvitacion,
        id_clase: clase.idClase,
        clase: clase.nombre,
        profesor: sql<string>`coalesce(trim(${prof.nombre} || ' ' || coalesce(${prof.apellido}, '')), '')`,
      })
      .from(claseInvitacion)
      .innerJoin(clase, eq(clase.idClase, claseInvitacion.idClase))
      .leftJoin(prof, eq(prof.id, claseInvitacion.idProfesor))
      .where(and(eq(claseInvitacion.idUsuario, req.user!.id), eq(clase.activa, true)))
      .orderBy(asc(claseInvitacion.creada), asc(claseInvitacion.idInvitacion));
    return { data: rows satisfies InvitacionWire[] };
  });

  /** The child answers an invitation: only their own; it is used once (the delete decides between two clicks). */
  app.post<{ Params: { id: string; respuesta: string } }>(
    '/api/clase/invitaciones/:id/:respuesta',
    { config: invalidates(), onRequest: app.requireUser },
    async (req) => {
      const id = idParam(req.params.id);
      const respuesta = req.params.respuesta;
      if (respuesta !== 'aceptar' && respuesta !== 'rechazar') throw notFound(INVITACION_MSG.noEncontrada);
      const me = req.user!.id;
      return db.transaction(async (tx) => {
        const [inv] = await tx
          .delete(claseInvitacion)
          .where(and(eq(claseInvitacion.idInvitacion, id), eq(claseInvitacion.idUsuario, me)))
          .returning({ idClase: claseInvitacion.idClase });
        if (!inv) throw notFound(INVITACION_MSG.noEncontrada);
        const [c] = await tx.select({ id_clase: clase.idClase, nombre: clase.nombre }).from(clase).where(eq(clase.idClase, inv.idClase));
        if (respuesta === 'rechazar') return { msg: INVITACION_MSG.rechazada, data: c };
        await tx.insert(claseAlumno).values({ idClase: inv.idClase, idUsuario: me }).onConflictDoNothing();
        return { msg: `¡Ya estás en «${c!.nombre}»!`, data: c };
      });
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>('/api/clase/:id/alumnos/:userId', ofClass({ config: invalidates() }), async (req) => {
    const c = classOf(req);
    const userId = idParam(req.params.userId, 'userId');
    const gone = await db
      .delete(claseAlumno)
      .where(and(eq(claseAlumno.idClase, c.idClase), eq(claseAlumno.idUsuario, userId)))
      .returning({ id: claseAlumno.idUsuario });
    if (!gone.length) throw notFound('Ese alumno no está en esta clase.');
    return { msg: CLASE_REPLY.quitado };
  });

  app.get<{ Params: { id: string }; Querystring: { q?: string } }>('/api/clase/:id/candidatos', ofClass(), async (req) => {
    const c = classOf(req);
    const q = String(req.query?.q ?? '')
      .trim()
      .slice(0, 100);
    const inClass = db.select({ id: claseAlumno.idUsuario }).from(claseAlumno).where(eq(claseAlumno.idClase, c.idClase));
    const conds = [not(isStaff), notInArray(usuario.id, inClass)];
    // A profesor finds only the children of their other classes (people they already teach); an
    // account from elsewhere is reached by its exact e-mail (POST .../invitar), never by a search.
    const me = req.user!;
    if (!atLeast(me.role, 'admin')) conds.push(inArray(usuario.id, taughtChildren(db, me.id)));
    if (q) conds.push(or(contains(usuario.nombre, q), contains(usuario.apellido, q), contains(usuario.email, q))!);
    const rows = await db
      .select({ id: usuario.id, nombre: usuario.nombre, apellido: usuario.apellido, email: usuario.email, avatar: usuario.avatar })
      .from(usuario)
      .where(and(...conds))
      .orderBy(asc(usuario.nombre), asc(usuario.apellido), asc(usuario.id))
      .limit(20);
    return { data: rows satisfies CandidatoWire[] };
  });

  app.post<{ Params: { id: string }; Body: z.output<typeof importSchema> }>(
    '/api/clase/:id/importar',
    ofClass({ config: invalidates('auth'), body: importSchema }),
    async (req, reply) => {
      const c = classOf(req);
      const body = req.body;
      const existing = await db
        .select({ nombre: usuario.nombre, apellido: usuario.apellido, fechaNacimiento: usuario.fechaNacimiento })
        .from(claseAlumno)
        .innerJoin(usuario, eq(usuario.id, claseAlumno.idUsuario))
        .where(eq(claseAlumno.idClase, c.idClase));
      const filas = checkImportRows(body.filas, { today: latestToday(), existing });
      const validas = filas.filter((f) => !Object.keys(f.errores).length).length;
      const errores = filas.length - validas;
      if (!body.guardar) {
        const msg = errores
          ? `${plural(errores, 'fila tiene', 'filas tienen')} errores.`
          : `${plural(validas, 'alumno listo', 'alumnos listos')} para importar.`;
        return { msg, filas, validas, guardado: false } satisfies ImportReply;
      }
      if (errores) return reply.status(400).send({ msg: CLASE_REPLY.importFallido, code: 'VALIDATION', filas, validas, guardado: false });
      // Picture passwords first (scrypt is slow), then every account and its class row in ONE transaction.
      // (scrypt runs on libuv's thread pool: the hashes of a class are computed side by side.)
      const claves = await Promise.all(filas.map(() => pictureColumns(makePicturePassword(cryptoRandom), secret)));
      const ids = await db.transaction(async (tx) => {
        const made = await tx
          .insert(usuario)
          .values(
            filas.map((f, i) => ({
              nombre: f.nombre,
              apellido: f.apellido,
              fechaNacimiento: f.fechaNacimiento,
              email: null,
              passwordHash: null,
              sexo: f.sexo,
              avatar: avatarForSexo(f.sexo as 'niño' | 'niña'),
              status: true,
              ...claves[i]!,
            })),
          )
          .returning({ id: usuario.id });
        await tx.insert(claseAlumno).values(made.map((m) => ({ idClase: c.idClase, idUsuario: m.id })));
        return made.map((m) => m.id);
      });
      return {
        msg: `${plural(ids.length, 'alumno importado', 'alumnos importados')}.`,
        filas,
        validas,
        guardado: true,
        // The picture passwords are read through GET .../alumnos and .../tarjetas, never a write's reply.
        data: withoutPictures(await alumnosOf(db, c.idClase, secret, ids)),
      } satisfies ImportReply;
    },
  );

  async function tareasOf(idClase: number): Promise<TareaWire[]> {
    return db
      .select({ id_nivel: tarea.idNivel, nombre_nivel: nivel.nombreNivel, fecha: tarea.fecha })
      .from(tarea)
      .innerJoin(nivel, eq(nivel.idNivel, tarea.idNivel))
      .where(eq(tarea.idClase, idClase))
      .orderBy(sql`${tarea.fecha} asc nulls last`, asc(tarea.idNivel));
  }

  app.get<{ Params: { id: string } }>('/api/clase/:id/tareas', ofClass(), async (req) => {
    const c = classOf(req);
    return { data: await tareasOf(c.idClase) };
  });

  // Assignments are read uncached (mis-tareas), so replacing them empties no cache scope.
  app.put<{ Params: { id: string }; Body: z.output<typeof tareasSchema> }>(
    '/api/clase/:id/tareas',
    ofClass({ config: invalidates(), body: tareasSchema }),
    async (req) => {
      const c = classOf(req);
      const { tareas } = req.body;
      // One row per level: the last one sent wins.
      const byLevel = new Map(tareas.map((t) => [t.id_nivel, t.fecha || null]));
      const levels = [...byLevel.keys()];
      if (levels.length) {
        const known = await db.select({ id: nivel.idNivel }).from(nivel).where(inArray(nivel.idNivel, levels));
        if (known.length !== levels.length) throw badRequest(CLASE_REPLY.nivelNoExiste, { tareas: CLASE_REPLY.nivelNoExiste });
      }
      for (const f of byLevel.values()) if (f && Number.isNaN(Date.parse(f))) throw badRequest('La fecha no es válida.', { tareas: 'La fecha no es válida.' });
      try {
        await db.transaction(async (tx) => {
          await tx.delete(tarea).where(eq(tarea.idClase, c.idClase));
          if (levels.length) await tx.insert(tarea).values([...byLevel].map(([idNivel, fecha]) => ({ idClase: c.idClase, idNivel, fecha })));
        });
      } catch (err) {
        // A level deleted between the check and the insert.
        if (isPgError(err, '23503')) throw badRequest(CLASE_REPLY.nivelNoExiste, { tareas: CLASE_REPLY.nivelNoExiste });
        throw err;
      }
      return { msg: CLASE_REPLY.tareasGuardadas, data: await tareasOf(c.idClase) };
    },
  );

  app.get('/api/clase/mis-tareas', { onRequest: app.requireUser }, async (req) => {
    const me = req.user!.id;
    const rows: MiTareaWire[] = await db
      .select({ id_nivel: tarea.idNivel, fecha: tarea.fecha, id_clase: clase.idClase, clase: clase.nombre })
      .from(tarea)
      .innerJoin(clase, eq(clase.idClase, tarea.idClase))
      .where(
        and(
          eq(clase.activa, true),
          exists(
            db
              .select({ x: sql`1` })
              .from(claseAlumno)
              .where(and(eq(claseAlumno.idClase, tarea.idClase), eq(claseAlumno.idUsuario, me))),
          ),
        ),
      )
      .orderBy(sql`${tarea.fecha} asc nulls last`, asc(tarea.idNivel), asc(clase.idClase));
    return { data: rows };
  });

  // The child's own classes (active ones), for "Mis clases" on /perfil.
  app.get('/api/clase/mias', { onRequest: app.requireUser }, async (req) => {
    const rows = await db
      .select({ id_clase: clase.idClase, nombre: clase.nombre })
      .from(claseAlumno)
      .innerJoin(clase, eq(clase.idClase, claseAlumno.idClase))
      .where(and(eq(claseAlumno.idUsuario, req.user!.id), eq(clase.activa, true)))
      .orderBy(asc(clase.nombre), asc(clase.idClase));
    return { data: rows };
  });

  app.post<{ Body: z.output<typeof unirmeSchema> }>(
    '/api/clase/unirme',
    { config: { ...invalidates(), rateLimit: ipLimit }, onRequest: app.requireUser, preValidation: bodyOrEmpty, schema: { body: unirmeSchema } },
    async (req) => {
      const me = req.user!;
      const { codigo } = req.body;
      const c = await classByCode(db, codigo);
      const [staff] = await db
        .select({ x: sql`1` })
        .from(usuario)
        .where(and(eq(usuario.id, me.id), isStaff));
      if (staff) throw badRequest(CLASE_REPLY.soloAlumnosUnirse);
      const added = await db
        .insert(claseAlumno)
        .values({ idClase: c.idClase, idUsuario: me.id })
        .onConflictDoNothing()
        .returning({ id: claseAlumno.idUsuario });
      if (!added.length) return { msg: `Ya estabas en «${c.nombre}».`, data: { id_clase: c.idClase, nombre: c.nombre } };
      // An invitation to this class is answered by joining it with the code.
      await db.delete(claseInvitacion).where(and(eq(claseInvitacion.idClase, c.idClase), eq(claseInvitacion.idUsuario, me.id)));
      return { msg: `¡Ya estás en «${c.nombre}»!`, data: { id_clase: c.idClase, nombre: c.nombre } };
    },
  );

  /** A new join code (e.g. the old one was shared too widely); the old one stops working at once. */
  app.post<{ Params: { id: string } }>('/api/clase/:id/nuevoCodigo', ofClass({ config: invalidates() }), async (req) => {
    const c = classOf(req);
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await db
          .update(clase)
          .set({ codigo: makeClassCode(cryptoRandom) })
          .where(eq(clase.idClase, c.idClase))
          .returning({ codigo: clase.codigo });
        return { msg: CLASE_REPLY.nuevoCodigo, data: { codigo: row!.codigo } };
      } catch (err) {
        if (attempt < 8 && isPgError(err, '23505')) continue;
        throw err;
      }
    }
  });

  await claseLoginRoutes(app, ctx);
  await claseTableroRoutes(app, ctx);
}
