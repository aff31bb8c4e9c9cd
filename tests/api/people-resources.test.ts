// progreso, rol and usuario through the resource layer: the search columns the server
// had before the conversion (now the declarations' searchFields), the parent filters the back
// office pages on, the one-statement search page of the users list, and the learner progress
// routes that became the progreso binding's extra routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { expectRefused, scalar } from './content-helpers';
import { progresoResource } from '../../src/shared/resources/progreso';
import { rolResource } from '../../src/shared/resources/rol';
import { loginSchema, registerSchema, usuarioResource } from '../../src/shared/resources/usuario';
import { validate } from '../../src/server/validate';
import type { AppError } from '../../src/server/errors';

let t: TestApp;
let lvl1: number;
let lvl2: number;
beforeAll(async () => {
  t = await makeTestApp();
  lvl1 = await scalar(t, 'SELECT min(id_nivel) FROM nivel');
  lvl2 = await scalar(t, 'SELECT min(id_nivel) FROM nivel WHERE id_nivel > $1', [lvl1]);
  await t.database.raw("INSERT INTO progreso (id_usuario, id_nivel, estado) VALUES ($1, $3, 'completado'), ($2, $3, 'en progreso'), ($2, $4, 'en progreso')", [
    await t.userId('nino'),
    await t.userId('nina'),
    lvl1,
    lvl2,
  ]);
});
afterAll(async () => t?.close());

const ids = (r: { json(): unknown }, key: string, field: string) => ((r.json() as Record<string, Record<string, number>[]>)[key] ?? []).map((x) => x[field]);

describe('declared search fields are the columns the server searches', () => {
  it('the declarations list them', () => {
    expect(progresoResource.searchFields).toEqual(['estado', 'usuario.username', 'nivel.nombre_nivel']);
    expect(rolResource.searchFields).toEqual(['nombre', 'descripcion', 'usuario.nombre', 'usuario.apellido', 'usuario.email']);
    expect(usuarioResource.searchFields).toEqual(['nombre', 'apellido', 'email', 'phone']);
  });

  it('progreso: by level name', async () => {
    const name = (await t.database.raw('SELECT nombre_nivel FROM nivel WHERE id_nivel = $1', [lvl2])).rows[0]!.nombre_nivel as string;
    const r = await t.call('GET', `/api/progreso/progresos?q=${encodeURIComponent(name)}`, { as: 'admin' });
    expect(r.statusCode).toBe(200);
    const data = r.json().data as { id_nivel: number; nivel: { nombre_nivel: string } }[];
    expect(data.length).toBeGreaterThan(0);
    for (const p of data) expect(p.nivel.nombre_nivel.toLowerCase()).toContain(name.toLowerCase());
    expect(data.map((p) => p.id_nivel)).toContain(lvl2);
  });

  it('rol: by the user’s surname and email', async () => {
    const profesor = await t.userId('profesor');
    const email = await t.call('GET', '/api/rol/getRoles?q=PROFESOR%40MANITAS', { as: 'superadmin' });
    expect(ids(email, 'data', 'id_usuario')).toEqual([profesor]);
    const apellido = (await t.database.raw('SELECT apellido FROM usuario WHERE id = $1', [profesor])).rows[0]!.apellido as string;
    expect(apellido.length).toBeGreaterThan(0);
    const bySurname = await t.call('GET', `/api/rol/getRoles?q=${encodeURIComponent(apellido)}`, { as: 'superadmin' });
    expect(ids(bySurname, 'data', 'id_usuario')).toContain(profesor);
  });
});

describe('parent filters and getMany', () => {
  it('progreso ?id_nivel and ?id_usuario page on the server', async () => {
    const nina = await t.userId('nina');
    const byLevel = await t.call('GET', `/api/progreso/progresos?id_nivel=${lvl2}`, { as: 'admin' });
    expect(ids(byLevel, 'data', 'id_nivel')).toEqual([lvl2]);
    expect(byLevel.headers['x-total-count']).toBe('1');
    const byUser = await t.call('GET', `/api/progreso/progresos?id_usuario=${nina}&sort=id_nivel&order=DESC`, { as: 'admin' });
    expect(ids(byUser, 'data', 'id_nivel')).toEqual([lvl2, lvl1]);
    await expectRefused(t, () => t.call('GET', '/api/progreso/progresos?id_nivel=x', { as: 'admin' }), 400, 'El filtro id_nivel no es válido.');
  });

  it('rol ?id_usuario and ?ids', async () => {
    const admin = await t.userId('admin');
    const r = await t.call('GET', `/api/rol/getRoles?id_usuario=${admin}`, { as: 'superadmin' });
    expect(r.json().data).toMatchObject([{ nombre: 'admin', id_usuario: admin }]);
    const id = r.json().data[0].id as number;
    expect(ids(await t.call('GET', `/api/rol/getRoles?ids=${id}`, { as: 'superadmin' }), 'data', 'id')).toEqual([id]);
  });

  it('user/usuarios ?ids answers under `users`', async () => {
    const nino = await t.userId('nino');
    const nina = await t.userId('nina');
    const r = await t.call('GET', `/api/user/usuarios?ids=${nina},${nino}`, { as: 'admin' });
    expect(ids(r, 'users', 'id').sort()).toEqual([nino, nina].sort());
    expect(r.headers['x-total-count']).toBe('2');
  });
});

