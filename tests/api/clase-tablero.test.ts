import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';
import { DIFICILES_DIAS, activityDays, validTimeZone } from '../../src/server/resources/clases/tablero';
import { CLASE_MSG, type TableroAlumnoWire, type TableroWire } from '../../src/shared/resources/clases';

/**
 * The class dashboard (part C) on a small hand-made data set whose every figure is known:
 * class A (the demo profesor's) has Ana and Beto; class B (another profesor's) has Otro, whose rows
 * are noise the dashboard of class A must not count.
 */
let t: TestApp;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms).toISOString();
const H = 3_600_000;
const D = 24 * H;
const ids = {} as Record<'claseA' | 'claseB' | 'ana' | 'beto' | 'otro' | 'profe2' | 'L' | 'L2' | 'w1' | 'w2' | 'w3' | 'q1' | 'q2', number>;
let profe2Token = '';

const one = async (sql: string, params: unknown[] = []) => Number((await t.database.raw(sql, params)).rows[0]!.id);

beforeAll(async () => {
  t = await makeTestApp();
  const inst = await one('SELECT min(id_institucion) AS id FROM institucion');
  const user = (nombre: string) => one(`INSERT INTO usuario (nombre, apellido) VALUES ($1, 'Prueba') RETURNING id`, [nombre]);
  ids.ana = await user('Ana');
  ids.beto = await user('Beto');
  ids.otro = await user('Otro');
  ids.profe2 = await one(`INSERT INTO usuario (nombre, apellido, email) VALUES ('Profe', 'Dos', 'profe2@manitas.test') RETURNING id`);
  await t.database.raw(`INSERT INTO rol (nombre, id_usuario) VALUES ('profesor', $1)`, [ids.profe2]);
  profe2Token = await signToken({ sub: ids.profe2, tv: 0 }, t.config.jwtSecret, 3600);
  ids.claseA = await one(`INSERT INTO clase (nombre, id_institucion, codigo) VALUES ('Clase A', $1, 'AAAAA2') RETURNING id_clase AS id`, [inst]);
  ids.claseB = await one(`INSERT INTO clase (nombre, id_institucion, codigo) VALUES ('Clase B', $1, 'BBBBB3') RETURNING id_clase AS id`, [inst]);
  await t.database.raw('INSERT INTO clase_profesor (id_clase, id_usuario) VALUES ($1, $2), ($3, $4)', [
    ids.claseA,
    await t.userId('profesor'),
    ids.claseB,
    ids.profe2,
  ]);
  await t.database.raw('INSERT INTO clase_alumno (id_clase, id_usuario) VALUES ($1, $2), ($1, $3), ($4, $5)', [
    ids.claseA,
    ids.ana,
    ids.beto,
    ids.claseB,
    ids.otro,
  ]);

  // Level L: 3 words and 2 questions; level L2 (4 words) is the class's assignment, due on a date.
  ids.L = await one(`INSERT INTO nivel (nombre_nivel, descripcion, dificultad) VALUES ('Nivel Tablero', 'd', 'Fácil') RETURNING id_nivel AS id`);
  ids.L2 = await one(`INSERT INTO nivel (nombre_nivel, descripcion, dificultad) VALUES ('Nivel Tarea', 'd', 'Fácil') RETURNING id_nivel AS id`);
  const word = (w: string, n: number) =>
    one(`INSERT INTO palabra (palabra_espanol, palabra_ingles, id_nivel) VALUES ($1, $1, $2) RETURNING id_palabra AS id`, [w, n]);
  ids.w1 = await word('uno', ids.L);
  ids.w2 = await word('dos', ids.L);
  ids.w3 = await word('tres', ids.L);
  for (const w of ['a', 'b', 'c', 'd']) await word(w, ids.L2);
  await t.database.raw(`INSERT INTO tarea (id_clase, id_nivel, fecha) VALUES ($1, $2, '2030-05-04')`, [ids.claseA, ids.L2]);
  const ev = await one('INSERT INTO evaluacion (id_nivel, puntaje) VALUES ($1, 100) RETURNING id_evaluacion AS id', [ids.L]);
  ids.q1 = await one(`INSERT INTO pregunta (pregunta, tipo, id_evaluacion) VALUES ('¿Cuál es uno?', 'opcion', $1) RETURNING id_pregunta AS id`, [ev]);
  ids.q2 = await one(`INSERT INTO pregunta (pregunta, tipo, id_evaluacion) VALUES ('¿Cuál es dos?', 'opcion', $1) RETURNING id_pregunta AS id`, [ev]);

  // Ana saw 2 of L's 3 words (plus a deleted word and a repeat, which do not count): 66 %.
  await t.database.raw(`INSERT INTO progreso (id_usuario, id_nivel, palabras_vistas) VALUES ($1, $2, $3::jsonb)`, [
    ids.ana,
    ids.L,
    JSON.stringify([ids.w1, ids.w2, 99999999, ids.w1]),
  ]);
  await t.database.raw(`INSERT INTO progreso (id_usuario, id_nivel, palabras_vistas) VALUES ($1, $2, '[]'::jsonb)`, [ids.beto, ids.L]);
  // Ana's attempts at L: 40 days ago (outside the 30 days), 2 days ago (40) and yesterday (80, the latest).
  const attempt = (u: number, puntaje: number, fecha: string) =>
    t.database.raw('INSERT INTO intento (id_usuario, id_nivel, correctas, total_preguntas, puntaje, fecha) VALUES ($1, $2, 1, 2, $3, $4)', [
      u,
      ids.L,
      puntaje,
      fecha,
    ]);
  await attempt(ids.ana, 55, ago(40 * D));
  await attempt(ids.ana, 40, ago(2 * D));
  await attempt(ids.ana, 80, ago(1 * D));
  await attempt(ids.otro, 10, ago(H));
  // Memory: w1 reviewed and due (forgotten twice), w2 reviewed and due tomorrow, w3 new (never due).
  const card = (u: number, w: number, estado: number, vence: string, olvidos: number) =>
    t.database.raw('INSERT INTO memoria (id_usuario, id_palabra, estado, vence, olvidos) VALUES ($1, $2, $3, $4, $5)', [u, w, estado, vence, olvidos]);
  await card(ids.ana, ids.w1, 2, ago(H), 2);
  await card(ids.ana, ids.w2, 2, ago(-D), 0);
  await card(ids.ana, ids.w3, 0, ago(H), 0);
  await card(ids.otro, ids.w3, 2, ago(H), 9);
  // Answers: q1 wrong 2 of 3, q2 wrong 1 of 3 (Otro's 5 wrong answers to q2 are another class's).
  const answer = (u: number, q: number, correcta: boolean, fecha = ago(H)) =>
    t.database.raw('INSERT INTO resultado (id_usuario, id_pregunta, id_nivel, correcta, valor, fecha) VALUES ($1, $2, $3, $4, $5, $6)', [
      u,
      q,
      ids.L,
      correcta,
      correcta ? 1 : 0,
      fecha,
    ]);
  await answer(ids.ana, ids.q1, false);
  await answer(ids.ana, ids.q1, false);
  await answer(ids.beto, ids.q1, true);
  await answer(ids.ana, ids.q2, false);
  await answer(ids.ana, ids.q2, true);
  await answer(ids.beto, ids.q2, true);
  for (let i = 0; i < 5; i++) await answer(ids.otro, ids.q2, false);
  // Older than the hardest lists' window (DIFICILES_DIAS): not counted.
  for (let i = 0; i < 5; i++) await answer(ids.beto, ids.q2, false, ago((DIFICILES_DIAS + 5) * D));
  // Games: Beto got w2 wrong twice and w3 once, today.
  const run = (u: number, clave: string, mal: number[]) =>
    t.database.raw(
      `INSERT INTO partida (id_usuario, id_nivel, juego, clave, puntos, puntos_max, ganada, estrellas, palabras_mal, fecha) VALUES ($1, $2, 'memoria', $3, 1, 3, false, 1, $4::jsonb, $5)`,
      [u, ids.L, clave, JSON.stringify(mal), ago(H / 2)],
    );
  await run(ids.beto, 'r1', [ids.w2, ids.w3]);
  await run(ids.beto, 'r2', [ids.w2]);
  await run(ids.otro, 'r3', [ids.w3, ids.w3]);
  await t.database.raw(
    `INSERT INTO partida (id_usuario, id_nivel, juego, clave, puntos, puntos_max, ganada, estrellas, palabras_mal, fecha) VALUES ($1, $2, 'memoria', 'viejo', 1, 3, false, 1, $3::jsonb, $4)`,
    [ids.beto, ids.L, JSON.stringify([ids.w3, ids.w3, ids.w3]), ago((DIFICILES_DIAS + 5) * D)],
  );
  await t.database.raw(
    `INSERT INTO repaso (id_usuario, id_palabra, calificacion, fuente, clave, estado_antes, vence, fecha) VALUES ($1, $2, 1, 'repaso', 'k1', 2, $3, $3)`,
    [ids.ana, ids.w1, ago(H / 2)],
  );
  // A review a game run wrote: already counted as that game, not a second time as a review.
  await t.database.raw(
    `INSERT INTO repaso (id_usuario, id_palabra, calificacion, fuente, clave, estado_antes, vence, fecha) VALUES ($1, $2, 3, 'juego', 'k2', 2, $3, $3)`,
    [ids.ana, ids.w2, ago(H / 2)],
  );
});

