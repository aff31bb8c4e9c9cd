import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { endpointsOf, type Endpoint, type Level } from './endpoints';
import { signToken } from '../../src/server/auth/jwt';
import { clase, claseAlumno, claseProfesor, institucion, intento, memoria, palabra, repaso, rol, usuario } from '../../src/server/db/schema';

/**
 * The access matrix. Written from the spec's route-access table and DESIGN.md "Access" — NOT
 * imported from the server's rules — so a server rule that drifts from the spec fails here.
 *
 * Principals: anonymous, learner (nino, on objects that are his), another learner's object
 * (nino on nina's), profesor, admin, superadmin. Expected: 'ok' = the request passes the access
 * check (any status but 401/403; bodies are empty or ids missing, so 400/404 are normal);
 * 401 for anonymous on protected endpoints; 403 for a role that is refused.
 * The endpoints are the routes the app registers (endpointsOf); their levels, the documents'.
 */
type Who = 'anon' | 'learner' | 'otherLearner' | 'profesor' | 'admin' | 'superadmin';
const WHO: Who[] = ['anon', 'learner', 'otherLearner', 'profesor', 'admin', 'superadmin'];
const RANK: Record<Exclude<Who, 'anon'>, number> = { learner: 0, otherLearner: 0, profesor: 1, admin: 2, superadmin: 3 };
const NEED: Record<Exclude<Level, 'public' | 'user' | 'self'>, number> = { profesor: 1, admin: 2, superadmin: 3 };

function expected(level: Level, who: Who): 'ok' | 401 | 403 {
  if (level === 'public') return 'ok';
  if (who === 'anon') return 401;
  if (level === 'user') return 'ok';
  // 'self': the learner on their own object passes; on another learner's object only admin+ passes.
  if (level === 'self') return who === 'otherLearner' || who === 'profesor' ? 403 : 'ok';
  return RANK[who] >= NEED[level] ? 'ok' : 403;
}

let t: TestApp;
let ids: Record<string, number>;
let ENDPOINTS: Endpoint[];
beforeAll(async () => {
  t = await makeTestApp();
  ENDPOINTS = endpointsOf(t.app);
  ids = {
    nino: await t.userId('nino'),
    nina: await t.userId('nina'),
    profesor: await t.userId('profesor'),
    admin: await t.userId('admin'),
    superadmin: await t.userId('superadmin'),
  };
});
afterAll(async () => t?.close());

