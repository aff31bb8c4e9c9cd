import { and, getTableColumns, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { atLeast } from '../../../shared/roles';
import { adminRoleOf } from '../../../shared/resources/types';
import { loadResources } from '..';
import { searchColumns, type ResourceBinding } from '../define';
import { contains, foldSearch } from '../list';

/** Results per resource type: the back office's top-bar search shows a few and links to the list. */
export const BUSCAR_PER_TYPE = 5;

export interface BuscarItem {
  id: string | number;
  /** The matched field's text (or the first search field's). */
  label: string;
  /** The record's other search fields, for telling apart two results with the same label. */
  detail: string;
}

export interface BuscarGroup {
  /** react-admin resource name (`nivel`, `palabra`...): the client names the group and builds the link. */
  resource: string;
  items: BuscarItem[];
  /** More matches than `items`: the client offers the whole list filtered by the term. */
  more: boolean;
}

/** A wire field, dotted names reaching a relation (`nivel.nombre_nivel`). */
function fieldOf(row: unknown, path: string): string {
  let v: unknown = row;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
}

/** Label and detail of one result: the field that matched first, then the others. */
export function describe(b: Pick<ResourceBinding, 'decl'>, row: unknown, q: string): BuscarItem {
  const values = b.decl.searchFields.map((f) => fieldOf(row, f)).filter(Boolean);
  const term = foldSearch(q);
  const hit = values.findIndex((v) => foldSearch(v).includes(term));
  const labelIndex = hit >= 0 ? hit : 0;
  const label = values[labelIndex] ?? '';
  const detail = values
    .filter((_, i) => i !== labelIndex)
    .join(' · ')
    .slice(0, 120);
  const id = (row as Record<string, unknown>)[b.decl.idField] as string | number;
  return { id, label: label.slice(0, 160) || `#${id}`, detail };
}

/**
 * GET /api/buscar?q= (routes.md R-2.9): the back office's search across every resource the caller may
 * open, grouped by resource, a few per group. Each resource is searched with its own declared
 * search fields and the lists' search (`contains`: case- and accent-insensitive), so a result here
 * is a row the resource's list finds with the same `q`. Only resources whose list the caller's role
 * may read and whose back-office screen it may open are searched (staff only: a learner is refused).
 */
export default async function buscarRoutes(app: FastifyInstance, ctx: AppContext) {
  const bindings = (await loadResources())
    .map(({ factory }) => factory(ctx))
    .filter((b) => b.decl.paths.list && b.decl.searchFields.length > 0 && b.decl.globalSearch !== false)
    .map((b) => ({ b, columns: searchColumns(b) }));

  app.get('/api/buscar', { onRequest: app.requireRole('profesor') }, async (req) => {
    const raw = (req.query as Record<string, unknown> | undefined)?.q;
    const q = String(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? ''))
      .trim()
      .slice(0, 200);
    if (!q) return { q, groups: [] };
    const role = req.user!.role;
    const groups: BuscarGroup[] = [];
    for (const { b, columns } of bindings) {
      if (!atLeast(role, b.decl.readRole) || !atLeast(role, adminRoleOf(b.decl))) continue;
      // The rows the caller may list at all (a profesor: only their classes), as the list itself scopes them.
      const scope = await b.hooks?.listScope?.(req);
      const where = and(or(...columns.map((c) => contains(sql`(${c})::text`, q))), scope);
      const rows = (await b
        .from(b.fields ?? getTableColumns(b.table))
        .where(where)
        .orderBy(b.idColumn)
        .limit(BUSCAR_PER_TYPE + 1)) as unknown[];
      if (!rows.length) continue;
      const wire = await b.toWire(rows.slice(0, BUSCAR_PER_TYPE));
      groups.push({ resource: b.decl.name, items: wire.map((w) => describe(b, w, q)), more: rows.length > BUSCAR_PER_TYPE });
    }
    return { q, groups };
  });
}
