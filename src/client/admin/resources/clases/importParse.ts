import Papa from 'papaparse';

/** One child as the teacher's list gives it (the server checks and normalises it). */
interface ParsedRow {
  nombre: string;
  apellido: string;
  fechaNacimiento: string;
  sexo: string;
}

const FIELDS: readonly (keyof ParsedRow)[] = ['nombre', 'apellido', 'fechaNacimiento', 'sexo'];

/** A header cell folded for comparison: no accents, lower case, single spaces, no BOM. */
const fold = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_\s.]+/g, ' ')
    .trim();

/** The Spanish headers a teacher's sheet may carry, folded, for each field. */
const HEADERS: Record<string, keyof ParsedRow> = {
  nombre: 'nombre',
  nombres: 'nombre',
  apellido: 'apellido',
  apellidos: 'apellido',
  'fecha de nacimiento': 'fechaNacimiento',
  'fecha nacimiento': 'fechaNacimiento',
  nacimiento: 'fechaNacimiento',
  fecha: 'fechaNacimiento',
  sexo: 'sexo',
  genero: 'sexo',
};

/** The column of each field when the first row is a header row (any order), else null. */
export function headerColumns(first: readonly string[]): Partial<Record<keyof ParsedRow, number>> | null {
  const cols: Partial<Record<keyof ParsedRow, number>> = {};
  first.forEach((cell, i) => {
    const f = HEADERS[fold(cell)];
    if (f && cols[f] === undefined) cols[f] = i;
  });
  // A header row names the name column at least; a child called "Nombre" is not plausible.
  return cols.nombre !== undefined && Object.keys(cols).length >= 2 ? cols : null;
}

/** The rows of a list (see parseImportText) with the line of the text each one starts on (1 = the first line, a header counted). */
interface ParsedList {
  filas: ParsedRow[];
  lineas: number[];
}

const newlines = (s: string) => (s.match(/\n/g) ?? []).length;

/**
 * The rows of a pasted list or a CSV file: one child per line, columns nombre, apellido, fecha de
 * nacimiento, sexo (or any order under a Spanish header row, accents and case ignored). The
 * separator is guessed among tab (pasted from Excel), ';' (Spanish Excel's CSV) and ','; a BOM and
 * blank lines are ignored. papaparse does the CSV work (quotes, separators inside quotes); its
 * step cursor gives each row's line, so the preview says the line the teacher sees in their file.
 */
export function parseImportRows(text: string): ParsedList {
  const clean = text.replace(/^\uFEFF/, '');
  if (!clean.trim()) return { filas: [], lineas: [] };
  const rows: { cells: string[]; linea: number }[] = [];
  Papa.parse<string[]>(clean, {
    delimitersToGuess: ['\t', ';', ','],
    skipEmptyLines: 'greedy',
    step: (res) => {
      const raw = res.data.map((c) => c ?? '');
      // The cursor is just past the row (its line break included): the row ends on that line and
      // starts as many lines earlier as its quoted cells hold line breaks.
      const end = clean.slice(0, res.meta.cursor).replace(/\r?\n$/, '');
      rows.push({ cells: raw.map((c) => c.trim()), linea: newlines(end) + 1 - newlines(raw.join('')) });
    },
  });
  const kept = rows.filter((r) => r.cells.some((c) => c !== ''));
  if (!kept.length) return { filas: [], lineas: [] };
  const header = headerColumns(kept[0]!.cells);
  const body = header ? kept.slice(1) : kept;
  const cols = header ?? { nombre: 0, apellido: 1, fechaNacimiento: 2, sexo: 3 };
  return {
    filas: body.map(({ cells }) => {
      const row = { nombre: '', apellido: '', fechaNacimiento: '', sexo: '' };
      for (const f of FIELDS) {
        const i = cols[f];
        if (i !== undefined) row[f] = cells[i] ?? '';
      }
      return row;
    }),
    lineas: body.map((r) => r.linea),
  };
}

/** The rows of a pasted list or a CSV file (parseImportRows without the line numbers). */
export function parseImportText(text: string): ParsedRow[] {
  return parseImportRows(text).filas;
}

/**
 * A CSV file's text: UTF-8 (with or without BOM); a file that is not valid UTF-8 is read as
 * Windows-1252, what older Spanish Excel saves ("Niña" must not arrive as "Ni�a").
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The downloadable example: a header row, ';' (Spanish Excel), a BOM so Excel reads the accents. */
export const EXAMPLE_CSV = '\uFEFFNombre;Apellido;Fecha de nacimiento;Sexo\r\nLucía;Pérez Núñez;14/03/2017;niña\r\nMateo;Gómez;02/09/2016;niño\r\n';
