import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ authRateLimit: 4 });
});
afterAll(async () => t?.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email, password }, remoteAddress: ip });

describe('rate limits on sign-in, sign-up and recovery', () => {
  it('per IP: the 5th login in a minute from one address → 429 with a Spanish message', async () => {
    for (let i = 0; i < 4; i++) expect((await login('nino@manitas.test', 'mal-clave', '10.9.0.1')).statusCode).toBe(401);
    const r = await login('nino@manitas.test', 'Manitas2024', '10.9.0.1');
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual({ msg: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.', code: 'RATE_LIMITED' });
    expect((await login('nino@manitas.test', 'Manitas2024', '10.9.0.2')).statusCode).toBe(200);
  });

  it('per email: 10 failures from many addresses lock that email, even with the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await login('nina@manitas.test', 'mal-clave', `10.8.${i}.1`)).statusCode).toBe(401);
    const r = await login('nina@manitas.test', 'Manitas2024', '10.8.99.1');
    expect(r.statusCode).toBe(429);
    expect(r.json().msg).toBe('Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.');
    expect((await login('profesor@manitas.test', 'Manitas2024', '10.8.99.2')).statusCode).toBe(200);
  });

  it('registration and recovery are limited per IP too', async () => {
    for (const url of ['/api/user/register', '/api/recuperar']) {
      let last = 0;
      for (let i = 0; i < 5; i++) last = (await t.app.inject({ method: 'POST', url, payload: {}, remoteAddress: `10.7.${url.length}.1` })).statusCode;
      expect(last, url).toBe(429);
    }
  });
});
