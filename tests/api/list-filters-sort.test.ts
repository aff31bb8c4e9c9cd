import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intento, multimedia, nivel, palabra } from '../../src/server/db/schema';
import { signMedia } from '../../src/shared/rules/signMedia';
import { nameOrderKey } from '../../src/server/resources/list';
import { demoClass, makeTestApp, type TestApp } from './helpers';

/**
 * Lists that find things: the reference filters (words without a sign, media by tipo),
 * the names beside the ids, sorting by every declared column both ways (PGlite, and PostgreSQL
 * through scripts/with-postgres.sh), and the teacher results paged, searched, filtered and sorted.
 */
let t: TestApp;
type Rec = Record<string, any>;

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

async function list(path: string, as = 'admin'): Promise<{ status: number; rows: Rec[]; total: number; body: any }> {
  const r = await t.call('GET', path, { as });
  const body = r.json();
  const rows = Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : [];
  return { status: r.statusCode, rows, total: Number(r.headers['x-total-count']), body };
}

describe('palabra: sin_sena', () => {
  it('lists exactly the words whose media hold no sign (the rule of signMedia.ts); false lists the others', async () => {
    const { db } = t.database;
    // A word with only a menu GIF and a picture (no sign), and one whose sign is a video.
    const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).limit(1);
    const [noSign] = await db.insert(palabra).values({ palabraEspanol: 'Sinseña', palabraIngles: 'Nosign', idNivel: lvl!.id }).returning();
    const [withVideo] = await db.insert(palabra).values({ palabraEspanol: 'Convideo', palabraIngles: 'Withvideo', idNivel: lvl!.id }).returning();
    await db.insert(multimedia).values([
      { tipo: 'gif', descripcion: 'gifmenu', url: '/uploads/multimedia/a.gif', idPalabra: noSign!.idPalabra },
      { tipo: 'imagen', descripcion: 'imagen', url: '/uploads/multimedia/a.png', idPalabra: noSign!.idPalabra },
      { tipo: 'video', descripcion: 'video', url: '/uploads/multimedia/a.mp4', idPalabra: withVideo!.idPalabra },
    ]);
    const words = (await list('/api/palabra/getPalabras?perPage=500')).rows;
    const media = await db.select().from(multimedia);
    const expected = words
      .filter((w) => signMedia(media.filter((m) => m.idPalabra === w.id_palabra)) === null)
      .map((w) => w.id_palabra)
      .sort((a, b) => a - b);
    expect(expected).toContain(noSign!.idPalabra);
    expect(expected).not.toContain(withVideo!.idPalabra);

    const sin = await list('/api/palabra/getPalabras?perPage=500&sin_sena=true');
    expect(sin.status).toBe(200);
    expect(sin.rows.map((w) => w.id_palabra).sort((a, b) => a - b)).toEqual(expected);
    expect(sin.total).toBe(expected.length);
    const con = await list('/api/palabra/getPalabras?perPage=500&sin_sena=false');
    expect(con.rows.map((w) => w.id_palabra).sort((a, b) => a - b)).toEqual(
      words
        .map((w) => w.id_palabra)
        .filter((id) => !expected.includes(id))
        .sort((a, b) => a - b),
    );
    // Combined with the level filter and the search.
    const both = await list(`/api/palabra/getPalabras?sin_sena=true&id_nivel=${lvl!.id}&q=sinse`);
    expect(both.rows.map((w) => w.id_palabra)).toEqual([noSign!.idPalabra]);
  });

  it('a bad value is refused', async () => {
    const r = await t.call('GET', '/api/palabra/getPalabras?sin_sena=si', { as: 'admin' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'INVALID_QUERY' });
  });
});

