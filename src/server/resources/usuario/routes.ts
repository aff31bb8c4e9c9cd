import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { claseAlumno, sesionRevocada, usuario } from '../../db/schema';
import { classByCode } from '../../classAccess';
import { hashPassword, verifyPassword } from '../../auth/password';
import { deviceOf, startSession } from '../../auth/session';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors';
import { idParam, latestToday, validate } from '../../validate';
import { findUserById, findUserRowByEmail, toUsuarioWire } from '../../users';
import { KNOWN_DEVICE_RULE, UNKNOWN_DEVICE_RULE, waitMessage } from '../../auth/throttle';
import { ANY_DEVICE, emailAccount, release, reserveAttempt } from '../../auth/attempts';
import { loginSchema, profileSchema, registerSchema } from '../../../shared/resources/usuario';
import {
  AVATARS,
  LOGIN_REQUIRED_MSG,
  PROFILE_STRICTER_FIELDS,
  REG_MSG,
  SEXOS,
  unchangedProfileValue,
  validateRegistration,
} from '../../../shared/validation/registration';
import type { z } from 'zod';
import { atLeast, roleRank } from '../../../shared/roles';
import { INVALID_BIRTH_DATE_MSG, isBirthDate } from '../../../shared/validation/dates';
import { hasBidiControl, NAME_BIDI_MSG } from '../../../shared/validation/names';
import { invalidates } from '../../cache';
import { bodyOrEmpty } from '../crud';

export const LOGIN_FAILED_MSG = 'Credenciales incorrectas';
export const INACTIVE_MSG = 'Tu cuenta está desactivada. Pide ayuda a tu profesor o a un administrador.';

/** An admin editing or deactivating another admin (only a higher role may). */
export const PEER_MSG = 'No puedes modificar a un usuario con tu mismo rol.';

