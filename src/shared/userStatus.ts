import { atLeast, normalizeRole, roleRank, type Role } from './roles';

/**
 * Who may activate or deactivate whom: the rule of PUT /api/user/:id (src/server/resources/usuario/routes.ts),
 * spelt once so the Usuarios list disables 'Desactivar' exactly where the server would refuse it.
 * Staff of admin level or above change others' status; nobody changes their own account, nor an
 * account whose role is above their own. The reasons are the server's messages.
 */
type StatusRule = { allowed: true } | { allowed: false; reason: string };

export const STATUS_REASONS = {
  self: 'No puedes cambiar el estado de tu propia cuenta.',
  notAdmin: 'Solo un administrador puede activar o desactivar cuentas.',
  higherRole: 'No puedes modificar a un usuario con un rol superior al tuyo.',
} as const;

export function canChangeStatus(me: { id: unknown; role: Role | string | null | undefined }, target: { id: unknown; rol?: unknown }): StatusRule {
  const myRole = normalizeRole(me.role) ?? 'usuario';
  if (String(me.id) === String(target.id)) return { allowed: false, reason: STATUS_REASONS.self };
  if (!atLeast(myRole, 'admin')) return { allowed: false, reason: STATUS_REASONS.notAdmin };
  const theirs = normalizeRole(target.rol) ?? 'usuario';
  if (roleRank(theirs) > roleRank(myRole)) return { allowed: false, reason: STATUS_REASONS.higherRole };
  return { allowed: true };
}
