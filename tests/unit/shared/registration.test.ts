import { describe, expect, it } from 'vitest';
import { REG_MSG, validateRegistration, type RegistrationForm } from '../../../src/shared/validation/registration';

const TODAY = '2026-11-22';
const valid: RegistrationForm = {
  nombre: 'Ana',
  apellido: 'Ruiz',
  fechaNacimiento: '2015-04-01',
  Credentials: 'A-1',
  email: 'ana@ejemplo.com',
  password: 'secreto123',
  confirmPassword: 'secreto123',
  phone: '+525512345678',
  avatar: 'girl',
  sexo: 'niña',
};
const empty: RegistrationForm = {
  nombre: '',
  apellido: '',
  fechaNacimiento: '',
  Credentials: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone: '',
  avatar: '',
  sexo: '',
};
const v = (patch: Partial<RegistrationForm>) => validateRegistration({ ...valid, ...patch }, TODAY);

describe('registration checks, in the spec order', () => {
  it('a valid form passes', () => expect(v({})).toBeNull());

  it('1. an empty form shows the phone message first', () => {
    expect(validateRegistration(empty, TODAY)).toBe('El número de teléfono no es válido. Solo números (7 a 15 dígitos).');
  });
  it('1. phone: 7 to 15 digits, optional leading plus', () => {
    expect(v({ phone: '123456' })).toBe(REG_MSG.phone);
    expect(v({ phone: '1234567' })).toBeNull();
    expect(v({ phone: '123456789012345' })).toBeNull();
    expect(v({ phone: '1234567890123456' })).toBe(REG_MSG.phone);
    expect(v({ phone: '+1234567' })).toBeNull();
    expect(v({ phone: '12-345-678' })).toBe(REG_MSG.phone);
    expect(v({ phone: '++1234567' })).toBe(REG_MSG.phone);
  });
  it('2. birth date strictly before today, checked before the required fields', () => {
    expect(validateRegistration({ ...empty, phone: '5512345678', fechaNacimiento: TODAY }, TODAY)).toBe(
      'La fecha de nacimiento no puede ser hoy o una fecha futura.',
    );
    expect(v({ fechaNacimiento: '2027-01-01' })).toBe(REG_MSG.birthDate);
    expect(v({ fechaNacimiento: '2026-11-21' })).toBeNull();
  });
  it('3. every field required', () => {
    for (const k of ['nombre', 'apellido', 'fechaNacimiento', 'email', 'password', 'confirmPassword', 'Credentials', 'avatar', 'sexo'] as const) {
      expect(v({ [k]: '  ' }), k).toBe('Todos los campos son obligatorios');
    }
  });
  it('4. passwords must match (before the length check)', () => {
    expect(v({ password: 'abc', confirmPassword: 'abd' })).toBe('Las contraseñas no coinciden');
  });
  it('5. password at least 8 characters', () => {
    expect(v({ password: '1234567', confirmPassword: '1234567' })).toBe('La contraseña debe tener al menos 8 caracteres');
    expect(v({ password: '12345678', confirmPassword: '12345678' })).toBeNull();
  });
  it('6. email x@y.z without spaces (last)', () => {
    expect(v({ email: 'ana@ejemplo', password: '1234567', confirmPassword: '1234567' })).toBe(REG_MSG.short);
    expect(v({ email: 'ana@ejemplo' })).toBe('El correo electrónico no es válido');
    expect(v({ email: 'an a@ejemplo.com' })).toBe(REG_MSG.email);
    expect(v({ email: 'ana@ejemplo.com' })).toBeNull();
  });
});
