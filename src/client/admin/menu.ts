import { readRole } from '../../shared/roles';
import { canAccess } from './canAccess';
import { ADMIN_RESOURCES } from './registry';

interface MenuLink {
  /** Absolute path (react-admin's basename is /admin). */
  to: string;
  label: string;
  /** The admin child route the link opens; null = outside the back office (/home). */
  resource: string | null;
}

/**
 * The sidebar entries that are pages, not resources, at their place in B-1.1's order; each
 * resource brings its own entry (menu in its admin folder's resource.ts). The results link carries
 * the staff member's own id.
 */
const PAGES = (userId: string | number): (MenuLink & { order: number })[] => [
  { order: 1, to: '/admin/inicio', label: 'Inicio', resource: 'inicio' },
  { order: 8, to: '/admin/verevaluacion', label: 'Evaluación y preguntas', resource: 'verevaluacion' },
  { order: 9.5, to: '/admin/trazos', label: 'Trazos de señas', resource: 'trazos' },
  { order: 11, to: `/admin/resultados/${encodeURIComponent(String(userId))}`, label: 'Resultados', resource: 'resultados' },
  { order: 11.1, to: '/admin/resultados-alumnos', label: 'Resultados', resource: 'resultados-alumnos' },
  { order: 15.5, to: '/admin/trabajos', label: 'Trabajos', resource: 'trabajos' },
  { order: 16, to: '/admin/configuracion', label: 'Configuración', resource: 'configuracion' },
  { order: 17, to: '/home', label: 'Vista de usuario', resource: null },
];

/**
 * The sidebar links of docs/product/screens-backoffice.md B-1.1, in its order. Contenidos and
 * Progresos are admin routes the original link list did not name (README D-22); they are added
 * next to their neighbours so they can be reached (docs/decisions.md "Shell and screens").
 */
export function menuLinks(userId: string | number): MenuLink[] {
  const fromResources = ADMIN_RESOURCES.filter((r) => r.menu).map((r) => ({
    order: r.menu!.order,
    to: `/admin/${r.decl.name}`,
    label: r.menu!.label,
    resource: r.decl.name,
  }));
  return [...PAGES(userId), ...fromResources].sort((a, b) => a.order - b.order).map(({ order: _order, ...link }) => link);
}

/**
 * The links a stored user sees. Roles shows only for superadmin: the stored user's rol, or any
 * entry of roles named superadmin (B-1.1's wording); everything else follows canAccess.
 */
export function visibleMenuLinks(user: { id: string | number; rol?: unknown; roles?: unknown } | null): MenuLink[] {
  if (!user) return [];
  const role = readRole(user);
  const anySuper =
    Array.isArray(user.roles) &&
    user.roles.some(
      (r) =>
        String((r as { nombre?: unknown })?.nombre ?? r)
          .trim()
          .toLowerCase() === 'superadmin',
    );
  return menuLinks(user.id).filter((l) => {
    if (l.resource === null) return true;
    if (l.resource === 'rol') return role === 'superadmin' || anySuper;
    // Admins have the spec's Resultados (with the class filter); a profesor, under the same name, her own screen.
    if (l.resource === 'resultados-alumnos') return role === 'profesor';
    return canAccess(role, { resource: l.resource, action: 'list' });
  });
}
