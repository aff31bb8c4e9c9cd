import fp from 'fastify-plugin';
import { eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { verifyToken } from './jwt';
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
    requireUser: onRequestAsyncHookHandler;
    requireRole: (min: Role) => onRequestAsyncHookHandler;
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

/**
 * The signed-in account behind a token, remembered for at most a second (constants.md C-11): a learner's
 * tablet sends the same token with every read, and resolving it (HMAC check, account and revoked
 * sessions from the auth cache: three promises) was a fixed cost of every request. This is the one
 * token cache (the verifier's own memory of checked signatures went: with this map in front it saved
 * nothing measurable). Pays: 20–21 → 25 µs of CPU per cached learner read without it (`npm run
 * bench:hot`, A/B on one machine, docs/performance.md "Hand-written infrastructure"). An entry is used
 * only while the auth cache's version is the one it was resolved under, so everything that empties
 * that cache (logout, deactivation, role or password change, here or in another process) refuses
 * the token at once, as before; expiry is checked on every use. Only accepted tokens are kept.
 */
const KNOWN_MS = 1000;
const KNOWN_MAX = 20_000;
interface Known {
  user: AuthUser;
  version: number;
  until: number;
}

export default fp<{ db: Db; secret: string }>(async (app, opts) => {
  app.decorateRequest('user', null);
  const known = new Map<string, Known>();

  async function resolve(token: string): Promise<AuthUser | null> {
    const claims = await verifyToken(token, opts.secret);
    if (!claims) return null;
    const cache = app.ctx.cache;
    // Read before loading: a bump while loading leaves an entry no request will use.
    const version = cache.version('auth');
    // Cached per account (src/server/cache.ts): any write to usuario or rol empties it.
    const u = await cache.get('auth', `u${claims.sub}`, () => loadAuthUser(opts.db, claims.sub));
    // Deactivated users and tokens issued before a password change are refused.
    if (!u || !u.status || u.tokenVersion !== claims.tv) return null;
    // A session ended by logging out is refused at once: the ids of the logged-out sessions still
    // unexpired are one cached set per process (a logout empties it in every process), so a new
    // token costs no query.
    if (claims.sid && (await cache.get('auth', 'sesiones-revocadas', () => revokedSessions(opts.db))).has(claims.sid)) return null;
    const user: AuthUser = { id: u.id, role: u.role, email: u.email, sid: claims.sid, exp: claims.exp };
    const keep = Math.min(KNOWN_MS, cache.maxAgeMs('auth'));
    if (keep > 0) {
      if (known.size >= KNOWN_MAX) known.clear();
      known.set(token, { user, version, until: Math.min(Date.now() + keep, claims.exp * 1000) });
    }
    return user;
  }

  // A callback hook: a remembered token costs no promise.
  app.addHook('onRequest', (req: FastifyRequest, _reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    const header = req.headers.authorization;
    if (!header || !header.startsWith('Bearer ')) return done();
    const token = header.slice(7).trim();
    const k = known.get(token);
    if (k) {
      if (k.version === app.ctx.cache.version('auth') && Date.now() < k.until) {
        req.user = { ...k.user };
        return done();
      }
      known.delete(token);
    }
    resolve(token).then(
      (user) => {
        if (user) req.user = user;
        done();
      },
      (err: Error) => done(err),
    );
  });

  app.decorate('requireUser', async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!req.user) throw unauthorized(SESSION_INVALID);
  });

  app.decorate('requireRole', (min: Role) => async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!req.user) throw unauthorized(SESSION_INVALID);
    if (!atLeast(req.user.role, min)) throw forbidden();
  });
});
