// The first-visit route loaders (src/client/boot/loaders.ts): on the app's first load of a learner
// screen with a session they start that screen's API calls and hand them to the screen as loader
// data (its queries start from them); never on a later navigation, never without a session.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const g = globalThis as unknown as { window?: unknown; localStorage?: unknown; location?: unknown };
let asked: string[] = [];
let storage: Record<string, string> = {};

async function boot(path: string) {
  g.location = { pathname: path };
  g.window = {};
  vi.resetModules(); // loaders.ts reads the first address when it loads
  return import('../../../src/client/boot/loaders');
}
const req = (path: string) => ({ request: new Request(`http://127.0.0.1${path}`), params: {}, context: undefined }) as never;
const withParams = (path: string, params: Record<string, string>) => ({ request: new Request(`http://127.0.0.1${path}`), params, context: undefined }) as never;
type First = { started: Record<string, unknown>; done: Record<string, { status: number; text: string }> } | null;
const stored = (first: First) => Object.keys(first?.started ?? {}).sort();

beforeEach(() => {
  asked = [];
  storage = { token: 'T1', user: JSON.stringify({ id: 7 }) };
  g.localStorage = { getItem: (k: string) => storage[k] ?? null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push(`${url} ${(init.headers as Record<string, string>).Authorization}`);
      const body = url === '/api/palabra/nivel/3' ? [{ id_palabra: 12 }, { id_palabra: 11 }] : { data: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete g.window;
  delete g.localStorage;
  delete g.location;
});

describe('first-visit route loaders', () => {
  it('/home: asks for the levels and the assigned levels with the session token, once; the answers are the loader data', async () => {
    const { homeLoader } = await boot('/home');
    const first = (await homeLoader(req('/home'))) as First;
    expect(asked).toEqual(['/api/nivel/getNivels Bearer T1', '/api/clase/mis-tareas Bearer T1']);
    expect(stored(first)).toEqual(['clase/mis-tareas', 'nivel/getNivels']);
    // The loader resolved after the answer: the screen's first render has it.
    expect(first?.done['nivel/getNivels']).toEqual({ status: 200, text: '{"data":[]}' });
    expect(window).not.toHaveProperty('__manitasPrefetch'); // nothing kept on window
    expect(await homeLoader(req('/home'))).toBeNull(); // a later navigation to the same address: the screen asks itself
    expect(asked).toHaveLength(2);
  });

  it("/supmenu/{id}: levels, progress, the words and then each word's media", async () => {
    const { levelMenuLoader } = await boot('/supmenu/3');
    const first = (await levelMenuLoader(withParams('/supmenu/3', { id: '3' }))) as First;
    expect(stored(first)).toEqual(['multimedia/palabra/11', 'multimedia/palabra/12', 'nivel/getNivels', 'palabra/nivel/3', 'progreso/usuario/7']);
  });

  it("/menuletra/{id}/{palabraId}: the level's words and the word's media", async () => {
    const { wordLoader } = await boot('/menuletra/3/12');
    const first = (await wordLoader(withParams('/menuletra/3/12', { nivelId: '3', palabraId: '12' }))) as First;
    expect(stored(first)).toEqual(['multimedia/palabra/12', 'palabra/nivel/3']);
  });

  it('nothing without a session, on another first address, or for a malformed id', async () => {
    storage = {};
    let m = await boot('/home');
    await m.homeLoader(req('/home'));
    storage = { token: 'T1', user: '{broken' };
    m = await boot('/home');
    await m.homeLoader(req('/home'));
    storage = { token: 'T1', user: JSON.stringify({ id: 7 }) };
    m = await boot('/logIn');
    await m.homeLoader(req('/home'));
    m = await boot('/supmenu/abc');
    await m.levelMenuLoader(withParams('/supmenu/abc', { id: 'abc' }));
    expect(asked).toEqual([]);
  });
});
