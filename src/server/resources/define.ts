import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { readForm, putUpload, withNewFile, type UploadedFile } from '../multipart';
import type { StoredFile, UploadFolder } from '../storage';
import type { FileKind } from '../storage/sniff';
import { cachedReply, type CacheScope } from '../cache';
import { idParam } from '../validate';
import type { ResourceDecl } from '../../shared/resources/types';
import { apiPath, countExpr, guard, isPgError, listPlan, paged, refuseIfDependents, type ListPlan, type ListSpec } from './crud';

/**
 * The server half of a resource: how its declaration (src/shared/resources/<entity>.ts: paths,
 * zod schema, roles, search fields) maps onto its table. `registerResource` builds the five CRUD
 * routes from it; a resource with a quirk the product demands (docs/product) overrides one step through `hooks`.
 * A file `src/server/resources/<entity>.ts` whose default export is `serverResource(...)` is
 * registered at startup without being listed anywhere else (src/server/resources/index.ts).
 */
type Col = PgColumn | SQL;

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
  from: (fields: Record<string, Col>) => PgSelect;
  /** The row fields list and one select (default: every column of `table`, by its TS name). */
  fields?: Record<string, Col>;
  /** Wire field → column or expression it sorts by; also where a search field finds its column. */
  sortable: Record<string, Col>;
  /** Search fields (decl.searchFields) that are not sortable: wire name → column. */
  searchOnly?: Record<string, Col>;
  /** Exact-match integer filters from the query string: wire name → column (e.g. ?id_nivel=2). */
  filters?: Record<string, PgColumn>;
  /**
   * Filters that are not an id (e.g. ?tipo=gif, ?sin_sena=true): wire name → the condition the query
   * value gives. Each throws its own 400 on a value it cannot read. Declared like `filters`: the
   * list refuses a parameter that is in neither.
   */
  conditions?: Record<string, (value: string) => SQL>;
  toWire: (rows: Row[]) => W[] | Promise<W[]>;
  /** Insert / update values from the validated input (and the names of the files just stored). */
  toValues?: (input: I, stored: Partial<Record<string, StoredFile>>) => Record<string, unknown>;
  /**
   * Duplicate and reference checks before a write (exceptId on update). `sent` carries what the
   * body alone does not say: the uploaded files and, on update, the row as it is (for rules such as
   * "text or image", where a kept image counts).
   */
  check?: (input: I, exceptId: number | undefined, sent: { files: Partial<Record<string, UploadedFile>>; existing?: Row }) => Promise<void>;
  /** Uploaded files: form field → where it is stored and which row column names it. */
  files?: Record<string, FileBinding<I>>;
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
  /** Body schema of an update when it reads the body unlike a create (default: decl.schema). */
  updateSchema?: z.ZodType;
  /** Cache scopes a write changes (default: content). */
  invalidates?: readonly CacheScope[];
  /**
   * Declared paths a route file serves instead of the layer, because their rules are not the
   * standard step (usuario: a profile its owner reads and edits, src/server/resources/usuario/routes.ts). The
   * paths stay declared: the back office calls them.
   */
  servedElsewhere?: readonly ('one' | 'create' | 'update' | 'delete')[];
  /**
   * A filtered or searched list reads its page and the number of matches in one statement
   * (`count(*) over ()`) instead of two: for a large table every match is read once
   * (the admin users list at 10,000 accounts, docs/performance.md).
   */
  countInPage?: boolean;
  /** Per-step overrides for what the product's contract makes odd. */
  hooks?: {
    /**
     * Who may write this row beyond the declared role (e.g. nobody grants a role above their own):
     * runs once the body is valid and the row found (`input` null on delete, `old` undefined on
     * create), before `check`; throws the 403 itself.
     */
    authorize?: (req: FastifyRequest, input: I | null, old?: Row) => void | Promise<void>;
    /**
     * Rows the caller may list at all (e.g. a profesor sees only the classes they teach): a condition
     * ANDed to every list query, or undefined for every row. Not a filter the client chooses.
     */
    listScope?: (req: FastifyRequest) => SQL | undefined | Promise<SQL | undefined>;
    /**
     * Who may read one row beyond the declared role: throws the 403 itself. Runs on GET one and, right
     * after the row is found, on update and delete (before the body is validated).
     */
    authorizeRead?: (req: FastifyRequest, row: Row) => void | Promise<void>;
    /** Extra routes of the resource (e.g. palabra/nivel/{id}), registered with the others. */
    routes?: (app: FastifyInstance) => void;
    /** Body of a successful create / update (default `{ msg, data }`). */
    createReply?: (wire: W) => unknown;
    updateReply?: (wire: W) => unknown;
    /** Runs after a row is deleted (files are removed by the layer). */
    afterDelete?: (old: Row) => Promise<void>;
    // Write steps for a write unlike one statement on `table` (several tables in one transaction,
    // a limit re-checked inside it). Each runs where the standard statement would: inside the
    // new-file guard, before the old files are removed. `values` is what `toValues` returned.
    /** Inserts the row (and whatever goes with it); returns the new id. */
    insert?: (values: Record<string, unknown>, input: I) => Promise<number>;
    /** Updates the row; throws the 404 itself when it is gone. */
    update?: (id: number, values: Record<string, unknown>, input: I, old: Row) => Promise<void>;
    /** Deletes the row (and what goes with it); the layer then removes the row's own files. */
    remove?: (id: number, old: Row) => Promise<void>;
  };
}

