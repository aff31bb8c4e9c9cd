import { describe, expect, it } from 'vitest';
import { avatarForSexo, checkImportRows, childKey, IMPORT_MSG, parseBirthDate, parseSexo, ROW_ERROR_KEY } from '../../src/shared/rules/classImport';

const TODAY = '2026-11-24';
const row = (nombre: string, apellido: string, fechaNacimiento: string, sexo: string) => ({ nombre, apellido, fechaNacimiento, sexo });

describe('parseBirthDate', () => {
  it('reads aaaa-mm-dd and dd/mm/aaaa (Spanish Excel), also d/m/aaaa and dots or dashes', () => {
    expect(parseBirthDate('2018-03-05')).toBe('2018-03-05');
    expect(parseBirthDate('05/03/2018')).toBe('2018-03-05');
    expect(parseBirthDate('5/3/2018')).toBe('2018-03-05');
    expect(parseBirthDate(' 5.3.2018 ')).toBe('2018-03-05');
    expect(parseBirthDate('5-3-2018')).toBe('2018-03-05');
  });
  it('refuses other shapes and days that do not exist', () => {
    expect(parseBirthDate('2018/03/05')).toBe('format');
    expect(parseBirthDate('marzo 2018')).toBe('format');
    expect(parseBirthDate('05/03/18')).toBe('format');
    expect(parseBirthDate('31/02/2018')).toBe('invalid');
    expect(parseBirthDate('2018-13-01')).toBe('invalid');
    expect(parseBirthDate('00/01/2018')).toBe('invalid');
    expect(parseBirthDate('29/02/2020')).toBe('2020-02-29');
    expect(parseBirthDate('29/02/2019')).toBe('invalid');
  });
});

describe('parseSexo and avatar', () => {
  it('accepts niño/niña and the aliases, case and accents ignored', () => {
    for (const s of ['niño', 'NIÑO', 'nino', 'm', 'H', 'Masculino']) expect(parseSexo(s)).toBe('niño');
    for (const s of ['niña', 'Nina', 'f', 'F', 'femenino', ' FEMENINO ']) expect(parseSexo(s)).toBe('niña');
    for (const s of ['', 'x', 'otro', 'niñx']) expect(parseSexo(s)).toBeNull();
  });
  it('the avatar goes with the sexo', () => {
    expect(avatarForSexo('niño')).toBe('boy');
    expect(avatarForSexo('niña')).toBe('girl');
  });
});

describe('checkImportRows', () => {
  it('a valid row: values as they will be saved, no errors, numbered from 1', () => {
    const [r] = checkImportRows([row('  Ana  María ', ' López ', '05/03/2018', 'F')], { today: TODAY });
    expect(r).toEqual({ fila: 1, nombre: 'Ana María', apellido: 'López', fechaNacimiento: '2018-03-05', sexo: 'niña', errores: {} });
  });

  it('every field has its Spanish message', () => {
    const rs = checkImportRows([row('', '', '', ''), row('a'.repeat(101), 'b'.repeat(101), '2018/03/05', 'x'), row('A', 'B', '31/02/2018', 'm')], {
      today: TODAY,
    });
    expect(rs[0]!.errores).toEqual({ nombre: IMPORT_MSG.nombre, apellido: IMPORT_MSG.apellido, fechaNacimiento: IMPORT_MSG.fecha, sexo: IMPORT_MSG.sexo });
    expect(rs[1]!.errores).toEqual({
      nombre: IMPORT_MSG.nombreLargo,
      apellido: IMPORT_MSG.apellidoLargo,
      fechaNacimiento: IMPORT_MSG.fechaFormato,
      sexo: IMPORT_MSG.sexoInvalido,
    });
    expect(rs[2]!.errores).toEqual({ fechaNacimiento: IMPORT_MSG.fechaInexistente });
    expect(rs.map((r) => r.fila)).toEqual([1, 2, 3]);
  });

  it('the date must be before today and not before 1990 (limits included/excluded exactly)', () => {
    const rs = checkImportRows(
      [
        row('A', 'B', TODAY, 'm'),
        row('C', 'D', '2026-11-23', 'm'),
        row('E', 'F', '1989-12-31', 'f'),
        row('G', 'H', '1990-01-01', 'f'),
        row('I', 'J', '2030-01-01', 'f'),
      ],
      { today: TODAY },
    );
    expect(rs.map((r) => r.errores.fechaNacimiento ?? null)).toEqual([IMPORT_MSG.fechaFutura, null, IMPORT_MSG.fechaAntigua, null, IMPORT_MSG.fechaFutura]);
  });

  it('a row repeating an earlier row of the file (case, accents, spaces, date format ignored) is refused; the first stays valid', () => {
    const rs = checkImportRows([row('Ana', 'López', '05/03/2018', 'f'), row('ANA', 'lopez ', '2018-03-05', 'niña'), row('Ana', 'López', '06/03/2018', 'f')], {
      today: TODAY,
    });
    expect(rs[0]!.errores).toEqual({});
    expect(rs[1]!.errores).toEqual({ [ROW_ERROR_KEY]: IMPORT_MSG.repetidoLista });
    expect(rs[2]!.errores).toEqual({});
  });

  it('a child already in the class is refused (so sending the same file again creates nobody twice)', () => {
    const existing = [
      { nombre: 'Ana', apellido: 'López', fechaNacimiento: '2018-03-05' },
      { nombre: 'Sin', apellido: 'Fecha', fechaNacimiento: null },
    ];
    const rs = checkImportRows([row('ana', 'LÓPEZ', '05/03/2018', 'f'), row('Luis', 'Pérez', '2017-01-02', 'm')], { today: TODAY, existing });
    expect(rs[0]!.errores).toEqual({ [ROW_ERROR_KEY]: IMPORT_MSG.repetidoClase });
    expect(rs[1]!.errores).toEqual({});
  });

  it('childKey folds case, accents and inner spaces', () => {
    expect(childKey('José  Luis', 'Núñez', '2018-01-01')).toBe(childKey('jose luis', 'NUNEZ', '2018-01-01'));
    expect(childKey('Ana', 'B', '2018-01-01')).not.toBe(childKey('Ana', 'B', '2018-01-02'));
  });
});
