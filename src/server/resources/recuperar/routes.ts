import { createHash, randomBytes } from 'node:crypto';
import { bodyOrEmpty } from '../crud';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { passwordReset, usuario } from '../../db/schema';
import { hashPassword } from '../../auth/password';
import { badRequest } from '../../errors';
import { findUserRowByEmail } from '../../users';
import { KeyedLimiter } from '../../ratelimit';
import { PASSWORD_MIN, RECOVERY_EMPTY_MSG, REG_MSG } from '../../../shared/validation/registration';
import { invalidates } from '../../cache';

export const RECOVERY_SENT_MSG = 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.';
export const RESET_INVALID_MSG = 'El enlace no es válido o ya expiró. Solicita uno nuevo.';
export const RESET_DONE_MSG = 'Tu contraseña se actualizó correctamente. Ya puedes iniciar sesión.';
export const RESET_TTL_MS = 60 * 60 * 1000;
/** Recovery mails one address may receive per hour. */
export const RECOVERY_MAILS_PER_HOUR = 3;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const requestSchema = z.object({ email: z.string().optional().default('') });
const confirmSchema = z.object({
  token: z.string().optional().default(''),
  password: z.string().optional().default(''),
});

export default async function recuperarRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const ipLimit = { max: ctx.config.authRateLimit, timeWindow: 60_000 };
  // At most 3 mails per address per hour, counted by every process together: the form cannot be
  // used to flood someone's inbox.
  const perEmail = new KeyedLimiter(db, 'recuperar', RECOVERY_MAILS_PER_HOUR, 60 * 60_000);

  app.post<{ Body: z.output<typeof requestSchema> }>(
    '/api/recuperar',
    { config: { ...invalidates(), rateLimit: ipLimit }, preValidation: bodyOrEmpty, schema: { body: requestSchema } },
    async (req) => {
      const { email: rawEmail } = req.body;
      const email = rawEmail.trim().toLowerCase();
      if (!email) throw badRequest(RECOVERY_EMPTY_MSG);
      if (email.length > 200 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw badRequest(RECOVERY_EMPTY_MSG);
      // The same answer whether or not the account exists (no account enumeration).
      const row = await findUserRowByEmail(db, email);
      // A child without an email (made in a class) is never found here (L-5): their teacher resets their picture password.
      if (row && row.email && row.status && (await perEmail.take(email))) {
        const token = randomBytes(32).toString('base64url');
        await db.insert(passwordReset).values({ idUsuario: row.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
        const link = `${ctx.config.publicUrl}/restablecer-password?token=${token}`;
        const text = [
          `Hola, ${row.nombre}:`,
          '',
          'Recibimos una solicitud para restablecer la contraseña de tu cuenta de Manitas.',
          'Abre este enlace para elegir una contraseña nueva (vale por una hora y se puede usar una sola vez):',
          '',
          link,
          '',
          'Si no pediste este cambio, ignora este correo: tu contraseña sigue igual.',
        ].join('\n');
        const send = ctx.mailer.send({ to: row.email!, subject: 'Manitas: restablece tu contraseña', text });
        // Without SMTP the link lives only in the outbox file (readable by the server's user). It is a
        // secret that signs in as the child: logged only for a developer who asked for debug logs,
        // never in production.
        if (!ctx.config.smtpUrl && process.env.NODE_ENV !== 'production' && ['debug', 'trace'].includes(req.log.level))
          req.log.debug(`Enlace de recuperación (sin SMTP, ver outbox): ${link}`);
        // The error's code only: an SMTP server's answer may quote the address.
        send.catch((err) => req.log.error({ code: String((err as { code?: unknown }).code ?? 'desconocido') }, 'no se pudo enviar el correo de recuperación'));
        await send.catch(() => undefined);
      }
      return { msg: RECOVERY_SENT_MSG };
    },
  );

  app.post<{ Body: z.output<typeof confirmSchema> }>(
    '/api/recuperar/confirmar',
    { config: { ...invalidates('auth'), rateLimit: ipLimit }, preValidation: bodyOrEmpty, schema: { body: confirmSchema } },
    async (req) => {
      const body = req.body;
      if (!body.token || body.token.length > 200) throw badRequest(RESET_INVALID_MSG, undefined, 'RESET_INVALID');
      if (body.password.length < PASSWORD_MIN) throw badRequest(REG_MSG.short, { password: REG_MSG.short });
      if (body.password.length > 200) throw badRequest('La contraseña es demasiado larga.', { password: 'Demasiado larga.' });
      const passwordHash = await hashPassword(body.password);
      const done = await db.transaction(async (tx) => {
        // Claim the token atomically: a second use (or a race) finds it used.
        const [claimed] = await tx
          .update(passwordReset)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordReset.tokenHash, sha256(body.token)), isNull(passwordReset.usedAt), gt(passwordReset.expiresAt, new Date())))
          .returning({ idUsuario: passwordReset.idUsuario });
        if (!claimed) return false;
        // New password; every existing session and every other pending link stops working.
        await tx
          .update(usuario)
          .set({ passwordHash, tokenVersion: sql`${usuario.tokenVersion} + 1` })
          .where(eq(usuario.id, claimed.idUsuario));
        await tx
          .update(passwordReset)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordReset.idUsuario, claimed.idUsuario), isNull(passwordReset.usedAt)));
        return true;
      });
      if (!done) throw badRequest(RESET_INVALID_MSG, undefined, 'RESET_INVALID');
      return { msg: RESET_DONE_MSG };
    },
  );
}
