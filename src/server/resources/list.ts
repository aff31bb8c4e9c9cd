import { Column, is, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../errors';

export interface ListParams {
  q: string | null;
  sort: string | null;
  order: 'ASC' | 'DESC';
  /** undefined = no paging asked: the whole list, in id order (wire.md W-7). */
  limit: number | undefined;
  offset: number;
}

export const MAX_PER_PAGE = 500;

/**
 * The optional list parameters of docs/product/wire.md W-7: page, perPage, sort, order, q. Unknown sort fields
 * and bad numbers are refused with a clear message instead of being ignored.
 */
export function listParams(query: unknown, sortable: readonly string[]): ListParams {
  const qs = (query ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : v === undefined ? '' : String(v));
  const q = str(qs.q).trim().slice(0, 200) || null;
  const sort = str(qs.sort).trim() || null;
  if (sort && !sortable.includes(sort))
    throw badRequest(`No se puede ordenar por "${sort.slice(0, 40)}".`, { sort: 'Campo de orden inválido.' }, 'INVALID_QUERY');
  const orderRaw = str(qs.order).trim().toUpperCase();
  if (orderRaw && orderRaw !== 'ASC' && orderRaw !== 'DESC') throw badRequest('El orden debe ser ASC o DESC.', { order: 'Orden inválido.' }, 'INVALID_QUERY');
  const pageRaw = str(qs.page).trim();
  const perRaw = str(qs.perPage).trim();
  let limit: number | undefined;
  let offset = 0;
  if (pageRaw || perRaw) {
    const page = pageRaw ? Number(pageRaw) : 1;
    const per = perRaw ? Number(perRaw) : 25;
    if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw badRequest('La página no es válida.', { page: 'Página inválida.' }, 'INVALID_QUERY');
    if (!Number.isInteger(per) || per < 1 || per > MAX_PER_PAGE)
      throw badRequest(`perPage debe estar entre 1 y ${MAX_PER_PAGE}.`, { perPage: 'Tamaño de página inválido.' }, 'INVALID_QUERY');
    limit = per;
    offset = (page - 1) * per;
  }
  return { q, sort, order: orderRaw === 'DESC' ? 'DESC' : 'ASC', limit, offset };
}

/** Escapes % and _ so a search term matches literally inside LIKE. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Accented letters a search ignores, and what each reads as (same length, position by position). */
export const FOLD_FROM = 'áéíóúüñàèìòùÁÉÍÓÚÜÑÀÈÌÒÙ';
export const FOLD_TO = 'aeiouunaeiouaeiouunaeiou';

/** The same fold in JS (tests and anything that compares outside SQL). */
export function foldSearch(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase()) {
    const i = FOLD_FROM.indexOf(ch);
    out += i >= 0 ? FOLD_TO[i] : ch;
  }
  return out;
}

/**
 * The order a person reads names in: case and accents ignored, ñ right after n ("Nivel Pi" between
 * "Nivel lote" and "Nivel mar", "Señas" after "Senda"), the same on PGlite (C locale) and on
 * PostgreSQL whatever its collation. Sorting by the database's collation put every capital before
 * every small letter on PGlite. Built-in functions only, as the search: `translate` folds the
 * accents (and Ñ, which C's `lower()` leaves), then ñ becomes "n{" — `{` follows `z` in ASCII.
 */
const SORT_FROM = 'áéíóúüàèìòùÁÉÍÓÚÜÀÈÌÒÙÑ';
const SORT_TO = 'aeiouuaeiouaeiouuaeiouñ';
export function nameOrder(col: AnyColumn | SQL): SQL {
  // COLLATE "C": the folded key compares letter by letter, as in JS, and not by a server locale that
  // skips spaces.
  return sql`(replace(translate(lower(${col}), ${SORT_FROM}, ${SORT_TO}), 'ñ', 'n{') collate "C")`;
}

const TEXT_EXPRESSIONS = new WeakSet<SQL>();
/**
 * Marks a computed sort column (a name looked up in another table) as text, so lists sort it as a
 * name; a column's own type says so by itself.
 */
export function textExpr(expr: SQL): SQL {
  TEXT_EXPRESSIONS.add(expr);
  return expr;
}
/** The key a list sorts a column or computed value by: nameOrder for text, the value otherwise. */
export function sortKeyOf(col: AnyColumn | SQL): AnyColumn | SQL {
  const text = is(col, Column) ? col.dataType === 'string' : TEXT_EXPRESSIONS.has(col as SQL);
  return text ? nameOrder(col) : col;
}

/** The same key in JS (tests compare a list's order with it). */
export function nameOrderKey(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase()) {
    const i = SORT_FROM.indexOf(ch);
    out += i >= 0 ? SORT_TO[i] : ch;
  }
  return out.replaceAll('ñ', 'n{');
}

/**
 * Every list's search: a case- and accent-insensitive substring, so "lopez" finds López and "nino"
 * finds niño (wire.md W-7, README D-11). `ILIKE` is written as PostgreSQL defines it in a UTF8 database,
 * `lower(col) LIKE lower('%q%')` (the pattern is lowered once instead of once per row, 3× faster on
 * PGlite: docs/performance.md), and both sides then go through `translate` with the accented
 * letters — upper case too, because PGlite's C locale `lower()` leaves non-ASCII letters as they
 * are. Built-in functions only: no `unaccent` extension, same on PGlite and PostgreSQL. No index
 * serves a substring search anyway (a leading %), so the fold costs no index.
 */
export function contains(col: AnyColumn | SQL, q: string): SQL {
  return sql`translate(lower(${col}), ${FOLD_FROM}, ${FOLD_TO}) like translate(lower(${`%${escapeLike(q)}%`}), ${FOLD_FROM}, ${FOLD_TO})`;
}
