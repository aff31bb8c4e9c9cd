/**
 * The access level of every endpoint, as the spec, DESIGN.md "Access" and docs/decisions.md
 * ("Who reads what") give it. Written from the documents, NOT imported from the server or from
 * src/shared, so the tests that use it check the server against the documents.
 *
 * Which endpoints the access matrix and the fuzz suite run comes from the routes the app actually
 * registers (`app.registeredRoutes`, filled by an onRoute hook in buildApp): a route missing from
 * this table, or an entry naming a route that does not exist, fails tests/api/route-coverage.test.ts
 * (and the suites that call endpointsOf), so no route goes untested because nobody listed it.
 * The CRUD routes of a resource declared beside the spec's come from its declaration (declaredEntries):
 * adding a resource needs no line here.
 */
import type { Role } from '../../src/shared/roles';
import type { ResourceDecl } from '../../src/shared/resources/types';
import { declaredResources } from './declared';

export type Level = 'public' | 'user' | 'self' | 'profesor' | 'admin' | 'superadmin';

/** A route as the router registered it. */
export interface RouteLike {
  readonly method: string;
  readonly url: string;
}

/**
 * [method, route pattern, level, sample path param]. The sample replaces the pattern's `:param`:
 * `{me}` = the caller's own user id ({other} for otherLearner), `{x}` = a missing id, or a literal
 * id. Without one: `{me}` for 'self' routes, `{x}` for the rest.
 */
type Entry = readonly [method: string, pattern: string, level: Level, sample?: string];

