import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';

/**
 * The access matrix. Written from the spec's route-access table and DESIGN.md "Access" — NOT
 * imported from the server's rules — so a server rule that drifts from the spec fails here.
 *
 * Principals: anonymous, learner (nino, on objects that are his), another learner's object
 * (nino on nina's), profesor, admin, superadmin. Expected: 'ok' = the request passes the access
 * check (any status but 401/403; bodies are empty or ids missing, so 400/404 are normal);
 * 401 for anonymous on protected endpoints; 403 for a role that is refused.
 */
type Who = 'anon' | 'learner' | 'otherLearner' | 'profesor' | 'admin' | 'superadmin';
const WHO: Who[] = ['anon', 'learner', 'otherLearner', 'profesor', 'admin', 'superadmin'];
type Level = 'public' | 'user' | 'self' | 'profesor' | 'admin' | 'superadmin';

/** [method, path, level]. `{me}` = the caller's own user id ({other} for otherLearner), `{x}` = a missing id. */
const ENDPOINTS: [string, string, Level][] = [
  // Accounts (accounts-and-learner §7)
  ['POST', '/api/user/register', 'public'],
  ['POST', '/api/user/logIn', 'public'],
  ['POST', '/api/recuperar', 'public'],
  ['POST', '/api/recuperar/confirmar', 'public'],
  ['GET', '/api/health', 'public'],
  ['GET', '/api/config/public', 'public'],
  ['POST', '/api/user/google', 'public'],
  ['GET', '/api/user/{me}', 'self'],
  ['PUT', '/api/user/{me}', 'self'],
  ['GET', '/api/user/usuarios', 'admin'],
  // Learner reads: any signed-in user
  ['GET', '/api/nivel/getNivels', 'user'],
  ['GET', '/api/nivel/getNivel/1', 'user'],
  ['GET', '/api/palabra/nivel/1', 'user'],
  ['GET', '/api/palabra/getPalabra/1', 'user'],
  ['GET', '/api/palabra/getPalabras', 'user'],
  ['GET', '/api/multimedia/palabra/1', 'user'],
  ['GET', '/api/evaluacion/detalles', 'user'],
  // Results: own results for the learner; teacher results profesor+
  ['GET', '/api/evaluacion/resultados/usuario/{me}', 'self'],
  ['POST', '/api/resultados/save-multiple', 'user'],
  ['POST', '/api/respuestas/save-multiple', 'user'],
  ['POST', '/api/resultados/create', 'user'],
  ['GET', '/api/resultados/resultados-profesor', 'profesor'],
  ['GET', '/api/progreso/usuario/{me}', 'self'],
  ['POST', '/api/progreso/visto', 'user'],
  // Content writes: admin+
  ['POST', '/api/nivel/register', 'admin'],
  ['PUT', '/api/nivel/update/{x}', 'admin'],
  ['DELETE', '/api/nivel/delete/{x}', 'admin'],
  ['POST', '/api/palabra/register', 'admin'],
  ['PUT', '/api/palabra/update/{x}', 'admin'],
  ['DELETE', '/api/palabra/delete/{x}', 'admin'],
  ['GET', '/api/contenido/contenido', 'admin'],
  ['GET', '/api/contenido/{x}', 'admin'],
  ['POST', '/api/contenido/create', 'admin'],
  ['PUT', '/api/contenido/update/{x}', 'admin'],
  ['DELETE', '/api/contenido/{x}', 'admin'],
  ['POST', '/api/multimedia/register', 'admin'],
  ['PUT', '/api/multimedia/update/{x}', 'admin'],
  ['DELETE', '/api/multimedia/delete/{x}', 'admin'],
  ['GET', '/api/institucion/getInstituciones', 'admin'],
  ['GET', '/api/institucion/getInstitucion/{x}', 'admin'],
  ['POST', '/api/institucion/register', 'admin'],
  ['PUT', '/api/institucion/update/{x}', 'admin'],
  ['DELETE', '/api/institucion/delete/{x}', 'admin'],
  ['GET', '/api/dominio/getDominios', 'admin'],
  ['GET', '/api/dominio/getDominio/{x}', 'admin'],
  ['POST', '/api/dominio/register', 'admin'],
  ['PUT', '/api/dominio/update/{x}', 'admin'],
  ['DELETE', '/api/dominio/delete/{x}', 'admin'],
  ['GET', '/api/comentario/getComentarios', 'admin'],
  ['POST', '/api/comentario/register', 'admin'],
  ['GET', '/api/progreso/progresos', 'admin'],
  // Evaluations, questions, answers: profesor+
  ['GET', '/api/evaluacion/getEvaluaciones', 'profesor'],
  ['POST', '/api/evaluacion/register', 'profesor'],
  ['PUT', '/api/evaluacion/update/{x}', 'profesor'],
  ['DELETE', '/api/evaluacion/delete/{x}', 'profesor'],
  ['GET', '/api/pregunta/getPreguntas', 'profesor'],
  ['GET', '/api/pregunta/getPregunta/{x}', 'profesor'],
  ['POST', '/api/pregunta/register', 'profesor'],
  ['PUT', '/api/pregunta/update/{x}', 'profesor'],
  ['DELETE', '/api/pregunta/delete/{x}', 'profesor'],
  ['GET', '/api/respuesta/getRespuestas', 'profesor'],
  ['GET', '/api/respuesta/getRespuesta/{x}', 'profesor'],
  ['GET', '/api/respuesta/getRespuestasPorPregunta/{x}', 'profesor'],
  ['POST', '/api/respuesta/register', 'profesor'],
  ['PUT', '/api/respuesta/update/{x}', 'profesor'],
  ['DELETE', '/api/respuesta/delete/{x}', 'profesor'],
  // Roles: superadmin only
  ['GET', '/api/rol/getRoles', 'superadmin'],
  ['GET', '/api/rol/getRole/{x}', 'superadmin'],
  ['POST', '/api/rol/register', 'superadmin'],
  ['PUT', '/api/rol/update/{x}', 'superadmin'],
  ['DELETE', '/api/rol/delete/{x}', 'superadmin'],
];

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
beforeAll(async () => {
  t = await makeTestApp();
  ids = { nino: await t.userId('nino'), nina: await t.userId('nina'), profesor: await t.userId('profesor'), admin: await t.userId('admin'), superadmin: await t.userId('superadmin') };
});
afterAll(async () => t?.close());

describe('access matrix: every endpoint × every principal', () => {
  it(`${ENDPOINTS.length} endpoints × ${WHO.length} principals: no leak, no wrong refusal`, async () => {
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
    console.log(`access matrix: ${cells} cells checked, ${failures.length} failures`);
    expect(failures).toEqual([]);
    // Apart from the profile updates (empty bodies change nothing), the matrix wrote nothing.
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});
