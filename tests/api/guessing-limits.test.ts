import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { makeTestApp, registration, secondApp, type TestApp } from './helpers';
import { clase, claseAlumno, claseProfesor, institucion, limiteIntento, rol, usuario } from '../../src/server/db/schema';
import { setPicturePassword } from '../../src/server/auth/pictureSecret';
import { CHILD_PICTURE_RULE, CLASS_PICTURE_RULE } from '../../src/server/auth/pictureSecret';
import { allowsAttemptSql } from '../../src/server/auth/attempts';
import { backoffWaitMs, DEVICE_COOKIE, KNOWN_DEVICE_RULE, UNKNOWN_DEVICE_RULE } from '../../src/server/auth/throttle';
import { signToken } from '../../src/server/auth/jwt';
import { CLASE_MSG } from '../../src/shared/resources/clases';
import type { PictureKey } from '../../src/shared/rules/classes';

/**
 * Rule (DESIGN.md "Who may reach a child"): limits that stop guessing take their place in a shared
 * counter before the secret is checked, so requests in flight together count as requests in a row,
 * and the counters live in the database (every app process shares them). A classmate's failures on
 * other tablets never stop a child's own tablet; the teacher can unlock.
 */
let t: TestApp;
/** A second app instance on the same database (PostgreSQL: its own pool; PGlite: the same embedded database). */
let other: FastifyInstance;
let otherProfesorToken: string;
let idInstitucion: number;

