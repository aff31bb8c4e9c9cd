import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../memoryStorage';

/**
 * Preferences that follow the child (src/client/prefs/sync.ts): the device store is written at once,
 * the account through a debounced PUT /api/preferencias; a failed PUT keeps the device value, warns
 * and is retried with the next change or on the next visit; loading takes the server's value (server
 * wins) but keeps changes not yet sent. fetch, window and localStorage are stand-ins (node).
 */
interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[];
let server: Record<string, unknown>;
let failPuts: boolean;
let storage: ReturnType<typeof memoryStorage>;

function signIn(id = 7) {
  localStorage.setItem('token', `token-${id}`);
  localStorage.setItem('user', JSON.stringify({ id, nombre: 'Lucía', email: 'l@x.test', rol: 'usuario' }));
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  calls = [];
  server = { velocidad: 1, espejo: false, segundaLenta: false, sinSonido: false };
  failPuts = false;
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { addEventListener: () => undefined, removeEventListener: () => undefined, location: { origin: 'http://localhost' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { method: string; body?: string }) => {
      const body = init.body ? JSON.parse(init.body) : undefined;
      calls.push({ method: init.method, url, body });
      if (init.method === 'PUT') {
        if (failPuts) throw new TypeError('Failed to fetch');
        server = { ...server, ...body };
      }
      return new Response(JSON.stringify({ data: server }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const load = async () => {
  const prefs = await import('../../../src/client/prefs');
  const sync = await import('../../../src/client/prefs/sync');
  const session = await import('../../../src/client/auth/session');
  return { prefs, sync, session };
};
const puts = () => calls.filter((c) => c.method === 'PUT');

describe('setPreferences', () => {
  it('writes the device at once and sends one debounced PUT for several quick changes', async () => {
    signIn();
    const { prefs } = await load();
    prefs.setPreferences({ sinSonido: true });
    prefs.setPreferences({ velocidad: 0.5 });
    prefs.setPreferences({ espejo: true });
    expect(prefs.getPreferences()).toMatchObject({ sinSonido: true, velocidad: 0.5, espejo: true });
    expect(JSON.parse(storage.getItem('manitas.preferencias')!)).toMatchObject({ sinSonido: true });
    expect(puts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(puts()).toEqual([{ method: 'PUT', url: '/api/preferencias', body: { velocidad: 0.5, espejo: true, sinSonido: true } }]);
    expect(storage.getItem('manitas.preferencias.pendientes')).toBeNull();
  });

  it('a failed PUT keeps the device value, warns (no alert), and the next change sends both', async () => {
    signIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { prefs, sync } = await load();
    failPuts = true;
    prefs.setPreferences({ sinSonido: true });
    await vi.advanceTimersByTimeAsync(500);
    expect(puts()).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
    expect(sync.getSaveState()).toBe('offline');
    expect(prefs.getPreferences().sinSonido).toBe(true);
    expect(JSON.parse(storage.getItem('manitas.preferencias.pendientes')!)).toEqual({ userId: 7, patch: { sinSonido: true } });
    failPuts = false;
    prefs.setPreferences({ espejo: true });
    await vi.advanceTimersByTimeAsync(500);
    expect(puts()[1]!.body).toEqual({ espejo: true, sinSonido: true });
    expect(server).toMatchObject({ espejo: true, sinSonido: true });
    expect(sync.getSaveState()).toBe('saved');
  });

  it('without a session only the device changes', async () => {
    const { prefs } = await load();
    prefs.setPreferences({ segundaLenta: true });
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(0);
    expect(prefs.getPreferences().segundaLenta).toBe(true);
  });

  it('bad values never reach the device or the server', async () => {
    signIn();
    const { prefs } = await load();
    prefs.setPreferences({ velocidad: 2 as never, espejo: 'sí' as never });
    await vi.advanceTimersByTimeAsync(500);
    expect(prefs.getPreferences()).toMatchObject({ velocidad: 1, espejo: false });
    expect(puts()).toHaveLength(0);
  });
});

describe('loadServerPreferences', () => {
  it('the server wins over the device, once per account and page', async () => {
    signIn();
    storage.setItem('manitas.preferencias', JSON.stringify({ sinSonido: false, velocidad: 0.75 }));
    server = { velocidad: 0.5, espejo: true, segundaLenta: false, sinSonido: true };
    const { prefs } = await load();
    await prefs.loadServerPreferences();
    expect(prefs.getPreferences()).toEqual(server);
    await prefs.loadServerPreferences();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it('changes that never reached the server (last visit) are sent first, then kept', async () => {
    signIn();
    storage.setItem('manitas.preferencias.pendientes', JSON.stringify({ userId: 7, patch: { sinSonido: true } }));
    const { prefs } = await load();
    await prefs.loadServerPreferences();
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'GET']);
    expect(prefs.getPreferences().sinSonido).toBe(true);
    expect(storage.getItem('manitas.preferencias.pendientes')).toBeNull();
  });

  it("another account's unsent changes are not sent in this one's name", async () => {
    signIn(8);
    storage.setItem('manitas.preferencias.pendientes', JSON.stringify({ userId: 7, patch: { sinSonido: true } }));
    const { prefs } = await load();
    await prefs.loadServerPreferences();
    expect(puts()).toHaveLength(0);
    expect(prefs.getPreferences().sinSonido).toBe(false);
  });

  it('a failed load keeps the device value and tries again on the next screen', async () => {
    signIn();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storage.setItem('manitas.preferencias', JSON.stringify({ espejo: true }));
    (fetch as unknown as { mockRejectedValueOnce: (e: unknown) => void }).mockRejectedValueOnce(new TypeError('offline'));
    const { prefs } = await load();
    await prefs.loadServerPreferences();
    expect(prefs.getPreferences().espejo).toBe(true);
    await prefs.loadServerPreferences();
    expect(prefs.getPreferences().espejo).toBe(false);
  });

  it('logout forgets the values; the next account signs in to its own', async () => {
    signIn();
    server = { velocidad: 0.5, espejo: true, segundaLenta: true, sinSonido: true };
    const { prefs, session } = await load();
    await prefs.loadServerPreferences();
    expect(prefs.getPreferences().sinSonido).toBe(true);
    session.clearSession();
    expect(prefs.getPreferences()).toEqual({ velocidad: 1, espejo: false, segundaLenta: false, sinSonido: false });
    expect(storage.map.size).toBe(0);
    server = { velocidad: 0.75, espejo: false, segundaLenta: false, sinSonido: false };
    session.saveSession('token-9', { id: 9, nombre: 'Mateo', email: 'm@x.test', rol: 'usuario' });
    await vi.waitFor(() => expect(prefs.getPreferences().velocidad).toBe(0.75));
  });
});
