// @pglite-suffices: body limits, content types and error shapes decided before any SQL (docs/testing.md, "The PostgreSQL pass").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { seedDemo } from '../../src/server/demo/seed';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ maxJsonBytes: 1024 });
});
afterAll(async () => t?.close());

describe('platform', () => {
  it('GET /api/health answers ok once migrations are done', async () => {
    const r = await t.call('GET', '/api/health');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok' });
  });

  it('malformed JSON → 400 with the error body', async () => {
    const r = await t.call('POST', '/api/user/logIn', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ msg: 'El cuerpo de la solicitud no es un JSON válido.', code: 'INVALID_JSON' });
  });

  it('unknown /api path → 404 JSON, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const r = await t.call(method, '/api/no-existe/ruta');
      expect(r.statusCode).toBe(404);
      expect(r.headers['content-type']).toMatch(/application\/json/);
      expect(r.json()).toMatchObject({ code: 'NOT_FOUND', msg: expect.stringMatching(/No se encontró/) });
    }
  });

  it('a body over the limit → 413 with the error body', async () => {
    const big = JSON.stringify({ email: 'x'.repeat(4096) });
    const r = await t.call('POST', '/api/user/logIn', { body: big, headers: { 'content-type': 'application/json' } });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ msg: 'El contenido enviado es demasiado grande.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sets the XSRF-TOKEN cookie on a first response', async () => {
    const r = await t.call('GET', '/api/health');
    const setCookie = String(r.headers['set-cookie']);
    expect(setCookie).toMatch(/^XSRF-TOKEN=[\w-]{20,};/);
    expect(setCookie).toMatch(/SameSite=Strict/);
  });

  it('XSRF: a non-GET request with the cookie but no header is refused with 403', async () => {
    const r = await t.call('POST', '/api/no-existe', { headers: { cookie: 'XSRF-TOKEN=abc123abc123abc123', 'content-type': 'application/json' }, body: {} });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ code: 'XSRF' });
  });

  it('XSRF: a header different from the cookie is refused; the same value passes the check', async () => {
    const bad = await t.call('POST', '/api/no-existe', {
      headers: { cookie: 'XSRF-TOKEN=abc123abc123abc123', 'x-xsrf-token': 'abc123abc123abc999' },
      body: {},
    });
    expect(bad.statusCode).toBe(403);
    const good = await t.call('POST', '/api/no-existe', {
      headers: { cookie: 'XSRF-TOKEN=abc123abc123abc123', 'x-xsrf-token': 'abc123abc123abc123' },
      body: {},
    });
    expect(good.statusCode).toBe(404); // past the check, on to the (unknown) route
  });

  it('security headers: CSP, nosniff, no referrer', async () => {
    const r = await t.call('GET', '/api/health');
    expect(r.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(r.headers['content-security-policy']).toMatch(/object-src 'none'/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
  });

  it('the demo seed is there and a second run adds nothing', async () => {
    const before = await snapshotCounts(t.database);
    expect(before.usuario).toBe(5);
    expect(before.nivel).toBeGreaterThanOrEqual(4);
    expect(before.palabra).toBeGreaterThanOrEqual(24);
    expect(await seedDemo(t.database, t.config)).toBe('skipped');
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('every seeded word has the media the learner screens read', async () => {
    const r = await t.database.raw(`SELECT p.id_palabra, array_agg(m.descripcion ORDER BY m.descripcion) AS d
      FROM palabra p LEFT JOIN multimedia m ON m.id_palabra = p.id_palabra GROUP BY p.id_palabra`);
    for (const row of r.rows) {
      expect(row.d).toEqual(expect.arrayContaining(['audioEspanol', 'audioIngles', 'gifSena', 'gifmenu', 'imgEspanol', 'imgIngles']));
    }
    const levels = await t.database.raw('SELECT DISTINCT dificultad FROM nivel');
    expect(levels.rows.map((x) => x.dificultad).sort()).toEqual(['Difícil', 'Fácil', 'Medio']);
  });

  it('seeded media files are served under /uploads with their type and nosniff', async () => {
    const r = await t.database.raw(`SELECT url FROM multimedia WHERE descripcion = 'gifSena' LIMIT 1`);
    const res = await t.call('GET', `/${String(r.rows[0]!.url)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.call('GET', '/uploads/multimedia/nope.gif');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
