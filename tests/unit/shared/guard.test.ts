import { describe, expect, it } from 'vitest';
import { guardDecision, readStoredUser } from '../../../src/shared/routes';
import { adminPathRoles } from '../../../src/client/admin/canAccess';
import { highestRole, readRole } from '../../../src/shared/roles';

const user = (u: object) => JSON.stringify(u);

describe('navigation guard (accounts-and-learner §4)', () => {
  it('no stored user → /logIn', () => {
    expect(guardDecision(null, null)).toBe('login');
    expect(guardDecision('', null)).toBe('login');
  });
  it('a stored user without an id counts as logged out', () => {
    expect(guardDecision(user({ nombre: 'Ana', rol: 'admin' }), null)).toBe('login');
    expect(guardDecision(user({ id: null }), null)).toBe('login');
    expect(guardDecision(user({ id: '' }), null)).toBe('login');
  });
  it('an unparsable stored user counts as logged out', () => {
    expect(guardDecision('{not json', null)).toBe('login');
    expect(guardDecision('"text"', null)).toBe('login');
    expect(guardDecision('null', null)).toBe('login');
    expect(readStoredUser('[1,2')).toEqual({ ok: false });
  });
  it('outside a browser access is denied', () => {
    expect(guardDecision(user({ id: 1 }), null, false)).toBe('login');
  });
  it('a logged-in user passes a route with no role list', () => {
    expect(guardDecision(user({ id: 7 }), null)).toBe('allow');
  });
  it('a role outside the route list → /errorPage', () => {
    expect(guardDecision(user({ id: 7, rol: 'usuario' }), ['superadmin', 'admin', 'profesor'])).toBe('forbidden');
    expect(guardDecision(user({ id: 7 }), ['admin'])).toBe('forbidden');
  });
  it('the role is read from rol, or else roles[0].nombre, case-insensitively', () => {
    expect(guardDecision(user({ id: 1, rol: 'ADMIN' }), ['admin'])).toBe('allow');
    expect(guardDecision(user({ id: 1, roles: [{ nombre: 'Profesor' }, { nombre: 'admin' }] }), ['profesor'])).toBe('allow');
    expect(guardDecision(user({ id: 1, roles: [{ nombre: 'Profesor' }, { nombre: 'admin' }] }), ['admin'])).toBe('forbidden');
    expect(guardDecision(user({ id: 1, rol: 'SuperAdmin', roles: [{ nombre: 'profesor' }] }), ['superadmin'])).toBe('allow');
  });
});

describe('readRole', () => {
  it('rol wins over roles; unknown or missing → usuario', () => {
    expect(readRole({ rol: 'Admin' })).toBe('admin');
    expect(readRole({ rol: 'director', roles: [{ nombre: 'profesor' }] })).toBe('profesor');
    expect(readRole({ roles: [] })).toBe('usuario');
    expect(readRole({ roles: ['SUPERADMIN'] })).toBe('superadmin');
    expect(readRole(null)).toBe('usuario');
    expect(readRole('admin')).toBe('usuario');
  });
  it('highestRole picks the top of superadmin > admin > profesor > usuario', () => {
    expect(highestRole(['profesor', 'ADMIN'])).toBe('admin');
    expect(highestRole([])).toBe('usuario');
    expect(highestRole(['x', null, 'superadmin', 'admin'])).toBe('superadmin');
  });
});

describe('admin child route access (route table)', () => {
  it('inicio, pregunta, evaluacion: superadmin, admin, profesor', () => {
    for (const p of ['/admin/inicio', '/admin/pregunta', '/admin/pregunta/4', '/admin/evaluacion', '/admin', '/admin/']) {
      expect([...adminPathRoles(p)].sort()).toEqual(['admin', 'profesor', 'superadmin']);
    }
  });
  it('the admin-only children', () => {
    for (const c of [
      'resultados/3',
      'nivel',
      'usuario',
      'palabra',
      'palabra/5/multimedia',
      'conten',
      'multimedia',
      'institucion',
      'respuestas/2',
      'dominio',
      'progreso',
      'comentario',
      'respuesta',
      'detalle',
      'dominio/crear/1',
      'verevaluacion',
      'nivel/3/importar',
    ]) {
      expect([...adminPathRoles(`/admin/${c}`)].sort()).toEqual(['admin', 'superadmin']);
    }
  });
  it('rol: superadmin only', () => {
    expect(adminPathRoles('/admin/rol')).toEqual(['superadmin']);
  });
});
