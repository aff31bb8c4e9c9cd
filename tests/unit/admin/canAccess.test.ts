import { describe, expect, it } from 'vitest';
import { canAccess } from '../../../src/client/admin/canAccess';
import { visibleMenuLinks, menuLinks } from '../../../src/client/admin/menu';
import { ADMIN_CHILD_ACCESS } from '../../../src/client/admin/canAccess';
import { ROLES, atLeast } from '../../../src/shared/roles';
import { adminRoleOf } from '../../../src/shared/resources/types';
import { ADMIN_RESOURCES } from '../../../src/client/admin/registry';

/** The admin resources the spec names (admin-and-games.md section 7); the others were added beside them. */
const SPEC_RESOURCES = 'nivel palabra conten multimedia evaluacion pregunta respuesta institucion dominio comentario progreso usuario rol'.split(' ');

describe('canAccess mirrors the admin route table', () => {
  it('opens every admin child route (list) exactly to the roles of ADMIN_CHILD_ACCESS', () => {
    for (const [resource, allowed] of Object.entries(ADMIN_CHILD_ACCESS)) {
      for (const role of ROLES) {
        expect(canAccess(role, { resource, action: 'list' }), `${role} → ${resource}`).toBe(allowed.includes(role));
      }
    }
  });

  it("profesor sees only inicio, pregunta and evaluacion, plus the memory screens (memoria, repaso), their classes, their pupils' results and the signs' tracks", () => {
    const open = Object.keys(ADMIN_CHILD_ACCESS).filter((r) => canAccess('profesor', { resource: r, action: 'list' }));
    // The spec's set plus every resource added beside it whose declaration opens its screen to a
    // profesor (read from the registry: a new resource is not listed here by hand).
    const added = ADMIN_RESOURCES.filter((r) => !SPEC_RESOURCES.includes(r.decl.name) && atLeast('profesor', adminRoleOf(r.decl))).map((r) => r.decl.name);
    expect(added).toEqual(expect.arrayContaining(['clases', 'memoria', 'repaso']));
    expect(open.sort()).toEqual([...new Set(['evaluacion', 'inicio', 'pregunta', 'resultados-alumnos', 'trazos', ...added])].sort());
    // The tracks page is staff only: a learner is refused.
    expect(canAccess('usuario', { resource: 'trazos', action: 'list' })).toBe(false);
    // A profesor creates, edits and deletes classes (the server limits them to the ones they teach).
    for (const action of ['create', 'edit', 'delete']) expect(canAccess('profesor', { resource: 'clases', action })).toBe(true);
    expect(canAccess('usuario', { resource: 'clases', action: 'list' })).toBe(false);
    // Read-only: nobody writes a schedule from the back office.
    for (const action of ['create', 'edit', 'delete']) expect(canAccess('superadmin', { resource: 'memoria', action })).toBe(false);
    expect(canAccess('usuario', { resource: 'memoria', action: 'list' })).toBe(false);
  });

  it('rol is superadmin only, for every action', () => {
    for (const action of ['list', 'create', 'edit', 'delete']) {
      expect(canAccess('superadmin', { resource: 'rol', action })).toBe(true);
      expect(canAccess('admin', { resource: 'rol', action })).toBe(false);
      expect(canAccess('profesor', { resource: 'rol', action })).toBe(false);
    }
  });

  it('compares role names case-insensitively and treats unknown roles as a learner', () => {
    expect(canAccess('ADMIN', { resource: 'nivel', action: 'edit' })).toBe(true);
    expect(canAccess(' Profesor ', { resource: 'pregunta', action: 'create' })).toBe(true);
    expect(canAccess('jefe', { resource: 'inicio', action: 'list' })).toBe(false);
    expect(canAccess(null, { resource: 'inicio', action: 'list' })).toBe(false);
    expect(canAccess('usuario', { resource: 'inicio', action: 'list' })).toBe(false);
  });

  it('comentario has no edit or delete for anyone; progreso and resultados are read-only', () => {
    for (const role of ['admin', 'superadmin']) {
      expect(canAccess(role, { resource: 'comentario', action: 'create' })).toBe(true);
      expect(canAccess(role, { resource: 'comentario', action: 'edit' })).toBe(false);
      expect(canAccess(role, { resource: 'comentario', action: 'delete' })).toBe(false);
      expect(canAccess(role, { resource: 'progreso', action: 'create' })).toBe(false);
      expect(canAccess(role, { resource: 'resultados', action: 'edit' })).toBe(false);
    }
  });

  it('profesor writes evaluacion and pregunta but no content', () => {
    expect(canAccess('profesor', { resource: 'evaluacion', action: 'create' })).toBe(true);
    expect(canAccess('profesor', { resource: 'pregunta', action: 'delete' })).toBe(true);
    expect(canAccess('profesor', { resource: 'nivel', action: 'create' })).toBe(false);
    expect(canAccess('admin', { resource: 'nivel', action: 'delete' })).toBe(true);
  });

  it('refuses unknown resources and unknown actions', () => {
    expect(canAccess('superadmin', { resource: 'secreto', action: 'list' })).toBe(false);
    expect(canAccess('superadmin', { resource: 'nivel', action: 'launch' })).toBe(false);
  });
});