export const ACCESS: readonly Entry[] = [
  // Accounts (accounts-and-learner §7)
  ['POST', '/api/user/register', 'public'],
  ['POST', '/api/user/logIn', 'public'],
  ['POST', '/api/recuperar', 'public'],
  ['POST', '/api/recuperar/confirmar', 'public'],
  ['GET', '/api/health', 'public'],
  ['GET', '/api/config/public', 'public'],
  ['POST', '/api/user/google', 'public'],
  ['GET', '/api/user/:id', 'self'],
  ['PUT', '/api/user/:id', 'self'],
  ['GET', '/api/user/usuarios', 'admin'],
  ['GET', '/api/trabajos', 'admin'],
  ['POST', '/api/trabajos/:id/reintentar', 'admin'],
  ['POST', '/api/user/logout', 'user'],
  // Sign-player and sound preferences: always the caller's own row, any role
  ['GET', '/api/preferencias', 'user'],
  ['PUT', '/api/preferencias', 'user'],
  // Game runs: always the caller's own runs, any role
  ['POST', '/api/partidas', 'user'],
  ['GET', '/api/partidas/resumen', 'user'],
  // Memory per child and word: the child's own reviews, any role; the teacher's views profesor+
  // (/alumno also answers a child about themself: the matrix samples a missing id, so a child gets 403)
  ['GET', '/api/repaso/hoy', 'user'],
  ['GET', '/api/repaso/sesion', 'user'],
  ['POST', '/api/repaso/respuesta', 'user'],
  ['POST', '/api/repaso/visto', 'user'],
  ['POST', '/api/repaso/practica', 'user'],
  ['GET', '/api/trazo', 'user'],
  ['PUT', '/api/trazo', 'profesor'],
  ['GET', '/api/trazo/nivel/:id', 'profesor'],
  ['GET', '/api/repaso/nivel/:id', 'user', '1'],
  ['GET', '/api/repaso/juego/:id', 'user', '1'],
  ['GET', '/api/repaso/alumno/:userId', 'profesor'],
  ['GET', '/api/repaso/dificiles/:id', 'profesor', '1'],
  ['GET', '/api/repaso/memorias', 'profesor'],
  ['GET', '/api/repaso/registros', 'profesor'],
  // Classes: the resource and its members, import and assignments (src/server/resources/clases/routes.ts)
  // [part A]
  ['GET', '/api/clase/getClases', 'profesor'],
  ['GET', '/api/clase/getClase/:id', 'profesor'],
  ['POST', '/api/clase/register', 'profesor'],
  ['PUT', '/api/clase/update/:id', 'profesor'],
  ['DELETE', '/api/clase/delete/:id', 'profesor'],
  ['GET', '/api/clase/:id/alumnos', 'profesor'],
  ['POST', '/api/clase/:id/alumnos', 'profesor'],
  ['DELETE', '/api/clase/:id/alumnos/:userId', 'profesor'],
  ['GET', '/api/clase/:id/candidatos', 'profesor'],
  ['POST', '/api/clase/:id/importar', 'profesor'],
  ['GET', '/api/clase/:id/tareas', 'profesor'],
  ['PUT', '/api/clase/:id/tareas', 'profesor'],
  ['POST', '/api/clase/:id/nuevoCodigo', 'profesor'],
  ['POST', '/api/clase/:id/invitar', 'profesor'],
  ['GET', '/api/clase/instituciones', 'profesor'],
  // Any signed-in user: their own classes' assignments, joining a class with its code
  ['GET', '/api/clase/mias', 'user'],
  ['GET', '/api/clase/mis-tareas', 'user'],
  ['POST', '/api/clase/unirme', 'user'],
  // An invited child's own invitations (joining with consent)
  ['GET', '/api/clase/invitaciones', 'user'],
  ['POST', '/api/clase/invitaciones/:id/:respuesta', 'user'],
  // Classes: the class-code login and picture passwords (src/server/resources/clases/login.ts)
  // [part B]
  ['GET', '/api/clase/codigo/:codigo', 'public'],
  ['POST', '/api/user/logInClase', 'public'],
  ['PUT', '/api/clase/:id/alumnos/:userId/clave', 'profesor'],
  ['POST', '/api/clase/:id/alumnos/:userId/desbloquear', 'profesor'],
  ['POST', '/api/clase/:id/desbloquear', 'profesor'],
  ['GET', '/api/clase/:id/tarjetas', 'profesor'],
  // Classes: the dashboard (src/server/resources/clases/tablero.ts)
  // [part C]
  ['GET', '/api/clase/:id/tablero', 'profesor', '{x}'],
  ['GET', '/api/clase/:id/alumno/:userId', 'profesor', '{x}'],
  // Learner reads: any signed-in user ("a learner reads content"; levels, words and media: all their GETs)
  ['GET', '/api/nivel/getNivels', 'user'],
  ['GET', '/api/nivel/getNivel/:id', 'user', '1'],
  ['GET', '/api/palabra/nivel/:id', 'user', '1'],
  ['GET', '/api/palabra/getPalabra/:id', 'user', '1'],
  ['GET', '/api/palabra/getPalabras', 'user'],
  ['GET', '/api/multimedia/palabra/:id', 'user', '1'],
  ['GET', '/api/evaluacion/detalles', 'user'],
  // Results: own results for the learner; teacher results profesor+
  ['GET', '/api/evaluacion/resultados/usuario/:userId', 'self'],
  ['POST', '/api/resultados/save-multiple', 'user'],
  ['POST', '/api/respuestas/save-multiple', 'user'],
  ['POST', '/api/resultados/create', 'user'],
  ['GET', '/api/resultados/resultados-profesor', 'profesor'],
  // The back office home's figures: staff only, as the home (admin-and-games §2: inicio is profesor+)
  ['GET', '/api/resultados/resumen', 'profesor'],
  // The back office's top-bar search across resources: staff only; each role gets only what it may read
  ['GET', '/api/buscar', 'profesor'],
  ['POST', '/api/resultados/otro-intento', 'profesor'],
  ['GET', '/api/progreso/usuario/:userId', 'self'],
  ['POST', '/api/progreso/visto', 'user'],
  // Content writes: admin+
  ['POST', '/api/nivel/register', 'admin'],
  ['PUT', '/api/nivel/update/:id', 'admin'],
  ['DELETE', '/api/nivel/delete/:id', 'admin'],
  ['POST', '/api/palabra/register', 'admin'],
  ['PUT', '/api/palabra/update/:id', 'admin'],
  ['DELETE', '/api/palabra/delete/:id', 'admin'],
  ['GET', '/api/contenido/contenido', 'admin'],
  ['GET', '/api/contenido/:id', 'admin'],
  ['POST', '/api/contenido/create', 'admin'],
  ['PUT', '/api/contenido/update/:id', 'admin'],
  ['DELETE', '/api/contenido/:id', 'admin'],
  ['POST', '/api/multimedia/register', 'admin'],
  ['PUT', '/api/multimedia/update/:id', 'admin'],
  ['DELETE', '/api/multimedia/delete/:id', 'admin'],
  ['GET', '/api/institucion/getInstituciones', 'admin'],
  ['GET', '/api/institucion/getInstitucion/:id', 'admin'],
  ['POST', '/api/institucion/register', 'admin'],
  ['PUT', '/api/institucion/update/:id', 'admin'],
  ['DELETE', '/api/institucion/delete/:id', 'admin'],
  ['GET', '/api/dominio/getDominios', 'admin'],
  ['GET', '/api/dominio/getDominio/:id', 'admin'],
  ['POST', '/api/dominio/register', 'admin'],
  ['PUT', '/api/dominio/update/:id', 'admin'],
  ['DELETE', '/api/dominio/delete/:id', 'admin'],
  ['GET', '/api/comentario/getComentarios', 'admin'],
  ['POST', '/api/comentario/register', 'admin'],
  ['GET', '/api/progreso/progresos', 'admin'],
  // Evaluations, questions, answers: profesor+
  ['GET', '/api/evaluacion/getEvaluaciones', 'profesor'],
  ['POST', '/api/evaluacion/register', 'profesor'],
  ['PUT', '/api/evaluacion/update/:id', 'profesor'],
  ['DELETE', '/api/evaluacion/delete/:id', 'profesor'],
  ['GET', '/api/pregunta/getPreguntas', 'profesor'],
  ['GET', '/api/pregunta/getPregunta/:id', 'profesor'],
  ['POST', '/api/pregunta/register', 'profesor'],
  ['PUT', '/api/pregunta/update/:id', 'profesor'],
  ['DELETE', '/api/pregunta/delete/:id', 'profesor'],
  // Sign questions generated from a level's words: whoever writes questions (docs/decisions.md "The quiz").
  ['GET', '/api/pregunta/generar-senas/:id', 'profesor'],
  ['POST', '/api/pregunta/generar-senas', 'profesor'],
  ['GET', '/api/respuesta/getRespuestas', 'profesor'],
  ['GET', '/api/respuesta/getRespuesta/:id', 'profesor'],
  ['GET', '/api/respuesta/getRespuestasPorPregunta/:id', 'profesor'],
  ['POST', '/api/respuesta/register', 'profesor'],
  ['PUT', '/api/respuesta/update/:id', 'profesor'],
  ['DELETE', '/api/respuesta/delete/:id', 'profesor'],
  // Roles: superadmin only
  ['GET', '/api/rol/getRoles', 'superadmin'],
  ['GET', '/api/rol/getRole/:id', 'superadmin'],
  ['POST', '/api/rol/register', 'superadmin'],
  ['PUT', '/api/rol/update/:id', 'superadmin'],
  ['DELETE', '/api/rol/delete/:id', 'superadmin'],
  // Registered but missing from the old hand-written route list (found by the route check):
  // the media list and one media record (admin-and-games "Multimedia"; media reads: any signed-in
  // account), and one evaluation for its edit form (docs/decisions.md "Content API": profesor+).
  ['GET', '/api/multimedia/getMultimedias', 'user'],
  ['GET', '/api/multimedia/get/:id', 'user', '1'],
  ['GET', '/api/evaluacion/getEvaluacion/:id', 'profesor'],
];

