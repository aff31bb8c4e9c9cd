import { FRESH_PARAM } from '../offline/cacheNames';

/** The API base, relative to the app's origin (docs/product/wire.md W-1.1). */
const API_BASE = '/api/';

export interface ApiErrorShape {
  status: number;
  msg: string;
  code?: string;
  fields?: Record<string, string>;
}

/** Every failed call is normalised to this: HTTP status (0 = network), Spanish msg, code. */
export class ApiError extends Error implements ApiErrorShape {
  constructor(
    public status: number,
    public msg: string,
    public code?: string,
    public fields?: Record<string, string>,
  ) {
    super(msg);
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const p = part.trim();
    if (p.startsWith(prefix)) return decodeURIComponent(p.slice(prefix.length));
  }
  return null;
}

function authHeaders(method: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = typeof localStorage !== 'undefined' ? localStorage.getItem('token') : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET' && method !== 'HEAD') {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  return headers;
}

/** Media and upload paths come back relative (`uploads/...`): make them absolute on the API host. */
export function mediaUrl(url: string | null | undefined, folder?: 'niveles' | 'preguntas' | 'respuestas'): string | null {
  if (!url) return null;
  if (/^(https?:|data:|blob:)/.test(url)) return url;
  if (url.startsWith('/')) return url;
  if (url.startsWith('uploads/')) return `/${url}`;
  return folder ? `/uploads/${folder}/${url}` : `/${url}`;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  const b = (body ?? {}) as { msg?: unknown; message?: unknown; code?: unknown; fields?: unknown };
  const msg = typeof b.msg === 'string' ? b.msg : typeof b.message === 'string' ? b.message : `Error ${res.status}`;
  return new ApiError(res.status, msg, typeof b.code === 'string' ? b.code : undefined, (b.fields as Record<string, string>) ?? undefined);
}

/** A GET already sent by a route loader (src/client/boot/loaders.ts): its status and body text, or null if it got no answer. */
export interface StartedAnswer {
  status: number;
  text: string;
}

interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A GET: the route loader's answer to this very request, read instead of asking again (none: asked as usual). */
  started?: Promise<StartedAnswer | null>;
}

/** JSON request to `api/{path}`. Resolves with the parsed body; rejects with ApiError. */
export async function api<T = unknown>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(API_BASE + path.replace(/^\/?(api\/)?/, ''), window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(method), ...opts.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response | undefined;
  if (method === 'GET' && opts.started) {
    // The route loader asked already: its answer goes through the same checks; no answer, ask again.
    const a = await opts.started.catch(() => null);
    opts.signal?.throwIfAborted();
    if (a) res = new Response(a.status === 204 ? null : a.text, { status: a.status });
  }
  try {
    res ??= await fetch(url.pathname + url.search, { method, headers, body: payload, credentials: 'same-origin', signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'No se pudo conectar con el servidor. Revisa tu conexión.', 'NETWORK');
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T = unknown>(path: string, opts?: RequestOptions) => api<T>('GET', path, undefined, opts);
/**
 * A staff screen's read of an address the learner's service worker answers from its cache
 * (CONTENT_API_READ): marked so the worker lets it through to the server, and the screen shows what
 * was just saved.
 */
export const apiGetFresh = <T = unknown>(path: string, opts?: RequestOptions) => apiGet<T>(`${path}${path.includes('?') ? '&' : '?'}${FRESH_PARAM}=1`, opts);
export const apiPost = <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => api<T>('POST', path, body, opts);
export const apiPut = <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => api<T>('PUT', path, body, opts);
export const apiDelete = <T = unknown>(path: string, opts?: RequestOptions) => api<T>('DELETE', path, undefined, opts);

/**
 * Multipart upload with progress (XMLHttpRequest: fetch cannot report upload progress).
 * `onProgress` receives 0..1.
 */
export function upload<T = unknown>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, API_BASE + path.replace(/^\/?(api\/)?/, ''));
    for (const [k, v] of Object.entries(authHeaders(method))) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'No se pudo conectar con el servidor. Revisa tu conexión.', 'NETWORK'));
    xhr.onload = () => {
      let body: any = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
      } else {
        reject(new ApiError(xhr.status, body?.msg ?? body?.message ?? `Error ${xhr.status}`, body?.code, body?.fields));
      }
    };
    xhr.send(form);
  });
}
