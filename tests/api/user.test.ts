import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, registration as reg, snapshotCounts, type TestApp } from './helpers';
import { signToken } from '../../src/server/auth/jwt';
import { eq } from 'drizzle-orm';
import { rol, usuario } from '../../src/server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

describe('POST /api/user/register', () => {
  it('creates a learner (201, no password in the reply) who can then log in', async () => {
    const body = reg();
    const r = await t.call('POST', '/api/user/register', { body });
    expect(r.statusCode).toBe(201);
    const data = r.json().data;
    expect(data).toMatchObject({
      nombre: 'Ana',
      apellido: 'Ruiz',
      email: body.email,
      sexo: 'niña',
      avatar: 'girl',
      rol: 'usuario',
      status: true,
      Credential: 'ALU-1',
    });
    expect(JSON.stringify(r.json())).not.toMatch(/password|scrypt/);
    const login = await t.call('POST', '/api/user/logIn', { body: { email: body.email.toUpperCase(), password: 'secreto123' } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ token: expect.any(String), usuario: { email: body.email, rol: 'usuario' } });
  });

  it('applies the spec checks in order, with its messages, and stores nothing', async () => {
    const before = await snapshotCounts(t.database);
    const cases: [Record<string, unknown>, string][] = [
      [
        { nombre: '', apellido: '', fechaNacimiento: '', email: '', password: '', avatar: '', sexo: '', phone: '', Credential: '' },
        'El número de teléfono no es válido. Solo números (7 a 15 dígitos).',
      ],
      [{ phone: '12ab567' }, 'El número de teléfono no es válido. Solo números (7 a 15 dígitos).'],
      [{ fechaNacimiento: '2999-01-01' }, 'La fecha de nacimiento no puede ser hoy o una fecha futura.'],
      [{ nombre: ' ' }, 'Todos los campos son obligatorios'],
      [{ Credential: '' }, 'Todos los campos son obligatorios'],
      [{ password: 'corta' }, 'La contraseña debe tener al menos 8 caracteres'],
      [{ email: 'sin-arroba.com' }, 'El correo electrónico no es válido'],
      [{ avatar: 'robot' }, 'Elige un avatar: niño o niña.'],
      [{ sexo: 'otro' }, 'Elige niño o niña.'],
      [{ fechaNacimiento: '2015-13-45' }, 'La fecha de nacimiento no es válida.'],
    ];
    for (const [patch, msg] of cases) {
      const r = await t.call('POST', '/api/user/register', { body: reg(patch) });
      expect(r.statusCode, JSON.stringify(patch)).toBe(400);
      expect(r.json().msg).toBe(msg);
      expect(r.json().code).toBe('VALIDATION');
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('a duplicate email, in any case → 409 with msg, nothing stored', async () => {
    const before = await snapshotCounts(t.database);
    const r = await t.call('POST', '/api/user/register', { body: reg({ email: 'NINO@Manitas.Test' }) });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: 'EMAIL_TAKEN', msg: 'El correo ingresado ya existe. nino@manitas.test' });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('POST /api/user/logIn', () => {
  it('demo accounts log in and get their role', async () => {
    for (const [email, rol] of [
      ['superadmin@manitas.test', 'superadmin'],
      ['admin@manitas.test', 'admin'],
      ['profesor@manitas.test', 'profesor'],
      ['nina@manitas.test', 'usuario'],
    ]) {
      const r = await t.call('POST', '/api/user/logIn', { body: { email, password: 'Manitas2024' } });
      expect(r.statusCode).toBe(200);
      expect(r.json().usuario.rol).toBe(rol);
      const me = await t.call('GET', `/api/user/${r.json().usuario.id}`, { as: r.json().token });
      expect(me.statusCode).toBe(200);
    }
  });
  it("wrong password and unknown email answer the same 401 'Credenciales incorrectas'", async () => {
    const a = await t.call('POST', '/api/user/logIn', { body: { email: 'nino@manitas.test', password: 'incorrecta1' } });
    const b = await t.call('POST', '/api/user/logIn', { body: { email: 'nadie@manitas.test', password: 'incorrecta1' } });
    for (const r of [a, b]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ msg: 'Credenciales incorrectas', code: 'INVALID_CREDENTIALS' });
    }
  });
  it("empty fields → 400 'Todos los campos son obligatorios'", async () => {
    for (const body of [{}, { email: ' ', password: 'x' }, { email: 'a@b.c', password: '   ' }]) {
      const r = await t.call('POST', '/api/user/logIn', { body });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe('Todos los campos son obligatorios');
    }
  });
  it('tokens are HS256 only: an alg=none token or a tampered one is refused', async () => {
    const id = await t.userId('nino');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: id, tv: 0, iat: 1, exp: 4102444800 })).toString('base64url');
    const none = await t.call('GET', `/api/user/${id}`, { as: `${header}.${payload}.` });
    expect(none.statusCode).toBe(401);
    const good = await t.token('nino');
    const tampered = good.slice(0, -3) + (good.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await t.call('GET', `/api/user/${id}`, { as: tampered })).statusCode).toBe(401);
    const expired = await signToken({ sub: id, tv: 0 }, t.config.jwtSecret, 60, Date.now() - 3600_000);
    expect((await t.call('GET', `/api/user/${id}`, { as: expired })).statusCode).toBe(401);
  });
});

