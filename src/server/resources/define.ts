import { and, eq, inArray, type SQL } from 'drizzle-orm';

type Col = PgColumn | SQL;
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { readForm, putUpload, withNewFile, type UploadedFile } from '../multipart';
import type { StoredFile, UploadFolder } from '../storage';
import type { FileKind } from '../storage/sniff';
import { cachedReply, type CacheScope } from '../cache';
import { idParam } from '../validate';
import type { ResourceDecl } from '../../shared/resources/types';
import { apiPath, countExpr, guard, isPgError, listPlan, paged, refuseIfDependents, type ListSpec } from '../routes/crud';

/**
 * The server half of a resource: how its declaration (src/shared/resources/<entity>.ts: paths,
 * zod schema, roles, search fields) maps onto its table. `registerResource` builds the five CRUD
 * routes from it; a resource with a quirk the spec demands overrides one step through `hooks`.
 * A file `src/server/resources/<entity>.ts` whose default export is `serverResource(...)` is
 * registered at startup without being listed anywhere else (src/server/resources/index.ts).
 */
export interface ResourceBinding<I = any, Row = any, W = unknown> {
  decl: ResourceDecl;
  /** 404 message, e.g. 'Dominio no encontrado.' */
  notFound: string;
  table: PgTable;
  idColumn: PgColumn;
  /**
   * `SELECT <fields> FROM table [JOIN ...]`: list, one and count all start here, so a join is written
   * once. Receives the fields to select.
   */
  from: (fields: Record<string, Col>) => any;
  /** The row fields list and one select (default: every column of `table`, by its TS name). */
  fields?: Record<string, Col>;
  /** Wire field → column or expression it sorts by; also where a search field finds its column. */
  sortable: Record<string, Col>;
  /** Search fields (decl.searchFields) that are not sortable: wire name → column. */
  searchOnly?: Record<string, Col>;
  /** Exact-match integer filters from the query string: wire name → column (e.g. ?id_nivel=2). */
  filters?: Record<string, PgColumn>;
  toWire: (rows: Row[]) => W[] | Promise<W[]>;
  /** Insert / update values from the validated input (and the names of the files just stored). */
  toValues?: (input: I, stored: Partial<Record<string, StoredFile>>) => Record<string, unknown>;
  /** Duplicate and reference checks before a write (exceptId on update). */
  check?: (input: I, exceptId?: number) => Promise<void>;
  /** Uploaded files: form field → where it is stored and which row column names it. */
  files?: Record<string, { folder: UploadFolder; kinds: readonly FileKind[]; message: string; column: string }>;
  /** Refuses a delete while others depend on the row (409 naming them). */
  dependents?: {
    /** 'el nivel', 'la institución'... */
    what: string;
    counts: (id: number) => Promise<[number, string, string][]>;
    /** 409 message when a dependent appears between the check and the delete. */
    race: string;
  };
  /** Success messages of the writes. */
  replies: { created?: string; updated?: string; deleted?: string };
  /** Lists served from the content cache under this shape (lists every learner reads). */
  cachedList?: string;
  /** Cache scopes a write changes (default: content). */
  invalidates?: readonly CacheScope[];
  /** Per-step overrides for what the spec makes odd. */
  hooks?: {
    /** Extra routes of the resource (e.g. palabra/nivel/{id}), registered with the others. */
    routes?: (app: FastifyInstance) => void;
    /** Body of a successful create / update (default `{ msg, data }`). */
    createReply?: (wire: W) => unknown;
    updateReply?: (wire: W) => unknown;
    /** Runs after a row is deleted (files are removed by the layer). */
    afterDelete?: (old: Row) => Promise<void>;
  };
}

export type ResourceFactory = (ctx: AppContext) => ResourceBinding;

/** Declares a server resource; the factory receives the app context (db, storage, cache...). */
export const serverResource = <I, Row, W>(factory: (ctx: AppContext) => ResourceBinding<I, Row, W>): ResourceFactory =>
  factory as ResourceFactory;