afterAll(async () => {
  await t?.close();
});

const tablero = async (as: string) => {
  const r = await t.call('GET', `/api/clase/${ids.claseA}/tablero`, { as });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { data: TableroWire }).data;
};

describe('GET /api/clase/:id/tablero', () => {
  it('gives the class, the levels (assignments first) and the children in name order', async () => {
    const d = await tablero('profesor');
    expect(d.clase).toMatchObject({
      id_clase: ids.claseA,
      nombre: 'Clase A',
      codigo: 'AAAAA2',
      activa: true,
      alumnos: 2,
      profesores: [await t.userId('profesor')],
    });
    expect(d.clase.institucion.nombre).toBeTruthy();
    expect(d.niveles[0]).toEqual({ id_nivel: ids.L2, nombre_nivel: 'Nivel Tarea', palabras: 4, tarea: true, fecha: '2030-05-04' });
    expect(d.niveles.filter((l) => l.tarea)).toHaveLength(1);
    expect(d.niveles.find((l) => l.id_nivel === ids.L)).toMatchObject({ palabras: 3, tarea: false, fecha: null });
    // Every level of the spec's list is a column.
    const levels = Number((await t.database.raw('SELECT count(*)::int AS n FROM nivel')).rows[0]!.n);
    expect(d.niveles).toHaveLength(levels);
    expect(d.alumnos.map((a) => a.nombre)).toEqual(['Ana', 'Beto']);
  });

  it('fills each cell: words seen % rounded down, latest score, signs due', async () => {
    const d = await tablero('profesor');
    const [ana, beto] = d.alumnos;
    expect(ana!.celdas[String(ids.L)]).toEqual({ vistas: 66, puntaje: 80, fecha: ago(1 * D), pendientes: 1 });
    expect(ana!.celdas[String(ids.L2)]).toEqual({ vistas: 0, puntaje: null, fecha: null, pendientes: 0 });
    expect(ana!.pendientes).toBe(1);
    expect(beto!.celdas[String(ids.L)]).toEqual({ vistas: 0, puntaje: null, fecha: null, pendientes: 0 });
    expect(Object.keys(ana!.celdas)).toHaveLength(d.niveles.length);
    expect(ana!.ultimaActividad).toBe(ago(H / 2));
    expect(beto!.ultimaActividad).toBe(ago(H / 2));
  });

  it('lists the hardest questions (most wrong first) and words of the class only', async () => {
    const d = await tablero('profesor');
    expect(d.dificiles.preguntas).toEqual([
      { id_pregunta: ids.q1, pregunta: '¿Cuál es uno?', nombre_nivel: 'Nivel Tablero', respuestas: 3, fallos: 2, acierto: 33 },
      { id_pregunta: ids.q2, pregunta: '¿Cuál es dos?', nombre_nivel: 'Nivel Tablero', respuestas: 3, fallos: 1, acierto: 67 },
    ]);
    expect(d.dificiles.palabras).toEqual([
      { id_palabra: ids.w2, palabraEspanol: 'dos', nombre_nivel: 'Nivel Tablero', fallos: 2, olvidos: 0 },
      { id_palabra: ids.w1, palabraEspanol: 'uno', nombre_nivel: 'Nivel Tablero', fallos: 0, olvidos: 2 },
      { id_palabra: ids.w3, palabraEspanol: 'tres', nombre_nivel: 'Nivel Tablero', fallos: 1, olvidos: 0 },
    ]);
  });

  it('counts activity per UTC day over the last 30 days, every day present', async () => {
    const d = await tablero('profesor');
    const days = activityDays(new Date());
    expect(d.actividad.map((a) => a.dia)).toEqual(days);
    expect(d.actividad).toHaveLength(30);
    const at = (ms: number) => new Date(now - ms).toISOString().slice(0, 10);
    const expected = new Map<string, { intentos: number; partidas: number; repasos: number }>();
    const add = (dia: string, k: 'intentos' | 'partidas' | 'repasos') => {
      const e = expected.get(dia) ?? { intentos: 0, partidas: 0, repasos: 0 };
      e[k]++;
      expected.set(dia, e);
    };
    add(at(2 * D), 'intentos');
    add(at(1 * D), 'intentos');
    add(at(H / 2), 'partidas');
    add(at(H / 2), 'partidas');
    add(at(H / 2), 'repasos');
    for (const a of d.actividad) expect({ ...a }).toEqual({ dia: a.dia, ...(expected.get(a.dia) ?? { intentos: 0, partidas: 0, repasos: 0 }) });
    expect(d.actividad.reduce((s, a) => s + a.intentos, 0)).toBe(2);
  });

  it("groups activity by the teacher's calendar day when the browser sends its time zone (?tz)", async () => {
    const inst = await one('SELECT min(id_institucion) AS id FROM institucion');
    const id = await one(`INSERT INTO clase (nombre, id_institucion, codigo) VALUES ('Zona', $1, 'DDDDD5') RETURNING id_clase AS id`, [inst]);
    await t.database.raw('INSERT INTO clase_profesor (id_clase, id_usuario) VALUES ($1, $2)', [id, await t.userId('profesor')]);
    const kid = await one(`INSERT INTO usuario (nombre, apellido) VALUES ('Zoe', 'Prueba') RETURNING id`);
    await t.database.raw('INSERT INTO clase_alumno (id_clase, id_usuario) VALUES ($1, $2)', [id, kid]);
    // 02:00 UTC three days ago: that UTC day, but 20:00 of the day before in Mexico City (UTC-6, no DST).
    const midnight = new Date(new Date(now).toISOString().slice(0, 10) + 'T00:00:00Z').getTime();
    const at = new Date(midnight - 3 * D + 2 * H);
    await t.database.raw(
      `INSERT INTO partida (id_usuario, id_nivel, juego, clave, puntos, puntos_max, ganada, estrellas, palabras_mal, fecha) VALUES ($1, $2, 'memoria', 'tz', 1, 3, false, 1, '[]'::jsonb, $3)`,
      [kid, ids.L, at.toISOString()],
    );
    const daysWith = async (query: string) => {
      const r = await t.call('GET', `/api/clase/${id}/tablero${query}`, { as: 'profesor' });
      expect(r.statusCode, r.body).toBe(200);
      const act = (r.json() as { data: TableroWire }).data.actividad;
      expect(act).toHaveLength(30);
      return act.filter((a) => a.partidas > 0).map((a) => `${a.dia}:${a.partidas}`);
    };
    const utcDay = at.toISOString().slice(0, 10);
    const mxDay = new Date(midnight - 4 * D).toISOString().slice(0, 10);
    expect(await daysWith('')).toEqual([`${utcDay}:1`]);
    expect(await daysWith('?tz=America/Mexico_City')).toEqual([`${mxDay}:1`]);
    expect(await daysWith('?tz=Asia/Tokyo')).toEqual([`${utcDay}:1`]);
    // An unknown zone (or an attempt at SQL) is UTC, never an error.
    expect(await daysWith(`?tz=${encodeURIComponent("UTC'; DROP TABLE partida; --")}`)).toEqual([`${utcDay}:1`]);
    expect(validTimeZone('Marte/Olimpo')).toBe('UTC');
    expect(validTimeZone('America/Mexico_City')).toBe('America/Mexico_City');
    // The days listed end on today in that zone: at 03:00 UTC it is still yesterday in Mexico City.
    const early = new Date(midnight + 3 * H);
    expect(activityDays(early, 30, 'America/Mexico_City').at(-1)).toBe(new Date(midnight - D).toISOString().slice(0, 10));
    expect(activityDays(early, 30, 'UTC').at(-1)).toBe(new Date(midnight).toISOString().slice(0, 10));
    // The child's detail takes the same parameter.
    const r = await t.call('GET', `/api/clase/${id}/alumno/${kid}?tz=America/Mexico_City`, { as: 'profesor' });
    expect(r.statusCode, r.body).toBe(200);
    const act = (r.json() as { data: TableroAlumnoWire }).data.actividad;
    expect(act.filter((a) => a.partidas > 0).map((a) => a.dia)).toEqual([mxDay]);
  });

  it('answers an empty class with no rows and 30 days of zeros', async () => {
    const inst = await one('SELECT min(id_institucion) AS id FROM institucion');
    const id = await one(`INSERT INTO clase (nombre, id_institucion, codigo) VALUES ('Vacía', $1, 'CCCCC4') RETURNING id_clase AS id`, [inst]);
    await t.database.raw('INSERT INTO clase_profesor (id_clase, id_usuario) VALUES ($1, $2)', [id, await t.userId('profesor')]);
    const r = await t.call('GET', `/api/clase/${id}/tablero`, { as: 'profesor' });
    expect(r.statusCode, r.body).toBe(200);
    const d = (r.json() as { data: TableroWire }).data;
    expect(d.alumnos).toEqual([]);
    expect(d.clase.alumnos).toBe(0);
    expect(d.dificiles).toEqual({ preguntas: [], palabras: [] });
    expect(d.actividad).toHaveLength(30);
    expect(d.actividad.every((a) => a.intentos === 0 && a.partidas === 0 && a.repasos === 0)).toBe(true);
  });

  it('is refused to a profesor of another class, open to admin and superadmin, 404 for a missing class', async () => {
    const r = await t.call('GET', `/api/clase/${ids.claseA}/tablero`, { as: profe2Token });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg ?? r.json().message).toBe(CLASE_MSG.noEsTuClase);
    expect((await t.call('GET', `/api/clase/${ids.claseB}/tablero`, { as: profe2Token })).statusCode).toBe(200);
    expect((await tablero('admin')).alumnos).toHaveLength(2);
    expect((await tablero('superadmin')).alumnos).toHaveLength(2);
    expect((await t.call('GET', `/api/clase/${ids.claseA}/tablero`, { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/clase/${ids.claseA}/tablero`)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/clase/99999999/tablero', { as: 'profesor' })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/clase/abc/tablero', { as: 'profesor' })).statusCode).toBe(400);
  });
});

describe('GET /api/clase/:id/alumno/:userId', () => {
  it("gives the child's attempts newest first, progress per level and 30 days of activity", async () => {
    const r = await t.call('GET', `/api/clase/${ids.claseA}/alumno/${ids.ana}`, { as: 'profesor' });
    expect(r.statusCode, r.body).toBe(200);
    const d = (r.json() as { data: TableroAlumnoWire }).data;
    expect(d.alumno).toEqual({ id: ids.ana, nombre: 'Ana', apellido: 'Prueba', avatar: null });
    expect(d.intentos.map((i) => [i.puntaje, i.fecha])).toEqual([
      [80, ago(1 * D)],
      [40, ago(2 * D)],
      [55, ago(40 * D)],
    ]);
    expect(d.intentos[0]).toMatchObject({ id_nivel: ids.L, nombre_nivel: 'Nivel Tablero', correctas: 1, total_preguntas: 2 });
    expect(d.progreso.find((p) => p.id_nivel === ids.L)).toEqual({ id_nivel: ids.L, nombre_nivel: 'Nivel Tablero', vistas: 66, estado: 'en progreso' });
    expect(d.progreso.find((p) => p.id_nivel === ids.L2)).toMatchObject({ vistas: 0, estado: 'sin empezar' });
    expect(d.actividad).toHaveLength(30);
    expect(d.actividad.reduce((s, a) => s + a.intentos, 0)).toBe(2);
    expect(d.actividad.reduce((s, a) => s + a.repasos, 0)).toBe(1);
    expect(d.actividad.reduce((s, a) => s + a.partidas, 0)).toBe(0);
  });

  it('is 404 for a child of another class, 403 for a profesor of another class, 200 for admin', async () => {
    expect((await t.call('GET', `/api/clase/${ids.claseA}/alumno/${ids.otro}`, { as: 'profesor' })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/clase/${ids.claseA}/alumno/${ids.ana}`, { as: profe2Token })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/clase/${ids.claseA}/alumno/${ids.ana}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/clase/${ids.claseA}/alumno/${ids.ana}`, { as: 'nino' })).statusCode).toBe(403);
  });
});
