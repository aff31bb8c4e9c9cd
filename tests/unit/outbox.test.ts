// The device's queue of offline work: kept in IndexedDB before it is sent, sent once,
// oldest first, only for the signed-in child; a final refusal drops it; logout deletes a child's.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { path: string; body: unknown; token: string | null }[] = [];
let mode: 'ok' | 'offline' | 'refuse' = 'ok';
let signedIn: { id: number; token: string } | null = { id: 7, token: 't7' };

vi.mock('../../src/client/auth/session', () => ({
  getStoredUser: () => (signedIn ? { id: signedIn.id } : null),
  getToken: () => signedIn?.token ?? null,
}));
vi.mock('../../src/client/api/http', async () => {
  class ApiError extends Error {
    constructor(
      public status: number,
      public msg: string,
      public code?: string,
    ) {
      super(msg);
    }
  }
  return {
    ApiError,
    api: async (_method: string, path: string, body: unknown) => {
      if (mode === 'offline') throw new ApiError(0, 'No se pudo conectar con el servidor. Revisa tu conexión.', 'NETWORK');
      if (mode === 'refuse') throw new ApiError(409, 'Ya usaste todos tus intentos de este cuestionario.', 'NO_ATTEMPTS_LEFT');
      calls.push({ path, body, token: signedIn?.token ?? null });
      return { data: { n: calls.length } };
    },
  };
});

const outbox = await import('../../src/client/offline/outbox');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  calls.length = 0;
  mode = 'ok';
  signedIn = { id: 7, token: 't7' };
  await outbox.clearOutbox(7);
  await outbox.clearOutbox(8);
});
afterEach(() => {
  vi.useRealTimers();
});

const quiz = (id: string, creado?: number) => ({ id, tipo: 'quiz' as const, ruta: 'resultados/save-multiple', cuerpo: { clave: id }, creado, nivel: 3 });

describe('outbox', () => {
  it('sends at once when it can, and the entry leaves the device', async () => {
    const out = await outbox.submit(quiz('clave-aaaa'));
    expect(out).toEqual({ estado: 'enviado', respuesta: { data: { n: 1 } } });
    expect(calls.map((c) => c.path)).toEqual(['resultados/save-multiple']);
    expect(await outbox.pendingEntries(7)).toEqual([]);
  });

  it('keeps an entry on the device when the connection fails, and sends it exactly once when it returns', async () => {
    mode = 'offline';
    expect(await outbox.submit(quiz('clave-bbbb'))).toEqual({ estado: 'en-cola' });
    expect((await outbox.pendingEntries(7)).map((e) => e.id)).toEqual(['clave-bbbb']);
    mode = 'ok';
    await outbox.flushOutbox();
    await outbox.flushOutbox();
    expect(calls.map((c) => (c.body as { clave: string }).clave)).toEqual(['clave-bbbb']);
    expect(await outbox.pendingEntries(7)).toEqual([]);
  });

  it('retries by itself on a backoff timer while something waits', async () => {
    mode = 'offline';
    await outbox.submit(quiz('clave-cccc'));
    mode = 'ok';
    await vi.advanceTimersByTimeAsync(outbox.FLUSH_BACKOFF_MS[1]! + 1);
    expect(calls).toHaveLength(1);
  });

  it('sends the oldest first: a new entry waits behind older ones', async () => {
    mode = 'offline';
    await outbox.submit(quiz('clave-old1', 1000));
    await outbox.submit(quiz('clave-old2', 2000));
    mode = 'ok';
    const out = await outbox.submit(quiz('clave-new3', 3000));
    expect(out.estado).toBe('enviado');
    expect(calls.map((c) => (c.body as { clave: string }).clave)).toEqual(['clave-old1', 'clave-old2', 'clave-new3']);
  });

  it('drops an entry the server refuses for good, and says so', async () => {
    mode = 'refuse';
    const out = await outbox.submit(quiz('clave-dddd'));
    expect(out.estado).toBe('rechazado');
    expect(await outbox.pendingEntries(7)).toEqual([]);
  });

  it("sends only the signed-in child's entries, with their token; logout deletes only theirs", async () => {
    mode = 'offline';
    await outbox.submit(quiz('clave-of-7'));
    signedIn = { id: 8, token: 't8' };
    await outbox.submit(quiz('clave-of-8'));
    mode = 'ok';
    await outbox.flushOutbox();
    expect(calls).toEqual([{ path: 'resultados/save-multiple', body: { clave: 'clave-of-8' }, token: 't8' }]);
    expect((await outbox.pendingEntries(7)).map((e) => e.id)).toEqual(['clave-of-7']);
    await outbox.clearOutbox(7);
    expect(await outbox.pendingEntries(7)).toEqual([]);
  });

  it('the same key twice is one entry (a resend replaces, never doubles)', async () => {
    mode = 'offline';
    await outbox.submit(quiz('clave-eeee', 1));
    await outbox.submit(quiz('clave-eeee', 1));
    expect(await outbox.pendingEntries(7)).toHaveLength(1);
  });

  it('a late reply runs the kind’s handler (the quiz result kept for the level menu)', async () => {
    const seen: unknown[] = [];
    outbox.whenSent('quiz', (_e, reply) => seen.push(reply));
    mode = 'offline';
    await outbox.submit(quiz('clave-ffff'));
    mode = 'ok';
    await outbox.flushOutbox();
    expect(seen).toEqual([{ data: { n: 1 } }]);
  });

  it('nothing is kept or sent without a signed-in child', async () => {
    signedIn = null;
    const out = await outbox.submit(quiz('clave-gggg'));
    expect(out.estado).toBe('rechazado');
    expect(calls).toEqual([]);
  });
});
