import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';
import { clase, claseAlumno, claseProfesor, institucion, memoria, palabra, repaso, rol, usuario } from '../../src/server/db/schema';
import { CLASE_MSG } from '../../src/shared/resources/clases';
import { CLASE_FILTRO_INVALIDA } from '../../src/server/classAccess';
import { ROL_FILTRO_INVALIDO } from '../../src/server/resources/usuario';
import { isChoiceQuestion } from '../../src/shared/rules/quiz';
import { GRANTED_MSG, STILL_HAS_ATTEMPTS_MSG } from '../../src/server/resources/resultados/profesor';

/**
 * The class filter of the teacher's lists (`?id_clase=` on Memoria, Palabras difíciles and
 * Resultados) follows "Who may reach a child": a profesor names only a class they teach (another
 * teacher's class is 403, a missing one 404, a bad id 400 in Spanish), an admin any class; the
 * filtered list holds that class's children only. Also: the users list's `rol` filter (the class
 * form's teacher picker) and 'Dar otro intento' pressed many times at once.
 */
let t: TestApp;
let mine: number; // the demo profesor's class: nino
let ajena: number; // another profesor's class: nina
let otro: string; // that other profesor's token
let nino: number;
let nina: number;
let idNivel: number;
let rows: Record<string, unknown>[];

beforeAll(async () => {
  t = await makeTestApp();
  const { db } = t.database;
  nino = await t.userId('nino');
  nina = await t.userId('nina');
  const [inst] = await db.select({ id: institucion.idInstitucion }).from(institucion).limit(1);
  const [u] = await db.insert(usuario).values({ nombre: 'Otra', apellido: 'Profe', email: 'otra.profe@manitas.test' }).returning({ id: usuario.id });
  await db.insert(rol).values({ nombre: 'profesor', idUsuario: u!.id });
  otro = await signToken({ sub: u!.id, tv: 0 }, t.config.jwtSecret, 3600);
  const [a] = await db.insert(clase).values({ nombre: 'Las Nutrias', idInstitucion: inst!.id, codigo: 'NUTR34' }).returning({ id: clase.idClase });
  const [b] = await db.insert(clase).values({ nombre: 'Los Linces', idInstitucion: inst!.id, codigo: 'LINC34' }).returning({ id: clase.idClase });
  mine = a!.id;
  ajena = b!.id;
  await db.insert(claseProfesor).values([
    { idClase: mine, idUsuario: await t.userId('profesor') },
    { idClase: ajena, idUsuario: u!.id },
  ]);
  await db.insert(claseAlumno).values([
    { idClase: mine, idUsuario: nino },
    { idClase: ajena, idUsuario: nina },
  ]);
  // Both children take a level's quiz (wrong answers) until they have no attempt left.
  const det = (await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' })).json().data as {
    id_nivel: number;
    preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number }[] }[];
  }[];
  const ev = det.find((e) => e.preguntas.length)!;
  idNivel = ev.id_nivel;
  rows = ev.preguntas.map((p) =>
    isChoiceQuestion(p.Tipo)
      ? { id_pregunta: p.id_pregunta, id_nivel: idNivel, id_respuesta: p.respuestas[0]!.id_respuesta }
      : { id_pregunta: p.id_pregunta, id_nivel: idNivel, respuesta: 'no sé' },
  );
  for (const who of ['nino', 'nina'] as const)
    for (let i = 0; i < 3; i++) {
      const r = await t.call('POST', '/api/resultados/save-multiple', { as: who, body: { respuestas: rows } });
      expect([200, 201]).toContain(r.statusCode);
    }
  // Memory and a missed review of one of the level's words for each child.
  const [w] = await db.select({ id: palabra.idPalabra }).from(palabra).where(eq(palabra.idNivel, idNivel)).limit(1);
  for (const id of [nino, nina]) {
    await db.insert(memoria).values({ idUsuario: id, idPalabra: w!.id, olvidos: 1, repasos: 1 }).onConflictDoNothing();
    await db
      .insert(repaso)
      .values({ idUsuario: id, idPalabra: w!.id, calificacion: 1, fuente: 'repaso', clave: `filtro-${id}`, estadoAntes: 0, vence: new Date() });
  }
});
afterAll(async () => t?.close());

