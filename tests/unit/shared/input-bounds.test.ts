import { describe, expect, it } from 'vitest';
import { DB_INT_MAX, dbCount, dbId, dbIdFromText, isDbId } from '../../../src/shared/validation/numbers';
import { calendarDate, isBirthDate, isCalendarDate, optionalCalendarDate } from '../../../src/shared/validation/dates';
import { BIDI_CONTROL_RE, hasBidiControl } from '../../../src/shared/validation/names';
import { INVALID_BIRTH_DATE_MSG } from '../../../src/shared/validation/dates';
import { NAME_BIDI_MSG } from '../../../src/shared/validation/names';
import { isAllowedPhoto, REG_MSG, validateRegistration } from '../../../src/shared/validation/registration';
import { parseBirthDate } from '../../../src/shared/rules/classImport';

describe('integers are bounded to what an integer column holds', () => {
  it('dbId: 1..2,147,483,647 integers only, one message', () => {
    const s = dbId('El nivel no es válido.');
    for (const ok of [1, 42, DB_INT_MAX]) expect(s.safeParse(ok).success).toBe(true);
    for (const bad of [0, -1, 1.5, DB_INT_MAX + 1, 2 ** 53, Infinity, NaN, '1', null]) {
      const r = s.safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('El nivel no es válido.');
    }
    expect(isDbId(DB_INT_MAX)).toBe(true);
    expect(isDbId(DB_INT_MAX + 1)).toBe(false);
  });

  it('dbCount allows 0; dbIdFromText reads digit strings and refuses the rest', () => {
    const c = dbCount('Los puntos deben ser un número entero.', 'Los puntos no pueden ser negativos.');
    expect(c.safeParse(0).success).toBe(true);
    expect(c.safeParse(-1).error!.issues[0]!.message).toBe('Los puntos no pueden ser negativos.');
    expect(c.safeParse(DB_INT_MAX + 1).error!.issues[0]!.message).toBe('Los puntos deben ser un número entero.');
    const t = dbIdFromText('x');
    expect(t.parse(' 12 ')).toBe(12);
    for (const bad of ['2147483648', '9999999999', '1e3', '0x10', '', true]) expect(t.safeParse(bad).success, String(bad)).toBe(false);
  });
});

describe('dates are real calendar dates', () => {
  it('isCalendarDate: month lengths, leap years, year range', () => {
    for (const ok of ['2016-02-29', '2000-02-29', '2015-12-31', '1900-01-01']) expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of [
      '2015-02-29',
      '1900-02-29',
      '2015-02-31',
      '2015-04-31',
      '2015-13-45',
      '2015-00-10',
      '2015-01-00',
      '0000-01-01',
      '1899-12-31',
      '2015-1-1',
      '2015-01-01T00:00',
      ' 2015-01-01',
      20150101,
    ]) {
      expect(isCalendarDate(bad), String(bad)).toBe(false);
    }
    expect(isBirthDate('2015-02-31')).toBe(false);
  });

  it("the zod builders give the caller's message; empty optional dates become null", () => {
    expect(calendarDate('La fecha no es válida.').safeParse('2015-02-31').error!.issues[0]!.message).toBe('La fecha no es válida.');
    const o = optionalCalendarDate('La fecha no es válida.');
    expect(o.parse('')).toBeNull();
    expect(o.parse(undefined)).toBeUndefined();
    expect(o.parse('2016-02-29')).toBe('2016-02-29');
    expect(o.safeParse(5).error!.issues[0]!.message).toBe('La fecha no es válida.');
  });

  it('the class import reads day/month/year through the same rule', () => {
    expect(parseBirthDate('29/02/2016')).toBe('2016-02-29');
    expect(parseBirthDate('29/02/2015')).toBe('invalid');
    expect(parseBirthDate('0000-01-01')).toBe('invalid');
  });
});

describe('names refuse bidi controls', () => {
  it('every embedding, override, isolate and mark; letters of right-to-left scripts are fine', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']) {
      expect(hasBidiControl(`Ana${c}`), c.codePointAt(0)!.toString(16)).toBe(true);
    }
    for (const ok of ['Ana María', 'שרה', 'مريم', 'Ana\u200bMaría', 'Ñandú 👩‍🏫']) expect(BIDI_CONTROL_RE.test(ok), ok).toBe(false);
  });
});

describe('sign-up form (both ends)', () => {
  const form = {
    nombre: 'Ana',
    apellido: 'Ruiz',
    fechaNacimiento: '2015-04-01',
    Credentials: 'A1',
    email: 'ana@ejemplo.com',
    password: 'secreto123',
    confirmPassword: 'secreto123',
    phone: '5512345678',
    avatar: 'girl',
    sexo: 'niña',
  };
  it("an impossible date and a bidi name are refused after the spec's checks, which keep their order", () => {
    expect(validateRegistration(form, '2026-01-01')).toBeNull();
    expect(validateRegistration({ ...form, fechaNacimiento: '2015-02-31' }, '2026-01-01')).toBe(INVALID_BIRTH_DATE_MSG);
    expect(validateRegistration({ ...form, nombre: 'Ana\u202E' }, '2026-01-01')).toBe(NAME_BIDI_MSG);
    // The spec's messages still come first.
    expect(validateRegistration({ ...form, fechaNacimiento: '2015-02-31', phone: '1' }, '2026-01-01')).toBe(REG_MSG.phone);
    expect(validateRegistration({ ...form, fechaNacimiento: '2030-02-31' }, '2026-01-01')).toBe(REG_MSG.birthDate);
  });

  it('photo: none, an avatar or one of our uploads', () => {
    for (const ok of [null, undefined, '', 'boy', 'girl', 'uploads/multimedia/0123456789abcdef01234567-abcdef.jpg'])
      expect(isAllowedPhoto(ok), String(ok)).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'https://x.test/a.png',
      'uploads/niveles/../../etc/passwd',
      'uploads/otra/0123456789abcdef01234567-abcdef.jpg',
      'google',
      5,
    ]) {
      expect(isAllowedPhoto(bad), String(bad)).toBe(false);
    }
  });
});
