import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { FastifyInstance } from 'fastify';

/** Children's privacy: the server's logs carry ids, never names, emails, passwords or tokens. */
let app: FastifyInstance;
let logs = '';
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs += chunk.toString();
      cb();
    },
  });
  app = await buildApp(
    loadConfig({ DATABASE_URL: process.env.DATABASE_URL } as NodeJS.ProcessEnv, {
      dataDir: null,
      seedDemo: !process.env.DATABASE_URL,
      staticDir: null,
      logLevel: 'info',
    }),
    { logStream: stream },
  );
});
afterAll(async () => app?.close());

describe('logs', () => {
  it('requests with personal data leave no personal data in the log', async () => {
    const email = 'privada.nina@ejemplo.com';
    const reg = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        nombre: 'Valentina',
        apellido: 'Secreta',
        fechaNacimiento: '2016-01-01',
        email,
        password: 'ClaveSecreta99',
        avatar: 'girl',
        sexo: 'niña',
        phone: '5598765432',
        Credential: 'CRED-XYZ',
      },
    });
    expect(reg.statusCode).toBe(201);
    const login = await app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email, password: 'ClaveSecreta99' } });
    const token = login.json().token as string;
    await app.inject({
      method: 'GET',
      url: `/api/user/${login.json().usuario.id}`,
      headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=abcdefabcdefabcdef' },
    });
    await app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email, password: 'equivocada1' } });
    await app.inject({ method: 'POST', url: '/api/recuperar', payload: { email } });
    await app.inject({ method: 'GET', url: '/restablecer-password?token=secreto-del-enlace' });
    expect(logs.length).toBeGreaterThan(100);
    for (const secret of [
      email,
      'Valentina',
      'Secreta',
      'ClaveSecreta99',
      'equivocada1',
      '5598765432',
      'CRED-XYZ',
      token,
      token.split('.')[1]!,
      'abcdefabcdefabcdef',
      'secreto-del-enlace',
    ]) {
      expect(logs, `log contains ${secret.slice(0, 20)}`).not.toContain(secret);
    }
  });
});
