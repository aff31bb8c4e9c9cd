import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';
import { clase, claseAlumno, institucion, nivel, rol, usuario } from '../../src/server/db/schema';
import { CLASE_MSG } from '../../src/shared/resources/clases';
import { isClassCode } from '../../src/shared/rules/classes';

/**
 * Classes: the resource (list/one/create/update/delete) with its access rules (a
 * profesor sees only the classes they teach), assignments, mis-tareas, joining with a code (also at
 * sign-up), and accounts without an email.
 */
let t: TestApp;
let inst: number;
let ids: { profesor: number; admin: number; nino: number; nina: number };
/** A second profesor (teaches no class of the demo profesor) and their token. */
let otro: { id: number; token: string };

async function makeUser(nombre: string, email: string | null, role?: string) {
  const [u] = await t.database.db.insert(usuario).values({ nombre, apellido: 'Prueba', email, status: true }).returning({ id: usuario.id });
  if (role) await t.database.db.insert(rol).values({ nombre: role, idUsuario: u!.id });
  return { id: u!.id, token: await signToken({ sub: u!.id, tv: 0 }, t.config.jwtSecret, 3600) };
}

const crear = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/clase/register', { as, body });

beforeAll(async () => {
  t = await makeTestApp();
  const [i] = await t.database.db.select({ id: institucion.idInstitucion }).from(institucion);
  inst = i!.id;
  ids = { profesor: await t.userId('profesor'), admin: await t.userId('admin'), nino: await t.userId('nino'), nina: await t.userId('nina') };
  otro = await makeUser('Otro', 'otro.profe@manitas.test', 'profesor');
});
afterAll(async () => t?.close());

