import { fetchUtils, HttpError, type DataProvider, type RaRecord } from 'react-admin';
import { readCookie, upload as xhrUpload } from '../api/http';
import { RESOURCE_TABLE, type ResourceRow } from './resourceTable';
import { setUploadProgress } from './uploadProgress';

/**
 * The back office's dataProvider: a table, not a switch (resourceTable.ts). It speaks the wire
 * contract (docs/product/wire.md): bearer token + X-XSRF-TOKEN, lists under `data`/`users` or plain arrays,
 * optional page/perPage/sort/order/q with the total in X-Total-Count (the
 * usual react-admin convention), through react-admin's fetchUtils (docs/decisions.md: why not ra-data-simple-rest).
 * Every list is paged, sorted and filtered by the server; nothing is fetched whole to page here.
 * Multipart writes go through the XHR upload of src/client/api/http.ts to report progress.
 */
interface DataProviderOptions {
  apiBase?: string;
  table?: Record<string, ResourceRow>;
  fetchJson?: typeof fetchUtils.fetchJson;
  upload?: (method: 'POST' | 'PUT', path: string, form: FormData, onProgress?: (f: number) => void) => Promise<unknown>;
  token?: () => string | null;
  xsrf?: () => string | null;
}

type Rec = Record<string, unknown>;

const fill = (path: string, id: unknown) => path.replace('{id}', encodeURIComponent(String(id)));

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The message of a failed call: the body's msg (or `message` for rows that read error.message). */
export function errorMessage(err: unknown, row?: Pick<ResourceRow, 'errorMessageKey'>): string {
  const body = (err as { body?: Rec })?.body;
  if (body && typeof body === 'object') {
    const first = row?.errorMessageKey === 'message' ? ['message', 'msg'] : ['msg', 'message'];
    for (const k of first) if (typeof body[k] === 'string' && body[k]) return body[k] as string;
  }
  const m = (err as { message?: unknown })?.message;
  return typeof m === 'string' && m ? m : 'Error desconocido';
}

/** A react-admin HttpError carrying the server's body; `errors` = its per-field messages. */
function toError(err: unknown, row?: Pick<ResourceRow, 'errorMessageKey'>): HttpError {
  if (err instanceof HttpError && (err as { __manitas?: boolean }).__manitas) return err;
  const e = (err ?? {}) as { status?: number; body?: unknown; msg?: string; code?: string; fields?: Record<string, string> };
  const body = (e.body && typeof e.body === 'object' ? { ...(e.body as Rec) } : { msg: e.msg, code: e.code, fields: e.fields }) as Rec;
  if (body.fields && typeof body.fields === 'object' && !body.errors) body.errors = body.fields;
  const out = new HttpError(errorMessage({ body, message: (err as Error)?.message }, row), e.status ?? 0, body);
  (out as { __manitas?: boolean }).__manitas = true;
  return out;
}

/** A JSON call with no answer after this long is given up as a lost connection (a hung network never rejects). */
const CALL_TIMEOUT_MS = 30_000;

/** What a call with no answer says (screens-backoffice.md B-1.1 "Connection lost"): at once, and for a write, that nothing was saved. */
export const OFFLINE_MESSAGES = {
  load: 'Sin conexión: no se pudieron cargar los datos. Revisa la conexión.',
  save: 'Sin conexión: no se guardó. Revisa la conexión y vuelve a pulsar Guardar.',
  delete: 'Sin conexión: no se eliminó. Revisa la conexión y vuelve a intentarlo.',
} as const;

/** The lost-connection error of a call (status 0, code OFFLINE: react-query does not retry it). */
function offlineError(method: string): HttpError {
  const msg = method === 'GET' ? OFFLINE_MESSAGES.load : method === 'DELETE' ? OFFLINE_MESSAGES.delete : OFFLINE_MESSAGES.save;
  const err = new HttpError(msg, 0, { msg, code: 'OFFLINE' });
  (err as { __manitas?: boolean }).__manitas = true;
  return err;
}