/** One uploaded file of a resource: where it goes, what it may be, which row field names it. */
export interface FileBinding<I = any> {
  folder: UploadFolder;
  /** Accepted kinds and the refusal message (or `rule`, when they depend on the input). */
  kinds?: readonly FileKind[];
  message?: string;
  /** Kinds and message chosen by the input (contenido's tipo_contenido, multimedia's tipo). */
  rule?: (input: I) => { kinds: readonly string[]; msg: string };
  /** Row field (as `fields` selects it) that names the stored file: removed when replaced or deleted. */
  column: string;
  /** Further row fields naming files derived from this one (same folder), removed with it. */
  alsoRemove?: readonly string[];
  /**
   * Files and columns made from a newly stored file (e.g. a GIF's compact WebP and the sizes): they
   * join the write's values, and the made files are removed if the write fails.
   */
  derive?: (stored: StoredFile, upload: UploadedFile, req: FastifyRequest) => Promise<{ files: StoredFile[]; columns: Record<string, unknown> }>;
  /**
   * Runs once the row naming a newly stored file is committed, before the reply (e.g. enqueues the
   * background job that derives more from the file: the job may run at once and must find the row).
   */
  afterStore?: (rowId: number, stored: StoredFile, req: FastifyRequest) => Promise<void>;
}

export type ResourceFactory = (ctx: AppContext) => ResourceBinding;

/**
 * The row a binding's select returns (`Awaited` of `db.select(fields).from(...)` with its joins, a
 * left join's columns nullable): bindings name their select once and read their row type from it,
 * instead of writing the row by hand.
 */
export type SelectRow<Q> = Awaited<Q> extends (infer R)[] ? R : never;

/**
 * A binding's select, written once at module level and typed as selecting `fields`:
 * `const select = bindingSelect(fields, (db, f) => db.select(f).from(t).innerJoin(...).$dynamic())`,
 * then `type Row = SelectRow<ReturnType<typeof select>>` and `from: (f) => select(db, f)`. List and
 * one select `fields`; a count passes other fields and reads only those, so typing every call as
 * `fields` is what the rows are wherever a row is read. A single table's `fields` is
 * `getTableColumns(t)` (what the layer selects when a binding gives no `fields`).
 */
export function bindingSelect<F extends SelectedFields, Q extends PgSelect>(fields: F, build: (db: Db, f: F) => Q) {
  return (db: Db, f: SelectedFields = fields): Q => build(db, f as F);
}