beforeAll(async () => {
  t = await makeTestApp();
  other = await secondApp(t);
  const db = t.database.db;
  const [inst] = await db.insert(institucion).values({ nombre: 'Escuela de los límites' }).returning();
  idInstitucion = inst!.idInstitucion;
  const [p] = await db.insert(usuario).values({ nombre: 'Otra', apellido: 'Profesora', email: 'otra.limites@manitas.test', status: true }).returning();
  await db.insert(rol).values({ nombre: 'profesor', idUsuario: p!.id });
  otherProfesorToken = await signToken({ sub: p!.id, tv: 0 }, t.config.jwtSecret, 3600);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const WRONG: PictureKey[][] = [
  ['pez', 'pez', 'pez'],
  ['luna', 'flor', 'pez'],
  ['gato', 'sol', 'casa'],
];
let seq = 0;
/** A class of the demo profesor with `n` children, each with the pictures sol-gato-casa. */
async function makeClass(n = 2) {
  const db = t.database.db;
  seq++;
  const codigo = `MTX${'ACEFHJKMNPRTUVWXY'[seq % 17]}${'34679'[Math.floor(seq / 17) % 5]}A`;
  const [c] = await db
    .insert(clase)
    .values({ nombre: `Límites ${seq}`, idInstitucion, codigo })
    .returning();
  await db.insert(claseProfesor).values({ idClase: c!.idClase, idUsuario: await t.userId('profesor') });
  const kids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [u] = await db
      .insert(usuario)
      .values({ nombre: `Niño${seq}x${i}`, apellido: 'Límite', status: true })
      .returning();
    await db.insert(claseAlumno).values({ idClase: c!.idClase, idUsuario: u!.id });
    await setPicturePassword(db, u!.id, ['sol', 'gato', 'casa'], t.config.jwtSecret);
    kids.push(u!.id);
  }
  return { idClase: c!.idClase, codigo, kids, pics: ['sol', 'gato', 'casa'] as PictureKey[] };
}

/** A tablet: its own cookies (XSRF, and the device cookie after a login), on one app instance. */
function tablet(app: FastifyInstance = t.app) {
  const jar = new Map<string, string>();
  const keep = (r: LightMyRequestResponse) => {
    for (const c of r.cookies as { name: string; value: string }[]) jar.set(c.name, c.value);
    return r;
  };
  return {
    jar,
    async post(url: string, payload: unknown) {
      if (!jar.has('XSRF-TOKEN')) keep(await app.inject({ method: 'GET', url: '/api/health' }));
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      return keep(await app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' } }));
    },
  };
}

/** A request from a device without cookies (a guesser drops them). */
const bare = (url: string, payload: object, app: FastifyInstance = t.app) => app.inject({ method: 'POST', url, payload });
const logInClase = (codigo: string, id_usuario: number, imagenes: PictureKey[], app?: FastifyInstance) =>
  bare('/api/user/logInClase', { codigo, id_usuario, imagenes }, app);

let accounts = 0;
async function freshAccount() {
  accounts++;
  const email = `limite${accounts}@familia.test`;
  const password = `clave-${accounts}-segura`;
  const r = await bare(
    '/api/user/register',
    registration({
      nombre: 'Límite',
      apellido: 'Cuenta',
      fechaNacimiento: '2017-04-01',
      email,
      password,
      avatar: 'boy',
      sexo: 'niño',
      Credential: `LIM-${accounts}`,
    }),
  );
  expect(r.statusCode, r.body).toBe(201);
  return { email, password };
}

function tally(rs: LightMyRequestResponse[]) {
  const codes = rs.map((r) => r.statusCode);
  const wrong = codes.slice(0, -1);
  return {
    codes,
    wrongChecked: wrong.filter((c) => c === 401).length,
    refused: codes.filter((c) => c === 429).length,
    right: codes.at(-1)!,
  };
}

/**
 * Guesses sent together are counted as guesses in a row at one instant: the clock is held still
 * while they run, so a slow machine (a burst of 40 taking more than the rule's first 1 s wait) cannot
 * let one more through and make the count depend on the machine's speed. Only Date is held; timers,
 * the database and scrypt run as usual.
 */
function atOneInstant() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

describe('guesses sent together count as guesses in a row', () => {
  atOneInstant();
  it(`e-mail login: 31 at once (30 wrong, then the right one) for a fresh account → at most ${UNKNOWN_DEVICE_RULE.free} wrong passwords checked, the rest 429`, async () => {
    const { email, password } = await freshAccount();
    const rs = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => bare('/api/user/logIn', { email, password: `adivina-${i}` })),
      bare('/api/user/logIn', { email, password }),
    ]);
    const { codes, wrongChecked, refused, right } = tally(rs);
    expect(
      codes.every((c) => [200, 401, 429].includes(c)),
      String(codes),
    ).toBe(true);
    expect(wrongChecked).toBeLessThanOrEqual(UNKNOWN_DEVICE_RULE.free);
    // The right one was either checked in time (200) or refused with the others.
    if (right === 429) expect(wrongChecked).toBe(UNKNOWN_DEVICE_RULE.free);
    else expect(right).toBe(200);
    expect(refused).toBe(31 - wrongChecked - (right === 200 ? 1 : 0));
    const r429 = rs.find((r) => r.statusCode === 429)!;
    expect(r429.json()).toEqual({
      code: 'RATE_LIMITED',
      msg: expect.stringMatching(/^Demasiados intentos de inicio de sesión\. Espera \d+ segundos? e inténtalo de nuevo\.$/),
    });
    expect(Number(r429.headers['retry-after'])).toBeGreaterThan(0);
    // And it stays stopped: the next guess waits too.
    expect((await bare('/api/user/logIn', { email, password: 'otra-mas' })).statusCode).toBe(429);
  });

  it(`picture login: 40 at once (39 wrong, then the right one) for one pupil → at most ${CHILD_PICTURE_RULE.free} wrong answers checked, the rest 429`, async () => {
    const c = await makeClass(1);
    const kid = c.kids[0]!;
    const rs = await Promise.all([...Array.from({ length: 39 }, (_, i) => logInClase(c.codigo, kid, WRONG[i % 3]!)), logInClase(c.codigo, kid, c.pics)]);
    const { codes, wrongChecked, refused, right } = tally(rs);
    expect(
      codes.every((x) => [200, 401, 429].includes(x)),
      String(codes),
    ).toBe(true);
    expect(wrongChecked).toBeLessThanOrEqual(CHILD_PICTURE_RULE.free);
    if (right === 429) expect(wrongChecked).toBe(CHILD_PICTURE_RULE.free);
    else expect(right).toBe(200);
    expect(refused).toBe(40 - wrongChecked - (right === 200 ? 1 : 0));
    const r429 = rs.find((r) => r.statusCode === 429)!;
    expect(r429.json().msg).toMatch(/^Espera \d+ segundos? e inténtalo de nuevo\. Tu profesor puede desbloquearte\.$/);
    expect(Number(r429.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a refused attempt is not counted: the counter holds exactly the attempts that were checked', async () => {
    const c = await makeClass(1);
    const kid = c.kids[0]!;
    const rs = await Promise.all(Array.from({ length: 40 }, () => logInClase(c.codigo, kid, WRONG[0]!)));
    expect(rs.filter((r) => r.statusCode === 401)).toHaveLength(CHILD_PICTURE_RULE.free);
    const [row] = await t.database.db
      .select()
      .from(limiteIntento)
      .where(and(eq(limiteIntento.tipo, 'clave'), eq(limiteIntento.cuenta, String(kid))));
    expect(row!.fallos).toBe(CHILD_PICTURE_RULE.free);
    const [cls] = await t.database.db
      .select()
      .from(limiteIntento)
      .where(and(eq(limiteIntento.tipo, 'clase'), eq(limiteIntento.cuenta, String(c.idClase))));
    expect(cls!.fallos).toBe(CHILD_PICTURE_RULE.free);
  });

  it('two app instances on one database share the counters (20 guesses at once through each)', async () => {
    const c = await makeClass(1);
    const kid = c.kids[0]!;
    const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => logInClase(c.codigo, kid, WRONG[0]!, i % 2 ? other : t.app)));
    expect(rs.filter((r) => r.statusCode === 401)).toHaveLength(CHILD_PICTURE_RULE.free);
    expect(rs.filter((r) => r.statusCode === 429)).toHaveLength(40 - CHILD_PICTURE_RULE.free);
    const { email } = await freshAccount();
    for (let i = 0; i < UNKNOWN_DEVICE_RULE.free; i++) {
      const r = await bare('/api/user/logIn', { email, password: `no-${i}` }, i % 2 ? other : t.app);
      expect(r.statusCode).toBe(401);
    }
    expect((await bare('/api/user/logIn', { email, password: 'otra' }, other)).statusCode).toBe(429);
    expect((await bare('/api/user/logIn', { email, password: 'otra' }, t.app)).statusCode).toBe(429);
  });
});

