import Papa from 'papaparse';

/**
 * CSV for Excel, one builder for every export (the lists' 'Exportar', the class dashboard, the
 * results). papaparse (already here for the class import) writes the CSV; this module adds what
 * Excel needs on top: a UTF-8 byte-order mark (without it Excel reads "Español" as "EspaÃ±ol"), our
 * own Spanish headers in the grid's column order, Spanish booleans, and formula-injection guarding
 * that leaves numbers alone. react-admin's default exporter (jsonexport) gives none of these and
 * flattens nested objects into technical headers such as `nivel.nombre_nivel`.
 *
 * Separator (screens-backoffice.md B-1.2, B-3.3, constants C-9): Excel splits a CSV on the list separator of the computer's region: `;` in
 * Spain and most Spanish-speaking regions (where the comma is the decimal mark), `,` in Mexico and
 * for RFC 4180 readers (LibreOffice, Google Sheets, Numbers). Neither fits every teacher, so every
 * export offers the choice ('Excel en español (;)' / 'Coma (,)', common/CsvExportButton.tsx) and
 * passes the one chosen, remembered in localStorage, ';' by default; numbers written with `csvNumber`
 * then take the decimal mark that goes with it (`,` beside `;`, `.` beside `,`). A `sep=;` first
 * line would force a separator but makes Excel ignore the BOM, breaking accents.
 */
export const CSV_BOM = '\uFEFF';
export type CsvSeparator = ';' | ',';
/** The separator choice's default: Spanish Excel's list separator. */
export const DEFAULT_CSV_SEPARATOR: CsvSeparator = ';';
export const CSV_SEPARATOR_OPTIONS: readonly { value: CsvSeparator; label: string }[] = [
  { value: ';', label: 'Excel en español (;)' },
  { value: ',', label: 'Coma (,)' },
];
const SEPARATOR_KEY = 'manitas.csv.separador';

/** The separator the teacher chose last (localStorage), or ';'. */
export function storedCsvSeparator(): CsvSeparator {
  try {
    const v = globalThis.localStorage?.getItem(SEPARATOR_KEY);
    return v === ',' || v === ';' ? v : DEFAULT_CSV_SEPARATOR;
  } catch {
    return DEFAULT_CSV_SEPARATOR; // storage blocked (private mode): the default, not an error
  }
}

export function storeCsvSeparator(sep: CsvSeparator): void {
  try {
    globalThis.localStorage?.setItem(SEPARATOR_KEY, sep);
  } catch {
    /* storage blocked: the choice lasts this page only */
  }
}

/** A number as Excel of that separator's region reads it: decimal comma beside ';', point beside ','. */
export function csvNumber(n: number | null | undefined, sep: CsvSeparator, decimals = 2): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  const s = Number.isInteger(n) ? String(n) : n.toFixed(decimals);
  return sep === ';' ? s.replace('.', ',') : s;
}

export interface CsvColumn<R = Record<string, unknown>> {
  label: string;
  value: (record: R) => unknown;
}

/** A value as the text Excel should show: booleans in Spanish, a date as its day, nothing for empty. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

/**
 * A text starting with = + - @ (or a tab / carriage return) would run as a formula in Excel: papaparse
 * puts a ' in front. Not a number such as -5 or -12,5% (a score, a difference), nor the '-' placeholder.
 */
const FORMULA = /^(?!-?\d+([.,]\d+)?%?$)(?!-$)[=+\-@\t\r]/;

function unparse(rows: string[][], separator: CsvSeparator): string {
  return Papa.unparse(rows, {
    delimiter: separator,
    newline: '\r\n',
    escapeFormulae: FORMULA,
    // Beyond papaparse's own rule (the separator, quotes, line breaks): either separator and edge
    // spaces, so the file reads the same whichever separator a spreadsheet guesses.
    quotes: (v: unknown) => typeof v === 'string' && /[;,]|^\s|\s$/.test(v),
  });
}

/** One cell as `toCsv` writes it (quoted when needed: a separator, a quote, a line break, edge spaces). */
export function csvCell(v: unknown, separator: CsvSeparator = DEFAULT_CSV_SEPARATOR): string {
  return unparse([[cellText(v)]], separator);
}

/** The whole file: BOM, a header row of Spanish labels, one line per record, CRLF line ends (Excel's); ';' unless told. */
export function toCsv<R>(columns: readonly CsvColumn<R>[], records: readonly R[], separator: CsvSeparator = DEFAULT_CSV_SEPARATOR): string {
  const rows = [columns.map((c) => c.label), ...records.map((r) => columns.map((c) => cellText(c.value(r))))];
  return CSV_BOM + unparse(rows, separator) + '\r\n';
}

/** `palabras-2026-11-24.csv`: the list's name without accents or spaces, and the local date. */
export function csvFileName(name: string, date = new Date()): string {
  const slug =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'lista';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${slug}-${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}.csv`;
}

/** Starts the browser download of a CSV text. */
export function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