describe('user/usuarios: a search reads its page and total in one statement', () => {
  it('the total counts every match, on every page, also past the last one', async () => {
    const matches = await scalar(t, "SELECT count(*) FROM usuario WHERE email ILIKE '%manitas%'");
    expect(matches).toBeGreaterThan(2);
    const first = await t.call('GET', '/api/user/usuarios?q=manitas&page=1&perPage=2&sort=email', { as: 'admin' });
    expect(first.headers['x-total-count']).toBe(String(matches));
    expect(first.json().users).toHaveLength(2);
    const emails = (first.json().users as { email: string }[]).map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    const past = await t.call('GET', `/api/user/usuarios?q=manitas&page=${matches + 5}&perPage=1`, { as: 'admin' });
    expect(past.json().users).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(matches));
    const none = await t.call('GET', '/api/user/usuarios?q=nadie-se-llama-asi&page=1&perPage=5', { as: 'admin' });
    expect(none.json().users).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('never sends a password hash nor the window total', async () => {
    const r = await t.call('GET', '/api/user/usuarios?q=nino', { as: 'admin' });
    const [u] = r.json().users as Record<string, unknown>[];
    expect(u).toBeDefined();
    expect(Object.keys(u!)).not.toContain('passwordHash');
    expect(Object.keys(u!)).not.toContain('_total');
    expect(r.body).not.toMatch(/\$argon|\$2[aby]\$|scrypt/);
  });
});

describe('learner progress routes (the progreso binding’s extra routes)', () => {
  it('a session is checked before the body: anonymous with a bad body gets 401', async () => {
    await expectRefused(t, () => t.call('POST', '/api/progreso/visto', { body: { id_nivel: 'x' } }), 401);
  });

  it('no body at all names the missing level, as an empty one does', async () => {
    const none = await expectRefused(t, () => t.call('POST', '/api/progreso/visto', { as: 'nino' }), 400, 'El identificador del nivel no es válido.');
    const empty = await expectRefused(
      t,
      () => t.call('POST', '/api/progreso/visto', { as: 'nino', body: {} }),
      400,
      'El identificador del nivel no es válido.',
    );
    expect(none).toEqual(empty);
    expect(empty).toMatchObject({ code: 'VALIDATION', fields: { id_nivel: 'El identificador del nivel no es válido.' } });
  });
});

describe('account routes declare their body schema; the refusals are what validate() gave', () => {
  /** The reply validate(schema, body ?? {}) produced in the handler before the schema was declared. */
  function handlerReply(schema: Parameters<typeof validate>[0], body: unknown) {
    try {
      validate(schema, body ?? {});
    } catch (err) {
      const e = err as AppError;
      return { msg: e.message, code: e.code, fields: e.fields };
    }
    throw new Error('the body was expected to be refused');
  }

  const cases: [string, Parameters<typeof validate>[0], unknown][] = [
    ['/api/user/logIn', loginSchema, { email: 5, password: 'x' }],
    ['/api/user/logIn', loginSchema, ['nino@manitas.test']],
    ['/api/user/register', registerSchema, { nombre: 'Ana', email: ['a@b.c'] }],
    ['/api/user/register', registerSchema, 'texto'],
  ];
  for (const [url, schema, body] of cases) {
    it(`${url} ${JSON.stringify(body)}`, async () => {
      const r = await expectRefused(t, () => t.call('POST', url, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }), 400);
      expect(r).toEqual(handlerReply(schema, body));
    });
  }

  it('logIn with no body at all still answers the spec message', async () => {
    await expectRefused(t, () => t.call('POST', '/api/user/logIn'), 400, 'Todos los campos son obligatorios');
  });
});
