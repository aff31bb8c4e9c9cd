import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClass, makeTestApp, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';
import { PRACTICA_ESTRELLAS_MSG, PRACTICA_OTRO_NINO_MSG, PRACTICA_PUNTAJE_MSG } from '../../src/shared/signPractice/event';
import type { TableroAlumnoWire } from '../../src/shared/resources/clases';

/**
 * "¡Ahora tú!" attempts as a learning event (POST /api/repaso/practica, src/server/resources/practica/routes.ts):
 * the caller's own scores only, checked against the comparison's star rule, stored once per device
 * key even when sent many times at once, a 2–3 star attempt written to the memory as a successful
 * review, and read by the child's teachers (and only them) on the class dashboard's child page.
 */
let t: TestApp;
let nino: number;
let nina: number;
let claseA: number;
let profe2Token = '';
let word: number;
let word2: number;
let closedWord: number;
let n = 0;
const clave = () => `practica-${Date.now().toString(36)}-${++n}`;
const rows = async (q: string, params: unknown[] = []) => (await t.database.raw(q, params)).rows;
const count = async (q: string, params: unknown[]) => Number((await rows(q, params))[0]!.n);
const practicas = (u: number) => count('SELECT count(*)::int AS n FROM practica WHERE id_usuario = $1', [u]);
const reviews = (u: number) => count(`SELECT count(*)::int AS n FROM repaso WHERE id_usuario = $1 AND fuente = 'practica'`, [u]);

const TRES = { estrellas: 3, puntaje: 1, forma: 1, lugar: 1, movimiento: 1 };
const DOS = { estrellas: 2, puntaje: 0.6, forma: 0.6, lugar: 0.6, movimiento: 0.6 };
const UNA = { estrellas: 1, puntaje: 0.2, forma: 0.2, lugar: 0.2, movimiento: 0.2 };
const post = (as: string, body: unknown) => t.call('POST', '/api/repaso/practica', { as, body });

