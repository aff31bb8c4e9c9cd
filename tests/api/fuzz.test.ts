import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, tableChecksum, multipartBody, type TestApp } from './helpers';
import { endpointsOf, type Endpoint } from './endpoints';
import { declaredResources, schemaFields } from './declared';

/**
 * Property-based fuzzing of every endpoint: generated bodies, path ids and query strings, sent
 * as different principals. For every case: no 5xx, every refusal is a `{msg, code}` body, and a
 * refused request leaves the database exactly as it was (checksum of every table).
 * Strings include what text handling trips on (src/server/input-text.ts): NUL and the other
 * control characters, lone surrogates, direction and zero-width marks, and 10,000+ characters, in
 * JSON and multipart bodies, query values (raw %-escapes too) and path ids.
 * FUZZ_RUNS sets the number of cases (a fixed-seed sample of 300 in the normal run; the long
 * mode runs 10,000 with FUZZ_RUNS=10000, see README).
 */
const RUNS = Number(process.env.FUZZ_RUNS || 300);
const SEED = Number(process.env.FUZZ_SEED || 20261122);
let t: TestApp;
/** The routes the app registers, with their documented levels (endpointsOf). */
let ENDPOINTS: Endpoint[];
beforeAll(async () => {
  t = await makeTestApp({ authRateLimit: 1_000_000 });
  ENDPOINTS = endpointsOf(t.app);
});
afterAll(async () => t?.close());

/** Characters that break or bend text handling, next to ordinary ones. */
const NASTY_CHARS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\t',
  '\n',
  '\r',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff', // lone surrogates
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff', // zero-width
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069', // direction marks
  '\ufffd',
  '\uffff',
  'ñ',
  'Ñ',
  '😀',
  '👩‍🏫',
  '%',
  '_',
  '\\',
  "'",
  '"',
];
const nastyChar = fc.constantFrom(...NASTY_CHARS);
const nastyString = fc.oneof(
  fc.string({ unit: fc.oneof(nastyChar, fc.string({ minLength: 1, maxLength: 1 })), maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 12 }), nastyChar, fc.string({ maxLength: 12 })).map(([a, c, b]) => a + c + b),
  // Very long: 10,000-20,000 code units of one character (plain, accented, astral, invisible, NUL, surrogate).
  fc.tuple(fc.constantFrom('a', '1', 'ñ', '😀', '\u200b', '\u0000', '\ud800'), fc.integer({ min: 10_000, max: 20_000 })).map(([c, n]) => c.repeat(n)),
);
/** encodeURIComponent refuses lone surrogates: send the bytes they would have been instead. */
const urlEncode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};

