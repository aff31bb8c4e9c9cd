import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { makeTestApp, type TestApp } from './helpers';
import { DEFAULT_AUTH_RATE_LIMIT } from '../../src/server/config';
import { DEVICE_COOKIE, KNOWN_DEVICE_RULE, UNKNOWN_DEVICE_RULE } from '../../src/server/auth/throttle';

/** The address every tablet of a school shares. */
const SCHOOL = '203.0.113.7';

const reg = (i: number) => ({
  nombre: `Niño${i}`,
  apellido: 'Clase',
  fechaNacimiento: '2017-04-01',
  email: `clase${i}@escuela.test`,
  photo: null,
  password: `clave-${i}-segura`,
  avatar: 'boy',
  sexo: 'niño',
  phone: '5512345678',
  Credential: `ALU-${i}`,
});

/** A tablet: its own cookies (XSRF and, after a login, the device cookie), one address. */
function tablet(t: TestApp, ip = SCHOOL) {
  const jar = new Map<string, string>();
  const keep = (r: LightMyRequestResponse) => {
    for (const c of r.cookies as { name: string; value: string }[]) jar.set(c.name, c.value);
    return r;
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    async post(url: string, payload: unknown, headers: Record<string, string> = {}) {
      if (!jar.has('XSRF-TOKEN')) keep(await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip }));
      return keep(
        await t.app.inject({
          method: 'POST',
          url,
          payload: payload as object,
          remoteAddress: ip,
          headers: { cookie: cookie(), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '', ...headers },
        }),
      );
    },
    login(email: string, password: string) {
      return this.post('/api/user/logIn', { email, password });
    },
  };
}

describe('a class behind one address (default limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ authRateLimit: DEFAULT_AUTH_RATE_LIMIT });
  });
  afterAll(async () => t?.close());

  it('30 sign-ups, 30 logins and 30 recoveries from one address within a minute all succeed', async () => {
    const start = Date.now();
    const tablets = Array.from({ length: 30 }, () => tablet(t));
    const signups = await Promise.all(tablets.map((tab, i) => tab.post('/api/user/register', reg(i))));
    expect(signups.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const logins = await Promise.all(tablets.map((tab, i) => tab.login(reg(i).email, reg(i).password)));
    expect(
      logins.map((r) => r.statusCode),
      logins.find((r) => r.statusCode !== 200)?.body,
    ).toEqual(Array(30).fill(200));
    const recoveries = await Promise.all(tablets.map((tab, i) => tab.post('/api/recuperar', { email: reg(i).email })));
    expect(recoveries.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(Date.now() - start).toBeLessThan(60_000);
  });

  it("a classmate typing wrong passwords locks out their own device, never the child's tablet", async () => {
    const own = tablet(t);
    expect((await own.login('clase0@escuela.test', reg(0).password)).statusCode).toBe(200);
    expect(own.jar.has(DEVICE_COOKIE)).toBe(true);
    // Another tablet behind the same address guesses: after the free failures it must wait.
    const attacker = tablet(t);
    const codes: number[] = [];
    for (let i = 0; i < UNKNOWN_DEVICE_RULE.free + 5; i++) codes.push((await attacker.login('clase0@escuela.test', `adivina-${i}`)).statusCode);
    expect(codes.slice(0, UNKNOWN_DEVICE_RULE.free)).toEqual(Array(UNKNOWN_DEVICE_RULE.free).fill(401));
    expect(codes.slice(UNKNOWN_DEVICE_RULE.free)).toEqual(Array(5).fill(429));
    // The child's own tablet still logs in at once.
    const r = await own.login('clase0@escuela.test', reg(0).password);
    expect(r.statusCode, r.body).toBe(200);
  });

  it('guessing stays stopped: an unknown device waits, even with the right password, and is told how long', async () => {
    const guesser = tablet(t, '198.51.100.9');
    for (let i = 0; i < UNKNOWN_DEVICE_RULE.free; i++) expect((await guesser.login('clase1@escuela.test', `no-${i}`)).statusCode).toBe(401);
    // Right away, another unknown device with the right password waits: the account is throttled
    // for unknown devices (a guesser cannot dodge it by dropping cookies or changing address).
    const fresh = tablet(t, '198.51.100.10');
    const w = await fresh.login('clase1@escuela.test', reg(1).password);
    expect(w.statusCode).toBe(429);
    expect(w.json().code).toBe('RATE_LIMITED');
    expect(w.json().msg).toMatch(/^Demasiados intentos de inicio de sesión\. Espera \d+ segundos? e inténtalo de nuevo\.$/);
    expect(Number(w.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a device cookie that was tampered with counts as an unknown device', async () => {
    const own = tablet(t);
    expect((await own.login('clase2@escuela.test', reg(2).password)).statusCode).toBe(200);
    const value = own.jar.get(DEVICE_COOKIE)!;
    own.jar.set(DEVICE_COOKIE, value.replace(/^[^.]+/, 'AAAAAAAAAAAAAAAA'));
    const guesser = tablet(t, '198.51.100.11');
    for (let i = 0; i < UNKNOWN_DEVICE_RULE.free + 1; i++) await guesser.login('clase2@escuela.test', `no-${i}`);
    expect((await own.login('clase2@escuela.test', reg(2).password)).statusCode).toBe(429);
  });

  it('a known device is throttled too, on its own, after more free failures', async () => {
    const own = tablet(t);
    expect((await own.login('clase3@escuela.test', reg(3).password)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < KNOWN_DEVICE_RULE.free + 2; i++) codes.push((await own.login('clase3@escuela.test', `no-${i}`)).statusCode);
    expect(codes.slice(0, KNOWN_DEVICE_RULE.free)).toEqual(Array(KNOWN_DEVICE_RULE.free).fill(401));
    expect(codes.at(-1)).toBe(429);
    // Its failures are its own: another tablet logs into the account at once.
    const other = tablet(t);
    expect((await other.login('clase3@escuela.test', reg(3).password)).statusCode).toBe(200);
  });
});

describe('the per-address ceiling remains', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ authRateLimit: 4 });
  });
  afterAll(async () => t?.close());

  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email, password }, remoteAddress: ip });

  it('per IP: past AUTH_RATE_LIMIT logins in a minute from one address → 429 with a Spanish message', async () => {
    for (let i = 0; i < 4; i++) expect((await login(`nadie${i}@manitas.test`, 'mal-clave', '10.9.0.1')).statusCode).toBe(401);
    const r = await login('nino@manitas.test', 'Manitas2024', '10.9.0.1');
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual({ msg: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.', code: 'RATE_LIMITED' });
    expect((await login('nino@manitas.test', 'Manitas2024', '10.9.0.2')).statusCode).toBe(200);
  });

  it('registration and recovery are limited per IP too', async () => {
    for (const url of ['/api/user/register', '/api/recuperar']) {
      let last = 0;
      for (let i = 0; i < 5; i++) last = (await t.app.inject({ method: 'POST', url, payload: {}, remoteAddress: `10.7.${url.length}.1` })).statusCode;
      expect(last, url).toBe(429);
    }
  });
});