describe('GET/PUT /api/user/{id}', () => {
  it('a learner reads only their own profile', async () => {
    const nino = await t.userId('nino');
    const nina = await t.userId('nina');
    const own = await t.call('GET', `/api/user/${nino}`, { as: 'nino' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: nino, email: 'nino@manitas.test', sexo: 'niño' });
    expect((await t.call('GET', `/api/user/${nina}`, { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/user/${nina}`)).statusCode).toBe(401);
    expect((await t.call('GET', `/api/user/${nina}`, { as: 'profesor' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/user/${nina}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/abc', { as: 'admin' })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/user/999999', { as: 'admin' })).statusCode).toBe(404);
  });

  it('a learner updates their own profile fields', async () => {
    const id = await t.userId('nina');
    const r = await t.call('PUT', `/api/user/${id}`, {
      as: 'nina',
      body: {
        nombre: 'Lucía M.',
        apellido: 'García',
        phone: '5511223344',
        avatar: 'girl',
        sexo: 'niña',
        fechaNacimiento: '2016-03-15',
        email: 'nina@manitas.test',
        status: true,
        rol: 'usuario',
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ msg: 'Perfil actualizado correctamente', data: { nombre: 'Lucía M.', phone: '5511223344' } });
  });

  it('refuses email, password, Credential, role and status changes through the profile, changing nothing', async () => {
    const id = await t.userId('nina');
    const before = (await t.call('GET', `/api/user/${id}`, { as: 'nina' })).json().data;
    const attempts: [Record<string, unknown>, number][] = [
      [{ nombre: 'X', email: 'otra@manitas.test' }, 400],
      [{ nombre: 'X', password: 'nuevaclave1' }, 400],
      [{ nombre: 'X', Credential: 'OTRA' }, 400],
      [{ nombre: 'X', rol: 'admin' }, 403],
      [{ nombre: 'X', status: false }, 403],
      [{ nombre: 'X', phone: '123' }, 400],
      [{ nombre: '' }, 400],
      [{ nombre: 'X', avatar: 'dragon' }, 400],
    ];
    for (const [body, status] of attempts) {
      const r = await t.call('PUT', `/api/user/${id}`, { as: 'nina', body });
      expect(r.statusCode, JSON.stringify(body)).toBe(status);
      expect(r.json()).toHaveProperty('msg');
    }
    expect((await t.call('GET', `/api/user/${id}`, { as: 'nina' })).json().data).toEqual(before);
  });

  it("a learner cannot update another user's profile; anonymous gets 401", async () => {
    const nino = await t.userId('nino');
    expect((await t.call('PUT', `/api/user/${nino}`, { as: 'nina', body: { nombre: 'Hack' } })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/user/${nino}`, { body: { nombre: 'Hack' } })).statusCode).toBe(401);
    expect((await t.call('PUT', `/api/user/${nino}`, { as: 'profesor', body: { nombre: 'Hack' } })).statusCode).toBe(403);
  });

  it('admin toggles status; a deactivated user cannot log in and their tokens stop working', async () => {
    const body = reg();
    const created = (await t.call('POST', '/api/user/register', { body })).json().data;
    const login = (await t.call('POST', '/api/user/logIn', { body: { email: body.email, password: body.password } })).json();
    const off = await t.call('PUT', `/api/user/${created.id}`, { as: 'admin', body: { ...created, status: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe(false);
    expect((await t.call('GET', `/api/user/${created.id}`, { as: login.token })).statusCode).toBe(401);
    const denied = await t.call('POST', '/api/user/logIn', { body: { email: body.email, password: body.password } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toMatch(/desactivada/);
    const on = await t.call('PUT', `/api/user/${created.id}`, { as: 'admin', body: { ...created, status: true } });
    expect(on.json().data.status).toBe(true);
    expect((await t.call('POST', '/api/user/logIn', { body: { email: body.email, password: body.password } })).statusCode).toBe(200);
  });

  it('an admin cannot act on a superadmin, nor deactivate themselves', async () => {
    const sa = await t.userId('superadmin');
    const admin = await t.userId('admin');
    expect((await t.call('PUT', `/api/user/${sa}`, { as: 'admin', body: { nombre: 'X', status: false } })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/user/${admin}`, { as: 'admin', body: { nombre: 'Andrés', status: false } })).statusCode).toBe(403);
  });

  it('nobody acts on a peer: an admin cannot edit or deactivate another admin (even 20 requests at once); the superadmin can', async () => {
    const [peer] = await t.database.db
      .insert(usuario)
      .values({
        nombre: 'Otra',
        apellido: 'Admin',
        email: 'otra-admin@manitas.test',
        status: true,
        sexo: 'niña',
        avatar: 'girl',
        fechaNacimiento: '1990-01-01',
      })
      .returning({ id: usuario.id });
    await t.database.db.insert(rol).values({ nombre: 'admin', idUsuario: peer!.id });
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('PUT', `/api/user/${peer!.id}`, { as: 'admin', body: i % 2 ? { status: false } : { nombre: 'Cambiada' } })),
    );
    for (const r of tries) expect(r.json()).toEqual({ msg: 'No puedes modificar a un usuario con tu mismo rol.', code: 'FORBIDDEN' });
    const [row] = await t.database.db.select().from(usuario).where(eq(usuario.id, peer!.id));
    expect([row!.nombre, row!.status]).toEqual(['Otra', true]);
    const current = (await t.call('GET', `/api/user/${peer!.id}`, { as: 'superadmin' })).json().data;
    const sa = await t.call('PUT', `/api/user/${peer!.id}`, { as: 'superadmin', body: { ...current, status: false } });
    expect(sa.statusCode, sa.body).toBe(200);
    expect(sa.json().data.status).toBe(false);
    // An admin still edits a learner and a profesor.
    const prof = (await t.call('GET', `/api/user/${await t.userId('profesor')}`, { as: 'admin' })).json().data;
    expect((await t.call('PUT', `/api/user/${prof.id}`, { as: 'admin', body: prof })).statusCode).toBe(200);
  });
});

describe('GET /api/user/usuarios', () => {
  it('admin+ lists users under `users`, with search and paging', async () => {
    const all = await t.call('GET', '/api/user/usuarios', { as: 'admin' });
    expect(all.statusCode).toBe(200);
    const users = all.json().users;
    expect(users.length).toBeGreaterThanOrEqual(5);
    expect(users[0]).not.toHaveProperty('passwordHash');
    const q = await t.call('GET', '/api/user/usuarios?q=GARC', { as: 'superadmin' });
    expect(q.json().users.map((u: { email: string }) => u.email)).toContain('nina@manitas.test');
    expect(
      q
        .json()
        .users.every((u: { nombre: string; apellido: string; email: string; phone: string | null }) =>
          `${u.nombre} ${u.apellido} ${u.email} ${u.phone ?? ''}`.toLowerCase().includes('garc'),
        ),
    ).toBe(true);
    const page = await t.call('GET', '/api/user/usuarios?page=1&perPage=2&sort=email&order=DESC', { as: 'admin' });
    expect(page.json().users).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBe(users.length);
    expect((await t.call('GET', '/api/user/usuarios?sort=password_hash', { as: 'admin' })).statusCode).toBe(400);
  });
  it('learners and profesores are refused', async () => {
    expect((await t.call('GET', '/api/user/usuarios', { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/user/usuarios', { as: 'profesor' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/user/usuarios')).statusCode).toBe(401);
  });
});
