import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, tableChecksum, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';
import { verifyPassword } from '../../src/server/auth/password';
import { claseAlumno, institucion, limiteIntento, rol, usuario } from '../../src/server/db/schema';
import { CLASE_MSG, INVITACION_MSG } from '../../src/shared/resources/clases';
import { isPicturePassword, picturePasswordText } from '../../src/shared/rules/classes';
import { IMPORT_MSG } from '../../src/shared/rules/classImport';

/** A class's children: adding existing learners, removing, candidates and the all-or-none import. */
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
    ['POST', 'invitar', { email: 'nino@manitas.test' }],
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

describe('access is checked before the body is read (onRequest)', () => {
  const writes: [string, string][] = [
    ['POST', 'alumnos'],
    ['POST', 'importar'],
    ['PUT', 'tareas'],
    ['POST', 'invitar'],
  ];
  it.each(writes)(
    "%s api/clase/{id}/%s: another class's profesor, a child and nobody sending a broken body get 403/401, not a 400 about it",
    async (method, path) => {
      const broken = { body: '{"ids": [1,', headers: { 'content-type': 'application/json' } };
      const before = await tableChecksum(t.database);
      const refused = await t.call(method, `/api/clase/${id}/${path}`, { as: otro, ...broken });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ msg: CLASE_MSG.noEsTuClase, code: 'FORBIDDEN' });
      expect((await t.call(method, `/api/clase/${id}/${path}`, { as: 'nino', ...broken })).statusCode).toBe(403);
      expect((await t.call(method, `/api/clase/${id}/${path}`, broken)).statusCode).toBe(401);
      // Its teacher gets the parser's message.
      const own = await t.call(method, `/api/clase/${id}/${path}`, { as: 'profesor', ...broken });
      expect(own.statusCode).toBe(400);
      expect(own.json()).toMatchObject({ msg: 'El cuerpo de la solicitud no es un JSON válido.', code: 'INVALID_JSON' });
      expect(await tableChecksum(t.database)).toBe(before);
    },
  );

  it("40 bodies sent at once by another class's profesor: every one 403, nothing stored", async () => {
    const before = await tableChecksum(t.database);
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? t.call('POST', `/api/clase/${id}/alumnos`, { as: otro, body: { ids: [ids.nino] } })
          : t.call('PUT', `/api/clase/${id}/tareas`, { as: otro, body: '{"tareas": [', headers: { 'content-type': 'application/json' } }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(40).fill(403));
    expect(await tableChecksum(t.database)).toBe(before);
  });

  it('the body is validated by the route schema with the shared messages: {msg, code, fields}', async () => {
    const r = await t.call('PUT', `/api/clase/${id}/tareas`, { as: 'profesor', body: { tareas: [{ id_nivel: 'x' }] } });
    expect(r.statusCode).toBe(400);
    const b = r.json() as { msg: string; code: string; fields: Record<string, string> };
    expect(b.code).toBe('VALIDATION');
    expect(Object.keys(b.fields)[0]).toMatch(/^tareas\.0/);
    expect(b.msg).toBe(Object.values(b.fields)[0]);
    const empty = await t.call('POST', '/api/clase/unirme', { as: 'nino' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION', fields: { codigo: expect.any(String) } });
  });
});