/**
 * Registered routes that are not API endpoints, with why they are outside the matrix. HEAD twins
 * of GET routes (Fastify's exposeHeadRoutes) are left out too, see routeCoverage.
 */
export const NOT_IN_MATRIX: Readonly<Record<string, string>> = {
  'GET /uploads/*': 'uploaded files, static and read-only (tests/api/hostile-uploads.test.ts, media.test.ts)',
  'HEAD /uploads/*': 'HEAD of the uploaded files',
  'GET /': 'the SPA page (only with a built client; tests/api/spa-pages.test.ts)',
  'GET /*': 'the built client files (only with a built client)',
  'HEAD /*': 'HEAD of the built client files',
};

/** `METHOD /pattern` with every `:param` written `:` — access does not depend on a param's name. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:[^/]+/g, ':')}`;
}

/** [method, sample path, level]: one endpoint as the matrix and the fuzz suite call it. */
export type Endpoint = [method: string, path: string, level: Level];

export interface Coverage {
  /** The endpoints to test, in the table's order (so registration order does not reshuffle the fuzz's seeded cases). */
  endpoints: Endpoint[];
  /** Registered routes with no entry in ACCESS and not in NOT_IN_MATRIX. */
  unlisted: string[];
  /** ACCESS entries that name no registered route. */
  unregistered: string[];
  /** Routes the table names twice (the later entry would win silently). */
  duplicated: string[];
}

