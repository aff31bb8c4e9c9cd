import { describe, expect, it } from 'vitest';
import { STATUS_REASONS, canChangeStatus } from '../../../src/shared/userStatus';

describe('who may activate or deactivate whom (PUT /api/user/:id)', () => {
  const admin = { id: 2, role: 'admin' };
  const superadmin = { id: 1, role: 'Superadmin' };

  it('an admin changes a learner, a profesor and another admin', () => {
    expect(canChangeStatus(admin, { id: 7, rol: 'usuario' })).toEqual({ allowed: true });
    expect(canChangeStatus(admin, { id: 8, rol: 'profesor' })).toEqual({ allowed: true });
    expect(canChangeStatus(admin, { id: 9, rol: 'admin' })).toEqual({ allowed: true });
    expect(canChangeStatus(admin, { id: 10 })).toEqual({ allowed: true }); // no role row: a learner
  });

  it('an admin may not change a superadmin (role above their own)', () => {
    expect(canChangeStatus(admin, { id: 1, rol: 'superadmin' })).toEqual({ allowed: false, reason: STATUS_REASONS.higherRole });
  });

  it('a superadmin changes anyone but themself', () => {
    expect(canChangeStatus(superadmin, { id: 3, rol: 'superadmin' })).toEqual({ allowed: true });
    expect(canChangeStatus(superadmin, { id: '1', rol: 'superadmin' })).toEqual({ allowed: false, reason: STATUS_REASONS.self });
  });

  it('nobody changes their own account; a profesor changes nobody', () => {
    expect(canChangeStatus(admin, { id: '2', rol: 'admin' })).toEqual({ allowed: false, reason: STATUS_REASONS.self });
    expect(canChangeStatus({ id: 5, role: 'profesor' }, { id: 7, rol: 'usuario' })).toEqual({ allowed: false, reason: STATUS_REASONS.notAdmin });
  });

  it('uses the server messages for the refusals it sends', () => {
    expect(STATUS_REASONS.self).toBe('No puedes cambiar el estado de tu propia cuenta.');
    expect(STATUS_REASONS.higherRole).toBe('No puedes modificar a un usuario con un rol superior al tuyo.');
  });
});
