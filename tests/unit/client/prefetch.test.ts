// The boot prefetch's contract with the app (src/client/api/prefetched.ts, api() in http.ts): an
// answer the boot script already has is used once, only with the same token and while recent, and
// any write drops what is left.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../src/client/api/http';
import { dropPrefetched, peekPrefetched, takePrefetched } from '../../../src/client/api/prefetched';

interface Answer { status: number; text: string }
const g = globalThis as unknown as { window?: unknown; localStorage?: unknown; fetch: typeof fetch };
let calls: string[] = [];
let storage: Record<string, string> = {};
let store: Record<string, { token: string; at: number; res: Promise<Answer>; done?: Answer }> = {};

function started(key: string, a: Answer, token = 'T1', at = Date.now()) {
  store[key] = { token, at, res: Promise.resolve(a), done: a };
}

beforeEach(() => {
  calls = [];
  storage = { token: 'T1' };
  store = {};
  g.window = { location: { origin: 'http://127.0.0.1' }, __manitasPrefetch: store };
  g.localStorage = { getItem: (k: string) => storage[k] ?? null };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    return new Response(JSON.stringify({ from: 'network' }), { status: 200 });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete g.window;
  delete g.localStorage;
});

describe('boot prefetch', () => {
  it('answers a GET from the started call once, then asks the server', async () => {
    started('nivel/getNivels', { status: 200, text: '{"from":"prefetch"}' });
    expect(await api('GET', 'nivel/getNivels')).toEqual({ from: 'prefetch' });
    expect(calls).toEqual([]);
    expect(await api('GET', 'nivel/getNivels')).toEqual({ from: 'network' });
    expect(calls).toEqual(['GET /api/nivel/getNivels']);
  });

  it('keeps the error answers of the started call (same ApiError as a direct call)', async () => {
    started('palabra/nivel/9', { status: 404, text: '{"msg":"No encontrado","code":"NOT_FOUND"}' });
    await expect(api('GET', 'palabra/nivel/9')).rejects.toMatchObject({ status: 404, msg: 'No encontrado', code: 'NOT_FOUND' });
    expect(calls).toEqual([]);
  });

  it('ignores a call made with another token, an old one, or one that failed to connect', async () => {
    started('nivel/getNivels', { status: 200, text: '{"from":"prefetch"}' }, 'OTHER');
    started('palabra/nivel/1', { status: 200, text: '{"from":"prefetch"}' }, 'T1', Date.now() - 60_000);
    store['progreso/usuario/4'] = { token: 'T1', at: Date.now(), res: Promise.reject(new TypeError('offline')) };
    store['progreso/usuario/4'].res.catch(() => undefined);
    expect(await api('GET', 'nivel/getNivels')).toEqual({ from: 'network' });
    expect(await api('GET', 'palabra/nivel/1')).toEqual({ from: 'network' });
    expect(await api('GET', 'progreso/usuario/4')).toEqual({ from: 'network' });
    expect(calls).toHaveLength(3);
  });

  it('a write drops every answer not yet taken', async () => {
    started('nivel/getNivels', { status: 200, text: '{"from":"prefetch"}' });
    await api('POST', 'progreso/visto', { id_nivel: 1, id_palabra: 1 });
    expect(await api('GET', 'nivel/getNivels')).toEqual({ from: 'network' });
    expect(calls).toEqual(['POST /api/progreso/visto', 'GET /api/nivel/getNivels']);
  });

  it('peek gives an answered 200 body once (first render with data), and nothing while it runs', () => {
    started('nivel/getNivels', { status: 200, text: '{"data":[1]}' });
    store['palabra/nivel/1'] = { token: 'T1', at: Date.now(), res: new Promise(() => undefined) };
    expect(peekPrefetched('palabra/nivel/1')).toBeUndefined();
    expect(takePrefetched('palabra/nivel/1', 'T1')).not.toBeNull(); // still there for the page's own call
    expect(peekPrefetched('nivel/getNivels')).toEqual({ data: [1] });
    expect(peekPrefetched('nivel/getNivels')).toBeUndefined();
  });

  it('peek refuses another session and errors; dropPrefetched empties the store', () => {
    started('a', { status: 200, text: '1' }, 'OTHER');
    started('b', { status: 500, text: '{}' });
    started('c', { status: 200, text: '2' });
    expect(peekPrefetched('a')).toBeUndefined();
    expect(peekPrefetched('b')).toBeUndefined();
    dropPrefetched();
    expect(peekPrefetched('c')).toBeUndefined();
    expect(takePrefetched('c', 'T1')).toBeNull();
  });
});
