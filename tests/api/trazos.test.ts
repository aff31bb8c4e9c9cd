import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, type TestApp } from './helpers';
import { sendForm } from './content-helpers';
import { signToken } from '../../src/server/auth/jwt';
import { TRAZO_MAX_FRAMES, TRAZO_SIN_SENA_MSG, type LevelTrackRow } from '../../src/shared/signPractice/stored';
import type { Track } from '../../src/shared/signPractice/compare';

/**
 * Stored reference tracks (src/server/resources/trazos/routes.ts): kept by a teacher for a sign that exists
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

describe('a sign saved or replaced, and who may build its track', () => {
  const fresh = async (word: number) => {
    const r = await sendForm(
      t,
      'POST',
      '/api/multimedia/register',
      'admin',
      { tipo: 'gif', descripcion: 'gifSena', id_palabra: word },
      { file: { name: 's.gif', data: FILES.gif } },
    );
    expect(r.statusCode).toBe(201);
    return r.json().data as { id: number; url: string };
  };
  const replace = (id: number, word: number) =>
    sendForm(
      t,
      'PUT',
      `/api/multimedia/update/${id}`,
      'admin',
      { tipo: 'gif', descripcion: 'gifSena', id_palabra: word },
      { file: { name: 'n.gif', data: FILES.gif } },
    );
  const read = async (url: string) => (await t.call('GET', `/api/trazo?url=${encodeURIComponent(url)}`, { as: 'nino' })).json().data;
  const stale = async () =>
    (
      await rows(
        `SELECT t.url FROM trazo t WHERE NOT EXISTS (SELECT 1 FROM multimedia m WHERE m.url = t.url AND (lower(trim(m.descripcion)) = 'gifsena' OR lower(trim(m.tipo)) IN ('video', 'gif')))`,
      )
    ).map((r) => r.url);
  let word: number;
  beforeAll(async () => {
    word = Number((await rows('SELECT min(id_palabra) AS id FROM palabra WHERE id_nivel = $1', [level]))[0]!.id);
  });

  it("a sign replaced through the media page: the old file's track is dropped, never served for the new file, and the new one is built afresh", async () => {
    const sign = await fresh(word);
    expect((await t.call('PUT', '/api/trazo', { as: 'profesor', body: { url: sign.url, ms: 1200, track } })).statusCode).toBe(200);
    expect(await read(sign.url)).toEqual({ ms: 1200, track });

    const r = await replace(sign.id, word);
    expect(r.statusCode).toBe(200);
    const newUrl = r.json().data.url as string;
    expect(newUrl).not.toBe(sign.url);
    // Dropped with the old file, not merely unmatched.
    expect(await rows('SELECT url FROM trazo WHERE url = $1', [sign.url])).toEqual([]);
    expect(await read(sign.url)).toBeNull();
    expect(await read(newUrl)).toBeNull();
    expect((await t.call('PUT', '/api/trazo', { as: 'profesor', body: { url: sign.url, ms: 1200, track } })).statusCode).toBe(404);
    expect((await t.call('PUT', '/api/trazo', { as: 'profesor', body: { url: newUrl, ms: 900, track } })).statusCode).toBe(200);
    expect(await read(newUrl)).toEqual({ ms: 900, track });

    // A deleted sign's track is not served either (its row goes with the next stored file).
    expect((await t.call('DELETE', `/api/multimedia/delete/${sign.id}`, { as: 'admin' })).statusCode).toBe(200);
    expect(await read(newUrl)).toBeNull();
    await fresh(word);
    expect(await stale()).toEqual([]);
  });

  it('a profesor of another class, or of none, may build tracks: levels and their signs belong to no class (as questions)', async () => {
    const profe2 = Number(
      (await rows(`INSERT INTO usuario (nombre, apellido, email) VALUES ('Profe', 'Dos', 'profe2-trazos@manitas.test') RETURNING id`))[0]!.id,
    );
    await t.database.raw(`INSERT INTO rol (nombre, id_usuario) VALUES ('profesor', $1)`, [profe2]);
    const token = await signToken({ sub: profe2, tv: 0 }, t.config.jwtSecret, 3600);
    const sign = await fresh(word);
    expect((await t.call('GET', `/api/trazo/nivel/${level}`, { as: token })).statusCode).toBe(200);
    const r = await t.call('PUT', '/api/trazo', { as: token, body: { url: sign.url, ms: 700, track } });
    expect(r.statusCode).toBe(200);
    expect(await read(sign.url)).toEqual({ ms: 700, track });
    // A learner and an anonymous request are refused and change nothing.
    expect((await t.call('PUT', '/api/trazo', { as: 'nina', body: { url: sign.url, ms: 1, track } })).statusCode).toBe(403);
    expect((await t.call('PUT', '/api/trazo', { body: { url: sign.url, ms: 1, track } })).statusCode).toBe(401);
    expect((await t.call('GET', `/api/trazo/nivel/${level}`)).statusCode).toBe(401);
    expect(await read(sign.url)).toEqual({ ms: 700, track });
  });

  it('40 teachers storing the same sign at once: every one answered, one row kept', async () => {
    const sign = await fresh(word);
    const res = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.call('PUT', '/api/trazo', { as: i % 2 ? 'profesor' : 'admin', body: { url: sign.url, ms: 1000 + i, track } })),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    const kept = await rows('SELECT ms FROM trazo WHERE url = $1', [sign.url]);
    expect(kept).toHaveLength(1);
    expect(Number(kept[0]!.ms)).toBeGreaterThanOrEqual(1000);
  });

  it('40 stores racing a replacement of the sign: no track is left for the replaced file', async () => {
    const sign = await fresh(word);
    const [, ...puts] = await Promise.all([
      replace(sign.id, word),
      ...Array.from({ length: 40 }, () => t.call('PUT', '/api/trazo', { as: 'profesor', body: { url: sign.url, ms: 1000, track } })),
    ]);
    for (const r of puts) expect([200, 404]).toContain(r.statusCode);
    expect(await rows('SELECT url FROM trazo WHERE url = $1', [sign.url])).toEqual([]);
    expect(await read(sign.url)).toBeNull();
  });
});