describe("a classmate's failures never stop a child's own tablet", () => {
  atOneInstant();
  it('picture login: 40 guesses at once on other tablets, at this child and at the class, and the child’s tablet still logs in', async () => {
    const c = await makeClass(3);
    const kid = c.kids[0]!;
    const own = tablet();
    expect((await own.post('/api/user/logInClase', { codigo: c.codigo, id_usuario: kid, imagenes: c.pics })).statusCode).toBe(200);
    expect(own.jar.has(DEVICE_COOKIE)).toBe(true);
    // A classmate's tablet (a classmate logged in on it) and cookie-less devices guess together.
    const mate = tablet();
    expect((await mate.post('/api/user/logInClase', { codigo: c.codigo, id_usuario: c.kids[1]!, imagenes: c.pics })).statusCode).toBe(200);
    const guesses = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => logInClase(c.codigo, kid, WRONG[i % 3]!)),
      ...Array.from({ length: 20 }, () => mate.post('/api/user/logInClase', { codigo: c.codigo, id_usuario: kid, imagenes: WRONG[0]! })),
      ...Array.from({ length: 40 }, (_, i) => logInClase(c.codigo, c.kids[i % 2 ? 1 : 2]!, WRONG[i % 3]!)),
    ]);
    expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
    // Another cookie-less device with the right pictures waits (the child's unknown devices)…
    expect((await logInClase(c.codigo, kid, c.pics)).statusCode).toBe(429);
    // …but the child's own tablet logs in at once.
    const r = await own.post('/api/user/logInClase', { codigo: c.codigo, id_usuario: kid, imagenes: c.pics });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('more than 30 failures across a class from unknown devices: those wait, the children’s own tablets do not', async () => {
    const c = await makeClass(2);
    const own = tablet();
    expect((await own.post('/api/user/logInClase', { codigo: c.codigo, id_usuario: c.kids[0]!, imagenes: c.pics })).statusCode).toBe(200);
    // Guesses at children who are not in the class count only for the class (every unknown device together).
    const tries = await Promise.all(Array.from({ length: CLASS_PICTURE_RULE.free + 10 }, () => logInClase(c.codigo, 999_999, WRONG[0]!)));
    expect(tries.filter((r) => r.statusCode === 401)).toHaveLength(CLASS_PICTURE_RULE.free);
    expect((await logInClase(c.codigo, c.kids[1]!, c.pics)).statusCode).toBe(429);
    expect((await own.post('/api/user/logInClase', { codigo: c.codigo, id_usuario: c.kids[0]!, imagenes: c.pics })).statusCode).toBe(200);
    // The class teacher unlocks the class; a profesor of another class may not.
    const refused = await t.call('POST', `/api/clase/${c.idClase}/desbloquear`, { as: otherProfesorToken, body: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(CLASE_MSG.noEsTuClase);
    expect((await logInClase(c.codigo, c.kids[1]!, c.pics)).statusCode).toBe(429);
    const un = await t.call('POST', `/api/clase/${c.idClase}/desbloquear`, { as: 'profesor', body: {} });
    expect(un.json()).toEqual({ msg: 'Clase desbloqueada.' });
    expect((await logInClase(c.codigo, c.kids[1]!, c.pics)).statusCode).toBe(200);
  });

  it('e-mail login: 40 wrong passwords at once from other devices, and the child’s tablet still logs in', async () => {
    const { email, password } = await freshAccount();
    const own = tablet();
    expect((await own.post('/api/user/logIn', { email, password })).statusCode).toBe(200);
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => bare('/api/user/logIn', { email, password: `adivina-${i}` })));
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(UNKNOWN_DEVICE_RULE.free);
    expect((await bare('/api/user/logIn', { email, password })).statusCode).toBe(429);
    const r = await own.post('/api/user/logIn', { email, password });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('e-mail login: the child’s own tablet, 40 wrong at once, gets its own rule’s free tries', async () => {
    const { email, password } = await freshAccount();
    const own = tablet();
    expect((await own.post('/api/user/logIn', { email, password })).statusCode).toBe(200);
    const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => own.post('/api/user/logIn', { email, password: `me-equivoco-${i}` })));
    expect(rs.filter((r) => r.statusCode === 401)).toHaveLength(KNOWN_DEVICE_RULE.free);
    // Its failures are its own: another tablet logs in at once.
    expect((await bare('/api/user/logIn', { email, password })).statusCode).toBe(200);
  });
});