const LEVEL: Record<Role, Level> = { usuario: 'user', profesor: 'profesor', admin: 'admin', superadmin: 'superadmin' };

/**
 * The CRUD routes of a resource declared beside the spec's (src/shared/resources/), at the levels its
 * declaration gives (readRole, writeRole): for a resource the spec does not name the declaration is
 * the document, and the matrix checks that the server enforces it. A route ACCESS lists keeps ACCESS's level.
 */
export function declaredEntries(decls: readonly ResourceDecl[]): Entry[] {
  const listed = new Set(ACCESS.map((e) => routeKey(e[0], e[1])));
  const out: Entry[] = [];
  for (const d of decls) {
    const route = (p: string) => `/api/${p.replace('{id}', ':id')}`;
    const all: [string, string | undefined, Role][] = [
      ['GET', d.paths.list, d.readRole],
      ['GET', d.paths.one, d.readRole],
      ['POST', d.paths.create, d.writeRole],
      ['PUT', d.paths.update, d.writeRole],
      ['DELETE', d.paths.delete, d.writeRole],
    ];
    for (const [method, p, role] of all) if (p && !listed.has(routeKey(method, route(p)))) out.push([method, route(p), LEVEL[role]]);
  }
  return out;
}

/** ACCESS and the declared resources' routes it does not list. */
export const TABLE: readonly Entry[] = [...ACCESS, ...declaredEntries(await declaredResources())];

/** Compares the registered routes with the table. */
export function routeCoverage(routes: readonly RouteLike[], table: readonly Entry[] = TABLE): Coverage {
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  /** Normalised key → the route as registered (for the messages). */
  const registered = new Map<string, string>();
  for (const r of routes) {
    const key = `${r.method} ${r.url}`;
    if (key in NOT_IN_MATRIX) continue;
    if (r.method === 'HEAD' && gets.has(r.url)) continue; // the automatic twin of a GET route
    registered.set(routeKey(r.method, r.url), key);
  }
  const listed = new Map<string, Entry>();
  const duplicated: string[] = [];
  for (const e of table) {
    const key = routeKey(e[0], e[1]);
    if (listed.has(key)) duplicated.push(`${e[0]} ${e[1]}`);
    listed.set(key, e);
  }
  const endpoints: Endpoint[] = [];
  const unregistered: string[] = [];
  for (const [key, [method, pattern, level, sample]] of listed) {
    if (!registered.has(key)) {
      unregistered.push(`${method} ${pattern}`);
      continue;
    }
    const value = sample ?? (level === 'self' ? '{me}' : '{x}');
    endpoints.push([method, pattern.replace(/:[^/]+/g, value), level]);
  }
  const unlisted = [...registered].filter(([key]) => !listed.has(key)).map(([, route]) => route);
  return { endpoints, unlisted, unregistered, duplicated };
}

/** The endpoints to test; throws, naming them, when the table and the registered routes disagree. */
export function endpointsOf(app: { registeredRoutes: readonly RouteLike[] }): Endpoint[] {
  const { endpoints, unlisted, unregistered, duplicated } = routeCoverage(app.registeredRoutes);
  const problems = [
    ...unlisted.map((r) => `route without an access level in tests/api/endpoints.ts: ${r}`),
    ...unregistered.map((r) => `tests/api/endpoints.ts names a route the app does not register: ${r}`),
    ...duplicated.map((r) => `tests/api/endpoints.ts names a route twice: ${r}`),
  ];
  if (problems.length) throw new Error(problems.join('\n'));
  return endpoints;
}
