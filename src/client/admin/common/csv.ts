/**
 * CSV for Excel. A small function rather than react-admin's default exporter (jsonexport): we need
 * a UTF-8 byte-order mark (without it Excel reads "Español" as "EspaÃ±ol"), our own Spanish headers
 * in the grid's column order, and formula-injection guarding; jsonexport gives none of the three
 * and flattens nested objects into technical headers such as `nivel.nombre_nivel`.
 *
 * Separator (screens-backoffice.md B-3.3, constants C-9): Excel splits a CSV on the list separator of the computer's region: `;` in
 * Spain and most Spanish-speaking regions (where the comma is the decimal mark), `,` in Mexico and
 * for RFC 4180 readers (LibreOffice, Google Sheets, Numbers). Neither fits every teacher, so the
 * exports with a separator choice ('Excel en español (;)' / 'Coma (,)', common/CsvExportButton.tsx)
 * pass the one chosen, remembered in localStorage, ';' by default; numbers written with `csvNumber`
 * then take the decimal mark that goes with it (`,` beside `;`, `.` beside `,`). `toCsv` without a
 * separator keeps the comma (the lists' 'Exportar', B-1.2). A `sep=;` first line would force a
 * separator but makes Excel ignore the BOM, breaking accents.
 */
export const CSV_BOM = '\uFEFF';
export type CsvSeparator = ';' | ',';
/** What `toCsv` writes when given no separator (the lists' 'Exportar', B-1.2). */
export const CSV_SEPARATOR: CsvSeparator = ',';
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

/** One cell: text as is, quoted when needed (separator, quote, line break, edge spaces). */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'boolean' ? (v ? 'Sí' : 'No') : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  // A text starting with = + - @ would run as a formula in Excel; numbers and the '-' placeholder stay.
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+([.,]\d+)?%?$/.test(s) && s !== '-') s = `'${s}`;
  return /[",\r\n;]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The whole file: BOM, a header row of Spanish labels, one line per record, CRLF line ends (Excel's). */
export function toCsv<R>(columns: readonly CsvColumn<R>[], records: readonly R[], separator: CsvSeparator = CSV_SEPARATOR): string {
  const lines = [columns.map((c) => csvCell(c.label)).join(separator)];
  for (const r of records) lines.push(columns.map((c) => csvCell(c.value(r))).join(separator));
  return CSV_BOM + lines.join('\r\n') + '\r\n';
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