const idArb = fc.oneof(
  fc.constantFrom('1', '2', '999999', '0', '-1', 'abc', '1.5', '%27%20OR%201%3D1', '99999999999999999999', '%00', '..%2F..%2Fetc'),
  // Around what an integer column holds (2,147,483,647).
  fc.constantFrom('2147483647', '2147483648', '4294967296', '9007199254740993'),
  fc.nat({ max: 50 }).map(String),
  fc.constantFrom(
    '1%00',
    '%0A',
    '%1F',
    '%7F',
    '%ED%A0%80',
    '%C0%80',
    '%FF',
    '%E2%80%8B',
    '%E2%80%AE1',
    '%F0%9F%98%80',
    '%',
    '%zz',
    '1'.repeat(10_000),
    'a'.repeat(10_001),
  ),
  nastyString.map(urlEncode),
);
/** Integers past what the columns hold, negative and non-integer numbers. */
const badNumber = fc.oneof(
  fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
  fc.constantFrom(2_147_483_648, 2 ** 53, 1e300, -0, 0.5, 1.5, -2_147_483_649),
);
/** Dates that look right and do not exist, or are out of range. */
const badDate = fc.constantFrom('2015-02-31', '0000-01-01', '2015-13-45', '2015-02-29', '1899-12-31', '2015-04-31', '9999-99-99', '2015-1-1');
/** Names with direction controls, and sign-up photos that are not pictures of ours. */
const bidiName = fc
  .tuple(
    fc.constantFrom('Ana', 'Luis', ''),
    fc.constantFrom('\u202E', '\u202A', '\u202B', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'),
    fc.constantFrom('gnp.exe', 'Ruiz', ''),
  )
  .map(([a, c, b]) => a + c + b);
const badPhoto = fc.constantFrom(
  'javascript:alert(1)',
  `javascript:${'a'.repeat(200 * 1024)}`,
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/x.png',
  'uploads/../x',
);
const jsonValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  badNumber,
  badDate,
  bidiName,
  badPhoto,
  fc.array(badNumber, { minLength: 1, maxLength: 3 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    'Fácil',
    'Opción Múltiple',
    'Texto',
    'imagen',
    'gifSena',
    'admin',
    'superadmin',
    'niño',
    '<script>alert(1)</script>',
    "'; DROP TABLE usuario; --",
    '\u0000',
    '😀'.repeat(50),
  ),
  nastyString,
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
);
/** Fields of the routes that are not resources (sign-in, game runs, classes...), and ids the lists read. */
const ROUTE_FIELDS = [
  'nombre',
  'apellido',
  'email',
  'password',
  'nombre_nivel',
  'descripcion',
  'dificultad',
  'palabraEspanol',
  'palabraIngles',
  'id_nivel',
  'id_palabra',
  'tipo',
  'url',
  'puntaje',
  'pregunta',
  'Tipo',
  'porcentaje',
  'id_evaluacion',
  'respuesta',
  'valor',
  'id_pregunta',
  'respuestas',
  'dominio',
  'id_institucion',
  'id_user',
  'comentario',
  'calificacion',
  'idUsuario',
  'status',
  'rol',
  'token',
  'idToken',
  'tipo_contenido',
  'fechaNacimiento',
  'phone',
  'sexo',
  'avatar',
  'Credential',
  'photo',
  'ids',
  'idNivel',
  'palabrasBien',
  'palabrasMal',
  'puntos',
  'puntosMax',
  'profesores',
  'id_usuario',
  'fecha',
];
/** Body field names: the routes' above and every declared resource's schema fields (a new resource is fuzzed with its own). */
const FIELDS = [...new Set([...ROUTE_FIELDS, ...(await declaredResources()).flatMap((d) => schemaFields(d.schema))])];
const bodyArb = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), jsonValue, { maxKeys: 8 }),
  // Shapes of the routes whose integers and dates reached the database: assignments, game runs, sign-up.
  fc.record({
    tareas: fc.array(fc.record({ id_nivel: fc.oneof(badNumber, fc.nat({ max: 5 })), fecha: fc.oneof(badDate, fc.constant(null)) }), { maxLength: 3 }),
  }),
  fc.record({
    clave: fc.constant('fuzz-partida-0001'),
    juego: fc.constantFrom('hangman', 'orderWords', 'cards'),
    idNivel: fc.oneof(badNumber, fc.constant(null), fc.nat({ max: 5 })),
    puntos: fc.oneof(badNumber, fc.nat({ max: 10 })),
    puntosMax: fc.oneof(badNumber, fc.nat({ max: 10 })),
    ganada: fc.boolean(),
    palabrasBien: fc.array(fc.oneof(badNumber, fc.nat({ max: 5 })), { maxLength: 3 }),
    palabrasMal: fc.constant([]),
  }),
  fc.record({
    nombre: fc.oneof(bidiName, fc.constant('Ana')),
    apellido: fc.oneof(bidiName, fc.constant('Ruiz')),
    fechaNacimiento: fc.oneof(badDate, fc.constant('2015-04-01')),
    email: fc.constant('fuzz.registro@ejemplo.com'),
    password: fc.constant('secreto123'),
    avatar: fc.constant('girl'),
    sexo: fc.constant('niña'),
    phone: fc.constant('5512345678'),
    Credential: fc.constant('F-1'),
    photo: fc.oneof(badPhoto, fc.constant(null)),
  }),
  fc.anything({ maxDepth: 3 }),
  fc.record({
    respuestas: fc.array(
      fc.dictionary(fc.constantFrom('id_pregunta', 'id_nivel', 'id_respuesta', 'respuesta', 'correcta', 'valor', 'id_usuario'), jsonValue, { maxKeys: 7 }),
      { maxLength: 6 },
    ),
  }),
);
const rawArb = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '[1,2', '{"a":', 'null', '"x"', '{"__proto__":{"admin":true}}'),
  // JSON escapes decode to what a raw byte cannot carry: NUL, lone surrogates; and deep nesting.
  fc.constantFrom(
    '{"email":"\\u0000","password":"\\u0000"}',
    '{"nombre":"\\ud800","email":"a\\udc00@x.com"}',
    '"\\u0000"',
    '{"a\\u0000":1}',
    '{"respuestas":[{"id_pregunta":1,"id_nivel":1,"respuesta":"\\u0000"}]}',
    `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  ),
);
/** Query values through URLSearchParams, plus raw strings with escapes it would never write. */
const queryArb = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom('page', 'perPage', 'sort', 'order', 'q', 'id_nivel', 'x'),
      fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String), nastyString),
      { maxKeys: 4 },
    )
    .map((q) => new URLSearchParams(q).toString()),
  fc
    .array(
      fc
        .tuple(
          fc.constantFrom('page', 'perPage', 'sort', 'order', 'q', 'id_nivel', '%00', 'q%00'),
          fc.constantFrom(
            '%00',
            '1%00',
            '%0B',
            '%1B',
            '%7F',
            '%ED%A0%80',
            '%ED%B0%80',
            '%FF%FE',
            '%E2%80%8B',
            '%E2%80%AE',
            '%EF%BB%BF',
            '%',
            '%zz',
            'a'.repeat(12_000),
            '%00'.repeat(3_000),
          ),
        )
        .map(([k, v]) => `${k}=${v}`),
      { minLength: 1, maxLength: 3 },
    )
    .map((parts) => parts.join('&')),
);
/** A multipart form (the admin forms' encoding) with text fields only. */
const formArb = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(fc.string({ maxLength: 20 }), nastyString), { maxKeys: 6 });
const whoArb = fc.constantFrom(undefined, 'nino', 'profesor', 'admin', 'superadmin');

describe(`fuzzing every endpoint (${RUNS} cases, seed ${SEED})`, () => {
  it('no 5xx; refusals are {msg, code}; a refused request changes nothing', async () => {
    let refused = 0;
    let accepted = 0;
    let baseline = await tableChecksum(t.database);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: ENDPOINTS.length - 1 }),
        idArb,
        queryArb,
        whoArb,
        fc.oneof(
          bodyArb.map((b) => ({ json: b })),
          rawArb.map((r) => ({ raw: r })),
          formArb.map((f) => ({ form: f })),
        ),
        async (i, id, qs, who, body) => {
          const [method, tpl] = ENDPOINTS[i]!;
          const path = tpl.replace('{me}', id).replace('{x}', id).replace(/\/1$/, `/${id}`);
          const url = qs ? `${path}?${qs}` : path;
          const send =
            method === 'GET' || method === 'DELETE'
              ? {}
              : 'json' in body
                ? { body: body.json === undefined ? {} : body.json }
                : 'raw' in body
                  ? { body: body.raw, headers: { 'content-type': 'application/json' } }
                  : (({ payload, headers }) => ({ body: payload, headers }))(multipartBody(body.form));
          const r = await t.call(method, url, { as: who as never, ...send });
          const shown = `${method} ${url.slice(0, 300)}`;
          expect(r.statusCode, `${shown} → ${r.statusCode} ${r.body.slice(0, 200)}`).toBeLessThan(500);
          if (r.statusCode >= 400) {
            refused++;
            const b = r.json();
            expect(typeof b.msg, shown).toBe('string');
            expect(typeof b.code, shown).toBe('string');
            if (method !== 'GET') expect(await tableChecksum(t.database), `${shown} changed the database`).toBe(baseline);
          } else {
            accepted++;
            if (method !== 'GET') baseline = await tableChecksum(t.database);
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(`fuzz: ${RUNS} cases, ${refused} refused, ${accepted} accepted`);
  }, 3_600_000);
});