describe('clase resource', () => {
  let id: number;
  it('a profesor creates a class: 201, a valid random code, and they teach it even if left out', async () => {
    const r = await crear('profesor', { nombre: '  2º B  ', id_institucion: inst, profesores: [ids.admin] });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body).toEqual({
      msg: 'Clase creada correctamente.',
      data: {
        id_clase: expect.any(Number),
        nombre: '2º B',
        id_institucion: inst,
        institucion: { nombre: 'Escuela Manitas de Demostración' },
        codigo: expect.any(String),
        activa: true,
        profesores: expect.arrayContaining([ids.admin, ids.profesor]),
        profesores_nombres: expect.arrayContaining(['Andrés Administrador', 'Paula Profesora']),
        alumnos: 0,
      },
    });
    expect(body.data.profesores).toHaveLength(2);
    expect(isClassCode(body.data.codigo)).toBe(true);
    id = body.data.id_clase;
    // Another class gets another code.
    const r2 = await crear('admin', { nombre: 'Otra', id_institucion: inst, profesores: [otro.id] });
    expect(r2.json().data.codigo).not.toBe(body.data.codigo);
    expect(r2.json().data.profesores).toEqual([otro.id]);
  });

  it('validation: nombre, institución, profesores (at least one, each a staff account) with the contract messages', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ nombre: '', id_institucion: inst, profesores: [ids.profesor] }, 400, CLASE_MSG.nombre],
      [{ nombre: 'x'.repeat(121), id_institucion: inst, profesores: [ids.profesor] }, 400, CLASE_MSG.nombreLargo],
      [{ nombre: 'A', profesores: [ids.profesor] }, 400, CLASE_MSG.institucion],
      [{ nombre: 'A', id_institucion: 999999, profesores: [ids.profesor] }, 400, CLASE_MSG.institucionInvalida],
      [{ nombre: 'A', id_institucion: inst, profesores: [] }, 400, CLASE_MSG.profesores],
      [{ nombre: 'A', id_institucion: inst, profesores: [ids.nino] }, 400, CLASE_MSG.profesorInvalido],
      [{ nombre: 'A', id_institucion: inst, profesores: [999999] }, 400, CLASE_MSG.profesorInvalido],
    ];
    const before = (await t.database.db.select({ id: clase.idClase }).from(clase)).length;
    for (const [body, status, msg] of cases) {
      const r = await crear('admin', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(status);
      expect(r.json().msg, JSON.stringify(body)).toBe(msg);
    }
    expect((await t.database.db.select({ id: clase.idClase }).from(clase)).length).toBe(before);
  });

  it('list: a profesor sees only their classes, admin all; search, filters and sorts', async () => {
    const mine = await t.call('GET', '/api/clase/getClases', { as: 'profesor' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((c: { id_clase: number }) => c.id_clase)).toEqual([id]);
    expect(mine.headers['x-total-count']).toBe('1');
    const theirs = await t.call('GET', '/api/clase/getClases', { as: otro.token });
    expect(theirs.json().data.map((c: { nombre: string }) => c.nombre)).toEqual(['Otra']);
    const all = await t.call('GET', '/api/clase/getClases?sort=nombre&order=ASC', { as: 'admin' });
    expect(all.json().data.map((c: { nombre: string }) => c.nombre)).toEqual(['2º B', 'Otra']);
    expect((await t.call('GET', '/api/clase/getClases?q=otra', { as: 'admin' })).json().data).toHaveLength(1);
    expect((await t.call('GET', '/api/clase/getClases?q=manitas', { as: 'admin' })).json().data).toHaveLength(2);
    expect((await t.call('GET', `/api/clase/getClases?id_institucion=${inst}&activa=true`, { as: 'admin' })).json().data).toHaveLength(2);
    expect((await t.call('GET', '/api/clase/getClases?activa=false', { as: 'admin' })).json().data).toHaveLength(0);
    expect((await t.call('GET', '/api/clase/getClases?activa=quizas', { as: 'admin' })).statusCode).toBe(400);
    for (const s of ['codigo', 'institucion', 'alumnos', 'id'])
      expect((await t.call('GET', `/api/clase/getClases?sort=${s}`, { as: 'admin' })).statusCode).toBe(200);
    // The scope is not a filter the client can lift: ?ids= of another's class gives nothing.
    const other = all.json().data.find((c: { nombre: string }) => c.nombre === 'Otra').id_clase;
    expect((await t.call('GET', `/api/clase/getClases?ids=${other}`, { as: 'profesor' })).json().data).toEqual([]);
  });

  it('one/update/delete of a class the profesor does not teach → 403; missing → 404; admin may', async () => {
    const r = await t.call('GET', `/api/clase/getClase/${id}`, { as: otro.token });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe(CLASE_MSG.noEsTuClase);
    const u = await t.call('PUT', `/api/clase/update/${id}`, { as: otro.token, body: { nombre: 'Mía', id_institucion: inst, profesores: [otro.id] } });
    expect(u.statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/clase/delete/${id}`, { as: otro.token })).statusCode).toBe(403);
    // 403 comes before the body is read: an empty body is not a 400 for them.
    expect((await t.call('PUT', `/api/clase/update/${id}`, { as: otro.token, body: {} })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/clase/getClase/999999', { as: 'profesor' })).json()).toMatchObject({ msg: CLASE_MSG.noEncontrada });
    expect((await t.call('GET', `/api/clase/getClase/${id}`, { as: 'profesor' })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/clase/getClase/${id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/clase/getClase/${id}`, { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/clase/getClase/${id}`)).statusCode).toBe(401);
  });

  it('update replaces the teachers and the active flag; the code never changes', async () => {
    const before = (await t.call('GET', `/api/clase/getClase/${id}`, { as: 'profesor' })).json().data;
    const r = await t.call('PUT', `/api/clase/update/${id}`, {
      as: 'profesor',
      body: { nombre: '2º C', id_institucion: inst, profesores: [ids.profesor, otro.id], activa: false, codigo: 'AAAAAA' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ msg: 'Clase actualizada correctamente.', data: { nombre: '2º C', activa: false, codigo: before.codigo } });
    expect(r.json().data.profesores.sort()).toEqual([ids.profesor, otro.id].sort());
    const bad = await t.call('PUT', `/api/clase/update/${id}`, { as: 'admin', body: { nombre: '2º C', id_institucion: inst, profesores: [ids.nina] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(CLASE_MSG.profesorInvalido);
    // Now the other profesor teaches it too.
    expect((await t.call('GET', `/api/clase/getClase/${id}`, { as: otro.token })).statusCode).toBe(200);
    const back = await t.call('PUT', `/api/clase/update/${id}`, {
      as: 'admin',
      body: { nombre: '2º B', id_institucion: inst, profesores: [ids.profesor], activa: true },
    });
    expect(back.json().data.profesores).toEqual([ids.profesor]);
  });

  it('nuevoCodigo gives another valid code; the old one stops working', async () => {
    const old = (await t.call('GET', `/api/clase/getClase/${id}`, { as: 'profesor' })).json().data.codigo;
    expect((await t.call('POST', `/api/clase/${id}/nuevoCodigo`, { as: otro.token })).statusCode).toBe(403);
    const r = await t.call('POST', `/api/clase/${id}/nuevoCodigo`, { as: 'profesor' });
    expect(r.statusCode).toBe(200);
    expect(r.json().msg).toBe('La clase tiene un código nuevo.');
    expect(isClassCode(r.json().data.codigo)).toBe(true);
    expect(r.json().data.codigo).not.toBe(old);
    const j = await t.call('POST', '/api/clase/unirme', { as: 'nina', body: { codigo: old } });
    expect(j.statusCode).toBe(404);
  });

  it('instituciones: a profesor may read the names for the class form; a learner may not', async () => {
    const r = await t.call('GET', '/api/clase/instituciones', { as: 'profesor' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ data: [{ id_institucion: inst, nombre: 'Escuela Manitas de Demostración' }] });
    expect((await t.call('GET', '/api/clase/instituciones', { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/clase/instituciones')).statusCode).toBe(401);
  });

  it('an institution used by a class cannot be deleted (409 naming the classes)', async () => {
    const r = await t.call('DELETE', `/api/institucion/delete/${inst}`, { as: 'admin' });
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toContain('2 clases');
  });
});

describe('tareas and mis-tareas', () => {
  let id: number;
  let niveles: number[];
  beforeAll(async () => {
    id = (await crear('profesor', { nombre: 'Tareas', id_institucion: inst, profesores: [ids.profesor] })).json().data.id_clase;
    niveles = (await t.database.db.select({ id: nivel.idNivel }).from(nivel).orderBy(nivel.idNivel)).map((n) => n.id);
    await t.database.db.insert(claseAlumno).values({ idClase: id, idUsuario: ids.nino });
  });

  it('PUT replaces the set; GET lists it by date (none last); unknown level → 400 and nothing changes', async () => {
    const put = await t.call('PUT', `/api/clase/${id}/tareas`, {
      as: 'profesor',
      body: { tareas: [{ id_nivel: niveles[0] }, { id_nivel: niveles[1], fecha: '2026-12-01' }] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual([
      { id_nivel: niveles[1], nombre_nivel: expect.any(String), fecha: '2026-12-01' },
      { id_nivel: niveles[0], nombre_nivel: expect.any(String), fecha: null },
    ]);
    const bad = await t.call('PUT', `/api/clase/${id}/tareas`, { as: 'profesor', body: { tareas: [{ id_nivel: 999999 }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('El nivel no existe.');
    const badDate = await t.call('PUT', `/api/clase/${id}/tareas`, { as: 'profesor', body: { tareas: [{ id_nivel: niveles[0], fecha: '1/12/2026' }] } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().msg).toBe('La fecha no es válida.');
    const get = await t.call('GET', `/api/clase/${id}/tareas`, { as: 'profesor' });
    expect(get.json().data).toEqual(put.json().data);
  });

  it("a child reads their own classes' tasks (active classes only), never stale after a change", async () => {
    const r = await t.call('GET', '/api/clase/mis-tareas', { as: 'nino' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual([
      { id_nivel: niveles[1], fecha: '2026-12-01', id_clase: id, clase: 'Tareas' },
      { id_nivel: niveles[0], fecha: null, id_clase: id, clase: 'Tareas' },
    ]);
    expect((await t.call('GET', '/api/clase/mis-tareas', { as: 'nina' })).json().data).toEqual([]);
    await t.call('PUT', `/api/clase/${id}/tareas`, { as: 'profesor', body: { tareas: [] } });
    expect((await t.call('GET', '/api/clase/mis-tareas', { as: 'nino' })).json().data).toEqual([]);
    await t.call('PUT', `/api/clase/${id}/tareas`, { as: 'profesor', body: { tareas: [{ id_nivel: niveles[0], fecha: '' }] } });
    expect((await t.call('GET', '/api/clase/mis-tareas', { as: 'nino' })).json().data).toHaveLength(1);
    await t.database.db.update(clase).set({ activa: false }).where(eq(clase.idClase, id));
    expect((await t.call('GET', '/api/clase/mis-tareas', { as: 'nino' })).json().data).toEqual([]);
    await t.database.db.update(clase).set({ activa: true }).where(eq(clase.idClase, id));
    expect((await t.call('GET', '/api/clase/mis-tareas')).statusCode).toBe(401);
  });

  it('a child reads their own active classes (mias), with or without tasks', async () => {
    await t.call('PUT', `/api/clase/${id}/tareas`, { as: 'profesor', body: { tareas: [] } });
    const r = await t.call('GET', '/api/clase/mias', { as: 'nino' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual([{ id_clase: id, nombre: 'Tareas' }]);
    expect((await t.call('GET', '/api/clase/mias', { as: 'nina' })).json().data).toEqual([]);
    await t.database.db.update(clase).set({ activa: false }).where(eq(clase.idClase, id));
    expect((await t.call('GET', '/api/clase/mias', { as: 'nino' })).json().data).toEqual([]);
    await t.database.db.update(clase).set({ activa: true }).where(eq(clase.idClase, id));
    expect((await t.call('GET', '/api/clase/mias')).statusCode).toBe(401);
  });

  it("tareas: another class's profesor → 403, admin → 200, missing class → 404", async () => {
    expect((await t.call('GET', `/api/clase/${id}/tareas`, { as: otro.token })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/clase/${id}/tareas`, { as: otro.token, body: { tareas: [] } })).json().msg).toBe(CLASE_MSG.noEsTuClase);
    expect((await t.call('GET', `/api/clase/${id}/tareas`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/clase/999999/tareas', { as: 'profesor' })).statusCode).toBe(404);
  });

  it('delete removes the class, its members and tasks; the children stay', async () => {
    const d = await t.call('DELETE', `/api/clase/delete/${id}`, { as: 'profesor' });
    expect(d.statusCode).toBe(200);
    expect(d.json()).toEqual({ msg: 'Clase eliminada correctamente.' });
    expect(await t.database.db.select().from(claseAlumno).where(eq(claseAlumno.idClase, id))).toEqual([]);
    expect((await t.call('GET', '/api/clase/mis-tareas', { as: 'nino' })).json().data).toEqual([]);
    expect(await t.database.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, ids.nino))).toHaveLength(1);
    expect((await t.call('GET', `/api/clase/getClase/${id}`, { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('joining a class with its code', () => {
  let id: number;
  let codigo: string;
  beforeAll(async () => {
    const r = (await crear('profesor', { nombre: 'Los Delfines', id_institucion: inst, profesores: [ids.profesor] })).json().data;
    id = r.id_clase;
    codigo = r.codigo;
  });

  it('a child joins (code typed loosely); again → "Ya estabas"; an e-mail account gets no picture password', async () => {
    const loose = `${codigo.slice(0, 3).toLowerCase()}-${codigo.slice(3)} `;
    const r = await t.call('POST', '/api/clase/unirme', { as: 'nina', body: { codigo: loose } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ msg: '¡Ya estás en «Los Delfines»!', data: { id_clase: id, nombre: 'Los Delfines' } });
    const again = await t.call('POST', '/api/clase/unirme', { as: 'nina', body: { codigo } });
    expect(again.json().msg).toBe('Ya estabas en «Los Delfines».');
    expect(await t.database.db.select().from(claseAlumno).where(eq(claseAlumno.idClase, id))).toHaveLength(1);
    const alumnos = (await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data;
    expect(alumnos).toHaveLength(1);
    // Picture passwords are for children made in a class; Lucía logs in with her e-mail.
    expect(alumnos[0].imagenes).toBeNull();
  });

  it('bad format → 400, unknown or inactive → 404, staff → 400, anonymous → 401', async () => {
    const bad = await t.call('POST', '/api/clase/unirme', { as: 'nino', body: { codigo: 'AB' } });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, CLASE_MSG.codigoInvalido]);
    expect((await t.call('POST', '/api/clase/unirme', { as: 'nino', body: {} })).json().msg).toBe(CLASE_MSG.codigoInvalido);
    const typo = await t.call('POST', '/api/clase/unirme', { as: 'nino', body: { codigo: 'kmn-pt1' } });
    expect([typo.statusCode, typo.json().msg]).toEqual([400, 'El código no lleva el número «1»: revisa la tarjeta.']);
    const unknown = codigo === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA';
    const u = await t.call('POST', '/api/clase/unirme', { as: 'nino', body: { codigo: unknown } });
    expect([u.statusCode, u.json().msg]).toEqual([404, CLASE_MSG.codigoNoExiste]);
    await t.database.db.update(clase).set({ activa: false }).where(eq(clase.idClase, id));
    expect((await t.call('POST', '/api/clase/unirme', { as: 'nino', body: { codigo } })).statusCode).toBe(404);
    await t.database.db.update(clase).set({ activa: true }).where(eq(clase.idClase, id));
    const staff = await t.call('POST', '/api/clase/unirme', { as: 'profesor', body: { codigo } });
    expect([staff.statusCode, staff.json().msg]).toEqual([400, 'Solo los alumnos se unen a una clase con código.']);
    expect((await t.call('POST', '/api/clase/unirme', { body: { codigo } })).statusCode).toBe(401);
    expect(await t.database.db.select().from(claseAlumno).where(eq(claseAlumno.idClase, id))).toHaveLength(1);
  });

  const signUp = (email: string, codigoClase?: string) => ({
    nombre: 'Nuevo',
    apellido: 'Alumno',
    fechaNacimiento: '2018-05-05',
    email,
    password: 'secreto123',
    avatar: 'boy',
    sexo: 'niño',
    phone: '3001234567',
    Credential: 'ALU-NUEVO',
    ...(codigoClase !== undefined ? { codigoClase } : {}),
  });

  it('sign-up with a class code joins the class; a bad or unknown code → 400 and nothing is created', async () => {
    const count = async () => (await t.database.db.select({ id: usuario.id }).from(usuario)).length;
    const before = await count();
    const bad = await t.call('POST', '/api/user/register', { body: signUp('malo@manitas.test', 'XX') });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, CLASE_MSG.codigoInvalido]);
    const typo = await t.call('POST', '/api/user/register', { body: signUp('malo@manitas.test', 'ABC123') });
    expect([typo.statusCode, typo.json().msg]).toEqual([400, 'El código no lleva la letra «B» ni los números «1» y «2»: revisa la tarjeta.']);
    const unknown = await t.call('POST', '/api/user/register', { body: signUp('malo@manitas.test', codigo === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA') });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([400, CLASE_MSG.codigoNoExiste]);
    expect(await count()).toBe(before);
    const ok = await t.call('POST', '/api/user/register', { body: signUp('nuevo.delfin@manitas.test', codigo.toLowerCase()) });
    expect(ok.statusCode).toBe(201);
    const members = await t.database.db.select().from(claseAlumno).where(eq(claseAlumno.idClase, id));
    expect(members.map((m) => m.idUsuario)).toContain(ok.json().data.id);
    // Without a code (or an empty one) sign-up is as before.
    expect((await t.call('POST', '/api/user/register', { body: signUp('sin.codigo@manitas.test', '') })).statusCode).toBe(201);
    expect((await t.call('POST', '/api/user/register', { body: signUp('sin.codigo2@manitas.test') })).statusCode).toBe(201);
  });
});

describe('accounts without an email', () => {
  let child: { id: number; token: string };
  beforeAll(async () => {
    child = await makeUser('Zoe', null);
  });

  it('the admin users list shows them with email null; search and sort by email still work', async () => {
    const r = await t.call('GET', '/api/user/usuarios?q=zoe', { as: 'admin' });
    expect(r.statusCode).toBe(200);
    expect(r.json().users).toEqual([expect.objectContaining({ id: child.id, nombre: 'Zoe', email: null })]);
    const sorted = await t.call('GET', '/api/user/usuarios?sort=email&order=ASC&page=1&perPage=500', { as: 'admin' });
    expect(sorted.statusCode).toBe(200);
    expect(sorted.json().users.some((u: { id: number }) => u.id === child.id)).toBe(true);
    const mine = await t.call('GET', `/api/user/${child.id}`, { as: child.token });
    expect(mine.json().data.email).toBeNull();
    // Their profile saves with the email sent back as read (null).
    const put = await t.call('PUT', `/api/user/${child.id}`, { as: child.token, body: { nombre: 'Zoe', email: null } });
    expect(put.statusCode).toBe(200);
  });

  it('the top bar search finds them', async () => {
    const r = await t.call('GET', '/api/buscar?q=zoe', { as: 'admin' });
    expect(r.statusCode).toBe(200);
  });

  it('email recovery never finds them and sends nothing; no email login either', async () => {
    const mails = t.mails.length;
    const r = await t.call('POST', '/api/recuperar', { body: { email: 'null' } });
    expect(r.statusCode).toBeLessThan(500);
    const r2 = await t.call('POST', '/api/recuperar', { body: { email: 'zoe@manitas.test' } });
    expect(r2.statusCode).toBe(200);
    expect(t.mails.length).toBe(mails);
    const login = await t.call('POST', '/api/user/logIn', { body: { email: 'null', password: 'x' } });
    expect(login.statusCode).toBe(401);
  });
});

describe('unirme is rate limited per address like the login', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await makeTestApp({ authRateLimit: 2 });
  });
  afterAll(async () => small?.close());
  it('the third try in a minute from one address → 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await small.call('POST', '/api/clase/unirme', { as: 'nino', body: { codigo: 'AAAAAA' } })).statusCode);
    expect(codes).toEqual([404, 404, 429]);
  });
});
