// The boot prefetch's contract with the app (src/client/api/prefetched.ts, api() in http.ts): an
// answer the boot script already has is used once, only with the same token and while recent, and
// any write drops what is left.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../src/client/api/http';
import { dropPrefetched, hasPrefetched, peekPrefetched, takePrefetched } from '../../../src/client/api/prefetched';
import { firstLevelMenu } from '../../../src/client/learner/model/learnerData';

interface Answer {
  status: number;
  text: string;
}
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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return new Response(JSON.stringify({ from: 'network' }), { status: 200 });
    }),
  );
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

  it('hasPrefetched says whether peek would answer, and takes nothing', () => {
    started('a', { status: 200, text: '1' });
    started('b', { status: 200, text: '2' }, 'OTHER');
    started('c', { status: 200, text: '3' }, 'T1', Date.now() - 60_000);
    started('d', { status: 404, text: '{}' });
    expect(['a', 'b', 'c', 'd', 'e'].map(hasPrefetched)).toEqual([true, false, false, false, false]);
    expect(hasPrefetched('a')).toBe(true);
    expect(peekPrefetched('a')).toBe(1);
    expect(hasPrefetched('a')).toBe(false);
  });
});

describe('level menu first render from the boot prefetch', () => {
  const json = (v: unknown) => ({ status: 200, text: JSON.stringify(v) });
  const levels = json({
    data: [
      { id_nivel: 1, nombre_nivel: 'Animales' },
      { id_nivel: 2, nombre_nivel: 'Colores' },
    ],
  });
  const words = json([
    { id_palabra: 12, palabraEspanol: 'gato' },
    { id_palabra: 11, palabraEspanol: 'perro' },
  ]);
  const media = (id: number) => json({ data: [{ id, descripcion: 'gifmenu', url: `uploads/${id}.gif`, id_palabra: id }] });

  it('takes levels, words, every answered media and the progress at once, merged with the local data', () => {
    storage['progreso_nivel_1_usuario_7'] = JSON.stringify({ palabrasVistas: [12], mostrarCuestionario: true, reintentos: 0, ultimoResultado: null });
    started('nivel/getNivels', levels);
    started('palabra/nivel/1', words);
    started('multimedia/palabra/11', media(11));
    store['multimedia/palabra/12'] = { token: 'T1', at: Date.now(), res: new Promise(() => undefined) };
    started('progreso/usuario/7', json({ data: [{ id_nivel: 1, palabras_vistas: [11], mostrar_cuestionario: true, reintentos: 0 }] }));
    const first = firstLevelMenu(1, 7);
    expect(first.state.level?.nombre_nivel).toBe('Animales');
    expect(first.state.words?.map((w) => w.id_palabra)).toEqual([11, 12]);
    expect(Object.keys(first.state.media)).toEqual(['11']);
    expect(first.missingMedia).toEqual([12]);
    expect(first.server?.palabras_vistas).toEqual([11]);
    expect([...first.state.data.palabrasVistas].sort()).toEqual([11, 12]);
    // Taken once; the media still running stays for the page's own call.
    expect(Object.keys(store)).toEqual(['multimedia/palabra/12']);
  });

  it('without both levels and words answered, takes nothing and starts loading (local progress only)', () => {
    started('nivel/getNivels', levels);
    store['palabra/nivel/1'] = { token: 'T1', at: Date.now(), res: new Promise(() => undefined) };
    started('progreso/usuario/7', json({ data: [] }));
    const first = firstLevelMenu(1, 7);
    expect(first.state.words).toBeNull();
    expect(first.missingMedia).toBeNull();
    expect(first.server).toBeUndefined();
    expect(Object.keys(store).sort()).toEqual(['nivel/getNivels', 'palabra/nivel/1', 'progreso/usuario/7']);
    expect(firstLevelMenu(0, 7).state.words).toEqual([]); // not a level: the no-words message
  });
});
