import { describe, expect, it } from 'vitest';
import { parseImportRows } from '../../../src/client/admin/resources/clases/importParse';
import { lineasTexto } from '../../../src/client/admin/resources/clases/ImportarAlumnos';
import { fechaCorta, fechaLarga } from '../../../src/client/admin/resources/clases/api';

/** The import preview numbers each row by the line the teacher sees in their text or file. */
describe('parseImportRows line numbers', () => {
  it('counts the header line, blank lines and a BOM as the teacher sees them', () => {
    const r = parseImportRows('\uFEFFNombre;Apellido;Fecha de nacimiento;Sexo\r\nLucía;Pérez;14/03/2017;niña\r\n\r\nMateo;Gómez;02/09/2016;niño\r\n');
    expect(r.filas.map((f) => f.nombre)).toEqual(['Lucía', 'Mateo']);
    expect(r.lineas).toEqual([2, 4]);
  });
  it('with no header the first child is line 1; a quoted cell spanning lines starts where it starts', () => {
    const r = parseImportRows('Ana\tRuiz\t01/01/2017\tniña\n"Eva\nMaría"\tSosa\t02/02/2017\tniña\nTeo\tPaz\t03/03/2017\tniño');
    expect(r.lineas).toEqual([1, 2, 4]);
    expect(r.filas[1]!.nombre).toBe('Eva\nMaría');
  });
  it('an empty text has no rows', () => {
    expect(parseImportRows('  \n ')).toEqual({ filas: [], lineas: [] });
  });
});

describe('Spanish dates and line lists written by the class screens', () => {
  it('lineasTexto', () => {
    expect(lineasTexto([4])).toBe('Línea 4');
    expect(lineasTexto([2, 4])).toBe('Líneas 2 y 4');
    expect(lineasTexto([2, 4, 7])).toBe('Líneas 2, 4 y 7');
  });
  it('fechaCorta writes dd/mm/aaaa whatever the browser locale; fechaLarga writes the month in words', () => {
    expect(fechaCorta('2017-03-14')).toBe('14/03/2017');
    expect(fechaCorta(null)).toBe('');
    const d = new Date(2030, 4, 4, 12, 0, 0); // local noon: the same calendar day in any time zone
    expect(fechaCorta(d.toISOString())).toBe('04/05/2030');
    expect(fechaLarga('2030-05-04')).toBe('4 de mayo de 2030');
    expect(fechaLarga('2030-12-31')).toBe('31 de diciembre de 2030');
    expect(fechaLarga('')).toBe('');
  });
});
