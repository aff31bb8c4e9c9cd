import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';
import { verifyPassword } from '../../src/server/auth/password';
import { claseAlumno, institucion, limiteIntento, rol, usuario } from '../../src/server/db/schema';
import { CLASE_MSG } from '../../src/shared/resources/clases';
import { isPicturePassword, picturePasswordText } from '../../src/shared/rules/classes';
import { IMPORT_MSG } from '../../src/shared/rules/classImport';

/** A class's children (issue 21): adding existing learners, removing, candidates and the all-or-none import. */
let t: TestApp;
let id: number;
let ids: { nino: number; nina: number; profesor: number };
let otro: string;

const count = async (table: 'usuario' | 'clase_alumno') => Number((await t.database.raw(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

beforeAll(async () => {
  t = await makeTestApp();
  ids = { nino: await t.userId('nino'), nina: await t.userId('nina'), profesor: await t.userId('profesor') };
  const [i] = await t.database.db.select({ id: institucion.idInstitucion }).from(institucion);
  const r = await t.call('POST', '/api/clase/register', { as: 'profesor', body: { nombre: 'Las Nutrias', id_institucion: i!.id, profesores: [ids.profesor] } });
  id = r.json().data.id_clase;
  // A profesor who teaches another class, not this one.
  const [u] = await t.database.db.insert(usuario).values({ nombre: 'Otro', apellido: 'Profe', email: 'otro@manitas.test' }).returning({ id: usuario.id });
  await t.database.db.insert(rol).values({ nombre: 'profesor', idUsuario: u!.id });
  await t.call('POST', '/api/clase/register', { as: 'admin', body: { nombre: 'Ajena', id_institucion: i!.id, profesores: [u!.id] } });
  otro = await signToken({ sub: u!.id, tv: 0 }, t.config.jwtSecret, 3600);
});
afterAll(async () => t?.close());

describe("every class route: another class's profesor 403, missing class 404, teacher and admin pass", () => {
  const routes: [string, string, unknown?][] = [
    ['GET', 'alumnos'],
    ['POST', 'alumnos', { ids: [1] }],
    ['DELETE', 'alumnos/1'],
    ['GET', 'candidatos?q=a'],
    ['POST', 'importar', { filas: [{ nombre: 'A' }] }],
    ['GET', 'tareas'],
    ['PUT', 'tareas', { tareas: [] }],
    ['POST', 'nuevoCodigo'],
  ];
  it.each(routes)('%s api/clase/{id}/%s', async (method, path, body) => {
    const refused = await t.call(method, `/api/clase/${id}/${path}`, { as: otro, body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msg: CLASE_MSG.noEsTuClase, code: 'FORBIDDEN' });
    expect((await t.call(method, `/api/clase/999999/${path}`, { as: 'profesor', body })).statusCode).toBe(404);
    expect((await t.call(method, `/api/clase/${id}/${path}`, { as: 'nino', body })).statusCode).toBe(403);
    expect((await t.call(method, `/api/clase/${id}/${path}`, { body })).statusCode).toBe(401);
    if (method === 'GET') {
      expect((await t.call(method, `/api/clase/${id}/${path}`, { as: 'profesor' })).statusCode).toBe(200);
      expect((await t.call(method, `/api/clase/${id}/${path}`, { as: 'admin' })).statusCode).toBe(200);
      expect((await t.call(method, `/api/clase/${id}/${path}`, { as: 'superadmin' })).statusCode).toBe(200);
    }
  });
});

describe('children of a class', () => {
  it('candidates: learners not in the class, accent- and case-insensitive search on name, surname and email, staff never', async () => {
    const all = (await t.call('GET', `/api/clase/${id}/candidatos`, { as: 'profesor' })).json().data;
    expect(all.map((c: { id: number }) => c.id).sort()).toEqual([ids.nino, ids.nina].sort());
    expect(all[0]).toEqual({
      id: expect.any(Number),
      nombre: expect.any(String),
      apellido: expect.any(String),
      email: expect.any(String),
      avatar: expect.any(String),
    });
    // Sorted by name: Lucía before Mateo.
    expect(all.map((c: { nombre: string }) => c.nombre)).toEqual(['Lucía', 'Mateo']);
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=LOPEZ`, { as: 'profesor' })).json().data.map((c: { id: number }) => c.id)).toEqual([ids.nino]);
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=lucia`, { as: 'profesor' })).json().data.map((c: { id: number }) => c.id)).toEqual([ids.nina]);
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=nina@`, { as: 'profesor' })).json().data.map((c: { id: number }) => c.id)).toEqual([ids.nina]);
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=paula`, { as: 'profesor' })).json().data).toEqual([]);
  });

  it('candidates: at most 20', async () => {
    await t.database.db
      .insert(usuario)
      .values(Array.from({ length: 25 }, (_, i) => ({ nombre: `Relleno${String(i).padStart(2, '0')}`, apellido: 'X', email: null })));
    const r = await t.call('GET', `/api/clase/${id}/candidatos?q=relleno`, { as: 'profesor' });
    expect(r.json().data).toHaveLength(20);
    expect(r.json().data[0].nombre).toBe('Relleno00');
  });

  it('adds learners (a repeat is ignored), each gets a picture password; staff → 400; unknown → 400', async () => {
    const staff = await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'profesor', body: { ids: [ids.nino, ids.profesor] } });
    expect([staff.statusCode, staff.json().msg]).toEqual([400, 'Solo se pueden agregar alumnos.']);
    expect(await count('clase_alumno')).toBe(0);
    expect((await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'profesor', body: { ids: [] } })).json().msg).toBe('Elige al menos un alumno.');
    expect((await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'profesor', body: { ids: [999999] } })).statusCode).toBe(400);
    const r = await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'profesor', body: { ids: [ids.nino, ids.nino] } });
    expect(r.statusCode).toBe(200);
    expect(r.json().msg).toBe('Alumnos agregados a la clase.');
    expect(r.json().data).toEqual([
      {
        id: ids.nino,
        nombre: 'Mateo',
        apellido: 'López',
        email: 'nino@manitas.test',
        avatar: 'boy',
        sexo: 'niño',
        fechaNacimiento: expect.any(String),
        status: true,
        imagenes: expect.any(Array),
        espera: 0,
        fallos: 0,
      },
    ]);
    const imagenes = r.json().data[0].imagenes;
    expect(isPicturePassword(imagenes)).toBe(true);
    // The hash matches the pictures the teacher sees.
    const [row] = await t.database.db.select({ h: usuario.claveImagenesHash }).from(usuario).where(eq(usuario.id, ids.nino));
    expect(await verifyPassword(picturePasswordText(imagenes), row!.h)).toBe(true);
    // Again with both: no duplicate, no error, the first child's pictures unchanged.
    const again = await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'admin', body: { ids: [ids.nino, ids.nina] } });
    expect(again.statusCode).toBe(200);
    expect(await count('clase_alumno')).toBe(2);
    const list = (await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data;
    expect(list.map((a: { nombre: string }) => a.nombre)).toEqual(['Lucía', 'Mateo']);
    expect(list[1].imagenes).toEqual(imagenes);
    // The class list counts them.
    expect((await t.call('GET', `/api/clase/getClase/${id}`, { as: 'profesor' })).json().data.alumnos).toBe(2);
    // They are no longer candidates.
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=lopez`, { as: 'profesor' })).json().data).toEqual([]);
  });

  it("espera and fallos come from the child's failed picture logins", async () => {
    await t.database.db.insert(limiteIntento).values({ tipo: 'clave', cuenta: String(ids.nina), dispositivo: '*', fallos: 6, ultimo: new Date() });
    const nina = (await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data.find((a: { id: number }) => a.id === ids.nina);
    expect(nina.fallos).toBe(6);
    expect(nina.espera).toBeGreaterThan(0);
    await t.database.db.delete(limiteIntento).where(eq(limiteIntento.cuenta, String(ids.nina)));
  });

  it('removes a child from the class only (the account stays); a child not in it → 404', async () => {
    const r = await t.call('DELETE', `/api/clase/${id}/alumnos/${ids.nina}`, { as: 'profesor' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ msg: 'Alumno quitado de la clase.' });
    expect((await t.call('DELETE', `/api/clase/${id}/alumnos/${ids.nina}`, { as: 'profesor' })).statusCode).toBe(404);
    expect(await t.database.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, ids.nina))).toHaveLength(1);
    expect((await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data.map((a: { id: number }) => a.id)).toEqual([ids.nino]);
  });
});

describe('import (all rows or none)', () => {
  const filas = [
    { nombre: 'Ana', apellido: 'Ruiz', fechaNacimiento: '05/03/2018', sexo: 'F' },
    { nombre: 'Luis', apellido: 'Pérez', fechaNacimiento: '2017-11-30', sexo: 'niño' },
    { nombre: 'Sofía', apellido: 'Gómez', fechaNacimiento: '1/2/2019', sexo: 'femenino' },
  ];

  it('preview: 200 with each row as it will be saved, nothing written', async () => {
    const before = [await count('usuario'), await count('clase_alumno')];
    const r = await t.call('POST', `/api/clase/${id}/importar`, { as: 'profesor', body: { filas } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      msg: '3 alumnos listos para importar.',
      validas: 3,
      guardado: false,
      filas: [
        { fila: 1, nombre: 'Ana', apellido: 'Ruiz', fechaNacimiento: '2018-03-05', sexo: 'niña', errores: {} },
        { fila: 2, nombre: 'Luis', apellido: 'Pérez', fechaNacimiento: '2017-11-30', sexo: 'niño', errores: {} },
        { fila: 3, nombre: 'Sofía', apellido: 'Gómez', fechaNacimiento: '2019-02-01', sexo: 'niña', errores: {} },
      ],
    });
    expect([await count('usuario'), await count('clase_alumno')]).toEqual(before);
  });

  it('one bad row: preview marks it; saving → 400 and NOTHING is saved', async () => {
    const conError = [...filas, { nombre: '', apellido: 'Sin Nombre', fechaNacimiento: '31/02/2018', sexo: 'x' }, { ...filas[0]! }];
    const p = await t.call('POST', `/api/clase/${id}/importar`, { as: 'profesor', body: { filas: conError } });
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({ msg: '2 filas tienen errores.', validas: 3, guardado: false });
    expect(p.json().filas[3].errores).toEqual({ nombre: IMPORT_MSG.nombre, fechaNacimiento: IMPORT_MSG.fechaInexistente, sexo: IMPORT_MSG.sexoInvalido });
    expect(p.json().filas[4].errores).toEqual({ fila: 'Repetido: ya está en la lista.' });
    const before = [await count('usuario'), await count('clase_alumno')];
    const s = await t.call('POST', `/api/clase/${id}/importar`, { as: 'profesor', body: { filas: conError, guardar: true } });
    expect(s.statusCode).toBe(400);
    expect(s.json()).toMatchObject({ msg: 'Revisa las filas marcadas: no se importó nada.', code: 'VALIDATION', guardado: false });
    expect(s.json().filas).toHaveLength(5);
    expect([await count('usuario'), await count('clase_alumno')]).toEqual(before);
  });

  it('body limits: empty list, more than 200 rows', async () => {
    expect((await t.call('POST', `/api/clase/${id}/importar`, { as: 'profesor', body: { filas: [] } })).json().msg).toBe('La lista está vacía.');
    const many = Array.from({ length: 201 }, (_, i) => ({ nombre: `N${i}`, apellido: 'A', fechaNacimiento: '2018-01-01', sexo: 'm' }));
    expect((await t.call('POST', `/api/clase/${id}/importar`, { as: 'profesor', body: { filas: many } })).json().msg).toBe(
      'Importa como mucho 200 alumnos a la vez.',
    );
  });

  it('save: every account without email or password, a picture password each, in the class; a resend creates nobody twice', async () => {
    const before = await count('usuario');
    const s = await t.call('POST', `/api/clase/${id}/importar`, { as: 'profesor', body: { filas, guardar: true } });
    expect(s.statusCode).toBe(200);
    expect(s.json()).toMatchObject({ msg: '3 alumnos importados.', guardado: true, validas: 3 });
    const data = s.json().data;
    expect(data.map((a: { nombre: string }) => a.nombre)).toEqual(['Ana', 'Luis', 'Sofía']);
    for (const a of data) {
      expect(a.email).toBeNull();
      expect(isPicturePassword(a.imagenes)).toBe(true);
    }
    expect(data.map((a: { avatar: string }) => a.avatar)).toEqual(['girl', 'boy', 'girl']);
    expect(await count('usuario')).toBe(before + 3);
    const rows = await t.database.db.select({ email: usuario.email, pw: usuario.passwordHash }).from(usuario).where(eq(usuario.apellido, 'Ruiz'));
    expect(rows).toEqual([{ email: null, pw: null }]);
    // A learner, like every learner: no role row.
    expect(await t.database.db.select().from(rol).where(eq(rol.idUsuario, data[0].id))).toEqual([]);
    const members = await t.database.db.select().from(claseAlumno).where(eq(claseAlumno.idClase, id));
    expect(members).toHaveLength(4);
    // The same file again: every row is already in the class.
    const again = await t.call('POST', `/api/clase/${id}/importar`, { as: 'profesor', body: { filas, guardar: true } });
    expect(again.statusCode).toBe(400);
    expect(again.json().filas.map((f: { errores: Record<string, string> }) => f.errores.fila)).toEqual([
      'Ya está en esta clase.',
      'Ya está en esta clase.',
      'Ya está en esta clase.',
    ]);
    expect(await count('usuario')).toBe(before + 3);
    // An imported child cannot log in by email nor be found by email recovery.
    const mails = t.mails.length;
    await t.call('POST', '/api/recuperar', { body: { email: 'ana@manitas.test' } });
    expect(t.mails.length).toBe(mails);
  });

  it('the imported children show in the admin users list with email null', async () => {
    const r = await t.call('GET', '/api/user/usuarios?q=ruiz', { as: 'admin' });
    expect(r.json().users).toEqual([expect.objectContaining({ nombre: 'Ana', email: null, rol: 'usuario' })]);
  });
});
