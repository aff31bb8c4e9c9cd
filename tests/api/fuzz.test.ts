import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { ENDPOINTS } from './endpoints';
import type { Database } from '../../src/server/db';

/**
 * Property-based fuzzing of every endpoint: generated bodies, path ids and query strings, sent
 * as different principals. For every case: no 5xx, every refusal is a `{msg, code}` body, and a
 * refused request leaves the database exactly as it was (checksum of every table).
 * FUZZ_RUNS sets the number of cases (a fixed-seed sample of 300 in the normal run; the long
 * mode runs 10,000 with FUZZ_RUNS=10000, see README).
 */
const RUNS = Number(process.env.FUZZ_RUNS || 300);
const SEED = Number(process.env.FUZZ_SEED || 20261122);
const TABLES = ['usuario', 'rol', 'nivel', 'palabra', 'multimedia', 'contenido', 'evaluacion', 'pregunta', 'respuesta', 'institucion', 'dominio', 'comentario', 'progreso', 'intento', 'resultado', 'password_reset'];

async function checksum(db: Database): Promise<string> {
  const q = TABLES.map((t) => `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`).join(' UNION ALL ');
  const r = await db.raw(q);
  return r.rows.map((row) => `${row.t}:${row.h}`).join(',');
}

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ authRateLimit: 1_000_000 });
});
afterAll(async () => t?.close());

const idArb = fc.oneof(
  fc.constantFrom('1', '2', '999999', '0', '-1', 'abc', '1.5', '%27%20OR%201%3D1', '99999999999999999999', '%00', '..%2F..%2Fetc'),
  fc.nat({ max: 50 }).map(String),
);
const jsonValue = fc.oneof(
  fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  fc.constantFrom('', ' ', 'Fácil', 'Opción Múltiple', 'Texto', 'imagen', 'gifSena', 'admin', 'superadmin', 'niño', '<script>alert(1)</script>', "'; DROP TABLE usuario; --", '\u0000', '😀'.repeat(50)),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
);
const FIELDS = ['nombre', 'apellido', 'email', 'password', 'nombre_nivel', 'descripcion', 'dificultad', 'palabraEspanol', 'palabraIngles', 'id_nivel', 'id_palabra', 'tipo', 'url', 'puntaje', 'pregunta', 'Tipo', 'porcentaje', 'id_evaluacion', 'respuesta', 'valor', 'id_pregunta', 'respuestas', 'dominio', 'id_institucion', 'id_user', 'comentario', 'calificacion', 'idUsuario', 'status', 'rol', 'token', 'idToken', 'tipo_contenido', 'fechaNacimiento', 'phone', 'sexo', 'avatar', 'Credential'];
const bodyArb = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), jsonValue, { maxKeys: 8 }),
  fc.anything({ maxDepth: 3 }),
  fc.record({ respuestas: fc.array(fc.dictionary(fc.constantFrom('id_pregunta', 'id_nivel', 'id_respuesta', 'respuesta', 'correcta', 'valor', 'id_usuario'), jsonValue, { maxKeys: 7 }), { maxLength: 6 }) }),
);
const rawArb = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{', '[1,2', '{"a":', 'null', '"x"', '{"__proto__":{"admin":true}}'));
const queryArb = fc.dictionary(fc.constantFrom('page', 'perPage', 'sort', 'order', 'q', 'id_nivel', 'x'), fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String)), { maxKeys: 4 });
const whoArb = fc.constantFrom(undefined, 'nino', 'profesor', 'admin', 'superadmin');

describe(`fuzzing every endpoint (${RUNS} cases, seed ${SEED})`, () => {
  it('no 5xx; refusals are {msg, code}; a refused request changes nothing', async () => {
    let refused = 0;
    let accepted = 0;
    let baseline = await checksum(t.database);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: ENDPOINTS.length - 1 }), idArb, queryArb, whoArb, fc.oneof(bodyArb.map((b) => ({ json: b })), rawArb.map((r) => ({ raw: r }))),
        async (i, id, query, who, body) => {
          const [method, tpl] = ENDPOINTS[i]!;
          const path = tpl.replace('{me}', id).replace('{x}', id).replace(/\/1$/, `/${id}`);
          const qs = new URLSearchParams(query).toString();
          const url = qs ? `${path}?${qs}` : path;
          const send = method === 'GET' || method === 'DELETE' ? {} : 'json' in body
            ? { body: body.json === undefined ? {} : body.json }
            : { body: body.raw, headers: { 'content-type': 'application/json' } };
          const r = await t.call(method, url, { as: who as never, ...send });
          expect(r.statusCode, `${method} ${url} → ${r.statusCode} ${r.body.slice(0, 200)}`).toBeLessThan(500);
          if (r.statusCode >= 400) {
            refused++;
            const b = r.json();
            expect(typeof b.msg, `${method} ${url}`).toBe('string');
            expect(typeof b.code, `${method} ${url}`).toBe('string');
            if (method !== 'GET') expect(await checksum(t.database), `${method} ${url} changed the database`).toBe(baseline);
          } else {
            accepted++;
            if (method !== 'GET') baseline = await checksum(t.database);
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(`fuzz: ${RUNS} cases, ${refused} refused, ${accepted} accepted`);
  }, 3_600_000);
});
