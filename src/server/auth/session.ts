import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { usuario } from '../db/schema';
import { newSessionId, signToken } from './jwt';
import { DEVICE_COOKIE, formatDevice, newDeviceId, parseDevice, rememberAccount, type Device } from './throttle';
import { roleNamesFor, toUsuarioWire } from '../users';
import type { UsuarioWire } from '../../shared/resources/usuario';

/** The device a request's signed cookie names, or null (src/server/auth/throttle.ts). */
export function deviceOf(req: FastifyRequest): Device | null {
  const raw = req.cookies[DEVICE_COOKIE];
  const signed = raw ? req.unsignCookie(raw) : null;
  return signed?.valid ? parseDevice(signed.value) : null;
}

/**
 * A successful login, whichever way (email and password, or class code and pictures): the device
 * cookie now names the account, and the reply is `{ token, usuario }` (docs/product/wire.md W-2.5).
 */
export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  row: typeof usuario.$inferSelect,
  device: Device | null,
): Promise<{ token: string; usuario: UsuarioWire }> {
  const next = rememberAccount(device ?? { id: newDeviceId(), accounts: [] }, row.id);
  reply.setCookie(DEVICE_COOKIE, formatDevice(next), {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https:'),
    path: '/api/user',
    maxAge: 365 * 24 * 3600,
  });
  const roles = await roleNamesFor(ctx.database.db, [row.id]);
  const token = await signToken({ sub: row.id, tv: row.tokenVersion, sid: newSessionId() }, ctx.config.jwtSecret, ctx.config.tokenTtl);
  return { token, usuario: toUsuarioWire(row, roles.get(row.id) ?? []) };
}