describe("the teacher's unlock", () => {
  // The wait read back is 5 s only if no second passes between the burst and the read.
  atOneInstant();
  it('clears the child’s counters, every device; refused to a profesor of another class and to a learner', async () => {
    const c = await makeClass(1);
    const kid = c.kids[0]!;
    await Promise.all(Array.from({ length: 10 }, () => logInClase(c.codigo, kid, WRONG[1]!)));
    expect((await logInClase(c.codigo, kid, c.pics)).statusCode).toBe(429);
    const list = async () => (await t.call('GET', `/api/clase/${c.idClase}/alumnos`, { as: 'profesor' })).json().data[0] as { espera: number; fallos: number };
    expect(await list()).toMatchObject({ fallos: CHILD_PICTURE_RULE.free, espera: 5 });
    const url = `/api/clase/${c.idClase}/alumnos/${kid}/desbloquear`;
    const refused = await t.call('POST', url, { as: otherProfesorToken, body: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(CLASE_MSG.noEsTuClase);
    expect((await t.call('POST', url, { as: 'nino', body: {} })).statusCode).toBe(403);
    expect((await logInClase(c.codigo, kid, c.pics)).statusCode).toBe(429);
    const un = await t.call('POST', url, { as: 'profesor', body: {} });
    expect(un.json()).toEqual({ msg: 'Alumno desbloqueado.' });
    expect(await list()).toMatchObject({ fallos: 0, espera: 0 });
    expect((await logInClase(c.codigo, kid, c.pics)).statusCode).toBe(200);
  });
});

describe('the reservation statement and backoffWaitMs are one rule', () => {
  it('agree on a grid of counts and elapsed times', async () => {
    const db = t.database.db;
    const now = new Date('2030-01-01T12:00:00Z');
    const rules = [UNKNOWN_DEVICE_RULE, KNOWN_DEVICE_RULE, CHILD_PICTURE_RULE, CLASS_PICTURE_RULE];
    const counts = [0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 15, 29, 30, 31, 35, 60, 500];
    const elapsed = [0, 999, 1000, 1001, 4999, 5000, 60_000, 899_999, 900_000, 1_800_000, 3_600_000, 3_600_001, 86_400_000, 86_400_001];
    let i = 0;
    const rows = counts.flatMap((n) =>
      elapsed.map((e) => ({ tipo: 'login' as const, cuenta: `grid-${i++}`, dispositivo: '*', fallos: n, ultimo: new Date(now.getTime() - e) })),
    );
    await db.insert(limiteIntento).values(rows);
    for (const rule of rules) {
      const got = await db
        .select({ cuenta: limiteIntento.cuenta, fallos: limiteIntento.fallos, ultimo: limiteIntento.ultimo, ok: sql<boolean>`${allowsAttemptSql(rule, now)}` })
        .from(limiteIntento)
        .where(sql`${limiteIntento.cuenta} like 'grid-%'`);
      expect(got).toHaveLength(rows.length);
      for (const g of got)
        expect(g.ok, `${JSON.stringify(rule)} n=${g.fallos} e=${now.getTime() - g.ultimo.getTime()}`).toBe(
          backoffWaitMs(rule, g.fallos, g.ultimo.getTime(), now.getTime()) === 0,
        );
    }
  });
});
