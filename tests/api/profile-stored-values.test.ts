import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { PROFILE_PHONE_MSG } from '../../src/shared/validation/registration';

/**
 * A record that was valid stays editable: sign-up accepts a phone of 7–15 digits with '+' and
 * names up to 120 characters; the profile asks for 10 digits and names up to 100. A stored value
 * sent back unchanged is never refused; a changed one meets the profile's rule.
 */
let t: TestApp;
let id: number;
let token: string;
const LONG = 'Maximiliano'.repeat(10).slice(0, 110);
const PHONE = '+34612345678';

beforeAll(async () => {
  t = await makeTestApp();
  const email = `stored${Date.now()}@ejemplo.com`;
  const reg = await t.call('POST', '/api/user/register', {
    body: {
      nombre: LONG,
      apellido: 'Ruiz',
      fechaNacimiento: '2016-02-03',
      email,
      photo: null,
      password: 'secreto123',
      avatar: 'boy',
      sexo: 'niño',
      phone: PHONE,
      Credential: 'ALU-9',
    },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  id = reg.json().data.id;
  const login = await t.call('POST', '/api/user/logIn', { body: { email, password: 'secreto123' } });
  token = login.json().token;
});
afterAll(async () => t?.close());

const record = async () => (await t.call('GET', `/api/user/${id}`, { as: 'admin' })).json().data as Record<string, unknown>;

describe('stored values stay editable', () => {
  it('an admin deactivates and reactivates the child with the whole record (the status toggle)', async () => {
    const rec = await record();
    expect(rec.phone).toBe(PHONE);
    const off = await t.call('PUT', `/api/user/${id}`, { as: 'admin', body: { ...rec, status: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().msg).toBe('Usuario desactivado correctamente.');
    const on = await t.call('PUT', `/api/user/${id}`, { as: 'admin', body: { ...(await record()), status: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect((await record()).phone).toBe(PHONE);
  });

  it('the child saves a new avatar without retyping the phone or shortening the name', async () => {
    const login = await t.call('POST', '/api/user/logIn', { body: { email: (await record()).email, password: 'secreto123' } });
    token = login.json().token;
    const r = await t.call('PUT', `/api/user/${id}`, {
      as: token,
      body: { nombre: LONG, apellido: 'Ruiz', phone: ` ${PHONE} `, avatar: 'girl', sexo: 'niño', fechaNacimiento: '2016-02-03' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ avatar: 'girl', phone: PHONE, nombre: LONG });
  });

  it('a changed value meets the profile rule', async () => {
    const bad = await t.call('PUT', `/api/user/${id}`, { as: token, body: { nombre: LONG, phone: '+34600000000' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(PROFILE_PHONE_MSG);
    const longer = await t.call('PUT', `/api/user/${id}`, { as: token, body: { nombre: `${LONG}x` } });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().msg).toBe('El nombre es demasiado largo.');
    const ok = await t.call('PUT', `/api/user/${id}`, { as: token, body: { nombre: 'Max', phone: '5512345678' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ nombre: 'Max', phone: '5512345678' });
  });

  it('a missing name is still refused (the rule is not skipped for an empty value)', async () => {
    const r = await t.call('PUT', `/api/user/${id}`, { as: token, body: { nombre: '  ' } });
    expect(r.statusCode).toBe(400);
  });

  it('every stored user, sent back exactly as read, is accepted (the whole family of create/update rule gaps)', async () => {
    const users = (await t.call('GET', '/api/user/usuarios', { as: 'superadmin' })).json().users as Record<string, unknown>[];
    expect(users.length).toBeGreaterThanOrEqual(6);
    for (const u of users) {
      const r = await t.call('PUT', `/api/user/${u.id}`, { as: 'superadmin', body: u });
      expect(r.statusCode, `${u.email}: ${r.body}`).toBe(200);
    }
  });
});