/** Route parameter `{id}` as the spec's paths spell it. */
export const idParamsSchema = z.object({ id: z.string() });

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart create/update, read before validation (resource layer). */
    uploadedFiles?: Partial<Record<string, UploadedFile>>;
    /** The row an update or delete acts on, found before the body is validated (404 first). */
    existingRow?: unknown;
  }
}

/** The columns `q` searches: each declared search field through the binding's column map. */
export function searchColumns(b: Pick<ResourceBinding, 'decl' | 'sortable' | 'searchOnly'>): (Col)[] {
  return b.decl.searchFields.map((f) => {
    const col = b.searchOnly?.[f] ?? b.sortable[f];
    if (!col) throw new Error(`${b.decl.name}: el campo de búsqueda "${f}" no tiene columna en el servidor.`);
    return col;
  });
}

/** The list spec of a binding (sort, search and filter columns). */
export function listSpecOf(b: ResourceBinding): ListSpec {
  return { sortable: b.sortable, idColumn: b.idColumn, search: searchColumns(b), filters: b.filters };
}

/** One row by id, or the binding's 404. */
export async function findRow(b: ResourceBinding, id: number): Promise<any> {
  const [row] = await b.from(b.fields ?? columnsOf(b.table)).where(eq(b.idColumn, id));
  if (!row) throw notFound(b.notFound);
  return row;
}

function columnsOf(table: PgTable): Record<string, PgColumn> {
  // Drizzle tables expose their columns as properties named as in schema.ts.
  return Object.fromEntries(Object.entries(table).filter(([, v]) => v && typeof v === 'object' && 'columnType' in (v as object))) as Record<string, PgColumn>;
}

/** Lists the rows `?id=1&id=2` (react-admin's getMany) or a comma list names, at most 500. */
function idsFilter(query: unknown): number[] | null {
  const raw = (query as Record<string, unknown> | undefined)?.ids;
  if (raw === undefined || raw === '') return null;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
  const ids = parts.map((s) => idParam(s.trim(), 'ids'));
  return ids.slice(0, 500);
}