export function createDataProvider(opts: DataProviderOptions = {}): DataProvider {
  const apiBase = opts.apiBase ?? '/api/';
  const table = opts.table ?? RESOURCE_TABLE;
  const fetchJson = opts.fetchJson ?? fetchUtils.fetchJson;
  const uploadFn = opts.upload ?? xhrUpload;
  const token = opts.token ?? (() => (typeof localStorage === 'undefined' ? null : localStorage.getItem('token')));
  const xsrf = opts.xsrf ?? (() => readCookie('XSRF-TOKEN'));

  const rowOf = (resource: string): ResourceRow => {
    const row = table[resource];
    if (!row) throw new HttpError(`Recurso desconocido: ${resource}`, 0);
    return row;
  };
  const pathOf = (row: ResourceRow, verb: keyof ResourceRow['paths']): string => {
    const p = row.paths[verb];
    if (!p) throw new HttpError('Esta acción no está disponible para este recurso.', 405);
    return p;
  };

  async function call(method: string, path: string, body?: unknown, query?: Record<string, string | number | undefined>) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') qs.set(k, String(v));
    const url = apiBase + path + (qs.size ? `?${qs}` : '');
    const headers = new Headers({ Accept: 'application/json' });
    const t = token();
    if (t) headers.set('Authorization', `Bearer ${t}`);
    if (method !== 'GET') {
      const x = xsrf();
      if (x) headers.set('X-XSRF-TOKEN', x);
    }
    try {
      return await fetchJson(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (err) {
      // fetch rejects (a TypeError, or the timeout's abort) only when no answer came back.
      if (err instanceof HttpError) throw err;
      throw offlineError(method);
    }
  }

  /** Gives every record react-admin's `id` (from the row's id field). */
  const withId = (row: ResourceRow, rec: Rec): RaRecord => ({ ...rec, id: (rec[row.idField] ?? rec.id) as RaRecord['id'] });

  function listOf(row: ResourceRow, json: unknown): Rec[] {
    let list: unknown = json;
    if (row.listKey && json && typeof json === 'object' && !Array.isArray(json)) list = (json as Rec)[row.listKey];
    else if (!Array.isArray(json) && json && typeof json === 'object' && Array.isArray((json as Rec).data)) list = (json as Rec).data;
    if (!Array.isArray(list)) return [];
    let recs = list.filter((r): r is Rec => !!r && typeof r === 'object');
    if (row.dedupeBy) {
      const seen = new Set<unknown>();
      recs = recs.filter((r) => {
        const k = r[row.dedupeBy!];
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
    }
    return recs;
  }

  /** One record from `{data:{...}}`, `{data:[...]}`, or the bare record. */
  const oneOf = (row: ResourceRow, json: unknown): Rec | null => {
    if (!json || typeof json !== 'object') return null;
    const j = json as Rec;
    const d = 'data' in j ? j.data : j;
    if (Array.isArray(d)) return (d[0] as Rec) ?? null;
    if (d && typeof d === 'object' && (row.idField in (d as Rec) || 'id' in (d as Rec))) return d as Rec;
    return d && typeof d === 'object' ? (d as Rec) : null;
  };

  /** Keeps what a write sends: no react-admin `id` alias, no relations, no read-only fields. */
  function writable(row: ResourceRow, data: Rec): Rec {
    if (row.sendFullRecord) {
      // The whole record as read (the users' toggle), minus react-admin's own id alias.
      const rest = { ...data };
      delete rest.id;
      return rest;
    }
    const out: Rec = {};
    for (const [k, v] of Object.entries(data)) {
      if (k === 'id' || k === row.idField) continue;
      if (row.readOnlyFields?.includes(k)) continue;
      if (row.fileFields?.includes(k)) {
        out[k] = v;
        continue;
      }
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) continue; // relation objects
      out[k] = v;
    }
    return row.toWire ? row.toWire(out) : out;
  }

  /** Multipart body: files from `{rawFile}` values, arrays/objects as JSON text, scalars as text. */
  function toFormData(row: ResourceRow, data: Rec): FormData {
    const form = new FormData();
    for (const [k, v] of Object.entries(data)) {
      if (v === undefined || v === null) continue;
      if (row.fileFields?.includes(k)) {
        const file = (v as { rawFile?: unknown })?.rawFile ?? v;
        if (typeof Blob !== 'undefined' && file instanceof Blob) form.append(k, file, (file as File).name ?? k);
        continue; // an unchanged existing file (a name or {src}) is not re-sent
      }
      form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
    return form;
  }

  async function write(row: ResourceRow, method: 'POST' | 'PUT', path: string, data: Rec): Promise<unknown> {
    const body = writable(row, data);
    if (row.multipart) {
      setUploadProgress(0);
      try {
        return await uploadFn(method, path, toFormData(row, body), (f) => setUploadProgress(f));
      } catch (err) {
        if ((err as { code?: unknown })?.code === 'NETWORK') throw offlineError(method);
        throw toError(err, row);
      } finally {
        setUploadProgress(null);
      }
    }
    try {
      return (await call(method, path, body)).json;
    } catch (err) {
      throw toError(err, row);
    }
  }

  async function fetchAll(row: ResourceRow, query?: Record<string, string | number | undefined>) {
    try {
      const res = await call('GET', pathOf(row, 'list'), undefined, query);
      return { rows: listOf(row, res.json), total: res.headers.get('X-Total-Count') };
    } catch (err) {
      throw toError(err, row);
    }
  }

  /**
   * One page of a list, paged, sorted, searched and filtered by the server (X-Total-Count is the
   * total). Filters are sent as they are: the server applies the ones its resource declares and
   * refuses any other with a clear message, so a filter is never silently ignored.
   */
  async function page(row: ResourceRow, params: { pagination?: { page: number; perPage: number }; sort?: { field: string; order: string }; filter?: Rec }) {
    const { q, ...filters } = (params.filter ?? {}) as Rec;
    // Every sort is sent, `id` included (the server sorts `id` by the record's id column): a
    // descending id order used to change the arrow and the address but not the rows.
    const sortField = params.sort?.field || undefined;
    const query: Record<string, string | number | undefined> = {
      page: params.pagination?.page ?? 1,
      perPage: params.pagination?.perPage ?? 25,
      sort: sortField,
      order: sortField ? params.sort!.order : undefined,
      q: typeof q === 'string' ? q.trim() : undefined,
    };
    for (const [k, v] of Object.entries(filters)) {
      if (blank(v)) continue;
      query[k] = Array.isArray(v) ? v.map(String).join(',') : String(v);
    }
    const { rows, total } = await fetchAll(row, query);
    const n = Number(total);
    if (total === null || total === '' || Number.isNaN(n)) throw new HttpError('El servidor no indicó el total de la lista.', 500);
    return { data: rows.map((r) => withId(row, r)) as never[], total: n };
  }

  /** The records with these ids, in one call (`?ids=1,2,3`). */
  async function byIds(row: ResourceRow, ids: readonly unknown[]) {
    if (!ids.length) return [];
    const { rows } = await fetchAll(row, { ids: ids.map(String).join(','), perPage: Math.min(ids.length, 500), page: 1 });
    return rows.map((r) => withId(row, r));
  }

  const provider: DataProvider = {
    async getList(resource, params) {
      return page(rowOf(resource), params as never);
    },

    async getOne(resource, params) {
      const row = rowOf(resource);
      if (row.paths.one) {
        try {
          const res = await call('GET', fill(row.paths.one, params.id));
          const rec = oneOf(row, res.json);
          if (!rec) throw new HttpError('Registro no encontrado.', 404);
          return { data: withId(row, rec) as never };
        } catch (err) {
          throw toError(err, row);
        }
      }
      // No single-record path (comentario, progreso): the list, asked for this id.
      const [rec] = await byIds(row, [params.id]);
      if (!rec) throw new HttpError('Registro no encontrado.', 404);
      return { data: rec as never };
    },

    async getMany(resource, params) {
      return { data: (await byIds(rowOf(resource), params.ids)) as never[] };
    },

    async getManyReference(resource, params) {
      const row = rowOf(resource);
      return page(row, { ...params, filter: { ...(params.filter as Rec), [params.target]: params.id } } as never);
    },

    async create(resource, params) {
      const row = rowOf(resource);
      const json = await write(row, 'POST', pathOf(row, 'create'), params.data as Rec);
      const rec = oneOf(row, json) ?? {};
      let merged: Rec = { ...(params.data as Rec), ...rec };
      if (row.afterCreate) merged = await row.afterCreate(merged, params.data as Rec, provider);
      return { data: withId(row, merged) as never };
    },

    async update(resource, params) {
      const row = rowOf(resource);
      const json = await write(row, 'PUT', fill(pathOf(row, 'update'), params.id), params.data as Rec);
      const rec = oneOf(row, json) ?? {};
      return {
        data: withId(row, {
          ...(params.previousData as Rec),
          ...(params.data as Rec),
          ...rec,
          [row.idField]: rec[row.idField] ?? (params.data as Rec)[row.idField] ?? params.id,
        }) as never,
      };
    },

    async updateMany(resource, params) {
      const done = [];
      for (const id of params.ids) done.push((await provider.update(resource, { id, data: params.data, previousData: { id } as RaRecord })).data.id);
      return { data: done };
    },

    async delete(resource, params) {
      const row = rowOf(resource);
      try {
        await call('DELETE', fill(pathOf(row, 'delete'), params.id));
      } catch (err) {
        throw toError(err, row);
      }
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    async deleteMany(resource, params) {
      for (const id of params.ids) await provider.delete(resource, { id });
      return { data: params.ids };
    },
  };
  return provider;
}

export const dataProvider = createDataProvider();