/** Declares a server resource; the factory receives the app context (db, storage, cache...). */
export const serverResource = <I, Row, W>(factory: (ctx: AppContext) => ResourceBinding<I, Row, W>): ResourceFactory => factory as ResourceFactory;

/** Route parameter `{id}` as routes.md spells it. */
export const idParamsSchema = z.object({ id: z.string() });

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart create/update, read before validation (resource layer). */
    uploadedFiles?: Partial<Record<string, UploadedFile>>;
    /** The row an update or delete acts on, found before the body is validated (404 first). */
    existingRow?: unknown;
    /** Set when the route's own steps begin (past access and app-wide checks). */
    ownStep?: boolean;
  }
}

/** The columns `q` searches: each declared search field through the binding's column map. */
export function searchColumns(b: Pick<ResourceBinding, 'decl' | 'sortable' | 'searchOnly'>): Col[] {
  return b.decl.searchFields.map((f) => {
    const col = b.searchOnly?.[f] ?? b.sortable[f];
    if (!col) throw new Error(`${b.decl.name}: el campo de búsqueda "${f}" no tiene columna en el servidor.`);
    return col;
  });
}

/** The list spec of a binding (sort, search and filter columns). */
export function listSpecOf(b: ResourceBinding): ListSpec {
  // `id` (react-admin's record id) always sorts by the id column, whatever the wire calls it.
  return { sortable: { id: b.idColumn, ...b.sortable }, idColumn: b.idColumn, search: searchColumns(b), filters: b.filters };
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

/** The list parameters every resource list reads (docs/product/wire.md W-7) besides its declared filters. */
const LIST_PARAMS = ['page', 'perPage', 'sort', 'order', 'q', 'ids'];

/**
 * Refuses a query parameter the list does not read: a filter the back office sends that the
 * binding does not declare would otherwise be ignored, and the list would look filtered but hold
 * every row.
 */
function refuseUnknownParams(query: unknown, filters: Record<string, unknown> | undefined, conditions?: Record<string, unknown>) {
  for (const key of Object.keys((query ?? {}) as object)) {
    if (LIST_PARAMS.includes(key) || (filters && key in filters) || (conditions && key in conditions)) continue;
    const name = key.slice(0, 40);
    throw badRequest(`No se puede filtrar por "${name}".`, { [name]: 'Filtro desconocido.' }, 'INVALID_QUERY');
  }
}

/** The rows `?ids=1&ids=2` (react-admin's getMany) or a comma list names, at most 500. */
function idsFilter(query: unknown): number[] | null {
  const raw = (query as Record<string, unknown> | undefined)?.ids;
  if (raw === undefined || raw === '') return null;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
  const ids = parts.map((s) => idParam(s.trim(), 'ids'));
  return ids.slice(0, 500);
}

/** The `conditions` a list query asks for (an empty value asks for nothing). */
function conditionsOf(query: unknown, conditions: ResourceBinding['conditions']): SQL[] {
  const qs = (query ?? {}) as Record<string, unknown>;
  const out: SQL[] = [];
  for (const [name, make] of Object.entries(conditions ?? {})) {
    const raw = qs[name];
    const value = String(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '')).trim();
    if (value) out.push(make(value));
  }
  return out;
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
    // Whoever may not read the row may not change it either: 403 before the body is read.
    await b.hooks?.authorizeRead?.(req, req.existingRow);
  }
  async function wireOf(row: unknown) {
    return (await b.toWire([row]))[0];
  }
  /**
   * Stores the uploaded files and what is derived from them (`made`: every new file; `columns`: the
   * derived values). A refusal part-way removes the files already stored.
   */
  async function storeFiles(req: FastifyRequest, input: unknown) {
    const stored: Partial<Record<string, StoredFile>> = {};
    const made: StoredFile[] = [];
    const columns: Record<string, unknown> = {};
    try {
      for (const [field, f] of Object.entries(b.files ?? {})) {
        const upload = req.uploadedFiles?.[field];
        const rule = f.rule ? f.rule(input) : { kinds: f.kinds ?? [], msg: f.message ?? '' };
        const s = await putUpload(ctx.storage, f.folder, upload, rule.kinds, rule.msg, field);
        if (!s) continue;
        stored[field] = s;
        made.push(s);
        if (f.derive && upload) {
          const d = await f.derive(s, upload, req);
          made.push(...d.files);
          Object.assign(columns, d.columns);
        }
      }
    } catch (err) {
      for (const s of made) await ctx.storage.remove(s.folder, s.name).catch(() => undefined);
      throw err;
    }
    return { stored, made, columns };
  }
  /** Row and files succeed or fail together (several files: every new one goes on failure). */
  async function withFiles<T>(made: StoredFile[], run: () => Promise<T>): Promise<T> {
    return made.reduce<() => Promise<T>>((inner, s) => () => withNewFile(ctx.storage, s, inner), run)();
  }
  async function afterStore(req: FastifyRequest, id: number, stored: Partial<Record<string, StoredFile>>) {
    for (const [field, f] of Object.entries(b.files ?? {})) {
      const s = stored[field];
      if (s && f.afterStore) await f.afterStore(id, s, req);
    }
  }
  async function removeFiles(row: any, only?: Partial<Record<string, StoredFile>>) {
    for (const [field, f] of Object.entries(b.files ?? {})) {
      if (only && !only[field]) continue;
      for (const key of [f.column, ...(f.alsoRemove ?? [])]) {
        const name = row?.[key];
        if (name) await ctx.storage.remove(f.folder, name);
      }
    }
  }

  /** The list's total and page rows: two statements, or one for a filtered `countInPage` list. */
  async function pageOf(where: SQL | undefined, plan: ListPlan): Promise<{ n: number; rows: any[] }> {
    if (b.countInPage && where) {
      const found = (await paged(
        b
          .from({ ...fields, _total: sql<number>`count(*) over ()` })
          .where(where)
          .orderBy(...plan.orderBy)
          .$dynamic(),
        plan,
      )) as any[];
      const rows = found.map(({ _total, ...r }) => r);
      if (found.length) return { n: Number(found[0]._total), rows };
      // A page past the last match: count them on their own.
      if (plan.offset > 0) {
        const [{ n }] = (await b.from({ n: countExpr }).where(where)) as [{ n: number }];
        return { n: Number(n), rows };
      }
      return { n: 0, rows };
    }
    const [{ n }] = (await b.from({ n: countExpr }).where(where)) as [{ n: number }];
    return {
      n,
      rows: await paged(
        b
          .from(fields)
          .where(where)
          .orderBy(...plan.orderBy)
          .$dynamic(),
        plan,
      ),
    };
  }

  if (decl.paths.list) {
    app.get(apiPath(decl.paths.list), read, async (req, reply) => {
      const build = async () => {
        refuseUnknownParams(req.query, b.filters, b.conditions);
        const plan = listPlan(req.query, spec);
        const ids = idsFilter(req.query);
        const extra = conditionsOf(req.query, b.conditions);
        if (ids) extra.push(inArray(b.idColumn, ids));
        const scope = await b.hooks?.listScope?.(req);
        if (scope) extra.push(scope);
        const where = extra.length ? and(plan.where, ...extra) : plan.where;
        const { n, rows } = await pageOf(where, plan);
        reply.header('X-Total-Count', String(n));
        return listBody(await b.toWire(rows));
      };
      return b.cachedList ? cachedReply(ctx.cache, req, reply, b.cachedList, build) : build();
    });
  }

  if (decl.paths.one && !b.servedElsewhere?.includes('one')) {
    app.get<{ Params: { id: string } }>(apiPath(decl.paths.one), read, async (req) => {
      const row = await findRow(b, idParam(req.params.id));
      await b.hooks?.authorizeRead?.(req, row);
      return { data: await wireOf(row) };
    });
  }

  if (decl.paths.create && !b.servedElsewhere?.includes('create')) {
    app.post(apiPath(decl.paths.create), write({ preValidation: readBody, schema: { body: decl.schema } }), async (req, reply) => {
      const input = req.body as any;
      await b.hooks?.authorize?.(req, input);
      await b.check?.(input, undefined, { files: req.uploadedFiles ?? {} });
      const { stored, made, columns } = await storeFiles(req, input);
      const id = await withFiles(made, async () => {
        const values = { ...b.toValues!(input, stored), ...columns };
        if (b.hooks?.insert) return b.hooks.insert(values, input);
        const [row] = await db
          .insert(b.table)
          .values(values as never)
          .returning({ id: b.idColumn });
        return Number(row!.id);
      });
      await afterStore(req, id, stored);
      const wire = await wireOf(await findRow(b, id));
      return reply.status(201).send(b.hooks?.createReply ? b.hooks.createReply(wire) : { msg: b.replies.created, data: wire });
    });
  }

  if (decl.paths.update && !b.servedElsewhere?.includes('update')) {
    app.put<{ Params: { id: string } }>(
      apiPath(decl.paths.update),
      write({ preValidation: [loadExisting, readBody], schema: { params: idParamsSchema, body: b.updateSchema ?? decl.schema } }),
      async (req) => {
        const id = idParam(req.params.id);
        const input = req.body as any;
        await b.hooks?.authorize?.(req, input, req.existingRow);
        await b.check?.(input, id, { files: req.uploadedFiles ?? {}, existing: req.existingRow });
        const { stored, made, columns } = await storeFiles(req, input);
        await withFiles(made, async () => {
          const values = { ...b.toValues!(input, stored), ...columns };
          if (b.hooks?.update) return b.hooks.update(id, values, input, req.existingRow);
          const rows = await db
            .update(b.table)
            .set(values as never)
            .where(eq(b.idColumn, id))
            .returning();
          if (!rows.length) throw notFound(b.notFound);
        });
        // The old files go only once the new ones are committed.
        await removeFiles(req.existingRow, stored);
        await afterStore(req, id, stored);
        const wire = await wireOf(await findRow(b, id));
        return b.hooks?.updateReply ? b.hooks.updateReply(wire) : { msg: b.replies.updated, data: wire };
      },
    );
  }

  /**
   * decl.errorMessageKey 'message' (palabra): the client reads a failed delete from `error.message`,
   * so the delete's own refusals (bad id, 404, 409) carry `message` beside `msg`. Anything raised
   * before the route's own steps (401/403, the app-wide text guard) or not a refusal (5xx) goes on
   * to the app's error handler unchanged.
   */
  const deleteSteps: Partial<RouteShorthandOptions> =
    decl.errorMessageKey !== 'message'
      ? { preValidation: loadExisting }
      : {
          preValidation: [
            async (req: FastifyRequest) => {
              req.ownStep = true;
            },
            loadExisting,
          ],
          errorHandler(err, req, reply) {
            if (!(err instanceof AppError) || !req.ownStep) throw err;
            req.log.info({ code: err.code, status: err.statusCode }, 'solicitud rechazada');
            return reply
              .status(err.statusCode)
              .type('application/json; charset=utf-8')
              .send({ msg: err.message, message: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
          },
        };

  if (decl.paths.delete && !b.servedElsewhere?.includes('delete')) {
    app.delete<{ Params: { id: string } }>(apiPath(decl.paths.delete), write({ schema: { params: idParamsSchema }, ...deleteSteps }), async (req) => {
      const id = idParam(req.params.id);
      await b.hooks?.authorize?.(req, null, req.existingRow);
      if (b.dependents) refuseIfDependents(b.dependents.what, await b.dependents.counts(id));
      try {
        if (b.hooks?.remove) await b.hooks.remove(id, req.existingRow);
        else await db.delete(b.table).where(eq(b.idColumn, id));
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