describe('multimedia: tipo and word filters', () => {
  it('tipo filters by the spec tipos; another value is refused', async () => {
    const all = (await list('/api/multimedia/getMultimedias?perPage=500')).rows;
    for (const tipo of ['imagen', 'gif', 'audio', 'video']) {
      const r = await list(`/api/multimedia/getMultimedias?perPage=500&tipo=${tipo}`);
      expect(r.status).toBe(200);
      expect(r.rows.length).toBe(all.filter((m) => m.tipo === tipo).length);
      expect(r.rows.every((m) => m.tipo === tipo)).toBe(true);
    }
    expect((await t.call('GET', '/api/multimedia/getMultimedias?tipo=pdf', { as: 'admin' })).statusCode).toBe(400);
    const w = all[0]!.id_palabra;
    const one = await list(`/api/multimedia/getMultimedias?perPage=500&id_palabra=${w}&tipo=${all[0]!.tipo}`);
    expect(one.rows.length).toBe(all.filter((m) => m.id_palabra === w && m.tipo === all[0]!.tipo).length);
  });
});

describe('names beside the ids', () => {
  it("questions carry their evaluation's level name, answers their question's text", async () => {
    const qs = (await list('/api/pregunta/getPreguntas?perPage=500')).rows;
    const evs = (await list('/api/evaluacion/getEvaluaciones?perPage=500')).rows;
    expect(qs.length).toBeGreaterThan(0);
    for (const q of qs) expect(q.evaluacion?.nombre_nivel).toBe(evs.find((e) => e.id_evaluacion === q.id_evaluacion)?.nivel?.nombre_nivel);
    const rs = (await list('/api/respuesta/getRespuestas?perPage=500')).rows;
    expect(rs.length).toBeGreaterThan(0);
    for (const r of rs) expect(r.pregunta?.pregunta).toBe(qs.find((q) => q.id_pregunta === r.id_pregunta)?.pregunta);
    // The filters of those lists.
    const ev = qs[0]!.id_evaluacion;
    const byEv = (await list(`/api/pregunta/getPreguntas?perPage=500&id_evaluacion=${ev}`)).rows;
    expect(byEv.length).toBe(qs.filter((q) => q.id_evaluacion === ev).length);
    const pq = rs[0]!.id_pregunta;
    const byQ = (await list(`/api/respuesta/getRespuestas?perPage=500&id_pregunta=${pq}`)).rows;
    expect(byQ.length).toBe(rs.filter((r) => r.id_pregunta === pq).length);
  });
});

/**
 * Each list, each sort key the back office sends, and where its value is read on the wire. The
 * expected order is the database's own (its collation), asked of PostgreSQL for the values shown.
 */