describe('children of a class (consent: created here, the code, or an accepted invitation)', () => {
  let pablo: number;
  let ajeno: number;

  it("candidates: a profesor finds only the children of their other classes (never another teacher's pupil, never an unknown e-mail); admins any learner", async () => {
    // Another teacher's pupil (in «Ajena»), created there by import.
    const ajena = (await t.call('GET', '/api/clase/getClases', { as: 'admin' })).json().data.find((c: { nombre: string }) => c.nombre === 'Ajena');
    const imp = await t.call('POST', `/api/clase/${ajena.id_clase}/importar`, {
      as: otro,
      body: { filas: [{ nombre: 'Pilar', apellido: 'Ajena', fechaNacimiento: '2018-01-01', sexo: 'niña' }], guardar: true },
    });
    ajeno = imp.json().data[0].id;
    // The old reproduction: an empty q listed every learner with their e-mail.
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=`, { as: 'profesor' })).json().data).toEqual([]);
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=nina@`, { as: 'profesor' })).json().data).toEqual([]);
    // A child of the profesor's other class is found, by name, accent- and case-insensitive.
    const [i] = await t.database.db.select({ id: institucion.idInstitucion }).from(institucion);
    const otra = (
      await t.call('POST', '/api/clase/register', { as: 'profesor', body: { nombre: 'Los Pumas', id_institucion: i!.id, profesores: [ids.profesor] } })
    ).json().data.id_clase;
    const made = await t.call('POST', `/api/clase/${otra}/importar`, {
      as: 'profesor',
      body: { filas: [{ nombre: 'Pablo', apellido: 'Núñez', fechaNacimiento: '2018-02-02', sexo: 'niño' }], guardar: true },
    });
    pablo = made.json().data[0].id;
    const mine = (await t.call('GET', `/api/clase/${id}/candidatos`, { as: 'profesor' })).json().data;
    expect(mine).toEqual([{ id: pablo, nombre: 'Pablo', apellido: 'Núñez', email: null, avatar: 'boy' }]);
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=NUNEZ`, { as: 'profesor' })).json().data.map((c: { id: number }) => c.id)).toEqual([pablo]);
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=pilar`, { as: 'profesor' })).json().data).toEqual([]);
    // Admins keep their wider view: every learner, staff never.
    const all = (await t.call('GET', `/api/clase/${id}/candidatos`, { as: 'admin' })).json().data.map((c: { id: number }) => c.id);
    expect(all.sort()).toEqual([ids.nino, ids.nina, pablo, ajeno].sort());
  });

  it('candidates: at most 20 (admins search every learner)', async () => {
    await t.database.db
      .insert(usuario)
      .values(Array.from({ length: 25 }, (_, i) => ({ nombre: `Relleno${String(i).padStart(2, '0')}`, apellido: 'X', email: null })));
    const r = await t.call('GET', `/api/clase/${id}/candidatos?q=relleno`, { as: 'admin' });
    expect(r.json().data).toHaveLength(20);
    expect(r.json().data[0].nombre).toBe('Relleno00');
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=relleno`, { as: 'profesor' })).json().data).toEqual([]);
  });

  it("adding: a child made in the teacher's other class joins at once (no picture password in the reply); another teacher's pupil or an untaught account answers as unknown; staff → 400", async () => {
    const staff = await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'admin', body: { ids: [ids.nino, ids.profesor] } });
    expect([staff.statusCode, staff.json().msg]).toEqual([400, 'Solo se pueden agregar alumnos.']);
    expect((await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'profesor', body: { ids: [] } })).json().msg).toBe('Elige al menos un alumno.');
    const unknown = await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'profesor', body: { ids: [999999] } });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([400, 'Uno de los alumnos no existe.']);
    // The old reproduction: another teacher's pupil came back with their picture password.
    for (const other of [ajeno, ids.nino]) {
      const r = await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'profesor', body: { ids: [other] } });
      expect(r.json()).toEqual(unknown.json());
    }
    expect(await t.database.db.select().from(claseAlumno).where(eq(claseAlumno.idClase, id))).toEqual([]);
    const r = await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'profesor', body: { ids: [pablo, pablo] } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      msg: 'Alumnos agregados a la clase.',
      invitados: 0,
      data: [
        {
          id: pablo,
          nombre: 'Pablo',
          apellido: 'Núñez',
          email: null,
          avatar: 'boy',
          sexo: 'niño',
          fechaNacimiento: '2018-02-02',
          status: true,
          espera: 0,
          fallos: 0,
        },
      ],
    });
    // The teacher's read shows the same pictures as in the other class.
    const here = (await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data[0];
    expect(isPicturePassword(here.imagenes)).toBe(true);
    const [row] = await t.database.db.select({ h: usuario.claveImagenesHash }).from(usuario).where(eq(usuario.id, pablo));
    expect(await verifyPassword(picturePasswordText(here.imagenes), row!.h)).toBe(true);
  });

  it('an e-mail account is invited, not added: it joins when it accepts at its next login, and gets no picture password', async () => {
    const r = await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'admin', body: { ids: [ids.nino, ids.nina] } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ msg: INVITACION_MSG.enviadas, invitados: 2, data: [] });
    expect((await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data.map((a: { id: number }) => a.id)).toEqual([pablo]);
    const inv = (await t.call('GET', '/api/clase/invitaciones', { as: 'nino' })).json().data;
    expect(inv).toEqual([{ id_invitacion: expect.any(Number), id_clase: id, clase: 'Las Nutrias', profesor: expect.any(String) }]);
    // Nobody else answers it.
    expect((await t.call('POST', `/api/clase/invitaciones/${inv[0].id_invitacion}/aceptar`, { as: 'nina' })).statusCode).toBe(404);
    // 40 taps at once: one joins, the others find it answered; one membership row.
    const taps = await Promise.all(Array.from({ length: 40 }, () => t.call('POST', `/api/clase/invitaciones/${inv[0].id_invitacion}/aceptar`, { as: 'nino' })));
    expect(taps.map((x) => x.statusCode).sort()).toEqual([200, ...Array(39).fill(404)]);
    expect(taps.find((x) => x.statusCode === 200)!.json()).toEqual({ msg: '¡Ya estás en «Las Nutrias»!', data: { id_clase: id, nombre: 'Las Nutrias' } });
    expect((await t.call('GET', '/api/clase/invitaciones', { as: 'nino' })).json().data).toEqual([]);
    const ninaInv = (await t.call('GET', '/api/clase/invitaciones', { as: 'nina' })).json().data[0];
    expect((await t.call('POST', `/api/clase/invitaciones/${ninaInv.id_invitacion}/aceptar`, { as: 'nina' })).statusCode).toBe(200);
    expect(await count('clase_alumno')).toBe(5); // Pilar in Ajena, Pablo in Los Pumas and here, Mateo, Lucía
    const list = (await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data;
    expect(list.map((a: { nombre: string }) => a.nombre)).toEqual(['Lucía', 'Mateo', 'Pablo']);
    expect(list.map((a: { imagenes: unknown }) => a.imagenes === null)).toEqual([true, true, false]);
    const [row] = await t.database.db.select({ h: usuario.claveImagenesHash }).from(usuario).where(eq(usuario.id, ids.nino));
    expect(row!.h).toBeNull();
    // They are no longer candidates, and an invitation to a member is not made again.
    expect((await t.call('GET', `/api/clase/${id}/candidatos?q=lopez`, { as: 'admin' })).json().data).toEqual([]);
    expect((await t.call('POST', `/api/clase/${id}/alumnos`, { as: 'profesor', body: { ids: [ids.nino] } })).json().invitados).toBe(0);
  });

  it('invitar by exact e-mail: the same answer for a learner, a staff member and no account; only the learner is invited; declining joins nothing', async () => {
    const [i] = await t.database.db.select({ id: institucion.idInstitucion }).from(institucion);
    const c3 = (
      await t.call('POST', '/api/clase/register', { as: 'profesor', body: { nombre: 'Los Búhos', id_institucion: i!.id, profesores: [ids.profesor] } })
    ).json().data.id_clase;
    const answers = [];
    for (const email of ['NINO@manitas.test', 'admin@manitas.test', 'nadie@ejemplo.com']) {
      const r = await t.call('POST', `/api/clase/${c3}/invitar`, { as: 'profesor', body: { email } });
      answers.push([r.statusCode, r.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([200, JSON.stringify({ msg: INVITACION_MSG.porCorreo })]);
    const bad = await t.call('POST', `/api/clase/${c3}/invitar`, { as: 'profesor', body: { email: 'no-es-correo' } });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, INVITACION_MSG.correo]);
    expect((await t.call('POST', `/api/clase/${c3}/invitar`, { as: otro, body: { email: 'nino@manitas.test' } })).statusCode).toBe(403);
    const inv = (await t.call('GET', '/api/clase/invitaciones', { as: 'nino' })).json().data;
    expect(inv.map((x: { clase: string }) => x.clase)).toEqual(['Los Búhos']);
    const no = await t.call('POST', `/api/clase/invitaciones/${inv[0].id_invitacion}/rechazar`, { as: 'nino' });
    expect(no.json()).toEqual({ msg: INVITACION_MSG.rechazada, data: { id_clase: c3, nombre: 'Los Búhos' } });
    expect(await t.database.db.select().from(claseAlumno).where(eq(claseAlumno.idClase, c3))).toEqual([]);
    expect((await t.call('POST', `/api/clase/invitaciones/${inv[0].id_invitacion}/otra`, { as: 'nino' })).statusCode).toBe(404);
  });

  it("espera and fallos come from the child's failed picture logins", async () => {
    await t.database.db.insert(limiteIntento).values({ tipo: 'clave', cuenta: String(pablo), dispositivo: '*', fallos: 6, ultimo: new Date() });
    const p = (await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data.find((a: { id: number }) => a.id === pablo);
    expect(p.fallos).toBe(6);
    expect(p.espera).toBeGreaterThan(0);
    await t.database.db.delete(limiteIntento).where(eq(limiteIntento.cuenta, String(pablo)));
  });

  it('removes a child from the class only (the account stays); a child not in it → 404', async () => {
    const r = await t.call('DELETE', `/api/clase/${id}/alumnos/${ids.nina}`, { as: 'profesor' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ msg: 'Alumno quitado de la clase.' });
    expect((await t.call('DELETE', `/api/clase/${id}/alumnos/${ids.nina}`, { as: 'profesor' })).statusCode).toBe(404);
    expect(await t.database.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, ids.nina))).toHaveLength(1);
    expect((await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data.map((a: { id: number }) => a.id)).toEqual([ids.nino, pablo]);
    await t.call('DELETE', `/api/clase/${id}/alumnos/${pablo}`, { as: 'profesor' });
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
    // No picture password in a write's reply; the teacher's read has one for each.
    const read = (await t.call('GET', `/api/clase/${id}/alumnos`, { as: 'profesor' })).json().data;
    for (const a of data) {
      expect(a.email).toBeNull();
      expect(a).not.toHaveProperty('imagenes');
      expect(isPicturePassword(read.find((x: { id: number }) => x.id === a.id).imagenes)).toBe(true);
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
