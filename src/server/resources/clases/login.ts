import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { claseAlumno, usuario } from '../../db/schema';
import { verifyPassword } from '../../auth/password';
import { deviceOf, startSession } from '../../auth/session';
import {
  CHILD_PICTURE_RULE,
  CLASS_PICTURE_RULE,
  KNOWN_DEVICE_PICTURE_RULE,
  decryptPictures,
  pictureWaitMessage,
  setPicturePassword,
} from '../../auth/pictureSecret';
import { ANY_DEVICE, clearCounters, release, reserveAttempt, type CounterKey } from '../../auth/attempts';
import type { ThrottleRule } from '../../auth/throttle';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../errors';
import { invalidates } from '../../cache';
import { bodyOrEmpty } from '../crud';
import { activeClassByCode, classByCode, classChildHook, classTeacherHook, cryptoRandom, readClassCode } from '../../classAccess';
import { INACTIVE_MSG } from '../usuario/routes';
import { CLASE_MSG, claveSchema, INVITACION_MSG, logInClaseSchema, type ClaseEntradaWire } from '../../../shared/resources/clases';
import { byChildName, isPicturePassword, makePicturePassword, type PictureKey } from '../../../shared/rules/classes';

/** The most characters of a picture answer that are hashed (a real one is "estrella-estrella-estrella"). */
const MAX_PICTURE_TEXT = 64;

/**
 * Class-code login (docs/product/screens-learner.md L-3, routes.md ): children log in with
 * the class code, their name button and a picture password; their teachers reset and unlock
 * picture passwords and print login cards.
 */
export async function claseLoginRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const ofClass = classTeacherHook(db);
  const ofChild = classChildHook(db);
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
      // Guessing limits (docs/decisions.md "Guessing limits"), taken before the pictures are checked
      // so that guesses sent together count as guesses in a row:
      // - per class and device: a device on which a child of this class logged in counts on its
      //   own, every other device together (walking every child of the class);
      // - per child: devices where the child logged in before count each on their own, every
      //   other device together. A classmate's failures elsewhere never stop a child's own tablet.
      const device = deviceOf(req);
      const knownToChild = !!row && !!device && device.accounts.includes(row.id);
      const counters: { key: CounterKey; rule: ThrottleRule }[] = [];
      if (cls) {
        const knownToClass =
          knownToChild ||
          (!!device?.accounts.length &&
            (
              await db
                .select({ id: claseAlumno.idUsuario })
                .from(claseAlumno)
                .where(and(eq(claseAlumno.idClase, cls.idClase), inArray(claseAlumno.idUsuario, device.accounts)))
                .limit(1)
            ).length > 0);
        counters.push({ key: { tipo: 'clase', cuenta: String(cls.idClase), dispositivo: knownToClass ? device!.id : ANY_DEVICE }, rule: CLASS_PICTURE_RULE });
      }
      if (row) {
        counters.push({
          key: { tipo: 'clave', cuenta: String(row.id), dispositivo: knownToChild ? device!.id : ANY_DEVICE },
          rule: knownToChild ? KNOWN_DEVICE_PICTURE_RULE : CHILD_PICTURE_RULE,
        });
      }
      const reserved = await reserveAttempt(db, counters);
      if (!reserved.ok) throw tooSoon(reply, Math.ceil(reserved.waitMs / 1000));
      // The same scrypt work whether the child exists, has pictures, or sent a malformed answer.
      const text = body.imagenes.join('-').slice(0, MAX_PICTURE_TEXT);
      const ok = (await verifyPassword(text, row?.claveImagenesHash)) && isPicturePassword(body.imagenes);
      // A wrong answer keeps its places: it is the failure.
      if (!cls || !row || !ok) throw unauthorized(CLASE_MSG.clavesIncorrectas, 'INVALID_CREDENTIALS');
      // The right pictures were no failure: the child's counter forgets the failures before them
      // (as a teacher's unlock would); the class's gives back only this attempt's place, so a
      // guesser who knows one child's pictures gains nothing for the others.
      for (const r of reserved.reservations) await release(db, r, r.key.tipo === 'clave' ? 'before' : 'own');
      if (!row.status) throw forbidden(INACTIVE_MSG, 'INACTIVE');
      // The same device cookie as the email login, so this tablet is "known" to the account there too.
      return startSession(ctx, reply, row, deviceOf(req));
    },
  );

  app.put<{ Body: z.output<typeof claveSchema> }>(
    '/api/clase/:id/alumnos/:userId/clave',
    // The account row changes (and its sessions end): the auth cache must forget it.
    { config: invalidates('auth'), onRequest: [app.requireUser, ofChild], preValidation: bodyOrEmpty, schema: { body: claveSchema } },
    async (req) => {
      const { userId } = req.claseAlumno!;
      const body = req.body;
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

  app.post(
    '/api/clase/:id/alumnos/:userId/desbloquear',
    // Only the failure counters change; the auth cache does not read them.
    { config: invalidates(), onRequest: [app.requireUser, ofChild] },
    async (req) => {
      const { userId } = req.claseAlumno!;
      // Every counter of the child: their unknown devices and each of their own.
      await clearCounters(db, 'clave', [String(userId)]);
      return { msg: 'Alumno desbloqueado.' };
    },
  );

  app.post('/api/clase/:id/desbloquear', { config: invalidates(), onRequest: [app.requireUser, ofClass] }, async (req) => {
    const { idClase } = req.clase!;
    // The class's counters (every device) and those of each of its children.
    const children = await db.select({ id: claseAlumno.idUsuario }).from(claseAlumno).where(eq(claseAlumno.idClase, idClase));
    await clearCounters(db, 'clase', [String(idClase)]);
    await clearCounters(
      db,
      'clave',
      children.map((c) => String(c.id)),
    );
    return { msg: 'Clase desbloqueada.' };
  });

  app.get('/api/clase/:id/tarjetas', { onRequest: [app.requireUser, ofClass] }, async (req) => {
    const cls = req.clase!;
    const idClase = cls.idClase;
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