describe('sidebar links', () => {
  it('lists the spec links in order, results carrying the user id', () => {
    const links = menuLinks(7).map((l) => l.to);
    expect(links).toEqual(
      expect.arrayContaining([
        '/admin/inicio',
        '/admin/usuario',
        '/admin/nivel',
        '/admin/palabra',
        '/admin/multimedia',
        '/admin/evaluacion',
        '/admin/verevaluacion',
        '/admin/pregunta',
        '/admin/respuesta',
        '/admin/resultados/7',
        '/admin/institucion',
        '/admin/dominio',
        '/admin/comentario',
        '/admin/configuracion',
        '/home',
        '/admin/rol',
      ]),
    );
    expect(links.indexOf('/admin/inicio')).toBeLessThan(links.indexOf('/admin/usuario'));
    expect(links.indexOf('/home')).toBeLessThan(links.indexOf('/admin/rol'));
  });

  it('Roles shows only for superadmin (rol field or any roles entry named superadmin)', () => {
    const has = (u: Parameters<typeof visibleMenuLinks>[0]) => visibleMenuLinks(u).some((l) => l.to === '/admin/rol');
    expect(has({ id: 1, rol: 'superadmin' })).toBe(true);
    expect(has({ id: 1, rol: 'SuperAdmin' })).toBe(true);
    expect(has({ id: 1, rol: 'admin', roles: [{ nombre: 'admin' }, { nombre: 'superadmin' }] })).toBe(true);
    expect(has({ id: 1, rol: 'admin' })).toBe(false);
    expect(has({ id: 1, rol: 'profesor' })).toBe(false);
  });

  it("profesor sees inicio, Clases, evaluacion, pregunta, the signs' tracks, their pupils' results, Memoria and the user preview only", () => {
    const links = visibleMenuLinks({ id: 3, rol: 'profesor' }).map((l) => l.to);
    // Resources added beside the spec's with a menu entry open to a profesor come from the registry.
    const added = ADMIN_RESOURCES.filter((r) => r.menu && !SPEC_RESOURCES.includes(r.decl.name) && atLeast('profesor', adminRoleOf(r.decl))).map(
      (r) => `/admin/${r.decl.name}`,
    );
    expect(added).toEqual(expect.arrayContaining(['/admin/clases', '/admin/memoria']));
    expect(links.filter((l) => !added.includes(l))).toEqual([
      '/admin/inicio',
      '/admin/evaluacion',
      '/admin/pregunta',
      '/admin/trazos',
      '/admin/resultados-alumnos',
      '/home',
    ]);
    expect(links.filter((l) => added.includes(l)).sort()).toEqual([...added].sort());
    expect(links.indexOf('/admin/clases')).toBeLessThan(links.indexOf('/admin/evaluacion'));
    expect(links.indexOf('/admin/resultados-alumnos')).toBeLessThan(links.indexOf('/admin/memoria'));
  });

  it("the profesor's results screen opens to staff; the spec's Resultados stays admin-only; admins keep one Resultados link", () => {
    expect(canAccess('profesor', { resource: 'resultados-alumnos', action: 'list' })).toBe(true);
    expect(canAccess('usuario', { resource: 'resultados-alumnos', action: 'list' })).toBe(false);
    expect(canAccess('profesor', { resource: 'resultados', action: 'list' })).toBe(false);
    const admin = visibleMenuLinks({ id: 2, rol: 'admin' }).map((l) => l.to);
    expect(admin).toContain('/admin/resultados/2');
    expect(admin).not.toContain('/admin/resultados-alumnos');
  });

  it('no stored user → no links', () => {
    expect(visibleMenuLinks(null)).toEqual([]);
  });
});

describe('back office queries: refusals are answers, not retried', () => {
  it('retries a lost connection or a server error twice, never a 4xx', async () => {
    const { shouldRetry } = await import('../../../src/client/admin/queryClient');
    expect(shouldRetry(0, { status: 404 })).toBe(false);
    expect(shouldRetry(0, { status: 400 })).toBe(false);
    expect(shouldRetry(0, { status: 403 })).toBe(false);
    expect(shouldRetry(0, { status: 0 })).toBe(true);
    expect(shouldRetry(1, { status: 503 })).toBe(true);
    expect(shouldRetry(2, { status: 500 })).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });
});

describe('institution delete says why it was refused', () => {
  it("keeps the spec's sentence and adds the server's reason", async () => {
    const { MESSAGES } = await import('../../../src/client/admin/messages');
    const m = MESSAGES.institucion!.deleteError!;
    expect(m('No se puede eliminar la institución: tiene 1 dominio.')).toBe(
      'Error al eliminar la institución. No se puede eliminar la institución: tiene 1 dominio.',
    );
    expect(m('')).toBe('Error al eliminar la institución.');
  });
});