const SORTS: [string, string, (r: Rec) => unknown, 'text' | 'numeric' | 'bool' | 'timestamptz'][] = [
  ['/api/palabra/getPalabras', 'palabraEspanol', (r) => r.palabraEspanol, 'text'],
  ['/api/palabra/getPalabras', 'palabraIngles', (r) => r.palabraIngles, 'text'],
  ['/api/palabra/getPalabras', 'nivel', (r) => r.nivel.nombre_nivel, 'text'],
  ['/api/nivel/getNivels', 'nombre_nivel', (r) => r.nombre_nivel, 'text'],
  ['/api/nivel/getNivels', 'descripcion', (r) => r.descripcion, 'text'],
  ['/api/nivel/getNivels', 'dificultad', (r) => r.dificultad, 'text'],
  ['/api/multimedia/getMultimedias', 'id', (r) => r.id, 'numeric'],
  ['/api/multimedia/getMultimedias', 'tipo', (r) => r.tipo, 'text'],
  ['/api/multimedia/getMultimedias', 'descripcion', (r) => r.descripcion, 'text'],
  ['/api/multimedia/getMultimedias', 'palabra', (r) => r.palabra.palabraEspanol, 'text'],
  ['/api/multimedia/getMultimedias', 'tamano', (r) => r.tamano, 'numeric'],
  ['/api/contenido/contenido', 'id_contenido', (r) => r.id_contenido, 'numeric'],
  ['/api/contenido/contenido', 'tipo_contenido', (r) => r.tipo_contenido, 'text'],
  ['/api/contenido/contenido', 'nivel', (r) => r.nivel.nombre_nivel, 'text'],
  ['/api/contenido/contenido', 'palabra', (r) => r.palabra?.palabraEspanol ?? null, 'text'],
  ['/api/contenido/contenido', 'descripcion', (r) => r.descripcion, 'text'],
  ['/api/evaluacion/getEvaluaciones', 'nivel', (r) => r.nivel.nombre_nivel, 'text'],
  ['/api/evaluacion/getEvaluaciones', 'puntaje', (r) => r.puntaje, 'numeric'],
  ['/api/pregunta/getPreguntas', 'pregunta', (r) => r.pregunta, 'text'],
  ['/api/pregunta/getPreguntas', 'Tipo', (r) => r.Tipo, 'text'],
  ['/api/pregunta/getPreguntas', 'porcentaje', (r) => r.porcentaje, 'numeric'],
  ['/api/pregunta/getPreguntas', 'evaluacion', (r) => r.evaluacion.nombre_nivel, 'text'],
  ['/api/respuesta/getRespuestas', 'respuesta', (r) => r.respuesta, 'text'],
  ['/api/respuesta/getRespuestas', 'valor', (r) => r.valor, 'bool'],
  ['/api/respuesta/getRespuestas', 'pregunta', (r) => r.pregunta.pregunta, 'text'],
  ['/api/progreso/progresos', 'id_progreso', (r) => r.id_progreso, 'numeric'],
  ['/api/progreso/progresos', 'username', (r) => r.usuario?.username ?? null, 'text'],
  ['/api/progreso/progresos', 'nivel', (r) => r.nivel?.nombre_nivel ?? null, 'text'],
  ['/api/progreso/progresos', 'estado', (r) => r.estado, 'text'],
  ['/api/comentario/getComentarios', 'id_user', (r) => r.id_user, 'numeric'],
  ['/api/comentario/getComentarios', 'usuario', (r) => r.usuario.nombre, 'text'],
  ['/api/comentario/getComentarios', 'email', (r) => r.usuario.email, 'text'],
  ['/api/comentario/getComentarios', 'comentario', (r) => r.comentario, 'text'],
  ['/api/comentario/getComentarios', 'calificacion', (r) => r.calificacion, 'numeric'],
  ['/api/rol/getRoles', 'nombre', (r) => r.nombre, 'text'],
  ['/api/rol/getRoles', 'descripcion', (r) => r.descripcion, 'text'],
  ['/api/rol/getRoles', 'usuario', (r) => r.usuario.nombre, 'text'],
  ['/api/dominio/getDominios', 'dominio', (r) => r.dominio, 'text'],
  ['/api/dominio/getDominios', 'id_institucion', (r) => r.id_institucion, 'numeric'],
  ['/api/institucion/getInstituciones', 'nombre', (r) => r.nombre, 'text'],
];

/**
 * The values in the order a list must give them (nulls as PostgreSQL places them: last ASC, first
 * DESC). Text as names are read (nameOrderKey: case and accents ignored, ñ after n), compared as
 * keys since "Nivel" and "nivel" tie and then follow their ids; the rest in the database's order.
 */