beforeAll(async () => {
  t = await makeTestApp();
  nino = await t.userId('nino');
  nina = await t.userId('nina');
  // The demo profesor teaches nino only; profe2 teaches another class (nina's).
  claseA = await demoClass(t, ['nino']);
  const inst = Number((await rows('SELECT min(id_institucion) AS id FROM institucion'))[0]!.id);
  const profe2 = Number(
    (await rows(`INSERT INTO usuario (nombre, apellido, email) VALUES ('Profe', 'Dos', 'profe2-practica@manitas.test') RETURNING id`))[0]!.id,
  );
  await t.database.raw(`INSERT INTO rol (nombre, id_usuario) VALUES ('profesor', $1)`, [profe2]);
  profe2Token = await signToken({ sub: profe2, tv: 0 }, t.config.jwtSecret, 3600);
  const claseB = Number(
    (await rows(`INSERT INTO clase (nombre, id_institucion, codigo) VALUES ('Clase B', $1, 'PRACT3') RETURNING id_clase AS id`, [inst]))[0]!.id,
  );
  await t.database.raw('INSERT INTO clase_profesor (id_clase, id_usuario) VALUES ($1, $2)', [claseB, profe2]);
  await t.database.raw('INSERT INTO clase_alumno (id_clase, id_usuario) VALUES ($1, $2)', [claseB, nina]);
  const words = await rows('SELECT id_palabra, id_nivel FROM palabra ORDER BY id_nivel, id_palabra');
  const firstLevel = Number(words[0]!.id_nivel);
  [word, word2] = words.filter((w) => Number(w.id_nivel) === firstLevel).map((w) => Number(w.id_palabra));
  closedWord = Number(words.find((w) => Number(w.id_nivel) !== firstLevel)!.id_palabra);
  // nino opens the first level's words in word detail (as the word page does before "¡Ahora tú!").
  for (const w of [word, word2]) expect((await t.call('POST', '/api/repaso/visto', { as: 'nino', body: { id_palabra: w } })).statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('refused', () => {
  it('needs a session (401)', async () => {
    expect((await t.call('POST', '/api/repaso/practica', { body: { id_palabra: word, clave: clave(), ...TRES } })).statusCode).toBe(401);
  });

  it("another child's id is refused (403) for a child, a teacher of that child and an admin; nothing is stored", async () => {
    const before = [await practicas(nino), await practicas(nina), await reviews(nina)];
    for (const [as, other] of [
      ['nino', nina],
      ['profesor', nino],
      ['admin', nino],
      [profe2Token, nina],
    ] as const) {
      const r = await post(as, { id_usuario: other, id_palabra: word, clave: clave(), ...TRES });
      expect(r.statusCode, String(as)).toBe(403);
      expect(r.json().msg).toBe(PRACTICA_OTRO_NINO_MSG);
    }
    expect([await practicas(nino), await practicas(nina), await reviews(nina)]).toEqual(before);
  });

  it('40 at once naming another child (a profesor of another class, and a child): every one 403, nothing stored', async () => {
    const before = [await practicas(nino), await practicas(nina), await reviews(nino), await reviews(nina)];
    const res = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? post(profe2Token, { id_usuario: nino, id_palabra: word, clave: clave(), ...TRES })
          : post('nino', { id_usuario: nina, id_palabra: word, clave: clave(), ...TRES }),
      ),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(40).fill(403));
    expect([await practicas(nino), await practicas(nina), await reviews(nino), await reviews(nina)]).toEqual(before);
  });

  it('bad input gets a clear Spanish message and changes nothing', async () => {
    const before = await practicas(nino);
    const cases: [unknown, RegExp | string, string?][] = [
      [{ id_palabra: word, clave: clave(), ...TRES, estrellas: 2 }, PRACTICA_ESTRELLAS_MSG, 'estrellas'],
      [{ id_palabra: word, clave: clave(), ...UNA, estrellas: 3 }, PRACTICA_ESTRELLAS_MSG, 'estrellas'],
      [{ id_palabra: word, clave: clave(), ...TRES, puntaje: 0.5 }, PRACTICA_PUNTAJE_MSG, 'puntaje'],
      [{ id_palabra: word, clave: clave(), ...TRES, forma: 1.5 }, 'La parte «forma» va de 0 a 1.', 'forma'],
      [{ id_palabra: word, clave: clave(), ...TRES, lugar: 'mucho' }, 'La parte «lugar» debe ser un número.', 'lugar'],
      [{ id_palabra: word, clave: clave(), ...TRES, estrellas: 0 }, 'Las estrellas deben ser 1, 2 o 3.', 'estrellas'],
      [{ id_palabra: word, clave: 'corta', ...TRES }, 'La clave de la práctica no es válida.', 'clave'],
      [{ id_palabra: word, ...TRES }, 'La clave de la práctica es obligatoria.', 'clave'],
      [{ id_palabra: 'perro', clave: clave(), ...TRES }, /identificador de la palabra/, 'id_palabra'],
      [{ id_palabra: word, clave: clave(), ...TRES, fecha: 'ayer' }, 'La fecha del dispositivo no es válida.', 'fecha'],
      [{ id_palabra: word, clave: clave(), ...TRES, landmarks: [[0.1, 0.2]] }, 'Solo se envían la palabra, la clave, la fecha y las puntuaciones.'],
    ];
    for (const [body, msg, field] of cases) {
      const r = await post('nino', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      const j = r.json();
      if (typeof msg === 'string') expect(j.msg, JSON.stringify(body)).toBe(msg);
      else expect(j.msg).toMatch(msg);
      expect(j.code).toBe('VALIDATION');
      if (field) expect(Object.keys(j.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await practicas(nino)).toBe(before);
  });

  it('a missing word is 404, a word of a level the child has not opened 403', async () => {
    expect((await post('nino', { id_palabra: 99999999, clave: clave(), ...TRES })).statusCode).toBe(404);
    const r = await post('nino', { id_palabra: closedWord, clave: clave(), ...TRES });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('WORD_NOT_OPEN');
  });
});

describe('stored and fed to the memory', () => {
  it('3 stars: stored, and a successful review (Good) in the memory; the same key again changes nothing', async () => {
    const k = clave();
    const fecha = new Date(Date.now() - 3_600_000).toISOString();
    const r = await post('nino', { id_palabra: word, clave: k, ...TRES, fecha });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({ msg: 'Práctica guardada.', data: { id_palabra: word, estrellas: 3, repaso: true } });
    const [p] = await rows('SELECT estrellas, puntaje, forma, lugar, movimiento, fecha FROM practica WHERE id_usuario = $1 AND clave = $2', [nino, k]);
    expect(p).toMatchObject({ estrellas: 3, puntaje: 1, forma: 1, lugar: 1, movimiento: 1 });
    expect(new Date(p!.fecha as string).toISOString()).toBe(fecha);
    const [rev] = await rows(`SELECT calificacion, fuente FROM repaso WHERE id_usuario = $1 AND clave = $2`, [nino, `practica-${k}`]);
    expect(rev).toEqual({ calificacion: 3, fuente: 'practica' });
    const [m] = await rows('SELECT repasos, estado FROM memoria WHERE id_usuario = $1 AND id_palabra = $2', [nino, word]);
    expect(Number(m!.repasos)).toBe(1);
    expect(Number(m!.estado)).not.toBe(0);

    const again = await post('nino', { id_palabra: word, clave: k, ...TRES, fecha });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ id_palabra: word, estrellas: 3, repaso: true });
    expect(await count('SELECT count(*)::int AS n FROM practica WHERE id_usuario = $1 AND clave = $2', [nino, k])).toBe(1);
    expect(Number((await rows('SELECT repasos FROM memoria WHERE id_usuario = $1 AND id_palabra = $2', [nino, word]))[0]!.repasos)).toBe(1);
    // The same key for another word is a device bug: refused, not stored.
    const other = await post('nino', { id_palabra: word2, clave: k, ...TRES });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toHaveProperty('clave');
  });

  it('2 stars: a successful review graded Hard; 1 star: stored for the teacher, the memory untouched', async () => {
    const k2 = clave();
    expect((await post('nino', { id_palabra: word2, clave: k2, ...DOS })).json().data).toEqual({ id_palabra: word2, estrellas: 2, repaso: true });
    expect((await rows('SELECT calificacion FROM repaso WHERE id_usuario = $1 AND clave = $2', [nino, `practica-${k2}`]))[0]).toEqual({ calificacion: 2 });
    const memBefore = await rows('SELECT repasos, vence FROM memoria WHERE id_usuario = $1 AND id_palabra = $2', [nino, word2]);
    const reviewsBefore = await reviews(nino);
    const r = await post('nino', { id_palabra: word2, clave: clave(), ...UNA });
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toEqual({ id_palabra: word2, estrellas: 1, repaso: false });
    expect(await reviews(nino)).toBe(reviewsBefore);
    expect(await rows('SELECT repasos, vence FROM memoria WHERE id_usuario = $1 AND id_palabra = $2', [nino, word2])).toEqual(memBefore);
  });

  it('20 identical events at once (a queue resending after a lost reply): one row, one review', async () => {
    const k = clave();
    const [p0, r0] = [await practicas(nino), await reviews(nino)];
    const body = { id_palabra: word, clave: k, ...TRES };
    const res = await Promise.all(Array.from({ length: 20 }, () => post('nino', body)));
    const codes = res.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(19);
    for (const r of res) expect(r.json().data).toEqual({ id_palabra: word, estrellas: 3, repaso: true });
    expect(await practicas(nino)).toBe(p0 + 1);
    expect(await reviews(nino)).toBe(r0 + 1);
  });
});

describe("the child's page of the class dashboard", () => {
  it('shows each word practised: attempts, best and last stars', async () => {
    const r = await t.call('GET', `/api/clase/${claseA}/alumno/${nino}`, { as: 'profesor' });
    expect(r.statusCode).toBe(200);
    const d = (r.json() as { data: TableroAlumnoWire }).data;
    const byWord = new Map(d.practicas.map((p) => [p.id_palabra, p]));
    expect(byWord.get(word)).toMatchObject({ intentos: 2, mejores: 3, ultimas: 3 });
    expect(byWord.get(word2)).toMatchObject({ intentos: 2, mejores: 2, ultimas: 1 });
    expect(d.practicas.every((p) => p.palabraEspanol.length > 0 && p.nombre_nivel.length > 0 && !Number.isNaN(Date.parse(p.fecha)))).toBe(true);
    expect(d.practicas).toHaveLength(2);
  });

  it('is refused to a profesor of another class (403) and to the child, open to admin; a child outside the class is 404', async () => {
    expect((await t.call('GET', `/api/clase/${claseA}/alumno/${nino}`, { as: profe2Token })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/clase/${claseA}/alumno/${nino}`, { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/clase/${claseA}/alumno/${nina}`, { as: 'profesor' })).statusCode).toBe(404);
    const admin = await t.call('GET', `/api/clase/${claseA}/alumno/${nino}`, { as: 'admin' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.practicas).toHaveLength(2);
  });
});
