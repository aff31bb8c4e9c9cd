import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, type DemoUser, type TestApp } from './helpers';
import { usuario } from '../../src/server/db/schema';
import { DEFAULT_PREFERENCES } from '../../src/shared/rules/preferences';

/**
 * GET/PUT /api/preferencias: the signed-in user's own sign-player and sound choices.
 * Written from the brief (any role, own row only, partial merge, Spanish 400s, strict keys).
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const stored = async (who: DemoUser) => {
  const [row] = await t.database.db
    .select({ p: usuario.preferencias })
    .from(usuario)
    .where(eq(usuario.id, await t.userId(who)));
  return row!.p;
};
const get = async (who: DemoUser) => {
  const r = await t.call('GET', '/api/preferencias', { as: who });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Record<string, unknown>;
};

describe('GET/PUT /api/preferencias', () => {
  it('anonymous is refused with 401 (read and write), and nothing is written', async () => {
    const g = await t.call('GET', '/api/preferencias');
    expect(g.statusCode).toBe(401);
    expect(g.json()).toMatchObject({ msg: expect.any(String), code: 'UNAUTHORIZED' });
    const p = await t.call('PUT', '/api/preferencias', { body: { sinSonido: true } });
    expect(p.statusCode).toBe(401);
    const bad = await t.call('PUT', '/api/preferencias', { as: 'not-a-token', body: { sinSonido: true } });
    expect(bad.statusCode).toBe(401);
  });

  it('every role reads its defaults (null column) and saves its own', async () => {
    for (const who of ['nino', 'profesor', 'admin', 'superadmin'] as const) {
      expect(await stored(who)).toBeNull();
      expect(await get(who)).toEqual(DEFAULT_PREFERENCES);
      const r = await t.call('PUT', '/api/preferencias', { as: who, body: { espejo: true } });
      expect(r.statusCode, `${who}: ${r.body}`).toBe(200);
      expect(r.json()).toEqual({ msg: 'Preferencias guardadas.', data: { ...DEFAULT_PREFERENCES, espejo: true } });
      expect(await get(who)).toEqual({ ...DEFAULT_PREFERENCES, espejo: true });
      // Put back, so the later tests start from the defaults.
      expect((await t.call('PUT', '/api/preferencias', { as: who, body: { espejo: false } })).statusCode).toBe(200);
    }
  });

  it('a partial update merges with what is stored; the reply and a later read give the merged value', async () => {
    const a = await t.call('PUT', '/api/preferencias', { as: 'nina', body: { velocidad: 0.5, sinSonido: true } });
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toEqual({ velocidad: 0.5, espejo: false, segundaLenta: false, sinSonido: true });
    const b = await t.call('PUT', '/api/preferencias', { as: 'nina', body: { segundaLenta: true } });
    expect(b.json().data).toEqual({ velocidad: 0.5, espejo: false, segundaLenta: true, sinSonido: true });
    const c = await t.call('PUT', '/api/preferencias', { as: 'nina', body: { velocidad: 0.75, sinSonido: false } });
    expect(c.json().data).toEqual({ velocidad: 0.75, espejo: false, segundaLenta: true, sinSonido: false });
    expect(await get('nina')).toEqual({ velocidad: 0.75, espejo: false, segundaLenta: true, sinSonido: false });
    // Stored as JSON text.
    expect(JSON.parse((await stored('nina'))!)).toEqual({ velocidad: 0.75, segundaLenta: true, sinSonido: false });
  });

  it('an empty body (or none) changes nothing and answers the current value', async () => {
    const before = await stored('nina');
    const r = await t.call('PUT', '/api/preferencias', { as: 'nina', body: {} });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual(await get('nina'));
    const none = await t.call('PUT', '/api/preferencias', { as: 'nina' });
    expect(none.statusCode).toBe(200);
    expect(await stored('nina')).toBe(before);
  });

  it('bad values are refused with the Spanish message and nothing changes', async () => {
    const before = await stored('nina');
    const cases: [unknown, string, string][] = [
      [{ velocidad: 2 }, 'velocidad', 'La velocidad debe ser 0,5, 0,75 o 1.'],
      [{ velocidad: '0.5' }, 'velocidad', 'La velocidad debe ser 0,5, 0,75 o 1.'],
      [{ velocidad: 0 }, 'velocidad', 'La velocidad debe ser 0,5, 0,75 o 1.'],
      [{ velocidad: null }, 'velocidad', 'La velocidad debe ser 0,5, 0,75 o 1.'],
      [{ espejo: 'true' }, 'espejo', 'Espejo debe ser sí o no.'],
      [{ segundaLenta: 1 }, 'segundaLenta', 'Segunda vez más lenta debe ser sí o no.'],
      [{ sinSonido: 'sí' }, 'sinSonido', 'Sin sonido debe ser sí o no.'],
      // One bad field refuses the whole update: the good one is not saved either.
      [{ espejo: true, sinSonido: 'no' }, 'sinSonido', 'Sin sonido debe ser sí o no.'],
    ];
    for (const [body, field, msg] of cases) {
      const r = await t.call('PUT', '/api/preferencias', { as: 'nina', body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toMatchObject({ msg, code: 'VALIDATION', fields: { [field]: msg } });
    }
    expect(await stored('nina')).toBe(before);
  });

  it('strict: unknown keys and bodies that are not an object are refused in Spanish', async () => {
    const before = await stored('nina');
    const unknown = await t.call('PUT', '/api/preferencias', { as: 'nina', body: { sinSonido: true, volumen: 0 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ msg: 'La preferencia "volumen" no existe.', code: 'VALIDATION' });
    const proto = await t.call('PUT', '/api/preferencias', {
      as: 'nina',
      body: '{"__proto__": {"sinSonido": true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.statusCode).toBe(400);
    for (const body of [[{ sinSonido: true }], 'sin sonido', 7, true]) {
      const r = await t.call('PUT', '/api/preferencias', { as: 'nina', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toMatchObject({ msg: expect.stringMatching(/[áéíóúñ]|preferencias/), code: expect.any(String) });
    }
    expect(await stored('nina')).toBe(before);
  });

  it("one user never sees or changes another's: there is no id to name, and a write touches only the caller", async () => {
    await t.call('PUT', '/api/preferencias', { as: 'nino', body: { sinSonido: true, velocidad: 0.5 } });
    await t.call('PUT', '/api/preferencias', { as: 'nina', body: { sinSonido: false, velocidad: 1 } });
    expect(await get('nino')).toMatchObject({ sinSonido: true, velocidad: 0.5 });
    expect(await get('nina')).toMatchObject({ sinSonido: false, velocidad: 1 });
    // No way to name someone else: an id in the path is another (unknown) route, and an id in the body a refused key.
    const ninaId = await t.userId('nina');
    expect((await t.call('GET', `/api/preferencias/${ninaId}`, { as: 'nino' })).statusCode).toBe(404);
    const named = await t.call('PUT', '/api/preferencias', { as: 'admin', body: { id_usuario: ninaId, sinSonido: true } });
    expect(named.statusCode).toBe(400);
    expect(await get('nina')).toMatchObject({ sinSonido: false });
  });

  it('stored text that is not what the API writes still reads leniently and is repaired by a write', async () => {
    const id = await t.userId('profesor');
    await t.database.db.update(usuario).set({ preferencias: 'esto no es JSON' }).where(eq(usuario.id, id));
    expect(await get('profesor')).toEqual(DEFAULT_PREFERENCES);
    const r = await t.call('PUT', '/api/preferencias', { as: 'profesor', body: { segundaLenta: true } });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ ...DEFAULT_PREFERENCES, segundaLenta: true });
    await t.database.db.update(usuario).set({ preferencias: '{"velocidad": 3, "espejo": true, "viejo": 1}' }).where(eq(usuario.id, id));
    expect(await get('profesor')).toEqual({ ...DEFAULT_PREFERENCES, espejo: true });
  });

  it('two devices changing different preferences at once lose neither', async () => {
    await t.call('PUT', '/api/preferencias', { as: 'admin', body: { espejo: false, segundaLenta: false, sinSonido: false, velocidad: 1 } });
    await Promise.all([
      t.call('PUT', '/api/preferencias', { as: 'admin', body: { espejo: true } }),
      t.call('PUT', '/api/preferencias', { as: 'admin', body: { segundaLenta: true } }),
      t.call('PUT', '/api/preferencias', { as: 'admin', body: { velocidad: 0.75 } }),
    ]);
    expect(await get('admin')).toEqual({ espejo: true, segundaLenta: true, sinSonido: false, velocidad: 0.75 });
  });

  it('XSRF: a browser write with the cookie but without the header is refused (403) and changes nothing', async () => {
    const before = await stored('nino');
    const r = await t.call('PUT', '/api/preferencias', { as: 'nino', body: { espejo: true }, headers: { cookie: 'XSRF-TOKEN=abc123abc123abc123' } });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ code: 'XSRF' });
    expect(await stored('nino')).toBe(before);
    const ok = await t.call('PUT', '/api/preferencias', {
      as: 'nino',
      body: { espejo: true },
      headers: { cookie: 'XSRF-TOKEN=abc123abc123abc123', 'x-xsrf-token': 'abc123abc123abc123' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("replies are never stored by browsers, and a child's save does not empty the content cache", async () => {
    const g = await t.call('GET', '/api/preferencias', { as: 'nino' });
    expect(g.headers['cache-control']).toBe('no-store');
    // Warm a content read, save a preference, read again: still a hit.
    await t.call('GET', '/api/nivel/getNivels', { as: 'nino' });
    const contentBumps = t.app.ctx.cache.stats.bumps.content;
    const p = await t.call('PUT', '/api/preferencias', { as: 'nino', body: { sinSonido: false } });
    expect(p.statusCode).toBe(200);
    expect(p.headers['cache-control']).toBe('no-store');
    expect(t.app.ctx.cache.stats.bumps.content).toBe(contentBumps);
  });
});
