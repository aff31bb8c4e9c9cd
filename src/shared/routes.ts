import { ADMIN_ROLES, STAFF_ROLES, type Role, readRole } from './roles';

/**
 * The route-access table of accounts-and-learner.md section 2 and admin-and-games.md section 2.
 * `null` roles = any logged-in user; public routes need no session at all.
 */
export const PUBLIC_PATHS = ['/logIn', '/singIn', '/recuperar-password', '/restablecer-password', '/errorPage'] as const;

/** Admin child routes (first path segment under /admin) and the roles that may open them. */
export const ADMIN_CHILD_ACCESS: Record<string, readonly Role[]> = {
  inicio: STAFF_ROLES,
  pregunta: STAFF_ROLES,
  evaluacion: STAFF_ROLES,
  resultados: ADMIN_ROLES,
  nivel: ADMIN_ROLES,
  usuario: ADMIN_ROLES,
  palabra: ADMIN_ROLES,
  conten: ADMIN_ROLES,
  multimedia: ADMIN_ROLES,
  institucion: ADMIN_ROLES,
  respuestas: ADMIN_ROLES,
  dominio: ADMIN_ROLES,
  progreso: ADMIN_ROLES,
  comentario: ADMIN_ROLES,
  respuesta: ADMIN_ROLES,
  detalle: ADMIN_ROLES,
  verevaluacion: ADMIN_ROLES,
  configuracion: ADMIN_ROLES,
  rol: ['superadmin'],
};

export const ADMIN_SHELL_ROLES: readonly Role[] = STAFF_ROLES;

/** Roles allowed on an admin path such as `/admin/nivel/3`; unknown children are admin-only. */
export function adminPathRoles(pathname: string): readonly Role[] {
  const rest = pathname.replace(/^\/admin\/?/, '');
  const child = rest.split('/')[0] ?? '';
  if (child === '') return ADMIN_SHELL_ROLES;
  return ADMIN_CHILD_ACCESS[child] ?? ADMIN_ROLES;
}

export type StoredUserRead =
  | { ok: true; user: Record<string, unknown> & { id: unknown }; role: Role }
  | { ok: false };

/** Reads the stored session user (the JSON kept under `user`). Broken or id-less → logged out. */
export function readStoredUser(raw: string | null | undefined): StoredUserRead {
  if (!raw) return { ok: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false };
  }
  if (!parsed || typeof parsed !== 'object') return { ok: false };
  const id = (parsed as { id?: unknown }).id;
  if (id === undefined || id === null || id === '') return { ok: false };
  return { ok: true, user: parsed as Record<string, unknown> & { id: unknown }, role: readRole(parsed) };
}

export type GuardDecision = 'allow' | 'login' | 'forbidden';

/**
 * The navigation guard of accounts-and-learner.md section 4: no stored user with an id → /logIn;
 * a role outside the route's list → /errorPage; outside a browser (no storage) access is denied.
 */
export function guardDecision(raw: string | null | undefined, allowed: readonly Role[] | null, inBrowser = true): GuardDecision {
  if (!inBrowser) return 'login';
  const read = readStoredUser(raw);
  if (!read.ok) return 'login';
  if (allowed && !allowed.includes(read.role)) return 'forbidden';
  return 'allow';
}
