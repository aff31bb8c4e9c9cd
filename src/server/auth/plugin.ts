import fp from 'fastify-plugin';
import { eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { tokenVerifier } from './jwt';
import { rol, sesionRevocada, usuario } from '../db/schema';
import { highestRole, atLeast, type Role } from '../../shared/roles';
import { forbidden, unauthorized } from '../errors';
import type { Db } from '../db';

export interface AuthUser {
  id: number;
  role: Role;
  email: string | null;
  /** The session (token) id; logging out revokes it. */
  sid?: string;
  /** When the token expires (seconds since the epoch). */
  exp?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    requireUser: preHandlerAsyncHookHandler;
    requireRole: (min: Role) => preHandlerAsyncHookHandler;
  }
}

export async function loadAuthUser(db: Db, id: number): Promise<(AuthUser & { status: boolean; tokenVersion: number }) | null> {
  const rows = await db
    .select({ id: usuario.id, email: usuario.email, status: usuario.status, tokenVersion: usuario.tokenVersion, rolNombre: rol.nombre })
    .from(usuario)
    .leftJoin(rol, eq(rol.idUsuario, usuario.id))
    .where(eq(usuario.id, id));
  const first = rows[0];
  if (!first) return null;
  return {
    id: first.id,
    email: first.email,
    status: first.status,
    tokenVersion: first.tokenVersion,
    role: highestRole(rows.map((r) => r.rolNombre)),
  };
}

async function revokedSessions(db: Db): Promise<Set<string>> {
  const rows = await db.select({ sid: sesionRevocada.sid }).from(sesionRevocada).where(gt(sesionRevocada.expira, new Date()));
  return new Set(rows.map((r) => r.sid));
}

const SESSION_INVALID = 'Tu sesión expiró o no es válida. Inicia sesión de nuevo.';

export default fp<{ db: Db; secret: string }>(async (app, opts) => {
  app.decorateRequest('user', null);
  const verify = tokenVerifier(opts.secret);

  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!req.url.startsWith('/api/')) return;
    const header = req.headers.authorization;
    if (!header || !header.startsWith('Bearer ')) return;
    const claims = await verify(header.slice(7).trim());
    if (!claims) return;
    // Cached per account (src/server/cache.ts): any write to usuario or rol empties it.
    const u = await app.ctx.cache.get('auth', `u${claims.sub}`, () => loadAuthUser(opts.db, claims.sub));
    // Deactivated users and tokens issued before a password change are refused.
    if (!u || !u.status || u.tokenVersion !== claims.tv) return;
    // A session ended by logging out is refused at once: the ids of the logged-out sessions still
    // unexpired are one cached set per process (a logout empties it in every process), so a new
    // token costs no query.
    if (claims.sid && (await app.ctx.cache.get('auth', 'sesiones-revocadas', () => revokedSessions(opts.db))).has(claims.sid)) return;
    req.user = { id: u.id, role: u.role, email: u.email, sid: claims.sid, exp: claims.exp };
  });

  app.decorate('requireUser', async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!req.user) throw unauthorized(SESSION_INVALID);
  });

  app.decorate('requireRole', (min: Role) => async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!req.user) throw unauthorized(SESSION_INVALID);
    if (!atLeast(req.user.role, min)) throw forbidden();
  });
});
