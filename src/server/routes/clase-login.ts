import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { clase, claseAlumno, usuario } from '../db/schema';
import { verifyPassword } from '../auth/password';
import { deviceOf, startSession } from '../auth/session';
import {
  CHILD_PICTURE_RULE,
  CLASS_PICTURE_RULE,
  classWaitSeconds,
  decryptPictures,
  pictureWaitMessage,
  pictureWaitSeconds,
  setPicturePassword,
} from '../auth/pictureSecret';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../errors';
import { idParam, validate } from '../validate';
import { invalidates } from '../cache';
import { bodyOrEmpty } from './crud';
import { activeClassByCode, classByCode, cryptoRandom, readClassCode, requireClassTeacher, requireClassTeacherOfChild } from '../classAccess';
import { INACTIVE_MSG } from './user';
import { CLASE_MSG, claveSchema, INVITACION_MSG, logInClaseSchema, type ClaseEntradaWire } from '../../shared/resources/clases';
import { byChildName, isPicturePassword, makePicturePassword, type PictureKey } from '../../shared/rules/classes';

/** The most characters of a picture answer that are hashed (a real one is "estrella-estrella-estrella"). */
const MAX_PICTURE_TEXT = 64;

/**
 * Issue 21, part B: children log in with the class code, their name button and a picture password;
 * their teachers reset and unlock picture passwords and print login cards.
 */
