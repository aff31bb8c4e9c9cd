import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rol, usuario } from '../../src/server/db/schema';
import { CLASE_MSG } from '../../src/shared/resources/clases';
import { demoClass, makeTestApp, type TestApp } from './helpers';

/**
 * Access is checked in onRequest, before Fastify reads the body (docs/decisions.md, "Access runs in
 * onRequest, on every route"): a caller with no right to a route is refused whatever they send,
 * and never learns whether their body was well formed. Before, these routes checked access in
 * preHandler or in the handler, after the body had been parsed and the text guard had run, so a
 * broken body answered 400 first.
 */
let t: TestApp;
let idClase: number;
let otherProfesor: string;
beforeAll(async () => {
  t = await makeTestApp();
  idClase = await demoClass(t);
  const db = t.database.db;
  // A profesor who teaches no class: "a profesor of another class" for demoClass.
  const [p] = await db.insert(usuario).values({ nombre: 'Otra', apellido: 'Profesora', email: 'otra.profe@manitas.test', status: true }).returning();
  await db.insert(rol).values({ nombre: 'profesor', idUsuario: p!.id });
  const { signToken } = await import('../../src/server/auth/jwt');
  otherProfesor = await signToken({ sub: p!.id, tv: 0 }, t.config.jwtSecret, 3600);
});
afterAll(async () => t?.close());

const JSON_HEADERS = { 'content-type': 'application/json' };
const BROKEN_JSON = '{"imagenes": [';
const NUL_BODY = JSON.stringify({ imagenes: ['sol\u0000', 'gato', 'casa'] });

describe('a class route refuses a profesor of another class before reading the body', () => {
  it('40 requests at once with a broken or NUL body: every one 403 (not 400), the child unchanged', async () => {
    const nino = await t.userId('nino');
    const before = await t.database.db.select().from(usuario).where(eq(usuario.id, nino));
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.call('PUT', `/api/clase/${idClase}/alumnos/${nino}/clave`, { as: otherProfesor, headers: JSON_HEADERS, body: i % 2 ? BROKEN_JSON : NUL_BODY }),
      ),
    );
    for (const r of replies) {
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json()).toEqual({ msg: CLASE_MSG.noEsTuClase, code: 'FORBIDDEN' });
    }
    const after = await t.database.db.select().from(usuario).where(eq(usuario.id, nino));
    expect(after).toEqual(before);
  });

  it('the dashboard: a NUL in the query answers 403 to a profesor of another class and 401 without a session', async () => {
    const r = await t.call('GET', `/api/clase/${idClase}/tablero?tz=%00`, { as: otherProfesor });
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json().msg).toBe(CLASE_MSG.noEsTuClase);
    expect((await t.call('GET', `/api/clase/${idClase}/tablero?tz=%00`)).statusCode).toBe(401);
  });
});

describe('learner and teacher routes refuse before the body is parsed', () => {
  /** Writes a signed-in learner may send: method and path. */
  const LEARNER_WRITES = [
    'POST /api/resultados/create',
    'POST /api/resultados/save-multiple',
    'PUT /api/preferencias',
    'POST /api/partidas',
    'POST /api/repaso/practica',
    'POST /api/repaso/visto',
  ].map((line) => line.split(' ') as [string, string]);
  it('without a session a broken JSON body answers 401, not 400', async () => {
    for (const [method, url] of LEARNER_WRITES) {
      const r = await t.call(method, url, { headers: JSON_HEADERS, body: BROKEN_JSON });
      expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(401);
      expect(r.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('a learner asking for another attempt with a NUL body: 403, not 400', async () => {
    const r = await t.call('POST', '/api/resultados/otro-intento', { as: 'nino', headers: JSON_HEADERS, body: JSON.stringify({ id_usuario: 'x\u0000' }) });
    expect(r.statusCode, r.body).toBe(403);
  });
});
