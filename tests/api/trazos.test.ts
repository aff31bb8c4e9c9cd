import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { TRAZO_MAX_FRAMES, TRAZO_SIN_SENA_MSG, type LevelTrackRow } from '../../src/shared/signPractice/stored';
import type { Track } from '../../src/shared/signPractice/compare';

/**
 * Stored reference tracks (src/server/routes/trazos.ts): kept by a teacher for a sign that exists
 * now, read by any signed-in user, checked before they are kept, and "missing" again once the
 * word's sign is replaced (a new address).
 */
let t: TestApp;
let level: number;
let signUrl: string;
let signId: number;
const rows = async (q: string, params: unknown[] = []) => (await t.database.raw(q, params)).rows;
const hand = (x: number) => Array.from({ length: 21 }, (_, i) => ({ x: x + i * 0.01, y: 0.5 - i * 0.01 }));
const track: Track = Array.from({ length: 12 }, (_, i) => (i === 3 ? { t: i * 100 } : { t: i * 100, side: 'Right' as const, points: hand(0.3 + i * 0.02) }));

beforeAll(async () => {
  t = await makeTestApp();
  const [s] = await rows(
    `SELECT m.id, m.url, p.id_nivel FROM multimedia m JOIN palabra p ON p.id_palabra = m.id_palabra
     WHERE lower(trim(m.descripcion)) = 'gifsena' OR lower(trim(m.tipo)) = 'video' OR (lower(trim(m.tipo)) = 'gif' AND lower(trim(m.descripcion)) <> 'gifmenu')
     ORDER BY m.id LIMIT 1`,
  );
  signId = Number(s!.id);
  signUrl = String(s!.url);
  level = Number(s!.id_nivel);
});
afterAll(async () => t?.close());

describe('stored reference tracks', () => {
  it('a child may read but not store; a profesor stores it for a sign that exists; everyone then reads it', async () => {
    expect((await t.call('GET', `/api/trazo?url=${encodeURIComponent(signUrl)}`, { as: 'nino' })).json()).toEqual({ data: null });
    const refused = await t.call('PUT', '/api/trazo', { as: 'nino', body: { url: signUrl, ms: 1200, track } });
    expect(refused.statusCode).toBe(403);
    expect(await rows('SELECT url FROM trazo')).toEqual([]);
    expect((await t.call('PUT', '/api/trazo', { body: { url: signUrl, ms: 1200, track } })).statusCode).toBe(401);

    const ok = await t.call('PUT', '/api/trazo', { as: 'profesor', body: { url: signUrl, ms: 1200, track } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Trazo guardado.' });
    const read = await t.call('GET', `/api/trazo?url=${encodeURIComponent(signUrl)}`, { as: 'nino' });
    expect(read.json()).toEqual({ data: { ms: 1200, track } });
    // Stored again (recomputed): replaced, still one row.
    expect((await t.call('PUT', '/api/trazo', { as: 'admin', body: { url: signUrl, ms: 1300, track: track.slice(0, 6) } })).statusCode).toBe(200);
    expect((await rows('SELECT ms FROM trazo WHERE url = $1', [signUrl])).map((r) => Number(r.ms))).toEqual([1300]);
  });

  it('40 stores at once by children: every one 403, the kept track unchanged', async () => {
    const before = await rows('SELECT url, ms FROM trazo ORDER BY url');
    const res = await Promise.all(
      Array.from({ length: 40 }, () => t.call('PUT', '/api/trazo', { as: 'nino', body: { url: signUrl, ms: 999, track: track.slice(0, 4) } })),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(40).fill(403));
    expect(await rows('SELECT url, ms FROM trazo ORDER BY url')).toEqual(before);
  });

  it('refuses an address that is not a sign now, and a malformed track, in Spanish, storing nothing', async () => {
    const before = await rows('SELECT url, ms FROM trazo ORDER BY url');
    const missing = await t.call('PUT', '/api/trazo', { as: 'profesor', body: { url: 'uploads/senas/no-existe.gif', ms: 1000, track } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(TRAZO_SIN_SENA_MSG);
    const bad: unknown[] = [
      { url: signUrl, ms: 1000, track: [] },
      { url: signUrl, ms: 1000, track: [{ t: 0, side: 'Right', points: hand(0.3).slice(0, 20) }] },
      { url: signUrl, ms: 1000, track: [{ t: 0, side: 'Arriba', points: hand(0.3) }] },
      { url: signUrl, ms: 1000, track: [{ t: 0, side: 'Right', points: hand(0.3).map(() => ({ x: 'a', y: 0 })) }] },
      { url: signUrl, ms: 1000, track: Array.from({ length: TRAZO_MAX_FRAMES + 1 }, (_, i) => ({ t: i })) },
      { url: signUrl, ms: -1, track },
      { url: signUrl, ms: 1000, track, imagen: 'data:image/png;base64,AAAA' },
      { ms: 1000, track },
    ];
    for (const body of bad) {
      const r = await t.call('PUT', '/api/trazo', { as: 'profesor', body });
      expect(r.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(r.json().msg).toMatch(/[a-záéíóúñ]/);
      expect(r.json().code).toBe('VALIDATION');
    }
    expect(await rows('SELECT url, ms FROM trazo ORDER BY url')).toEqual(before);
    expect((await t.call('GET', '/api/trazo', { as: 'nino' })).statusCode).toBe(400);
  });

  it("lists a level's signs with or without their track (profesor+), and a replaced sign is missing again", async () => {
    expect((await t.call('GET', `/api/trazo/nivel/${level}`, { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/trazo/nivel/99999999', { as: 'profesor' })).statusCode).toBe(404);
    const list = (await t.call('GET', `/api/trazo/nivel/${level}`, { as: 'profesor' })).json().data as LevelTrackRow[];
    expect(list.length).toBeGreaterThan(1);
    expect(list.filter((r) => r.tiene).map((r) => r.url)).toEqual([signUrl]);
    expect(new Set(list.map((r) => r.id_palabra)).size).toBe(list.length);

    // The sign is replaced (a new file, a new address): its track no longer matches.
    await t.database.raw('UPDATE multimedia SET url = $1 WHERE id = $2', ['uploads/senas/nueva-version.gif', signId]);
    const after = (await t.call('GET', `/api/trazo/nivel/${level}`, { as: 'profesor' })).json().data as LevelTrackRow[];
    expect(after.some((r) => r.tiene)).toBe(false);
    expect((await t.call('GET', `/api/trazo?url=${encodeURIComponent('uploads/senas/nueva-version.gif')}`, { as: 'nino' })).json()).toEqual({ data: null });
    // The old address cannot be given a track any more.
    expect((await t.call('PUT', '/api/trazo', { as: 'profesor', body: { url: signUrl, ms: 1000, track } })).statusCode).toBe(404);
  });
});
