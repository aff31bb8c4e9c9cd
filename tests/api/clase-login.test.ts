import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeTestApp, type TestApp } from './helpers';
import { clase, claseAlumno, claseProfesor, institucion, limiteIntento, rol, usuario } from '../../src/server/db/schema';
import { setPicturePassword, decryptPictures } from '../../src/server/auth/pictureSecret';
import { CLASE_MSG, type ClaseEntradaWire } from '../../src/shared/resources/clases';
import { isPicturePassword, type PictureKey } from '../../src/shared/rules/classes';

// Counts the scrypt checks, to prove an unknown child costs the same work as a known one.
const verifyCalls = vi.hoisted(() => ({ n: 0, stored: [] as (string | null | undefined)[] }));
vi.mock('../../src/server/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/auth/password')>();
  return {
    ...real,
    verifyPassword: async (p: string, stored: string | null | undefined) => {
      verifyCalls.n++;
      verifyCalls.stored.push(stored);
      return real.verifyPassword(p, stored);
    },
  };
});

/**
 * The class-code login (public), picture passwords, unlocking and login cards.
 * Classes and their children are made straight in the database here, so these tests do not depend
 * on the class routes of part A.
 */
let t: TestApp;
let otherProfesorToken: string;
let idInstitucion: number;
beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  const [inst] = await db.insert(institucion).values({ nombre: 'Escuela de prueba' }).returning();
  idInstitucion = inst!.idInstitucion;
  // A profesor who teaches another class only.
  const [p] = await db.insert(usuario).values({ nombre: 'Otra', apellido: 'Profesora', email: 'otra.profe@manitas.test', status: true }).returning();
  await db.insert(rol).values({ nombre: 'profesor', idUsuario: p!.id });
  const other = await makeClass('OTRA', 'KKKKKK', 1, p!.id);
  expect(other.idClase).toBeGreaterThan(0);
  const { signToken } = await import('../../src/server/auth/jwt');
  otherProfesorToken = await signToken({ sub: p!.id, tv: 0 }, t.config.jwtSecret, 3600);
});
afterAll(async () => t?.close());

const PICS: PictureKey[][] = [
  ['sol', 'gato', 'casa'],
  ['luna', 'pez', 'flor'],
  ['estrella', 'arbol', 'coche'],
  ['casa', 'casa', 'sol'],
];
let codeSeq = 0;
/** A class with `n` children without email, each with PICS[i % 4] as picture password. */
async function makeClass(nombre: string, codigo?: string, n = 3, teacherId?: number) {
  const db = t.database.db;
  codeSeq++;
  const code = codigo ?? `ACE${'FHJKMNPRTUVWXY'[codeSeq % 14]}${'34679'[Math.floor(codeSeq / 14) % 5]}A`;
  const [c] = await db.insert(clase).values({ nombre, idInstitucion, codigo: code }).returning();
  await db.insert(claseProfesor).values({ idClase: c!.idClase, idUsuario: teacherId ?? (await t.userId('profesor')) });
  const kids: { id: number; pics: PictureKey[] }[] = [];
  const names = ['Zoe María', 'Ana', 'Luis', 'Bea', 'Carlos', 'Dani'];
  for (let i = 0; i < n; i++) {
    const [u] = await db
      .insert(usuario)
      .values({ nombre: names[i % names.length]!, apellido: `Apellido${i}`, avatar: i % 2 ? 'boy' : 'girl', sexo: i % 2 ? 'niño' : 'niña', status: true })
      .returning();
    await db.insert(claseAlumno).values({ idClase: c!.idClase, idUsuario: u!.id });
    await setPicturePassword(db, u!.id, PICS[i % PICS.length]!, t.config.jwtSecret);
    kids.push({ id: u!.id, pics: PICS[i % PICS.length]! });
  }
  return { idClase: c!.idClase, codigo: code, kids };
}

/** The stored failure count of one counter (src/server/auth/attempts.ts), 0 when it has none. */
async function counter(tipo: 'clave' | 'clase', id: number, dispositivo = '*') {
  const [row] = await t.database.db
    .select()
    .from(limiteIntento)
    .where(and(eq(limiteIntento.tipo, tipo), eq(limiteIntento.cuenta, String(id)), eq(limiteIntento.dispositivo, dispositivo)));
  return row?.fallos ?? 0;
}

