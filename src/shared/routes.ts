import { ADMIN_ROLES, STAFF_ROLES, type Role, readRole } from './roles';

/**
 * The route-access table of docs/product/routes.md R-1.
 * `null` roles = any logged-in user; public routes need no session at all.
 *
 * Admin pages that are not resources (first path segment under /admin) and the roles that may
 * open them. Each resource's screen is opened by the roles of its declaration (adminRole in
 * src/shared/resources/<entity>.ts); the back office joins both (src/client/admin/canAccess.ts).
 */
export const ADMIN_PAGE_ACCESS: Record<string, readonly Role[]> = {
  inicio: STAFF_ROLES,
  resultados: ADMIN_ROLES,
  // The profesor's results of their classes' children (the server scopes the list; admins may open it too).
  'resultados-alumnos': STAFF_ROLES,
  respuestas: ADMIN_ROLES,
  detalle: ADMIN_ROLES,
  verevaluacion: ADMIN_ROLES,
  configuracion: ADMIN_ROLES,
  // "Construir trazos que faltan" for a level ("¡Ahora tú!"): PUT /api/trazo is profesor+.
  trazos: STAFF_ROLES,
  // Failed background jobs (GET /api/trabajos, admin+): job data names content rows and files.
  trabajos: ADMIN_ROLES,
};

export const ADMIN_SHELL_ROLES: readonly Role[] = STAFF_ROLES;

/**
 * What the learner router checks before it loads the back office at all: the pages above by their
 * roles, anything else (a resource's screens) by the staff shell; inside, the back office checks the
 * resource's own roles (canAccess.ts adminPathRoles) and sends others to /errorPage. This keeps the
 * declarations, with their zod schemas, out of the learner's first download.
 */
export function adminShellRoles(pathname: string): readonly Role[] {
  const child = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return ADMIN_PAGE_ACCESS[child] ?? ADMIN_SHELL_ROLES;
}

type StoredUserRead = { ok: true; user: Record<string, unknown> & { id: unknown }; role: Role } | { ok: false };

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

type GuardDecision = 'allow' | 'login' | 'forbidden';

/**
 * The navigation guard of docs/product/routes.md R-1: no stored user with an id → /logIn;
 * a role outside the route's list → /errorPage; outside a browser (no storage) access is denied.
 */
export function guardDecision(raw: string | null | undefined, allowed: readonly Role[] | null, inBrowser = true): GuardDecision {
  if (!inBrowser) return 'login';
  const read = readStoredUser(raw);
  if (!read.ok) return 'login';
  if (allowed && !allowed.includes(read.role)) return 'forbidden';
  return 'allow';
}
