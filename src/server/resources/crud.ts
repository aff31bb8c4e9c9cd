import { asc, desc, eq, or, sql, type AnyColumn, type SQL, and } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import type { Role } from '../../shared/roles';
import { badRequest, conflict } from '../errors';
import { contains, listParams, sortKeyOf } from './list';

/** `nivel/getNivel/{id}` → `/api/nivel/getNivel/:id` (paths are spelt once, in src/shared/resources). */
export const apiPath = (p: string | undefined) => {
  if (!p) throw new Error('ruta no declarada');
  return `/api/${p.replace('{id}', ':id')}`;
};

/**
 * preValidation of a route with a body schema: no body at all reads as `{}`, so the refusal names
 * the missing field instead of answering that the body is empty.
 */
export async function bodyOrEmpty(req: FastifyRequest) {
  req.body ??= {};
}

/** requireUser for 'usuario' (any signed-in account), requireRole otherwise. */
export const guard = (app: FastifyInstance, role: Role): onRequestAsyncHookHandler => (role === 'usuario' ? app.requireUser : app.requireRole(role));

export interface ListSpec {
  /** Wire field name → column or expression it sorts by. */
  sortable: Record<string, AnyColumn | SQL>;
  /** Default order and tie-breaker. */
  idColumn: AnyColumn;
  /** Searched by `q` (case-insensitive substring, numbers as text). */
  search: (AnyColumn | SQL)[];
  /** Exact-match filters from the query string: wire name → integer column (e.g. ?id_nivel=2). */
  filters?: Record<string, AnyColumn>;
}

export interface ListPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | undefined;
  offset: number;
}

/** Turns the optional page/perPage/sort/order/q (+ filters) of a list call into query parts. */
export function listPlan(query: unknown, spec: ListSpec): ListPlan {
  const p = listParams(query, Object.keys(spec.sortable));
  const conds: SQL[] = [];
  if (p.q) conds.push(or(...spec.search.map((c) => contains(sql`(${c})::text`, p.q!)))!);
  const qs = (query ?? {}) as Record<string, unknown>;
  for (const [name, col] of Object.entries(spec.filters ?? {})) {
    const raw = qs[name];
    if (raw === undefined || raw === '') continue;
    const s = String(Array.isArray(raw) ? raw[0] : raw).trim();
    if (!/^\d{1,9}$/.test(s)) throw badRequest(`El filtro ${name} no es válido.`, { [name]: 'Identificador inválido.' }, 'INVALID_QUERY');
    conds.push(eq(col, Number(s)));
  }
  const sortBy = p.sort ? spec.sortable[p.sort]! : spec.idColumn;
  // Text sorts as names are read (nameOrder); other columns by their own value.
  const key = sortKeyOf(sortBy);
  const orderBy = [p.order === 'DESC' ? desc(key) : asc(key)];
  if (sortBy !== spec.idColumn) orderBy.push(asc(spec.idColumn));
  return { where: conds.length ? and(...conds) : undefined, orderBy, limit: p.limit, offset: p.offset };
}

/** Applies the page of a plan to a dynamic query. */
export function paged<Q extends { limit(n: number): Q; offset(n: number): Q }>(q: Q, plan: ListPlan): Q {
  return plan.limit === undefined ? q : q.limit(plan.limit).offset(plan.offset);
}

export const countExpr = sql<number>`count(*)::int`;

/** True for a PostgreSQL error with that SQLSTATE (drizzle may wrap the driver's error in `cause`). */
export function isPgError(err: unknown, code: string): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return !!e && (e.code === code || e.cause?.code === code);
}

/** "6 palabras", "1 evaluación"... */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "a", "a y b", "a, b y c". */
export function joinEs(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

/**
 * Refuses a delete while other records depend on the row: 409 naming them, e.g.
 * 'No se puede eliminar el nivel: tiene 6 palabras y 1 evaluación.'
 */
export function refuseIfDependents(what: string, counts: [number, string, string][]) {
  const parts = counts.filter(([n]) => n > 0).map(([n, one, many]) => plural(n, one, many));
  if (parts.length) {
    throw conflict(`No se puede eliminar ${what}: tiene ${joinEs(parts)}.`, 'HAS_DEPENDENTS');
  }
}

/** Rows of `table` whose `col` equals `id` (dependents of a record about to be deleted). */
export async function countRefs(db: Db, table: PgTable, col: AnyColumn, id: number): Promise<number> {
  const rows = (await db.select({ n: countExpr }).from(table).where(eq(col, id))) as { n: number }[];
  return Number(rows[0]?.n ?? 0);
}