const logIn = (codigo: string, id_usuario: number | undefined, imagenes: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/user/logInClase', payload: { codigo, id_usuario, imagenes } });

beforeEach(() => {
  verifyCalls.n = 0;
  verifyCalls.stored = [];
});

describe('GET /api/clase/codigo/{codigo}', () => {
  it('an active class: its name and its active children, first names and avatars only, by name', async () => {
    const c = await makeClass('Primero A');
    await t.database.db.update(usuario).set({ status: false }).where(eq(usuario.id, c.kids[2]!.id)); // Luis, inactive
    // Typed by a child: lower case, spaces and a dash.
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/clase/codigo/${encodeURIComponent(` ${c.codigo.slice(0, 3).toLowerCase()}-${c.codigo.slice(3)} `)}`,
    });
    expect(r.statusCode, r.body).toBe(200);
    const data = r.json().data as ClaseEntradaWire;
    expect(data).toEqual({
      id_clase: c.idClase,
      nombre: 'Primero A',
      alumnos: [
        { id: c.kids[1]!.id, nombre: 'Ana', avatar: 'boy' },
        { id: c.kids[0]!.id, nombre: 'Zoe', avatar: 'girl' },
      ],
    });
    expect(r.body).not.toMatch(/Apellido|María/);
  });
  it('two children with one first name get their surname initial', async () => {
    const c = await makeClass('Dos Anas', undefined, 0);
    const db = t.database.db;
    for (const apellido of ['López', 'García']) {
      const [u] = await db.insert(usuario).values({ nombre: 'Ana', apellido, status: true }).returning();
      await db.insert(claseAlumno).values({ idClase: c.idClase, idUsuario: u!.id });
    }
    const r = await t.app.inject({ method: 'GET', url: `/api/clase/codigo/${c.codigo}` });
    expect((r.json().data as ClaseEntradaWire).alumnos.map((a) => a.nombre).sort()).toEqual(['Ana G.', 'Ana L.']);
  });
  it('a malformed code: 400; an unknown or inactive class: 404', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/clase/codigo/AB0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(CLASE_MSG.codigoInvalido);
    // 6 characters, some never printed on a card: the reply names them (and still 400).
    const typo = await t.app.inject({ method: 'GET', url: `/api/clase/codigo/${encodeURIComponent('abc 123')}` });
    expect([typo.statusCode, typo.json()]).toEqual([
      400,
      expect.objectContaining({
        msg: 'El código no lleva la letra «B» ni los números «1» y «2»: revisa la tarjeta.',
        fields: { codigo: 'El código no lleva la letra «B» ni los números «1» y «2»: revisa la tarjeta.' },
      }),
    ]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/clase/codigo/YYYYYY' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(CLASE_MSG.codigoNoExiste);
    const c = await makeClass('Cerrada', undefined, 1);
    await t.database.db.update(clase).set({ activa: false }).where(eq(clase.idClase, c.idClase));
    const inactive = await t.app.inject({ method: 'GET', url: `/api/clase/codigo/${c.codigo}` });
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json().msg).toBe(CLASE_MSG.codigoNoExiste);
    const login = await logIn(c.codigo, c.kids[0]!.id, c.kids[0]!.pics);
    expect(login.statusCode).toBe(401);
  });
});

describe('POST /api/user/logInClase', () => {
  it('the right pictures: the same reply as api/user/logIn, a token that works', async () => {
    const c = await makeClass('Segundo B');
    const kid = c.kids[1]!;
    const r = await logIn(c.codigo.toLowerCase(), kid.id, kid.pics);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'usuario']);
    expect(body.usuario).toMatchObject({ id: kid.id, nombre: 'Ana', email: null, rol: 'usuario' });
    expect(body.usuario).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toMatch(/clave|scrypt/i);
    expect(String(r.headers['set-cookie'])).toContain('manitas_dispositivo=');
    const me = await t.call('GET', `/api/user/${kid.id}`, { as: body.token });
    expect(me.statusCode).toBe(200);
  });

  it('wrong pictures, a child of another class, no picture password, a malformed answer: the same 401', async () => {
    const c = await makeClass('Tercero C');
    const other = await makeClass('Cuarto D');
    const [nopw] = await t.database.db.insert(usuario).values({ nombre: 'Sin', apellido: 'Clave', status: true }).returning();
    await t.database.db.insert(claseAlumno).values({ idClase: c.idClase, idUsuario: nopw!.id });
    const cases = [
      await logIn(c.codigo, c.kids[0]!.id, ['sol', 'gato', 'pez']),
      await logIn(c.codigo, c.kids[0]!.id, c.kids[1]!.pics),
      await logIn(c.codigo, other.kids[0]!.id, other.kids[0]!.pics),
      await logIn(c.codigo, nopw!.id, ['sol', 'sol', 'sol']),
      await logIn(c.codigo, c.kids[1]!.id, ['sol']),
      await logIn(c.codigo, c.kids[2]!.id, 'sol-gato-casa'),
    ];
    for (const r of cases) {
      expect(r.statusCode, r.body).toBe(r === cases[5] ? 400 : 401);
      if (r !== cases[5]) expect(r.json().msg).toBe(CLASE_MSG.clavesIncorrectas);
    }
    const bad = await logIn('nope', c.kids[0]!.id, c.kids[0]!.pics);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(CLASE_MSG.codigoInvalido);
    const typo = await logIn(c.codigo.slice(0, 5) + 'B', c.kids[0]!.id, c.kids[0]!.pics);
    expect([typo.statusCode, typo.json().msg]).toEqual([400, 'El código no lleva la letra «B»: revisa la tarjeta.']);
  });

  it('an unknown child costs the same scrypt check as a known one', async () => {
    const c = await makeClass('Quinto E', undefined, 1);
    expect((await logIn(c.codigo, 999_999, ['sol', 'gato', 'casa'])).statusCode).toBe(401);
    expect((await logIn(c.codigo, undefined, ['sol', 'gato', 'casa'])).statusCode).toBe(401);
    expect((await logIn('YYYYYY', c.kids[0]!.id, ['sol', 'gato', 'casa'])).statusCode).toBe(401);
    expect((await logIn(c.codigo, c.kids[0]!.id, ['luna', 'gato', 'casa'])).statusCode).toBe(401);
    expect(verifyCalls.n).toBe(4);
    expect(verifyCalls.stored.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(verifyCalls.stored[3]).toMatch(/^scrypt\$/);
  });

  it('3 free failures, then a wait (429, Retry-After, seconds named); the teacher unlocks', async () => {
    const c = await makeClass('Sexto F');
    const kid = c.kids[0]!;
    for (let i = 0; i < 3; i++) expect((await logIn(c.codigo, kid.id, ['pez', 'pez', 'pez'])).statusCode).toBe(401);
    const wait = await logIn(c.codigo, kid.id, kid.pics); // even the right pictures wait
    expect(wait.statusCode).toBe(429);
    expect(wait.headers['retry-after']).toBe('5');
    expect(wait.json().msg).toBe('Espera 5 segundos e inténtalo de nuevo. Tu profesor puede desbloquearte.');
    // Another child of the class is not slowed.
    expect((await logIn(c.codigo, c.kids[1]!.id, c.kids[1]!.pics)).statusCode).toBe(200);
    // The teacher sees the wait in the stored counter, and unlocks.
    expect(await counter('clave', kid.id)).toBe(3);
    const un = await t.call('POST', `/api/clase/${c.idClase}/alumnos/${kid.id}/desbloquear`, { as: 'profesor', body: {} });
    expect(un.statusCode, un.body).toBe(200);
    expect(un.json()).toEqual({ msg: 'Alumno desbloqueado.' });
    expect((await logIn(c.codigo, kid.id, kid.pics)).statusCode).toBe(200);
  });

  it('a success forgets the child’s failures; failures older than a day are forgotten', async () => {
    const c = await makeClass('Séptimo G', undefined, 1);
    const kid = c.kids[0]!;
    for (let i = 0; i < 2; i++) await logIn(c.codigo, kid.id, ['pez', 'pez', 'pez']);
    expect(await counter('clave', kid.id)).toBe(2);
    expect((await logIn(c.codigo, kid.id, kid.pics)).statusCode).toBe(200);
    expect(await counter('clave', kid.id)).toBe(0);
    // The class still counts them (the success gave back only its own place).
    expect(await counter('clase', c.idClase)).toBe(2);
    // Ten failures two days ago: no wait, and the next failure starts a new series.
    await t.database.db
      .insert(limiteIntento)
      .values({ tipo: 'clave', cuenta: String(kid.id), dispositivo: '*', fallos: 10, ultimo: new Date(Date.now() - 48 * 3600_000) });
    expect((await logIn(c.codigo, kid.id, ['pez', 'pez', 'pez'])).statusCode).toBe(401);
    expect(await counter('clave', kid.id)).toBe(1);
  });

  it('30 failures across a class make unknown devices wait (not a child’s own tablet); the teacher unlocks the class', async () => {
    // The server's clock stands still for this test: the class's wait is seconds long, and on a
    // loaded machine (the PostgreSQL pass beside the browsers) 30 requests at once took longer than
    // that, so the next login found the wait already over.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => void vi.useRealTimers());
    const c = await makeClass('Octavo H', undefined, 2);
    const tries = await Promise.all(Array.from({ length: 30 }, () => logIn(c.codigo, 999_999, ['sol', 'sol', 'sol'])));
    expect(tries.map((r) => r.statusCode)).toEqual(Array(30).fill(401));
    expect(await counter('clase', c.idClase)).toBe(30); // concurrent failures all counted
    const wait = await logIn(c.codigo, c.kids[0]!.id, c.kids[0]!.pics);
    expect(wait.statusCode).toBe(429);
    expect(Number(wait.headers['retry-after'])).toBeGreaterThan(0);
    expect(wait.json().msg).toMatch(/^Espera \d+ segundos? e inténtalo de nuevo\. Tu profesor puede desbloquearte\.$/);
    const refused = await t.call('POST', `/api/clase/${c.idClase}/desbloquear`, { as: otherProfesorToken, body: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(CLASE_MSG.noEsTuClase);
    const un = await t.call('POST', `/api/clase/${c.idClase}/desbloquear`, { as: 'profesor', body: {} });
    expect(un.statusCode, un.body).toBe(200);
    expect(un.json()).toEqual({ msg: 'Clase desbloqueada.' });
    expect(await counter('clase', c.idClase)).toBe(0);
    expect((await logIn(c.codigo, c.kids[0]!.id, c.kids[0]!.pics)).statusCode).toBe(200);
  });

  it('an inactive account with the right pictures: 403 as in logIn', async () => {
    const c = await makeClass('Noveno I', undefined, 1);
    const kid = c.kids[0]!;
    await t.database.db.update(usuario).set({ status: false }).where(eq(usuario.id, kid.id));
    const r = await logIn(c.codigo, kid.id, kid.pics);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('INACTIVE');
  });
});

describe('PUT /api/clase/{id}/alumnos/{userId}/clave', () => {
  it('sets the given pictures, ends the child’s sessions, and the new pictures log in', async () => {
    const c = await makeClass('Décimo J', undefined, 1);
    const kid = c.kids[0]!;
    const session = (await logIn(c.codigo, kid.id, kid.pics)).json().token as string;
    const r = await t.call('PUT', `/api/clase/${c.idClase}/alumnos/${kid.id}/clave`, { as: 'admin', body: { imagenes: ['gato', 'gato', 'luna'] } });
    expect(r.statusCode, r.body).toBe(200);
    // A write never returns the picture password (the teacher reads it through .../alumnos or .../tarjetas).
    expect(r.json()).toEqual({ msg: 'Clave de imágenes cambiada.' });
    expect((await t.call('GET', `/api/user/${kid.id}`, { as: session })).statusCode).toBe(401);
    expect((await logIn(c.codigo, kid.id, kid.pics)).statusCode).toBe(401);
    expect((await logIn(c.codigo, kid.id, ['gato', 'gato', 'luna'])).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(usuario).where(eq(usuario.id, kid.id));
    expect(row!.claveImagenesCifrada).not.toContain('gato');
    expect(decryptPictures(row!.claveImagenesCifrada, t.config.jwtSecret)).toEqual(['gato', 'gato', 'luna']);
  });
  it('none sent: a new random one; a malformed one: 400 "Elige 3 imágenes."', async () => {
    const c = await makeClass('Once K', undefined, 1);
    const kid = c.kids[0]!;
    const r = await t.call('PUT', `/api/clase/${c.idClase}/alumnos/${kid.id}/clave`, { as: 'profesor', body: {} });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ msg: 'Clave de imágenes cambiada.' });
    const cards = await t.call('GET', `/api/clase/${c.idClase}/tarjetas`, { as: 'profesor' });
    const { imagenes } = (cards.json().data.alumnos as { id: number; imagenes: PictureKey[] }[]).find((a) => a.id === kid.id)!;
    expect(isPicturePassword(imagenes)).toBe(true);
    expect((await logIn(c.codigo, kid.id, imagenes)).statusCode).toBe(200);
    for (const bad of [['sol'], ['sol', 'sol', 'perro'], ['sol', 'sol', 'sol', 'sol']]) {
      const b = await t.call('PUT', `/api/clase/${c.idClase}/alumnos/${kid.id}/clave`, { as: 'profesor', body: { imagenes: bad } });
      expect(b.statusCode).toBe(400);
      expect(b.json().msg).toBe('Elige 3 imágenes.');
    }
  });
  it('an account with an e-mail never gets a picture password (409, nothing stored), even in the class', async () => {
    const c = await makeClass('Doce E', undefined, 0);
    const nino = await t.userId('nino');
    await t.database.db.insert(claseAlumno).values({ idClase: c.idClase, idUsuario: nino });
    for (const body of [{}, { imagenes: ['gato', 'gato', 'luna'] }]) {
      const r = await t.call('PUT', `/api/clase/${c.idClase}/alumnos/${nino}/clave`, { as: 'profesor', body });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ msg: 'Esta cuenta entra con su correo y contraseña: no lleva clave de imágenes.', code: 'HAS_EMAIL_LOGIN' });
    }
    const [row] = await t.database.db.select().from(usuario).where(eq(usuario.id, nino));
    expect(row!.claveImagenesHash).toBeNull();
    // Nor does the class page list it: an e-mail account logs in with its e-mail.
    const page = await t.app.inject({ method: 'GET', url: `/api/clase/codigo/${c.codigo}` });
    expect(page.json().data.alumnos).toEqual([]);
  });
  it('a profesor of another class: 403; a child not in the class: 404; a learner: 403', async () => {
    const c = await makeClass('Doce L', undefined, 1);
    const other = await makeClass('Trece M', undefined, 1);
    const kid = c.kids[0]!;
    const r = await t.call('PUT', `/api/clase/${c.idClase}/alumnos/${kid.id}/clave`, { as: otherProfesorToken, body: {} });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe(CLASE_MSG.noEsTuClase);
    const u = await t.call('POST', `/api/clase/${c.idClase}/alumnos/${kid.id}/desbloquear`, { as: otherProfesorToken, body: {} });
    expect(u.statusCode).toBe(403);
    const notHere = await t.call('PUT', `/api/clase/${c.idClase}/alumnos/${other.kids[0]!.id}/clave`, { as: 'profesor', body: {} });
    expect(notHere.statusCode).toBe(404);
    expect((await t.call('PUT', `/api/clase/${c.idClase}/alumnos/${kid.id}/clave`, { as: 'nino', body: {} })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/clase/${c.idClase}/alumnos/${kid.id}/clave`, { body: {} })).statusCode).toBe(401);
    // Nothing changed: the old pictures still log in.
    expect((await logIn(c.codigo, kid.id, kid.pics)).statusCode).toBe(200);
  });
});

