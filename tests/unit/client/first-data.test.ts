// How a learner screen's query starts from its route loader's answer (src/client/learner/model/queries.tsx,
// api() in src/client/api/http.ts): an answer already in is the query's data without a call, one
// on its way is what the query's first call reads, each is taken once, and an error answer is the
// same ApiError a direct call gives.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { api, type StartedAnswer } from '../../../src/client/api/http';
import { learnerQuery } from '../../../src/client/learner/model/queries';
import { fetchLevels, fetchWords, levelsOf, wordsOf } from '../../../src/client/learner/model/learnerData';
import type { FirstData } from '../../../src/client/boot/loaders';

const g = globalThis as unknown as { window?: unknown; localStorage?: unknown };
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  g.window = { location: { origin: 'http://127.0.0.1' } };
  g.localStorage = { getItem: (k: string) => (k === 'token' ? 'T1' : null) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return new Response(JSON.stringify({ data: [{ id_nivel: 9, id_palabra: 9 }] }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete g.window;
  delete g.localStorage;
});

const answered = (key: string, a: StartedAnswer): FirstData => ({ started: { [key]: Promise.resolve(a) }, done: { [key]: a }, read: {} });
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0, staleTime: Infinity } } });

describe("a GET with the loader's started answer", () => {
  it('reads that answer instead of asking, with the same checks (an error is the same ApiError)', async () => {
    expect(await api('GET', 'nivel/getNivels', undefined, { started: Promise.resolve({ status: 200, text: '{"from":"loader"}' }) })).toEqual({
      from: 'loader',
    });
    await expect(
      api('GET', 'palabra/nivel/9', undefined, { started: Promise.resolve({ status: 404, text: '{"msg":"No encontrado","code":"NOT_FOUND"}' }) }),
    ).rejects.toMatchObject({ status: 404, msg: 'No encontrado', code: 'NOT_FOUND' });
    expect(calls).toEqual([]);
  });

  it('asks the server when the loader got no answer (offline, refused connection)', async () => {
    expect(await api('GET', 'nivel/getNivels', undefined, { started: Promise.resolve(null) })).toEqual({ data: [{ id_nivel: 9, id_palabra: 9 }] });
    expect(calls).toEqual(['GET /api/nivel/getNivels']);
  });
});

describe('learnerQuery', () => {
  it('an answer already in is the first data: no call', async () => {
    const first = answered('nivel/getNivels', { status: 200, text: '{"data":[{"id_nivel":1}]}' });
    const q = client();
    const o = learnerQuery(first, 'nivel/getNivels', fetchLevels, levelsOf);
    q.getQueryCache().build(q, o);
    expect(q.getQueryData(o.queryKey)).toEqual([{ id_nivel: 1 }]);
    expect(await q.ensureQueryData(o)).toEqual([{ id_nivel: 1 }]);
    expect(calls).toEqual([]);
  });

  it('a query dropped and built again (gcTime 0 while React renders the first screen in slices) gets the very same value', async () => {
    const first = answered('nivel/getNivels', { status: 200, text: '{"data":[{"id_nivel":1}]}' });
    const q = client();
    const o = learnerQuery(first, 'nivel/getNivels', fetchLevels, levelsOf);
    const before = q.getQueryCache().build(q, o).state;
    await new Promise((r) => setTimeout(r, 5));
    q.getQueryCache().clear();
    const after = q.getQueryCache().build(q, learnerQuery(first, 'nivel/getNivels', fetchLevels, levelsOf)).state;
    expect(after.data).toEqual([{ id_nivel: 1 }]);
    expect(after.data).toBe(before.data); // not a second parse: the screen's memoised cards keep their props
    expect(after.dataUpdatedAt).toBe(before.dataUpdatedAt); // the same result: no render at the commit
    expect(calls).toEqual([]);
  });

  it('an answer on its way is what the first call reads; it is taken once, then the screen asks', async () => {
    let answer!: (a: StartedAnswer) => void;
    const first: FirstData = { started: { 'palabra/nivel/3': new Promise((r) => (answer = r)) }, done: {}, read: {} };
    const o = learnerQuery(first, 'palabra/nivel/3', (opts) => fetchWords(3, opts), wordsOf);
    expect(o).not.toHaveProperty('initialData');
    const q = client();
    const pending = q.fetchQuery(o);
    answer({ status: 200, text: '[{"id_palabra":2},{"id_palabra":1}]' });
    expect(await pending).toEqual([{ id_palabra: 1 }, { id_palabra: 2 }]);
    expect(calls).toEqual([]);
    expect(await q.fetchQuery({ ...o, staleTime: 0 })).toEqual([{ id_nivel: 9, id_palabra: 9 }]);
    expect(calls).toEqual(['GET /api/palabra/nivel/3']);
  });

  it('an error answer already in is no first data: the query reads it as its call (a 404 level has no words)', async () => {
    const first = answered('palabra/nivel/999', { status: 404, text: '{"msg":"No","code":"NOT_FOUND"}' });
    const o = learnerQuery(first, 'palabra/nivel/999', (opts) => fetchWords(999, opts), wordsOf);
    expect(o).not.toHaveProperty('initialData');
    expect(await client().fetchQuery(o)).toEqual([]);
    expect(calls).toEqual([]);
  });
});
