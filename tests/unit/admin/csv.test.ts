import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CSV_BOM,
  CSV_SEPARATOR_OPTIONS,
  DEFAULT_CSV_SEPARATOR,
  csvCell,
  csvFileName,
  csvNumber,
  storeCsvSeparator,
  storedCsvSeparator,
  toCsv,
} from '../../../src/client/admin/common/csv';
import { columnsOf, sortChoices } from '../../../src/client/admin/common/ResourceGrid';
import { createElement } from 'react';
import Papa from 'papaparse';
import { FunctionField, TextField } from 'react-admin';

describe('CSV builder', () => {
  const cols = [
    { label: 'Palabra en Español', value: (r: Record<string, unknown>) => r.es },
    { label: 'Nivel', value: (r: Record<string, unknown>) => (r.nivel as { nombre: string } | undefined)?.nombre },
  ];

  it('starts with a UTF-8 BOM and a header row of the Spanish labels', () => {
    const text = toCsv(cols, [], ',');
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe('Palabra en Español,Nivel\r\n');
    // The BOM is the three UTF-8 bytes Excel looks for.
    expect([...new TextEncoder().encode(text).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('keeps accents and ñ, one CRLF line per record, names from nested objects', () => {
    const text = toCsv(
      cols,
      [
        { es: 'Niño', nivel: { nombre: 'Animales' } },
        { es: 'Pingüino', nivel: undefined },
      ],
      ',',
    );
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
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('+34 600')).toBe(`"'+34 600"`);
    expect(csvCell('-12,5%')).toBe('"-12,5%"');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-')).toBe('-');
  });

  it('names the file after the list and the date, without accents', () => {
    expect(csvFileName('Palabras', new Date(2026, 10, 24))).toBe('palabras-2026-11-24.csv');
    expect(csvFileName('Lista de Multimedia', new Date(2026, 0, 5))).toBe('lista-de-multimedia-2026-01-05.csv');
    expect(csvFileName('Evaluaciones Añadidas', new Date(2026, 0, 5))).toBe('evaluaciones-anadidas-2026-01-05.csv');
  });
});

describe('CSV separator choice (screens-backoffice.md B-1.2, B-3.3)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const cols = [
    { label: 'Alumno', value: (r: { n: string; p: number | null }) => r.n },
    { label: 'Nivel Animales: último puntaje', value: (r: { n: string; p: number | null }) => csvNumber(r.p, ';') },
  ];

  it("writes ';' when asked, quoting cells that hold it, keeping the BOM and CRLF", () => {
    const text = toCsv(
      cols,
      [
        { n: 'Peña; Ana', p: 66.67 },
        { n: 'Beto', p: null },
      ],
      ';',
    );
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1)).toBe('Alumno;Nivel Animales: último puntaje\r\n"Peña; Ana";"66,67"\r\nBeto;\r\n');
  });

  it("writes ';' when no separator is given: every export defaults to a Spanish Excel (B-1.2)", () => {
    expect(
      toCsv(
        [
          { label: 'a', value: () => 'x' },
          { label: 'b', value: () => 'y' },
        ],
        [{}],
      ).slice(1),
    ).toBe('a;b\r\nx;y\r\n');
  });

  it("quotes ';' and quotes inside a cell with either separator, so a spreadsheet keeps the cell whole", () => {
    const c = [
      { label: 'Nombre', value: (r: { n: string }) => r.n },
      { label: 'Nivel', value: () => 'Animales' },
    ];
    const rows = [{ n: 'Peña; "Ana"' }, { n: 'Luis, el del 3.º' }];
    expect(toCsv(c, rows, ';').slice(1)).toBe('Nombre;Nivel\r\n"Peña; ""Ana""";Animales\r\n"Luis, el del 3.º";Animales\r\n');
    expect(toCsv(c, rows, ',').slice(1)).toBe('Nombre,Nivel\r\n"Peña; ""Ana""",Animales\r\n"Luis, el del 3.º",Animales\r\n');
    // Read back by papaparse (what the class import uses): the same cells.
    expect(Papa.parse<string[]>(toCsv(c, rows, ';').slice(1), { delimiter: ';', skipEmptyLines: true }).data).toEqual([
      ['Nombre', 'Nivel'],
      ['Peña; "Ana"', 'Animales'],
      ['Luis, el del 3.º', 'Animales'],
    ]);
  });

  it('writes numbers with the decimal mark of the separator (comma beside ;, point beside ,)', () => {
    expect(csvNumber(66.666, ';')).toBe('66,67');
    expect(csvNumber(66.666, ',')).toBe('66.67');
    expect(csvNumber(80, ';')).toBe('80');
    expect(csvNumber(null, ';')).toBe('');
    expect(csvNumber(Number.NaN, ',')).toBe('');
  });

  it("offers the two choices in Spanish, ';' by default, and remembers the teacher's choice", () => {
    expect(CSV_SEPARATOR_OPTIONS.map((o) => o.label)).toEqual(['Excel en español (;)', 'Coma (,)']);
    expect(DEFAULT_CSV_SEPARATOR).toBe(';');
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
    expect(storedCsvSeparator()).toBe(';');
    storeCsvSeparator(',');
    expect(storedCsvSeparator()).toBe(',');
    store.set([...store.keys()][0]!, 'x');
    expect(storedCsvSeparator()).toBe(';');
  });

  it('falls back to the default when storage is blocked', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    expect(() => storeCsvSeparator(',')).not.toThrow();
    expect(storedCsvSeparator()).toBe(';');
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
    expect(toCsv(cols, [row]).slice(1)).toBe('Palabra en Español;Nivel;Activo\r\nPerro;Animales;Sí\r\n');
  });

  it('exports names, not ids: a relation column gives the name the list shows', () => {
    const cols = columnsOf([
      createElement(TextField, { key: 1, source: 'pregunta', label: 'Pregunta' }),
      createElement(FunctionField, {
        key: 2,
        label: 'Evaluación ID',
        source: 'id_evaluacion',
        render: (r: { id_evaluacion?: number; evaluacion?: { nombre_nivel: string } }) => `${r.evaluacion?.nombre_nivel} (#${r.id_evaluacion})`,
      }),
    ]);
    const text = toCsv(cols, [{ pregunta: '¿Qué animal es?', id_evaluacion: 3, evaluacion: { nombre_nivel: 'Animales' } }]);
    expect(text).toBe(`${CSV_BOM}Pregunta;Evaluación ID\r\n¿Qué animal es?;Animales (#3)\r\n`);
  });
});

describe("the card view's 'Ordenar por'", () => {
  it('offers the columns the Datagrid sorts by (sortBy, else source), not unsortable ones, labels or actions', () => {
    const choices = sortChoices([
      createElement(TextField, { key: 1, source: 'pregunta', label: 'Pregunta' }),
      createElement(FunctionField, { key: 2, label: 'Evaluación', source: 'evaluacion', sortBy: 'evaluacion', render: () => 'x' }),
      createElement(TextField, { key: 3, source: 'palabra.palabraEspanol', label: 'Palabra', sortable: false }),
      createElement(FunctionField, { key: 4, label: 'Sin clave', render: () => 'x' }),
      createElement('div', { key: 5, label: 'Acciones' }),
    ]);
    expect(choices).toEqual([
      { field: 'pregunta', label: 'Pregunta' },
      { field: 'evaluacion', label: 'Evaluación' },
    ]);
  });
});