describe('GET /api/clase/{id}/tarjetas', () => {
  it('the class name and code and each child with their pictures, for the class teacher and admins', async () => {
    const c = await makeClass('Catorce N', undefined, 2);
    const [nopw] = await t.database.db.insert(usuario).values({ nombre: 'Sin', apellido: 'Clave', status: true }).returning();
    await t.database.db.insert(claseAlumno).values({ idClase: c.idClase, idUsuario: nopw!.id });
    for (const who of ['profesor', 'admin', 'superadmin'] as const) {
      const r = await t.call('GET', `/api/clase/${c.idClase}/tarjetas`, { as: who });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({
        data: {
          clase: { nombre: 'Catorce N', codigo: c.codigo },
          alumnos: [
            { id: c.kids[1]!.id, nombre: 'Ana', apellido: 'Apellido1', avatar: 'boy', imagenes: c.kids[1]!.pics },
            { id: nopw!.id, nombre: 'Sin', apellido: 'Clave', avatar: null, imagenes: null },
            { id: c.kids[0]!.id, nombre: 'Zoe María', apellido: 'Apellido0', avatar: 'girl', imagenes: c.kids[0]!.pics },
          ],
        },
      });
    }
    const refused = await t.call('GET', `/api/clase/${c.idClase}/tarjetas`, { as: otherProfesorToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(CLASE_MSG.noEsTuClase);
    expect((await t.call('GET', `/api/clase/${c.idClase}/tarjetas`, { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/clase/999999/tarjetas', { as: 'profesor' })).statusCode).toBe(404);
  });
});