/** Registers list / one / create / update / delete of a binding, as its declaration spells them. */
export function registerResource(app: FastifyInstance, ctx: AppContext, b: ResourceBinding) {
  const { decl } = b;
  const { db } = ctx.database;
  const spec = listSpecOf(b);
  const fields = b.fields ?? columnsOf(b.table);
  // Writes say which cache scopes they empty (after commit: src/server/cache.ts).
  const config = { invalidates: [...(b.invalidates ?? ['content'])] };
  // Access is checked on request, before the body is read or validated: 401/403 come first.
  const read = { onRequest: guard(app, decl.readRole) } as RouteShorthandOptions;
  const write = (extra: Partial<RouteShorthandOptions>) => ({ onRequest: guard(app, decl.writeRole), config, ...extra }) as RouteShorthandOptions;
  const listBody = (rows: unknown[]) => (decl.listKey === null ? rows : { [decl.listKey]: rows });

  /** Reads the body (JSON or multipart) into req.body before the zod schema validates it. */
  async function readBody(req: FastifyRequest) {
    const form = await readForm(req, decl.fileFields ?? []);
    req.body = form.fields;
    req.uploadedFiles = form.files;
  }
  /** 404 before 400: an update of a missing record says so whatever its body. */
  async function loadExisting(req: FastifyRequest) {
    req.existingRow = await findRow(b, idParam((req.params as { id: string }).id));
  }
  async function wireOf(row: unknown) {
    return (await b.toWire([row]))[0];
  }
  async function storeFiles(req: FastifyRequest) {
    const stored: Partial<Record<string, StoredFile>> = {};
    for (const [field, f] of Object.entries(b.files ?? {})) {
      const s = await putUpload(ctx.storage, f.folder, req.uploadedFiles?.[field], f.kinds, f.message, field);
      if (s) stored[field] = s;
    }
    return stored;
  }
  /** Row and files succeed or fail together (several files: every new one goes on failure). */
  async function withFiles<T>(stored: Partial<Record<string, StoredFile>>, run: () => Promise<T>): Promise<T> {
    const list = Object.values(stored).filter(Boolean) as StoredFile[];
    return list.reduce<() => Promise<T>>((inner, s) => () => withNewFile(ctx.storage, s, inner), run)();
  }
  async function removeFiles(row: any, only?: Partial<Record<string, StoredFile>>) {
    for (const [field, f] of Object.entries(b.files ?? {})) {
      if (only && !only[field]) continue;
      const name = row?.[f.column];
      if (name) await ctx.storage.remove(f.folder, name);
    }
  }

  if (decl.paths.list) {
    app.get(apiPath(decl.paths.list), read, async (req, reply) => {
      const build = async () => {
        const plan = listPlan(req.query, spec);
        const ids = idsFilter(req.query);
        const where = ids ? and(plan.where, inArray(b.idColumn, ids)) : plan.where;
        const [{ n }] = (await b.from({ n: countExpr }).where(where)) as [{ n: number }];
        const rows = await paged(b.from(fields).where(where).orderBy(...plan.orderBy).$dynamic(), plan);
        reply.header('X-Total-Count', String(n));
        return listBody(await b.toWire(rows));
      };
      return b.cachedList ? cachedReply(ctx.cache, req, reply, b.cachedList, build) : build();
    });
  }

  if (decl.paths.one) {
    app.get<{ Params: { id: string } }>(apiPath(decl.paths.one), read, async (req) => ({ data: await wireOf(await findRow(b, idParam(req.params.id))) }));
  }

  if (decl.paths.create) {
    app.post(apiPath(decl.paths.create), write({ preValidation: readBody, schema: { body: decl.schema } }), async (req, reply) => {
      const input = req.body as any;
      await b.check?.(input);
      const stored = await storeFiles(req);
      const [row] = await withFiles(stored, () => db.insert(b.table).values(b.toValues!(input, stored) as never).returning({ id: b.idColumn }));
      const wire = await wireOf(await findRow(b, Number(row!.id)));
      return reply.status(201).send(b.hooks?.createReply ? b.hooks.createReply(wire) : { msg: b.replies.created, data: wire });
    });
  }

  if (decl.paths.update) {
    app.put<{ Params: { id: string } }>(
      apiPath(decl.paths.update),
      write({ preValidation: [loadExisting, readBody], schema: { params: idParamsSchema, body: decl.schema } }),
      async (req) => {
        const id = idParam(req.params.id);
        const input = req.body as any;
        await b.check?.(input, id);
        const stored = await storeFiles(req);
        await withFiles(stored, async () => {
          const rows = await db.update(b.table).set(b.toValues!(input, stored) as never).where(eq(b.idColumn, id)).returning();
          if (!rows.length) throw notFound(b.notFound);
        });
        // The old files go only once the new ones are committed.
        await removeFiles(req.existingRow, stored);
        const wire = await wireOf(await findRow(b, id));
        return b.hooks?.updateReply ? b.hooks.updateReply(wire) : { msg: b.replies.updated, data: wire };
      },
    );
  }

  if (decl.paths.delete) {
    app.delete<{ Params: { id: string } }>(apiPath(decl.paths.delete), write({ preValidation: loadExisting, schema: { params: idParamsSchema } }), async (req) => {
      const id = idParam(req.params.id);
      if (b.dependents) refuseIfDependents(b.dependents.what, await b.dependents.counts(id));
      try {
        await db.delete(b.table).where(eq(b.idColumn, id));
      } catch (err) {
        // Something was attached between the check and the delete.
        if (b.dependents && isPgError(err, '23503')) throw conflict(b.dependents.race, 'HAS_DEPENDENTS');
        throw err;
      }
      await removeFiles(req.existingRow);
      await b.hooks?.afterDelete?.(req.existingRow);
      return { msg: b.replies.deleted };
    });
  }

  b.hooks?.routes?.(app);
}

