import { eq, sql } from 'drizzle-orm';
import { bodyOrEmpty } from '../crud';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db';
import { rol, usuario } from '../../db/schema';
import { signToken } from '../../auth/jwt';
import { AppError, forbidden } from '../../errors';
import { roleNamesFor, toUsuarioWire } from '../../users';
import { highestRole } from '../../../shared/roles';
import type { PublicGoogleConfig } from '../../../shared/google';
import { GOOGLE_ERROR_MSG, googleRole, mapGoogleIdentity, placeholderEmail, roleToGrant, type RoleMappingConfig } from '../../google/identity';
import { googleVerifier, GoogleTokenError } from '../../google/verifier';
import { INACTIVE_MSG } from '../usuario/routes';
import { invalidates } from '../../cache';

/** Body of POST /api/user/google. */
export const googleLoginSchema = z.object({
  idToken: z
    .string({ error: 'Falta el token de Google (idToken).' })
    .min(1, 'Falta el token de Google (idToken).')
    .max(8192, 'El token de Google no es válido.'),
});

type UsuarioRow = typeof usuario.$inferSelect;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export default async function googleRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;
  const { config } = ctx;
  const mapping: RoleMappingConfig = {
    superadminEmail: config.superadminEmail,
    adminEmailDomain: config.adminEmailDomain,
    defaultRole: config.googleDefaultRole,
  };

  app.get('/api/config/public', async (_req, reply) => {
    const f = config.firebase;
    const google: PublicGoogleConfig | null = f
      ? {
          apiKey: f.apiKey,
          authDomain: f.authDomain,
          projectId: f.projectId,
          ...(f.appId ? { appId: f.appId } : {}),
          ...(f.emulatorHost ? { emulatorHost: f.emulatorHost } : {}),
        }
      : null;
    reply.header('Cache-Control', 'no-cache');
    return { google };
  });

  /** Find by Google uid, else link the account with the same email, else create; grant the mapped role. */
  async function findOrCreate(tx: Tx, claims: Awaited<ReturnType<ReturnType<typeof googleVerifier>['verify']>>): Promise<UsuarioRow> {
    const id = mapGoogleIdentity(claims);
    const mapped = googleRole(id.email, mapping);
    let row: UsuarioRow | undefined;
    [row] = await tx.select().from(usuario).where(eq(usuario.googleUid, id.googleUid));
    let isNew = false;
    if (!row && id.email) {
      [row] = await tx
        .select()
        .from(usuario)
        .where(eq(sql`lower(${usuario.email})`, id.email));
      // An inactive account is refused before anything changes (the transaction rolls back).
      if (row && !row.status) throw forbidden(INACTIVE_MSG, 'INACTIVE');
      // Google has verified this address: the account is linked to the Google identity.
      if (row)
        [row] = await tx
          .update(usuario)
          .set({ googleUid: id.googleUid, photo: row.photo ?? id.photo })
          .where(eq(usuario.id, row.id))
          .returning();
    }
    if (!row) {
      isNew = true;
      [row] = await tx
        .insert(usuario)
        .values({
          nombre: id.nombre,
          apellido: '',
          email: id.email || placeholderEmail(id.googleUid),
          passwordHash: null,
          avatar: id.avatar,
          photo: id.photo,
          googleUid: id.googleUid,
          status: true,
        })
        .returning();
    }
    if (!row!.status) throw forbidden(INACTIVE_MSG, 'INACTIVE');
    const current = highestRole((await roleNamesFor(tx as unknown as Db, [row!.id])).get(row!.id) ?? []);
    const grant = roleToGrant(mapped, { isNew, current });
    if (grant) await tx.insert(rol).values({ nombre: grant, idUsuario: row!.id });
    return row!;
  }

  app.post<{ Body: z.output<typeof googleLoginSchema> }>(
    '/api/user/google',
    {
      config: { ...invalidates('auth'), rateLimit: { max: config.authRateLimit, timeWindow: 60_000 } },
      preValidation: bodyOrEmpty,
      schema: { body: googleLoginSchema },
    },
    async (req) => {
      const body = req.body;
      if (!config.firebase) throw new AppError(404, 'GOOGLE_DISABLED', 'El inicio de sesión con Google no está habilitado.');
      let claims;
      try {
        claims = await googleVerifier(config.firebase).verify(body.idToken);
      } catch (err) {
        if (err instanceof GoogleTokenError && err.kind === 'invalid') {
          req.log.info({ reason: err.reason }, 'token de Google rechazado');
          throw new AppError(401, 'GOOGLE_TOKEN_INVALID', GOOGLE_ERROR_MSG);
        }
        req.log.error({ reason: err instanceof GoogleTokenError ? err.reason : String(err) }, 'no se pudo verificar el token de Google');
        throw new AppError(503, 'GOOGLE_UNAVAILABLE', GOOGLE_ERROR_MSG);
      }
      let row: UsuarioRow;
      try {
        row = await db.transaction((tx) => findOrCreate(tx, claims));
      } catch (err) {
        // Two first sign-ins of one account at once: the unique indexes decide; the loser finds the winner's row.
        if (!isUniqueViolation(err)) throw err;
        row = await db.transaction((tx) => findOrCreate(tx, claims));
      }
      const roles = await roleNamesFor(db, [row.id]);
      const token = await signToken({ sub: row.id, tv: row.tokenVersion }, config.jwtSecret, config.tokenTtl);
      return { token, usuario: toUsuarioWire(row, roles.get(row.id) ?? []) };
    },
  );
}