export default async function routes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const ipLimit = { max: ctx.config.authRateLimit, timeWindow: 60_000 };

  app.get<{ Params: { codigo: string } }>('/api/clase/codigo/:codigo', { config: { rateLimit: ipLimit } }, async (req) => {
    const row = await classByCode(db, String(req.params.codigo ?? '').slice(0, 40));
    const alumnos = (
      await db
        .select({ id: usuario.id, nombre: usuario.nombre, apellido: usuario.apellido, avatar: usuario.avatar })
        .from(claseAlumno)
        .innerJoin(usuario, eq(usuario.id, claseAlumno.idUsuario))
        // Only the children who log in here (created in the class: no e-mail, no password); an e-mail
        // account uses its own login and gets no button.
        .where(and(eq(claseAlumno.idClase, row.idClase), eq(usuario.status, true), isNull(usuario.email), isNull(usuario.passwordHash)))
    ).sort(byChildName);
    // First names only: a child finds their button; the surname stays with the teacher. Two
    // children with one first name get their surname's initial ("Ana G.", "Ana L.") to tell them apart.
    const first = (n: string) => n.trim().split(/\s+/)[0] || n;
    const count = new Map<string, number>();
    for (const a of alumnos) count.set(first(a.nombre), (count.get(first(a.nombre)) ?? 0) + 1);
    const data: ClaseEntradaWire = {
      id_clase: row.idClase,
      nombre: row.nombre,
      alumnos: alumnos.map((a) => {
        const n = first(a.nombre);
        const initial = a.apellido.trim().charAt(0).toUpperCase();
        return { id: a.id, nombre: count.get(n)! > 1 && initial ? `${n} ${initial}.` : n, avatar: a.avatar };
      }),
    };
    return { data };
  });

  function tooSoon(reply: FastifyReply, seconds: number): AppError {
    reply.header('Retry-After', String(seconds));
    return new AppError(429, 'RATE_LIMITED', pictureWaitMessage(seconds));
  }

  app.post(
    '/api/user/logInClase',
    { config: { ...invalidates(), rateLimit: ipLimit }, preValidation: bodyOrEmpty, schema: { body: logInClaseSchema } },
    async (req, reply) => {
      const body = req.body as z.output<typeof logInClaseSchema>;
      const codigo = readClassCode(body.codigo.slice(0, 40));
      const now = new Date();
      const cls = await activeClassByCode(db, codigo);
      // The child, only if they are in this class: every other case answers as a wrong password.
      const [child] =
        cls && body.id_usuario
          ? await db
              .select({ u: usuario })
              .from(claseAlumno)
              .innerJoin(usuario, eq(usuario.id, claseAlumno.idUsuario))
              .where(and(eq(claseAlumno.idClase, cls.idClase), eq(claseAlumno.idUsuario, body.id_usuario)))
          : [];
      // An account with an e-mail or password never opens with pictures (a stale picture hash included).
      const row = child?.u && child.u.email === null && child.u.passwordHash === null ? child.u : null;
      const wait = Math.max(cls ? classWaitSeconds(cls, now) : 0, row ? pictureWaitSeconds(row, now) : 0);
      if (wait > 0) throw tooSoon(reply, wait);
      // The same scrypt work whether the child exists, has pictures, or sent a malformed answer.
      const text = body.imagenes.join('-').slice(0, MAX_PICTURE_TEXT);
      const ok = (await verifyPassword(text, row?.claveImagenesHash)) && isPicturePassword(body.imagenes);
      if (!cls || !row || !ok) {
        // Counted in SQL so concurrent failures all count; forgotten after an hour without one.
        const childCutoff = new Date(now.getTime() - CHILD_PICTURE_RULE.forgetMs).toISOString();
        const classCutoff = new Date(now.getTime() - CLASS_PICTURE_RULE.forgetMs).toISOString();
        if (row) {
          await db
            .update(usuario)
            .set({
              claveFallos: sql`CASE WHEN ${usuario.claveUltimoFallo} IS NULL OR ${usuario.claveUltimoFallo} < ${childCutoff}::timestamptz THEN 1 ELSE ${usuario.claveFallos} + 1 END`,
              claveUltimoFallo: now,
            })
            .where(eq(usuario.id, row.id));
        }
        if (cls) {
          await db
            .update(clase)
            .set({
              fallos: sql`CASE WHEN ${clase.ultimoFallo} IS NULL OR ${clase.ultimoFallo} < ${classCutoff}::timestamptz THEN 1 ELSE ${clase.fallos} + 1 END`,
              ultimoFallo: now,
            })
            .where(eq(clase.idClase, cls.idClase));
        }
        throw unauthorized(CLASE_MSG.clavesIncorrectas, 'INVALID_CREDENTIALS');
      }
      if (!row.status) throw forbidden(INACTIVE_MSG, 'INACTIVE');
      // A success forgets the child's failures (not the class's: a guesser who knows one child's pictures gains nothing).
      if (row.claveFallos > 0 || row.claveUltimoFallo) await db.update(usuario).set({ claveFallos: 0, claveUltimoFallo: null }).where(eq(usuario.id, row.id));
      // The same device cookie as the email login, so this tablet is "known" to the account there too.
      return startSession(ctx, reply, row, deviceOf(req));
    },
  );

  app.put<{ Params: { id: string; userId: string } }>(
    '/api/clase/:id/alumnos/:userId/clave',
    // The account row changes (and its sessions end): the auth cache must forget it.
    { config: invalidates('auth'), preHandler: app.requireUser },
    async (req) => {
      const { userId } = await requireClassTeacherOfChild(db, req, req.params);
      const body = validate(claveSchema, req.body ?? {});
      // Picture passwords are only for children created in a class: never beside an e-mail login.
      const [acc] = await db.select({ email: usuario.email, hash: usuario.passwordHash }).from(usuario).where(eq(usuario.id, userId));
      if (acc && (acc.email !== null || acc.hash !== null)) throw conflict(INVITACION_MSG.clave, 'HAS_EMAIL_LOGIN');
      let imagenes: PictureKey[];
      if (body.imagenes === undefined) imagenes = makePicturePassword(cryptoRandom);
      else if (isPicturePassword(body.imagenes)) imagenes = body.imagenes;
      else throw badRequest('Elige 3 imágenes.', { imagenes: 'Elige 3 imágenes.' });
      await setPicturePassword(db, userId, imagenes, ctx.config.jwtSecret);
      // The new pictures are read through GET .../alumnos or .../tarjetas: a write never returns them.
      return { msg: 'Clave de imágenes cambiada.' };
    },
  );

  app.post<{ Params: { id: string; userId: string } }>(
    '/api/clase/:id/alumnos/:userId/desbloquear',
    // Only the failure counters change; the auth cache does not read them.
    { config: invalidates(), preHandler: app.requireUser },
    async (req) => {
      const { userId } = await requireClassTeacherOfChild(db, req, req.params);
      await db.update(usuario).set({ claveFallos: 0, claveUltimoFallo: null }).where(eq(usuario.id, userId));
      return { msg: 'Alumno desbloqueado.' };
    },
  );

  app.post<{ Params: { id: string } }>('/api/clase/:id/desbloquear', { config: invalidates(), preHandler: app.requireUser }, async (req) => {
    const idClase = idParam(req.params.id);
    await requireClassTeacher(db, req, idClase);
    await db.update(clase).set({ fallos: 0, ultimoFallo: null }).where(eq(clase.idClase, idClase));
    return { msg: 'Clase desbloqueada.' };
  });

  app.get<{ Params: { id: string } }>('/api/clase/:id/tarjetas', { preHandler: app.requireUser }, async (req) => {
    const idClase = idParam(req.params.id);
    const cls = await requireClassTeacher(db, req, idClase);
    const rows = (
      await db
        .select({
          id: usuario.id,
          nombre: usuario.nombre,
          apellido: usuario.apellido,
          avatar: usuario.avatar,
          cifrada: usuario.claveImagenesCifrada,
          email: usuario.email,
          hash: usuario.passwordHash,
        })
        .from(claseAlumno)
        .innerJoin(usuario, eq(usuario.id, claseAlumno.idUsuario))
        .where(eq(claseAlumno.idClase, idClase))
    ).sort(byChildName);
    return {
      data: {
        clase: { nombre: cls.nombre, codigo: cls.codigo },
        alumnos: rows.map((r) => ({
          id: r.id,
          nombre: r.nombre,
          apellido: r.apellido,
          avatar: r.avatar,
          imagenes: r.email === null && r.hash === null ? decryptPictures(r.cifrada, ctx.config.jwtSecret) : null,
        })),
      },
    };
  });
}