export default async function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const ipLimit = { max: ctx.config.authRateLimit, timeWindow: 60_000 };

  app.post(
    '/api/user/register',
    { config: { ...invalidates('auth'), rateLimit: ipLimit }, preValidation: bodyOrEmpty, schema: { body: registerSchema } },
    async (req, reply) => {
      const body = req.body as z.output<typeof registerSchema>;
      const msg = validateRegistration(
        {
          nombre: body.nombre,
          apellido: body.apellido,
          fechaNacimiento: body.fechaNacimiento,
          Credentials: body.Credential,
          email: body.email,
          password: body.password,
          confirmPassword: body.password,
          phone: body.phone,
          avatar: body.avatar,
          sexo: body.sexo,
        },
        latestToday(),
      );
      if (msg === INVALID_BIRTH_DATE_MSG) throw badRequest(msg, { fechaNacimiento: 'Fecha inválida.' });
      if (msg === NAME_BIDI_MSG) throw badRequest(msg, { [hasBidiControl(body.nombre) ? 'nombre' : 'apellido']: msg });
      if (msg) throw badRequest(msg);
      if (!isBirthDate(body.fechaNacimiento)) throw badRequest(INVALID_BIRTH_DATE_MSG, { fechaNacimiento: 'Fecha inválida.' });
      if (!(AVATARS as readonly string[]).includes(body.avatar)) throw badRequest('Elige un avatar: niño o niña.', { avatar: 'Avatar inválido.' });
      if (!(SEXOS as readonly string[]).includes(body.sexo)) throw badRequest('Elige niño o niña.', { sexo: 'Sexo inválido.' });
      for (const [k, v] of Object.entries({ nombre: body.nombre, apellido: body.apellido, Credential: body.Credential, email: body.email })) {
        if (v.trim().length > 120) throw badRequest(`El campo ${k} es demasiado largo.`, { [k]: 'Demasiado largo.' });
      }
      if (body.password.length > 200) throw badRequest('La contraseña es demasiado larga.', { password: 'Demasiado larga.' });
      const email = body.email.trim().toLowerCase();
      if (await findUserRowByEmail(db, email)) throw conflict(`El correo ingresado ya existe. ${email}`, 'EMAIL_TAKEN');
      // Optional class code: checked before anything is created, so a bad code creates nothing.
      const joins = body.codigoClase?.trim() ? await classByCode(db, body.codigoClase, 400) : null;
      const passwordHash = await hashPassword(body.password);
      try {
        const u = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(usuario)
            .values({
              nombre: body.nombre.trim(),
              apellido: body.apellido.trim(),
              fechaNacimiento: body.fechaNacimiento,
              email,
              passwordHash,
              credential: body.Credential.trim(),
              phone: body.phone.trim(),
              sexo: body.sexo,
              avatar: body.avatar,
              photo: body.photo ?? null,
              status: true,
            })
            .returning();
          if (joins) await tx.insert(claseAlumno).values({ idClase: joins.idClase, idUsuario: row!.id });
          return row!;
        });
        return reply.status(201).send({ msg: 'Usuario creado exitosamente.', data: toUsuarioWire(u, []) });
      } catch (err) {
        // Two sign-ups with one email at once: the unique index decides.
        if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
          throw conflict(`El correo ingresado ya existe. ${email}`, 'EMAIL_TAKEN');
        }
        throw err;
      }
    },
  );

  app.post(
    '/api/user/logIn',
    { config: { ...invalidates(), rateLimit: ipLimit }, preValidation: bodyOrEmpty, schema: { body: loginSchema } },
    async (req, reply) => {
      const body = req.body as z.output<typeof loginSchema>;
      const email = body.email.trim().toLowerCase();
      if (!email || !body.password.trim()) throw badRequest(LOGIN_REQUIRED_MSG);
      if (email.length > 254) throw unauthorized(LOGIN_FAILED_MSG, 'INVALID_CREDENTIALS');
      const device = deviceOf(req);
      const row = await findUserRowByEmail(db, email);
      // Guessing limits (src/server/auth/throttle.ts, attempts.ts): per account and device for a
      // device that logged into the account before, per account for every unknown device together;
      // a growing wait, never a hard lock. The attempt takes its place before the password is checked.
      const known = !!row && !!device && device.accounts.includes(row.id);
      const reserved = await reserveAttempt(db, [
        {
          key: { tipo: 'login', cuenta: emailAccount(email), dispositivo: known ? device!.id : ANY_DEVICE },
          rule: known ? KNOWN_DEVICE_RULE : UNKNOWN_DEVICE_RULE,
        },
      ]);
      if (!reserved.ok) {
        reply.header('Retry-After', String(Math.ceil(reserved.waitMs / 1000)));
        throw new AppError(429, 'RATE_LIMITED', waitMessage(reserved.waitMs));
      }
      const ok = await verifyPassword(body.password, row?.passwordHash);
      // A wrong password keeps its place: it is the failure.
      if (!row || !ok) throw unauthorized(LOGIN_FAILED_MSG, 'INVALID_CREDENTIALS');
      // The right password was no failure. On a known device it also clears that device's earlier
      // failures (they were the owner's typing); from unknown devices it gives back only its own
      // place, so a child's login on a new tablet never hands a guesser a fresh set of free tries.
      await release(db, reserved.reservations[0]!, known ? 'before' : 'own');
      if (!row.status) throw forbidden(INACTIVE_MSG, 'INACTIVE');
      // This device now knows the account: its own failures no longer wait on anyone else's.
      return startSession(ctx, reply, row, device);
    },
  );

  /**
   * 'Salir' / 'Cerrar sesión': ends this session on the server. The token's session id is stored
   * until the token would have expired anyway; every app process refuses it from the reply on (the
   * auth cache is emptied everywhere before answering). Other sessions of the account stay open.
   */
  app.post('/api/user/logout', { config: invalidates(), onRequest: app.requireUser }, async (req) => {
    const me = req.user!;
    if (me.sid) {
      const expira = new Date((me.exp ?? Math.floor(Date.now() / 1000) + ctx.config.tokenTtl) * 1000);
      await db.insert(sesionRevocada).values({ sid: me.sid, idUsuario: me.id, expira }).onConflictDoNothing();
      // Revocations older than their token are no longer needed.
      await db.delete(sesionRevocada).where(lt(sesionRevocada.expira, new Date()));
    } else {
      // A token from before session ids: end every session of the account.
      await db
        .update(usuario)
        .set({ tokenVersion: sql`${usuario.tokenVersion} + 1` as unknown as number })
        .where(eq(usuario.id, me.id));
    }
    await ctx.cache.bump(['auth']);
    return { msg: 'Sesión cerrada.' };
  });

  // GET user/usuarios (the admin list) is built by the resource layer: src/server/resources/usuario/index.ts.

  /** onRequest of a profile route: its owner or an admin, checked before the body is read. */
  const ownerOrAdmin = (refusal: string) => async (req: FastifyRequest) => {
    const id = idParam((req.params as { id: string }).id);
    if (req.user!.id !== id && !atLeast(req.user!.role, 'admin')) throw forbidden(refusal);
  };

  app.get<{ Params: { id: string } }>('/api/user/:id', { onRequest: [app.requireUser, ownerOrAdmin('Solo puedes ver tu propio perfil.')] }, async (req) => {
    const id = idParam(req.params.id);
    const user = await findUserById(db, id);
    if (!user) throw notFound('Usuario no encontrado.');
    return { data: user };
  });

  app.put<{ Params: { id: string } }>(
    '/api/user/:id',
    { config: invalidates('auth'), onRequest: [app.requireUser, ownerOrAdmin('Solo puedes actualizar tu propio perfil.')] },
    async (req) => {
      const id = idParam(req.params.id);
      const me = req.user!;
      const self = me.id === id;
      const current = await findUserById(db, id);
      if (!current) throw notFound('Usuario no encontrado.');
      // Nobody acts on an account whose role is above their own, nor on a peer (an admin on another
      // admin): only a higher role may edit or deactivate it.
      if (!self && roleRank(current.rol as never) > roleRank(me.role)) throw forbidden('No puedes modificar a un usuario con un rol superior al tuyo.');
      if (!self && roleRank(current.rol as never) === roleRank(me.role)) throw forbidden(PEER_MSG);
      // Validated here rather than by a route schema: which rules apply depends on the stored row (a
      // stored value sent back unchanged skips the stricter rules; a route schema is fixed per route).
      const raw = (req.body ?? {}) as Record<string, unknown>;
      // A stored value sent back unchanged is not checked against the profile's stricter rules.
      const unchanged =
        typeof raw === 'object' && raw !== null && !Array.isArray(raw)
          ? PROFILE_STRICTER_FIELDS.filter((k) => unchangedProfileValue(raw[k], (current as unknown as Record<string, unknown>)[k]))
          : [];
      const omit = Object.fromEntries(unchanged.map((k) => [k, true])) as Partial<Record<(typeof PROFILE_STRICTER_FIELDS)[number], true>>;
      // Unchanged fields are left out (zod drops keys it does not know): nothing to write for them.
      const body = validate(unchanged.length ? profileSchema.omit(omit) : profileSchema, raw) as z.infer<typeof profileSchema>;
      if (body.email !== undefined && body.email !== null && body.email.trim().toLowerCase() !== (current.email ?? '').toLowerCase()) {
        throw badRequest('El correo electrónico no se puede cambiar desde el perfil.', { email: 'El correo es de solo lectura.' });
      }
      if (raw.rol !== undefined && String(raw.rol).toLowerCase() !== current.rol) throw forbidden('Los roles se administran desde la sección Roles.');
      if (raw.password !== undefined || raw.passwordHash !== undefined)
        throw badRequest('La contraseña no se puede cambiar desde el perfil.', { password: 'No editable.' });
      if (raw.Credential !== undefined && raw.Credential !== current.Credential)
        throw badRequest('La credencial no se puede cambiar desde el perfil.', { Credential: 'No editable.' });
      const statusChange = body.status !== undefined && body.status !== current.status;
      if (statusChange && (self || !atLeast(me.role, 'admin'))) throw forbidden('No puedes cambiar el estado de tu propia cuenta.');
      const patch: Partial<typeof usuario.$inferInsert> = {};
      if (body.nombre !== undefined) patch.nombre = body.nombre;
      if (body.apellido !== undefined) patch.apellido = body.apellido;
      if (body.fechaNacimiento !== undefined) {
        const f = body.fechaNacimiento || null;
        if (f && f >= latestToday()) throw badRequest(REG_MSG.birthDate, { fechaNacimiento: REG_MSG.birthDate });
        patch.fechaNacimiento = f;
      }
      if (body.phone !== undefined) patch.phone = body.phone || null;
      if (body.avatar !== undefined) patch.avatar = body.avatar;
      if (body.sexo !== undefined) patch.sexo = body.sexo;
      if (statusChange) {
        patch.status = body.status!;
        // Deactivation ends every session of that user.
        if (!body.status) patch.tokenVersion = sql`${usuario.tokenVersion} + 1` as unknown as number;
      }
      if (Object.keys(patch).length) await db.update(usuario).set(patch).where(eq(usuario.id, id));
      const updated = await findUserById(db, id);
      return {
        msg: statusChange ? (body.status ? 'Usuario activado correctamente.' : 'Usuario desactivado correctamente.') : 'Perfil actualizado correctamente',
        data: updated,
      };
    },
  );
}
