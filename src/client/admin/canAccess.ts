import { ADMIN_CHILD_ACCESS } from '../../shared/routes';
import { atLeast, normalizeRole, type Role } from '../../shared/roles';

/** The actions react-admin asks about (plus `read` for fields and `export`). */
export type AdminAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | 'clone' | 'read' | string;

/**
 * Minimum role for writes per admin resource, as DESIGN.md "Access" states them: content writes
 * admin+; evaluacion, pregunta, respuesta writes profesor+; users and roles as their routes.
 * `null` = the resource has no such action at all (comentario has no edit or delete; progreso and
 * resultados are read-only).
 */
const WRITE_ROLE: Record<string, { create: Role | null; edit: Role | null; delete: Role | null }> = {
  nivel: { create: 'admin', edit: 'admin', delete: 'admin' },
  palabra: { create: 'admin', edit: 'admin', delete: 'admin' },
  conten: { create: 'admin', edit: 'admin', delete: 'admin' },
  multimedia: { create: 'admin', edit: 'admin', delete: 'admin' },
  institucion: { create: 'admin', edit: 'admin', delete: 'admin' },
  dominio: { create: 'admin', edit: 'admin', delete: 'admin' },
  comentario: { create: 'admin', edit: null, delete: null },
  evaluacion: { create: 'profesor', edit: 'profesor', delete: 'profesor' },
  pregunta: { create: 'profesor', edit: 'profesor', delete: 'profesor' },
  respuesta: { create: 'profesor', edit: 'profesor', delete: 'profesor' },
  respuestas: { create: 'profesor', edit: 'profesor', delete: 'profesor' },
  verevaluacion: { create: 'profesor', edit: 'profesor', delete: 'profesor' },
  usuario: { create: null, edit: 'admin', delete: null },
  progreso: { create: null, edit: null, delete: null },
  resultados: { create: null, edit: null, delete: null },
  rol: { create: 'superadmin', edit: 'superadmin', delete: 'superadmin' },
};

/**
 * Pure access check that mirrors the spec's admin route table (src/shared/routes.ts
 * ADMIN_CHILD_ACCESS) and the server's write rules. The server enforces; this only hides what a
 * role cannot use. `role` may be any spelling (compared case-insensitively); unknown → learner.
 */
export function canAccess(role: string | null | undefined, { resource, action }: { resource: string; action: AdminAction }): boolean {
  const r = normalizeRole(role) ?? 'usuario';
  const routeRoles = ADMIN_CHILD_ACCESS[resource];
  if (!routeRoles || !routeRoles.includes(r)) return false;
  if (action === 'list' || action === 'show' || action === 'read' || action === 'export') return true;
  const rule = WRITE_ROLE[resource];
  if (!rule) return false;
  const key = action === 'clone' ? 'create' : action;
  if (key !== 'create' && key !== 'edit' && key !== 'delete') return false;
  const min = rule[key];
  return min !== null && atLeast(r, min);
}