async function dbOrder(values: unknown[], type: string, order: 'ASC' | 'DESC'): Promise<unknown[]> {
  if (type === 'text') {
    const keys = values.map((v) => (v === null || v === undefined ? null : nameOrderKey(String(v))));
    const nonNull = (keys.filter((k) => k !== null) as string[]).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const nulls = keys.filter((k) => k === null);
    return order === 'ASC' ? [...nonNull, ...nulls] : [...nulls, ...nonNull.reverse()];
  }
  const arr = `{${values.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
  const { rows } = await t.database.raw(`SELECT u::text AS v FROM unnest($1::${type}[]) AS u ORDER BY u ${order}`, [arr]);
  return rows.map((r: Rec) => r.v);
}
const asText = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'boolean' ? String(v) : String(v));

describe('every list sorts by each declared column, both ways', () => {
  beforeAll(async () => {
    // A comment and a second institution's domain, so those short lists have something to order.
    await t.call('POST', '/api/comentario/register', { as: 'nino', body: { comentario: 'Me gusta mucho', calificacion: 5 } });
    await t.call('POST', '/api/comentario/register', { as: 'admin', body: { comentario: 'Bien', calificacion: 3 } });
  });

  it.each(SORTS)('%s sort=%s', async (path, field, value, type) => {
    const asc = await list(`${path}?perPage=500&sort=${field}&order=ASC`, 'superadmin');
    const desc = await list(`${path}?perPage=500&sort=${field}&order=DESC`, 'superadmin');
    expect(asc.status, JSON.stringify(asc.body)).toBe(200);
    expect(desc.status).toBe(200);
    expect(asc.rows.length).toBe(desc.rows.length);
    const ascVals = asc.rows.map(value);
    const descVals = desc.rows.map(value);
    const norm = (vs: unknown[]) =>
      vs.map((v) => (type === 'numeric' && v !== null && v !== undefined ? Number(v) : type === 'text' && v != null ? nameOrderKey(String(v)) : asText(v)));
    const fromDb = async (vs: unknown[], o: 'ASC' | 'DESC') => norm(await dbOrder(vs, type, o));
    // timestamps and numbers come back from the database as text: compare in the same form.
    expect(norm(ascVals)).toEqual(await fromDb(ascVals, 'ASC'));
    expect(norm(descVals)).toEqual(await fromDb(descVals, 'DESC'));
  });

  it('names sort as they are read: case and accents ignored, ñ after n, the same on both engines', async () => {
    const names = ['Zz orden Nube', 'zz orden Ñandú', 'Zz orden árbol', 'zz orden Nivel Pi', 'Zz orden nivel lote', 'zz orden Avión', 'Zz orden nz'];
    await t.database.db.insert(nivel).values(names.map((n) => ({ nombreNivel: n, descripcion: 'Orden', dificultad: 'Fácil' })));
    const ours = async (order: string) =>
      (await list(`/api/nivel/getNivels?perPage=500&sort=nombre_nivel&order=${order}&q=zz orden`, 'admin')).rows.map((r) => r.nombre_nivel as string);
    const want = ['Zz orden árbol', 'zz orden Avión', 'Zz orden nivel lote', 'zz orden Nivel Pi', 'Zz orden Nube', 'Zz orden nz', 'zz orden Ñandú'];
    expect(await ours('ASC')).toEqual(want);
    expect(await ours('DESC')).toEqual([...want].reverse());
  });

  it('an undeclared sort is refused', async () => {
    const r = await t.call('GET', '/api/palabra/getPalabras?sort=password', { as: 'admin' });
    expect(r.statusCode).toBe(400);
  });
});

describe('teacher results: paging, search, filters, sort', () => {
  let ana: number;
  let beto: number;
  let levels: { id: number; nombre: string }[];
  beforeAll(async () => {
    const { db } = t.database;
    ana = await t.userId('nino');
    beto = await t.userId('nina');
    levels = (await db.select({ id: nivel.idNivel, nombre: nivel.nombreNivel }).from(nivel)).slice(0, 2);
    // 30 attempts: ana on the first level in January, beto on the second in March.
    const rows = [];
    for (let i = 0; i < 15; i++) {
      rows.push({
        idUsuario: ana,
        idNivel: levels[0]!.id,
        correctas: i % 5,
        totalPreguntas: 5,
        puntaje: (i % 5) * 20,
        fecha: new Date(Date.UTC(2020, 0, 1 + i, 12)),
      });
      rows.push({ idUsuario: beto, idNivel: levels[1]!.id, correctas: 4, totalPreguntas: 5, puntaje: 80, fecha: new Date(Date.UTC(2020, 2, 1 + i, 12)) });
    }
    await db.insert(intento).values(rows);
    // The profesor teaches both (a teacher reads only the children of their classes).
    await demoClass(t);
  });
  const R = '/api/resultados/resultados-profesor';

  it('pages with X-Total-Count', async () => {
    const all = await list(`${R}?perPage=500`, 'profesor');
    const p1 = await list(`${R}?page=1&perPage=10`, 'profesor');
    const p2 = await list(`${R}?page=2&perPage=10`, 'profesor');
    expect(p1.total).toBe(all.rows.length);
    expect(p1.rows.length).toBe(10);
    expect(p2.rows.map((r) => r.id)).toEqual(all.rows.slice(10, 20).map((r) => r.id));
  });

  it('filters by student, level and dates (a day given as a date is the whole day)', async () => {
    const byAna = await list(`${R}?perPage=500&id_usuario=${ana}`, 'profesor');
    const [{ n }] = (await t.database.raw('SELECT count(*)::int AS n FROM intento WHERE id_usuario = $1', [ana])).rows as { n: number }[];
    expect(byAna.rows.length).toBe(Number(n));
    expect(byAna.rows.length).toBeGreaterThanOrEqual(15);
    expect(byAna.rows.every((r) => r.id_usuario === ana)).toBe(true);
    const byLevel = await list(`${R}?perPage=500&id_nivel=${levels[1]!.id}`, 'profesor');
    expect(byLevel.rows.every((r) => r.id_nivel === levels[1]!.id)).toBe(true);
    expect(byLevel.rows.filter((r) => r.id_usuario === beto).length).toBe(15);
    const jan = await list(`${R}?perPage=500&desde=2020-01-05&hasta=2020-01-09`, 'profesor');
    expect(jan.rows.map((r) => r.fecha.slice(0, 10)).sort()).toEqual(['2020-01-05', '2020-01-06', '2020-01-07', '2020-01-08', '2020-01-09']);
    expect(jan.total).toBe(5);
    // Instants (the back office sends the viewer's midnights): hasta is exclusive.
    const inst = await list(`${R}?perPage=500&desde=2020-03-02T00:00:00.000Z&hasta=2020-03-04T00:00:00.000Z&id_usuario=${beto}`, 'profesor');
    expect(inst.rows.map((r) => r.fecha.slice(0, 10)).sort()).toEqual(['2020-03-02', '2020-03-03']);
    const none = await list(`${R}?perPage=500&desde=2020-01-05&id_nivel=${levels[0]!.id}&hasta=2020-01-04`, 'profesor');
    expect(none.status).toBe(400);
    for (const bad of ['desde=ayer', 'hasta=2020-02-30', 'desde=2020-01-01T10:00']) {
      const r = await t.call('GET', `${R}?${bad}`, { as: 'profesor' });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json()).toMatchObject({ code: 'INVALID_QUERY' });
    }
  });

  it('searches the student name', async () => {
    const [u] = (await list(`${R}?perPage=1&id_usuario=${beto}`, 'profesor')).rows;
    const r = await list(`${R}?perPage=500&q=${encodeURIComponent(u!.usuario.nombre)}`, 'profesor');
    expect(r.rows.length).toBeGreaterThanOrEqual(15);
    expect(r.rows.every((x) => x.usuario.nombre === u!.usuario.nombre || x.nivel.nombre_nivel.toLowerCase().includes(u!.usuario.nombre.toLowerCase()))).toBe(
      true,
    );
  });

  it.each([
    ['estudiante', (r: Rec) => `${r.usuario.nombre} ${r.usuario.apellido}`, 'text'],
    ['nivel', (r: Rec) => r.nivel.nombre_nivel, 'text'],
    ['puntaje', (r: Rec) => r.puntaje, 'numeric'],
    ['correctas', (r: Rec) => r.correctas, 'numeric'],
    ['total_preguntas', (r: Rec) => r.total_preguntas, 'numeric'],
    ['fecha', (r: Rec) => r.fecha, 'timestamptz'],
  ] as const)('sorts by %s both ways', async (field, value, type) => {
    for (const order of ['ASC', 'DESC'] as const) {
      const r = await list(`${R}?perPage=500&sort=${field}&order=${order}`, 'profesor');
      expect(r.status).toBe(200);
      const vals = r.rows.map(value);
      const want = await dbOrder(vals, type, order);
      const norm = (vs: unknown[]) =>
        vs.map((v) => (type === 'text' ? nameOrderKey(String(v)) : type === 'timestamptz' ? new Date(String(v)).getTime() : Number(v)));
      expect(norm(vals)).toEqual(norm(want));
    }
  });

  it('a learner is refused; an unknown sort is refused', async () => {
    expect((await t.call('GET', `${R}?id_usuario=${ana}`, { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', `${R}?desde=2020-01-01`)).statusCode).toBe(401);
    expect((await t.call('GET', `${R}?sort=password`, { as: 'profesor' })).statusCode).toBe(400);
  });
});
