import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvFileName, toCsv } from '../../../src/client/admin/common/csv';
import { columnsOf } from '../../../src/client/admin/common/ResourceGrid';
import { createElement } from 'react';
import { FunctionField, TextField } from 'react-admin';

describe('CSV builder', () => {
  const cols = [
    { label: 'Palabra en Español', value: (r: Record<string, unknown>) => r.es },
    { label: 'Nivel', value: (r: Record<string, unknown>) => (r.nivel as { nombre: string } | undefined)?.nombre },
  ];

  it('starts with a UTF-8 BOM and a header row of the Spanish labels', () => {
    const text = toCsv(cols, []);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe('Palabra en Español,Nivel\r\n');
    // The BOM is the three UTF-8 bytes Excel looks for.
    expect([...new TextEncoder().encode(text).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('keeps accents and ñ, one CRLF line per record, names from nested objects', () => {
    const text = toCsv(cols, [
      { es: 'Niño', nivel: { nombre: 'Animales' } },
      { es: 'Pingüino', nivel: undefined },
    ]);
    expect(text.slice(1).split('\r\n')).toEqual(['Palabra en Español,Nivel', 'Niño,Animales', 'Pingüino,', '']);
  });

  it('quotes separators, quotes, line breaks and edge spaces', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('dijo "hola"')).toBe('"dijo ""hola"""');
    expect(csvCell('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell(' x')).toBe('" x"');
    expect(csvCell('simple')).toBe('simple');
  });

  it('writes booleans in Spanish, empties as nothing, and defuses formulas but not numbers', () => {
    expect(csvCell(true)).toBe('Sí');
    expect(csvCell(false)).toBe('No');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-')).toBe('-');
  });

  it('names the file after the list and the date, without accents', () => {
    expect(csvFileName('Palabras', new Date(2026, 10, 24))).toBe('palabras-2026-11-24.csv');
    expect(csvFileName('Lista de Multimedia', new Date(2026, 0, 5))).toBe('lista-de-multimedia-2026-01-05.csv');
    expect(csvFileName('Evaluaciones Añadidas', new Date(2026, 0, 5))).toBe('evaluaciones-anadidas-2026-01-05.csv');
  });
});

describe('export columns read from the grid', () => {
  it('uses the labels, a FunctionField text, a drawn field source, and skips the actions', () => {
    const cols = columnsOf([
      createElement(TextField, { key: 1, source: 'palabraEspanol', label: 'Palabra en Español' }),
      createElement(FunctionField, { key: 2, label: 'Nivel', render: (r: { nivel?: { nombre_nivel: string } }) => r.nivel?.nombre_nivel ?? '-' }),
      createElement(FunctionField, { key: 3, label: 'Activo', source: 'status', render: () => createElement('span', null, 'chip') }),
      createElement('div', { key: 4, label: 'Acciones' }),
    ]);
    expect(cols.map((c) => c.label)).toEqual(['Palabra en Español', 'Nivel', 'Activo']);
    const row = { palabraEspanol: 'Perro', nivel: { nombre_nivel: 'Animales' }, status: true };
    expect(cols.map((c) => c.value(row))).toEqual(['Perro', 'Animales', true]);
    expect(toCsv(cols, [row]).slice(1)).toBe('Palabra en Español,Nivel,Activo\r\nPerro,Animales,Sí\r\n');
  });
});
