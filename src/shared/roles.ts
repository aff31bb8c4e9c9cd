/** Roles of the product, lowest to highest. A user with no role row is a plain learner (usuario). */
export const ROLES = ['usuario', 'profesor', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['superadmin', 'admin', 'profesor'] as const satisfies readonly Role[];
export const ADMIN_ROLES = ['superadmin', 'admin'] as const satisfies readonly Role[];

/** Role names a role row may carry (the Roles admin offers Superadmin, Admin, Profesor). */
export const ASSIGNABLE_ROLES = ['superadmin', 'admin', 'profesor'] as const;

export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  return (ROLES as readonly string[]).includes(v) ? (v as Role) : null;
}

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** The highest of several role names; none (or none known) → usuario. */
export function highestRole(names: readonly unknown[]): Role {
  let best: Role = 'usuario';
  for (const n of names) {
    const r = normalizeRole(n);
    if (r && roleRank(r) > roleRank(best)) best = r;
  }
  return best;
}

/**
 * The role of a stored session user (docs/product/wire.md W-2.6): the `rol` field, or else the first
 * entry of `roles` (its `nombre`), compared case-insensitively. Anything else is a learner.
 */
export function readRole(user: unknown): Role {
  if (!user || typeof user !== 'object') return 'usuario';
  const u = user as { rol?: unknown; roles?: unknown };
  const fromRol = normalizeRole(u.rol);
  if (fromRol) return fromRol;
  if (Array.isArray(u.roles) && u.roles.length > 0) {
    const first = u.roles[0] as { nombre?: unknown } | string;
    const r = normalizeRole(typeof first === 'string' ? first : first?.nombre);
    if (r) return r;
  }
  return 'usuario';
}

export function hasAnyRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

/** True when `role` is at least `min` in the hierarchy superadmin > admin > profesor > usuario. */
export function atLeast(role: Role, min: Role): boolean {
  return roleRank(role) >= roleRank(min);
}
