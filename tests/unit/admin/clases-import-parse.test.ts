import { describe, expect, it } from 'vitest';
import { EXAMPLE_CSV, headerColumns, parseImportText, readCsvFile } from '../../../src/client/admin/resources/clases/importParse';

const lucia = { nombre: 'Lucía', apellido: 'Pérez', fechaNacimiento: '14/03/2017', sexo: 'niña' };
const mateo = { nombre: 'Mateo', apellido: 'Gómez', fechaNacimiento: '2016-09-02', sexo: 'niño' };

describe('class import: the rows of a pasted list or a CSV file', () => {
  it('reads tabs (pasted from Excel), ";" and "," without a header, in the default column order', () => {
    expect(parseImportText('Lucía\tPérez\t14/03/2017\tniña\nMateo\tGómez\t2016-09-02\tniño\n')).toEqual([lucia, mateo]);
    expect(parseImportText('Lucía;Pérez;14/03/2017;niña\r\nMateo;Gómez;2016-09-02;niño')).toEqual([lucia, mateo]);
    expect(parseImportText('Lucía,Pérez,14/03/2017,niña\nMateo,Gómez,2016-09-02,niño')).toEqual([lucia, mateo]);
  });

  it('finds Spanish headers in any order, accents and case ignored, and skips a BOM and blank lines', () => {
    const text = '\uFEFFSEXO;Fecha de Nacimiento;APELLIDOS;nombre\r\n\r\nniña;14/03/2017;Pérez;Lucía\r\nniño;2016-09-02;Gómez;Mateo\r\n\r\n';
    expect(parseImportText(text)).toEqual([lucia, mateo]);
    expect(headerColumns(['Nombre', 'Apellido', 'Fecha de nacimiento', 'Sexo'])).toEqual({ nombre: 0, apellido: 1, fechaNacimiento: 2, sexo: 3 });
    expect(headerColumns(['Género', 'Nombre'])).toEqual({ sexo: 0, nombre: 1 });
    // A first child is not a header row.
    expect(headerColumns(['Lucía', 'Pérez', '14/03/2017', 'niña'])).toBeNull();
  });

  it('keeps separators inside quotes, trims cells and leaves missing columns empty (the server names them)', () => {
    expect(parseImportText('"Ana María";"de la Cruz; Ruiz";01/02/2018\n  Leo ; Sosa ;;niño ')).toEqual([
      { nombre: 'Ana María', apellido: 'de la Cruz; Ruiz', fechaNacimiento: '01/02/2018', sexo: '' },
      { nombre: 'Leo', apellido: 'Sosa', fechaNacimiento: '', sexo: 'niño' },
    ]);
    expect(parseImportText('  \n\n')).toEqual([]);
  });

  it('the example file is a header row and two valid children', () => {
    expect(EXAMPLE_CSV.startsWith('\uFEFF')).toBe(true);
    expect(parseImportText(EXAMPLE_CSV)).toEqual([
      { nombre: 'Lucía', apellido: 'Pérez Núñez', fechaNacimiento: '14/03/2017', sexo: 'niña' },
      { nombre: 'Mateo', apellido: 'Gómez', fechaNacimiento: '02/09/2016', sexo: 'niño' },
    ]);
  });

  it('reads a file as UTF-8, or as Windows-1252 (older Spanish Excel) when it is not UTF-8', async () => {
    const utf8 = new Blob([new TextEncoder().encode('\uFEFFNiña;Núñez')]);
    expect(await readCsvFile(utf8)).toBe('Niña;Núñez');
    const cp1252 = new Blob([new Uint8Array([0x4e, 0x69, 0xf1, 0x61, 0x3b, 0x4e, 0xfa, 0xf1, 0x65, 0x7a])]);
    expect(await readCsvFile(cp1252)).toBe('Niña;Núñez');
  });
});