describe('access matrix: every endpoint × every principal', () => {
  it(`every registered endpoint × ${WHO.length} principals: no leak, no wrong refusal`, async () => {
    const failures: string[] = [];
    let cells = 0;
    const before = await snapshotCounts(t.database);
    for (const [method, tpl, level] of ENDPOINTS) {
      for (const who of WHO) {
        // For 'self' endpoints, staff act on the learner's object (admin+ may, profesor may not).
        const target = who === 'otherLearner' ? ids.nina! : who === 'learner' || who === 'anon' ? ids.nino! : level === 'self' ? ids.nino! : ids[who]!;
        const url = tpl.replace('{me}', String(target)).replace('{x}', '999999');
        const as = who === 'anon' ? undefined : who === 'otherLearner' || who === 'learner' ? 'nino' : who;
        // Bodies are empty: an allowed caller gets a validation answer, never a write.
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const r = await t.call(method, url, { as: as as never, body });
        cells++;
        const want = expected(level, who);
        const got = r.statusCode;
        const ok = want === 'ok' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok) failures.push(`${method} ${tpl} as ${who}: expected ${want}, got ${got} ${r.body.slice(0, 120)}`);
        if (got >= 400) expect(r.json(), `${method} ${url}`).toMatchObject({ msg: expect.any(String), code: expect.any(String) });
      }
    }
    console.log(`access matrix: ${ENDPOINTS.length} endpoints, ${cells} cells checked, ${failures.length} failures`);
    expect(failures).toEqual([]);
    // Apart from the profile updates (empty bodies change nothing), the matrix wrote nothing.
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

/**
 * The role "profesor of another class" (docs/decisions.md, "Who may see what"): a profesor who owns
 * a class of their own reaches nothing of a child outside it. Class routes answer 403 (noEsTuClase);
 * a child's own routes answer as for a child that does not exist (404); lists leave the child out.
 * The class's teacher, admins and the superadmin reach everything.
 */
describe('access matrix: the profesor of another class', () => {
  it('every class, memory, review and results route refuses or hides the other class’s child', async () => {
    const { db } = t.database;
    const [inst] = await db.select({ id: institucion.idInstitucion }).from(institucion);
    const nino = ids.nino!;
    // Class A: the demo profesor teaches Mateo (nino). Class B: a second profesor made by the superadmin, no children.
    const [a] = await db.insert(clase).values({ nombre: 'Clase Propia', idInstitucion: inst!.id, codigo: 'PRPA34' }).returning();
    await db.insert(claseProfesor).values({ idClase: a!.idClase, idUsuario: ids.profesor! });
    await db.insert(claseAlumno).values({ idClase: a!.idClase, idUsuario: nino });
    const [p2] = await db.insert(usuario).values({ nombre: 'Segunda', apellido: 'Profesora', email: 'segunda@manitas.test', status: true }).returning();
    await db.insert(rol).values({ nombre: 'profesor', idUsuario: p2!.id });
    const [b] = await db.insert(clase).values({ nombre: 'Clase Ajena', idInstitucion: inst!.id, codigo: 'AJNB34' }).returning();
    await db.insert(claseProfesor).values({ idClase: b!.idClase, idUsuario: p2!.id });
    const otro = await signToken({ sub: p2!.id, tv: 0 }, t.config.jwtSecret, 3600);
    // Mateo's data: an attempt, a memory card and a review of a word of the first level.
    const [w] = await db.select({ id: palabra.idPalabra, idNivel: palabra.idNivel }).from(palabra).orderBy(palabra.idPalabra).limit(1);
    await db.insert(intento).values({ idUsuario: nino, idNivel: w!.idNivel, correctas: 1, totalPreguntas: 2, puntaje: 50 });
    await db
      .insert(memoria)
      .values({ idUsuario: nino, idPalabra: w!.id, estado: 2, olvidos: 1, repasos: 2, estabilidad: 3, dificultad: 5, ultimoRepaso: new Date() });
    await db
      .insert(repaso)
      .values({ idUsuario: nino, idPalabra: w!.id, calificacion: 1, fuente: 'repaso', clave: 'matriz-1', estadoAntes: 2, vence: new Date() });
    const before = await snapshotCounts(t.database);

    const A = a!.idClase;
    // [method, url, body?] → the other class's profesor gets 403 noEsTuClase; the class's people pass.
    const classRoutes: [string, string, unknown?][] = [
      ['GET', `/api/clase/getClase/${A}`],
      ['PUT', `/api/clase/update/${A}`, {}],
      ['DELETE', `/api/clase/delete/${A}`],
      ['GET', `/api/clase/${A}/alumnos`],
      ['POST', `/api/clase/${A}/alumnos`, { ids: [nino] }],
      ['DELETE', `/api/clase/${A}/alumnos/${nino}`],
      ['GET', `/api/clase/${A}/candidatos?q=`],
      ['POST', `/api/clase/${A}/importar`, {}],
      ['GET', `/api/clase/${A}/tareas`],
      ['PUT', `/api/clase/${A}/tareas`, {}],
      ['POST', `/api/clase/${A}/nuevoCodigo`, {}],
      ['POST', `/api/clase/${A}/invitar`, {}],
      ['GET', `/api/clase/${A}/tablero`],
      ['GET', `/api/clase/${A}/alumno/${nino}`],
      ['PUT', `/api/clase/${A}/alumnos/${nino}/clave`, {}],
      ['POST', `/api/clase/${A}/alumnos/${nino}/desbloquear`, {}],
      ['POST', `/api/clase/${A}/desbloquear`, {}],
      ['GET', `/api/clase/${A}/tarjetas`],
    ];
    const failures: string[] = [];
    for (const [method, url, body] of classRoutes) {
      const r = await t.call(method, url, { as: otro, body });
      if (r.statusCode !== 403 || r.json().msg !== 'Solo los profesores de esta clase y los administradores pueden verla.')
        failures.push(`${method} ${url} as the other class's profesor: ${r.statusCode} ${r.body.slice(0, 100)}`);
      if (method === 'GET')
        for (const who of ['profesor', 'admin', 'superadmin'] as const) {
          const ok = await t.call(method, url, { as: who });
          if (ok.statusCode !== 200) failures.push(`${method} ${url} as ${who}: ${ok.statusCode}`);
        }
    }
    // A child's own routes: the same 404 as for a child that does not exist (no name).
    const missing = 999999;
    for (const [method, url, body] of [
      ['GET', (id: number) => `/api/repaso/alumno/${id}`],
      ['POST', () => '/api/resultados/otro-intento', (id: number) => ({ id_usuario: id, id_nivel: w!.idNivel })],
    ] as [string, (id: number) => string, ((id: number) => unknown)?][]) {
      const refused = await t.call(method, url(nino), { as: otro, body: body?.(nino) });
      const none = await t.call(method, url(missing), { as: otro, body: body?.(missing) });
      if (refused.statusCode !== 404 || refused.body !== none.body || refused.body.includes('Mateo'))
        failures.push(`${method} ${url(nino)} as the other class's profesor: ${refused.statusCode} ${refused.body.slice(0, 100)}`);
      for (const who of ['profesor', 'admin', 'superadmin'] as const) {
        const ok = await t.call(method, url(nino), { as: who, body: body?.(nino) });
        // otro-intento: the child still has attempts (409) — past the access check.
        if (![200, 409].includes(ok.statusCode)) failures.push(`${method} ${url(nino)} as ${who}: ${ok.statusCode} ${ok.body.slice(0, 100)}`);
      }
    }
    // Lists: the child's rows are left out for the other class's profesor, there for the others.
    const lists: [string, (body: unknown) => number][] = [
      [`/api/resultados/resultados-profesor?id_usuario=${nino}`, (x) => (x as unknown[]).length],
      ['/api/resultados/resultados-profesor', (x) => (x as { id_usuario: number }[]).filter((r) => r.id_usuario === nino).length],
      [`/api/repaso/memorias?id_usuario=${nino}`, (x) => (x as { data: unknown[] }).data.length],
      [`/api/repaso/registros?id_usuario=${nino}`, (x) => (x as { data: unknown[] }).data.length],
      [`/api/repaso/dificiles/${w!.idNivel}`, (x) => (x as { data: unknown[] }).data.length],
      ['/api/resultados/resumen', (x) => (x as { data: { intentos: number } }).data.intentos],
      ['/api/clase/getClases', (x) => (x as { data: { id_clase: number }[] }).data.filter((c) => c.id_clase === A).length],
      ['/api/buscar?q=Propia', (x) => (x as { groups: unknown[] }).groups.length],
    ];
    for (const [url, count] of lists) {
      const r = await t.call('GET', url, { as: otro });
      if (r.statusCode !== 200 || count(r.json()) !== 0) failures.push(`GET ${url} as the other class's profesor: ${r.statusCode} ${r.body.slice(0, 120)}`);
      for (const who of ['profesor', 'admin', 'superadmin'] as const) {
        const ok = await t.call('GET', url, { as: who });
        if (ok.statusCode !== 200 || count(ok.json()) === 0) failures.push(`GET ${url} as ${who}: ${ok.statusCode} ${ok.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    // Nothing the other class's profesor sent changed anything.
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect((await t.database.raw('SELECT count(*)::int AS n FROM clase_invitacion')).rows[0]!.n).toBe(0);
    expect((await db.select().from(claseAlumno)).map((r) => [r.idClase, r.idUsuario])).toEqual([[A, nino]]);
  });
});
