import { readRole } from '../../shared/roles';
import { canAccess } from './canAccess';

export interface MenuLink {
  /** Absolute path (react-admin's basename is /admin). */
  to: string;
  label: string;
  /** The admin child route the link opens; null = outside the back office (/home). */
  resource: string | null;
}

/**
 * The sidebar links of admin-and-games.md section 2, in its order. Contenidos and Progresos are
 * admin routes the spec's list does not name; they are added next to their neighbours so they
 * can be reached (docs/decisions.md). The results link carries the staff member's own id.
 */
export function menuLinks(userId: string | number): MenuLink[] {
  return [
    { to: '/admin/inicio', label: 'Inicio', resource: 'inicio' },
    { to: '/admin/usuario', label: 'Usuarios', resource: 'usuario' },
    { to: '/admin/nivel', label: 'Niveles', resource: 'nivel' },
    { to: '/admin/palabra', label: 'Palabras', resource: 'palabra' },
    { to: '/admin/conten', label: 'Contenidos', resource: 'conten' },
    { to: '/admin/multimedia', label: 'Multimedia', resource: 'multimedia' },
    { to: '/admin/evaluacion', label: 'Evaluaciones', resource: 'evaluacion' },
    { to: '/admin/verevaluacion', label: 'Evaluación y preguntas', resource: 'verevaluacion' },
    { to: '/admin/pregunta', label: 'Preguntas', resource: 'pregunta' },
    { to: '/admin/respuesta', label: 'Respuestas', resource: 'respuesta' },
    { to: `/admin/resultados/${encodeURIComponent(String(userId))}`, label: 'Resultados', resource: 'resultados' },
    { to: '/admin/institucion', label: 'Instituciones', resource: 'institucion' },
    { to: '/admin/dominio', label: 'Dominios', resource: 'dominio' },
    { to: '/admin/comentario', label: 'Comentarios', resource: 'comentario' },
    { to: '/admin/progreso', label: 'Progresos', resource: 'progreso' },
    { to: '/admin/configuracion', label: 'Configuración', resource: 'configuracion' },
    { to: '/home', label: 'Vista de usuario', resource: null },
    { to: '/admin/rol', label: 'Roles', resource: 'rol' },
  ];
}

/**
 * The links a stored user sees. Roles shows only for superadmin: the stored user's rol, or any
 * entry of roles named superadmin (the spec's wording); everything else follows canAccess.
 */
export function visibleMenuLinks(user: { id: string | number; rol?: unknown; roles?: unknown } | null): MenuLink[] {
  if (!user) return [];
  const role = readRole(user);
  const anySuper = Array.isArray(user.roles) && user.roles.some((r) => String((r as { nombre?: unknown })?.nombre ?? r).trim().toLowerCase() === 'superadmin');
  return menuLinks(user.id).filter((l) => {
    if (l.resource === null) return true;
    if (l.resource === 'rol') return role === 'superadmin' || anySuper;
    return canAccess(role, { resource: l.resource, action: 'list' });
  });
}
