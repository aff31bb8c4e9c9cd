import { ADMIN_PAGE_ACCESS, ADMIN_SHELL_ROLES } from '../../shared/routes';
import { ADMIN_ROLES, ROLES, atLeast, normalizeRole, type Role } from '../../shared/roles';
import { actionRole, adminRoleOf } from '../../shared/resources/types';
import { ADMIN_RESOURCES, adminResourceByName } from './registry';

/** The actions react-admin asks about (plus `read` for fields and `export`). */
type AdminAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | 'clone' | 'read' | string;

/** Every role from `min` up, highest first (role lists read superadmin, admin, profesor; routes.md R-0). */
const from = (min: Role): readonly Role[] => [...ROLES].reverse().filter((r) => atLeast(r, min));

/**
 * The admin route table (docs/product/routes.md ): the pages that are not resources
 * (src/shared/routes.ts) plus each declared resource, opened from its declaration's adminRole.
 */
export const ADMIN_CHILD_ACCESS: Record<string, readonly Role[]> = {
  ...ADMIN_PAGE_ACCESS,
  ...Object.fromEntries(ADMIN_RESOURCES.map((r) => [r.decl.name, from(adminRoleOf(r.decl))])),
};

/** Roles allowed on an admin path such as `/admin/nivel/3`; unknown children are admin-only. */
export function adminPathRoles(pathname: string): readonly Role[] {
  const rest = pathname.replace(/^\/admin\/?/, '');
  const child = rest.split('/')[0] ?? '';
  if (child === '') return ADMIN_SHELL_ROLES;
  return ADMIN_CHILD_ACCESS[child] ?? ADMIN_ROLES;
}

type Rule = Record<'create' | 'edit' | 'delete', Role | null>;

/**
 * Write rules of the pages that are not resources: the quiz editor pages write questions and
 * answers (profesor+, as their resources); the results report is read-only.
 */
const PAGE_WRITE: Record<string, Rule> = {
  respuestas: { create: 'profesor', edit: 'profesor', delete: 'profesor' },
  verevaluacion: { create: 'profesor', edit: 'profesor', delete: 'profesor' },
  resultados: { create: null, edit: null, delete: null },
  'resultados-alumnos': { create: null, edit: null, delete: null },
};

/** Minimum role per write action: a resource's from its declaration (no path = no action). */
function writeRule(resource: string): Rule | undefined {
  const meta = adminResourceByName(resource);
  if (!meta) return PAGE_WRITE[resource];
  return { create: actionRole(meta.decl, 'create'), edit: actionRole(meta.decl, 'edit'), delete: actionRole(meta.decl, 'delete') };
}

/**
 * Pure access check from the declarations (roles and paths) and the route table. The server
 * enforces; this only hides what a role cannot use. `role` may be any spelling (compared
 * case-insensitively); unknown → learner.
 */
export function canAccess(role: string | null | undefined, { resource, action }: { resource: string; action: AdminAction }): boolean {
  const r = normalizeRole(role) ?? 'usuario';
  const routeRoles = ADMIN_CHILD_ACCESS[resource];
  if (!routeRoles || !routeRoles.includes(r)) return false;
  if (action === 'list' || action === 'show' || action === 'read' || action === 'export') return true;
  const rule = writeRule(resource);
  if (!rule) return false;
  const key = action === 'clone' ? 'create' : action;
  if (key !== 'create' && key !== 'edit' && key !== 'delete') return false;
  const min = rule[key];
  return min !== null && atLeast(r, min);
}