const LISTS = [
  ['resultados', () => '/api/resultados/resultados-profesor'],
  ['memorias', () => '/api/repaso/memorias'],
  ['dificiles', () => `/api/repaso/dificiles/${idNivel}`],
] as const;

/** The children a list's answer names (each list carries id_usuario on its rows; difíciles counts children). */
async function childrenOf(which: string, url: string, as: string) {
  const r = await t.call('GET', url, { as });
  expect(r.statusCode, r.body).toBe(200);
  const body = r.json();
  if (which === 'dificiles') return (body.data as { ninos: number }[]).reduce((s, w) => Math.max(s, w.ninos), 0);
  const list = (Array.isArray(body) ? body : body.data) as { id_usuario: number }[];
  return [...new Set(list.map((x) => x.id_usuario))].sort((x, y) => x - y);
}

describe('the class filter (id_clase) on Resultados, Memoria and Palabras difíciles', () => {
  it.each(LISTS)('%s: the profesor filtered by their class sees its children only', async (which, url) => {
    const sep = url().includes('?') ? '&' : '?';
    if (which === 'dificiles') {
      // Without the filter the profesor's scope already holds one child (nino); the filter keeps him.
      expect(await childrenOf(which, `${url()}${sep}id_clase=${mine}`, 'profesor')).toBe(1);
      // Admin: every child without the filter, one per class with it.
      expect(await childrenOf(which, url(), 'admin')).toBe(2);
      expect(await childrenOf(which, `${url()}${sep}id_clase=${ajena}`, 'admin')).toBe(1);
      return;
    }
    expect(await childrenOf(which, `${url()}${sep}id_clase=${mine}`, 'profesor')).toEqual([nino]);
    expect(await childrenOf(which, `${url()}${sep}id_clase=${ajena}`, otro)).toEqual([nina]);
    // Admins may filter by any class; without a filter they see both children.
    expect(await childrenOf(which, `${url()}${sep}id_clase=${ajena}`, 'admin')).toEqual([nina]);
    expect(await childrenOf(which, `${url()}${sep}id_clase=${mine}`, 'superadmin')).toEqual([nino]);
    expect(await childrenOf(which, url(), 'admin')).toEqual([nino, nina].sort((x, y) => x - y));
  });

  it.each(LISTS)('%s: a profesor of another class is refused (403), a usuario 403, anonymous 401', async (_which, url) => {
    const sep = url().includes('?') ? '&' : '?';
    const refused = await t.call('GET', `${url()}${sep}id_clase=${mine}`, { as: otro });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msg: CLASE_MSG.noEsTuClase, code: 'FORBIDDEN' });
    expect((await t.call('GET', `${url()}${sep}id_clase=${ajena}`, { as: 'profesor' })).statusCode).toBe(403);
    expect((await t.call('GET', `${url()}${sep}id_clase=${mine}`, { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', `${url()}${sep}id_clase=${mine}`)).statusCode).toBe(401);
  });

  it.each(LISTS)('%s: a bad class id is 400 in Spanish, a missing class 404; nothing changes', async (_which, url) => {
    const sep = url().includes('?') ? '&' : '?';
    const before = await snapshotCounts(t.database);
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      const r = await t.call('GET', `${url()}${sep}id_clase=${encodeURIComponent(bad)}`, { as: 'profesor' });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json()).toMatchObject({ msg: CLASE_FILTRO_INVALIDA, code: 'INVALID_QUERY', fields: { id_clase: CLASE_FILTRO_INVALIDA } });
    }
    const missing = await t.call('GET', `${url()}${sep}id_clase=999999`, { as: 'admin' });
    expect([missing.statusCode, missing.json().msg]).toEqual([404, CLASE_MSG.noEncontrada]);
    // An empty value asks for no filter (react-admin sends none; a cleared select sends '').
    expect((await t.call('GET', `${url()}${sep}id_clase=`, { as: 'profesor' })).statusCode).toBe(200);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe("the users list's role filter (the class form's teacher picker)", () => {
  it('lists staff only, found even behind hundreds of pupils sorted before them by name', async () => {
    const { db } = t.database;
    await db.insert(usuario).values(Array.from({ length: 150 }, (_, i) => ({ nombre: 'Aarón', apellido: `Relleno ${i}` })));
    const r = await t.call('GET', '/api/user/usuarios?rol=profesor,admin,superadmin&page=1&perPage=25&sort=nombre&order=ASC', { as: 'admin' });
    expect(r.statusCode).toBe(200);
    const users = r.json().users as { email: string | null; rol: string }[];
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => ['profesor', 'admin', 'superadmin'].includes(String(u.rol).toLowerCase()))).toBe(true);
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(['profesor@manitas.test', 'otra.profe@manitas.test', 'admin@manitas.test']));
    expect(Number(r.headers['x-total-count'])).toBe(users.length);
    // Typing searches within the staff.
    const q = await t.call('GET', '/api/user/usuarios?rol=profesor,admin,superadmin&q=otra', { as: 'admin' });
    expect((q.json().users as { email: string }[]).map((u) => u.email)).toEqual(['otra.profe@manitas.test']);
    // Learners only: no staff among them.
    const kids = (await t.call('GET', '/api/user/usuarios?rol=usuario&q=relleno', { as: 'admin' })).json().users as { rol: string }[];
    expect(kids.length).toBe(150);
    expect(kids.every((u) => String(u.rol).toLowerCase() === 'usuario')).toBe(true);
  });

  it('refuses an unknown role in Spanish (400), and the list stays admin-only', async () => {
    const r = await t.call('GET', '/api/user/usuarios?rol=profesor,director', { as: 'admin' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ msg: ROL_FILTRO_INVALIDO('director'), code: 'INVALID_QUERY' });
    expect((await t.call('GET', '/api/user/usuarios?rol=profesor', { as: 'profesor' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/user/usuarios?rol=profesor', { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/user/usuarios?rol=profesor')).statusCode).toBe(401);
  });
});

describe("'Dar otro intento' from the profesor's results screen", () => {
  it('10 presses at once by the class teacher give exactly one extra attempt', async () => {
    const before = (await t.call('GET', `/api/resultados/resultados-profesor?id_clase=${mine}&id_nivel=${idNivel}`, { as: 'profesor' })).json() as {
      sin_intentos: boolean;
      intentos_restantes: number;
    }[];
    expect(before.map((r) => [r.sin_intentos, r.intentos_restantes])).toEqual([
      [true, 0],
      [true, 0],
      [true, 0],
    ]);
    const presses = await Promise.all(
      Array.from({ length: 10 }, () => t.call('POST', '/api/resultados/otro-intento', { as: 'profesor', body: { id_usuario: nino, id_nivel: idNivel } })),
    );
    const ok = presses.filter((r) => r.statusCode === 200);
    expect(ok.length).toBe(1);
    expect(ok[0]!.json().msg).toBe(GRANTED_MSG);
    for (const r of presses.filter((x) => x.statusCode !== 200)) expect([r.statusCode, r.json().msg]).toEqual([409, STILL_HAS_ATTEMPTS_MSG]);
    // The screen's list now says the child has an attempt left (no button).
    const after = (await t.call('GET', `/api/resultados/resultados-profesor?id_clase=${mine}&id_nivel=${idNivel}`, { as: 'profesor' })).json() as {
      sin_intentos: boolean;
    }[];
    expect(after.every((r) => !r.sin_intentos)).toBe(true);
    expect((after as unknown as { intentos_restantes: number }[]).every((r) => r.intentos_restantes === 1)).toBe(true);
    const n = (await t.database.raw('SELECT intentos_extra FROM progreso WHERE id_usuario = $1 AND id_nivel = $2', [nino, idNivel])).rows[0]!;
    expect(Number(n.intentos_extra)).toBe(1);
  });

  it('a profesor of another class cannot grant one to the child (404, nothing stored); a usuario 403', async () => {
    const before = await snapshotCounts(t.database);
    const r = await t.call('POST', '/api/resultados/otro-intento', { as: otro, body: { id_usuario: nino, id_nivel: idNivel } });
    expect([r.statusCode, r.json().msg]).toEqual([404, 'Usuario no encontrado.']);
    expect((await t.call('POST', '/api/resultados/otro-intento', { as: 'nina', body: { id_usuario: nino, id_nivel: idNivel } })).statusCode).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});
