/**
 * Rules of a class import (docs/product/screens-backoffice.md B-3.6): the rows a teacher pastes or loads from a CSV file (nombre,
 * apellido, fecha de nacimiento, sexo), checked one by one before anything is saved. Pure: the
 * server runs them on POST api/clase/{id}/importar and the browser may run them for an instant
 * preview; the server's answer is the one that counts.
 */
import type { ImportRowResult } from '../resources/clases';
import { isCalendarDate } from '../validation/dates';
import { hasBidiControl, NAME_BIDI_MSG } from '../validation/names';

export const IMPORT_MSG = {
  nombre: 'El nombre es obligatorio.',
  nombreLargo: 'El nombre no puede exceder los 100 caracteres.',
  apellido: 'El apellido es obligatorio.',
  apellidoLargo: 'El apellido no puede exceder los 100 caracteres.',
  fecha: 'La fecha de nacimiento es obligatoria.',
  fechaFormato: 'Escribe la fecha como dd/mm/aaaa.',
  fechaInexistente: 'Esa fecha no existe.',
  fechaFutura: 'La fecha de nacimiento debe ser anterior a hoy.',
  fechaAntigua: 'La fecha de nacimiento no puede ser anterior a 1990.',
  sexo: 'Indica niño o niña.',
  sexoInvalido: 'Escribe niño o niña.',
  repetidoLista: 'Repetido: ya está en la lista.',
  repetidoClase: 'Ya está en esta clase.',
} as const;

/** Where a row-level error (a duplicate) goes in `errores`: it is about the whole row, not one field. */
export const ROW_ERROR_KEY = 'fila';

const IMPORT_MAX_TEXT = 100;
const IMPORT_MIN_DATE = '1990-01-01';

/** What a teacher may write for sexo (lower case, accents folded), and what is stored. */
const SEXO_ALIASES: Record<string, 'niño' | 'niña'> = {
  nino: 'niño',
  m: 'niño',
  h: 'niño',
  masculino: 'niño',
  nina: 'niña',
  f: 'niña',
  femenino: 'niña',
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** The stored sexo for what was written, or null when it is neither. */
export function parseSexo(input: string): 'niño' | 'niña' | null {
  return SEXO_ALIASES[fold(input)] ?? null;
}

/** The avatar of a child created by an import: the picture that goes with their sexo. */
export const avatarForSexo = (sexo: 'niño' | 'niña'): 'boy' | 'girl' => (sexo === 'niña' ? 'girl' : 'boy');

/**
 * A birth date as aaaa-mm-dd, from aaaa-mm-dd or dd/mm/aaaa (Spanish Excel; d/m/aaaa and dashes or
 * dots between the parts too). 'format' when it is neither; 'invalid' when the day does not exist.
 */
export function parseBirthDate(input: string): string | 'format' | 'invalid' {
  const s = input.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
    if (!match) return 'format';
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // The shared calendar rule (src/shared/validation/dates.ts); years before it are checked by the
  // import's own, later, minimum.
  return isCalendarDate(iso, 1) ? iso : 'invalid';
}

/** The identity two rows are duplicates by: name and surname (case and accents ignored) and birth date. */
export const childKey = (nombre: string, apellido: string, fechaNacimiento: string) =>
  `${fold(nombre).replace(/\s+/g, ' ')}|${fold(apellido).replace(/\s+/g, ' ')}|${fechaNacimiento}`;

interface ImportInputRow {
  nombre?: string;
  apellido?: string;
  fechaNacimiento?: string;
  sexo?: string;
}

/**
 * Checks every row. `today` (aaaa-mm-dd) is the latest date a birth date must be before;
 * `existing` are the class's children (a row that is one of them is refused, so sending the same
 * file again creates nobody twice). Each result carries the values as they will be saved.
 */
export function checkImportRows(
  rows: readonly ImportInputRow[],
  opts: { today: string; existing?: readonly { nombre: string; apellido: string; fechaNacimiento: string | null }[] },
): ImportRowResult[] {
  const inClass = new Set((opts.existing ?? []).filter((e) => e.fechaNacimiento).map((e) => childKey(e.nombre, e.apellido, e.fechaNacimiento!)));
  const seen = new Set<string>();
  return rows.map((row, i) => {
    const errores: Record<string, string> = {};
    const nombre = (row.nombre ?? '').trim().replace(/\s+/g, ' ');
    const apellido = (row.apellido ?? '').trim().replace(/\s+/g, ' ');
    if (!nombre) errores.nombre = IMPORT_MSG.nombre;
    else if (nombre.length > IMPORT_MAX_TEXT) errores.nombre = IMPORT_MSG.nombreLargo;
    else if (hasBidiControl(nombre)) errores.nombre = NAME_BIDI_MSG;
    if (!apellido) errores.apellido = IMPORT_MSG.apellido;
    else if (apellido.length > IMPORT_MAX_TEXT) errores.apellido = IMPORT_MSG.apellidoLargo;
    else if (hasBidiControl(apellido)) errores.apellido = NAME_BIDI_MSG;

    const rawFecha = (row.fechaNacimiento ?? '').trim();
    let fechaNacimiento = rawFecha;
    if (!rawFecha) errores.fechaNacimiento = IMPORT_MSG.fecha;
    else {
      const parsed = parseBirthDate(rawFecha);
      if (parsed === 'format') errores.fechaNacimiento = IMPORT_MSG.fechaFormato;
      else if (parsed === 'invalid') errores.fechaNacimiento = IMPORT_MSG.fechaInexistente;
      else {
        fechaNacimiento = parsed;
        if (parsed >= opts.today) errores.fechaNacimiento = IMPORT_MSG.fechaFutura;
        else if (parsed < IMPORT_MIN_DATE) errores.fechaNacimiento = IMPORT_MSG.fechaAntigua;
      }
    }

    const rawSexo = (row.sexo ?? '').trim();
    const sexo = parseSexo(rawSexo);
    if (!rawSexo) errores.sexo = IMPORT_MSG.sexo;
    else if (!sexo) errores.sexo = IMPORT_MSG.sexoInvalido;

    // Duplicates are judged only on rows whose identity is readable.
    if (!errores.nombre && !errores.apellido && !errores.fechaNacimiento) {
      const key = childKey(nombre, apellido, fechaNacimiento);
      if (inClass.has(key)) errores[ROW_ERROR_KEY] = IMPORT_MSG.repetidoClase;
      else if (seen.has(key)) errores[ROW_ERROR_KEY] = IMPORT_MSG.repetidoLista;
      seen.add(key);
    }
    return { fila: i + 1, nombre, apellido, fechaNacimiento, sexo: sexo ?? rawSexo, errores };
  });
}
