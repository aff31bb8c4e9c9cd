import { readdirSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { clase, claseAlumno, claseProfesor, institucion, usuario } from '../../src/server/db/schema';
import { setPicturePassword } from '../../src/server/auth/pictureSecret';
import { redactText, safeError } from '../../src/server/log-safe';
import { invalidates } from '../../src/server/cache';
import { freshPostgres, multipartBody } from './helpers';

/**
 * Children's privacy: the server's logs carry request ids, routes and codes, never names, e-mails,
 * passwords, hashes, tokens or SQL parameters (DESIGN.md, "Who may reach a child").
 */
interface LogApp {
  app: FastifyInstance;
  logs: () => string;
  close: () => Promise<void>;
}

async function logApp(logLevel: string): Promise<LogApp> {
  let logs = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs += chunk.toString();
      cb();
    },
  });
  // On PostgreSQL a seeded database of its own, copied from the run's template (as makeTestApp
  // does): the worker's database is empty, and these tests need the demo accounts (a duplicate
  // e-mail, a reset link for a known address).
  const pgDatabase = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, inject('pgTemplate')) : null;
  const config = loadConfig({ DATABASE_URL: pgDatabase?.url } as NodeJS.ProcessEnv, {
    dataDir: null,
    seedDemo: !pgDatabase,
    staticDir: null,
    logLevel,
    authRateLimit: 100_000,
  });
  const app = await buildApp(config, { logStream: stream });
  return {
    app,
    logs: () => logs,
    async close() {
      await app.close();
      await pgDatabase?.drop();
      await rm(config.uploadsDir, { recursive: true, force: true });
      await rm(config.outboxDir, { recursive: true, force: true });
    },
  };
}

/** The reset tokens of the mails in the outbox (the only place a link without SMTP goes). */
function outboxTokens(app: FastifyInstance): string[] {
  const dir = app.ctx.config.outboxDir;
  return readdirSync(dir).flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!));
}

let a: LogApp;
beforeAll(async () => {
  a = await logApp('info');
});
afterAll(async () => a?.close());
afterEach(() => vi.unstubAllEnvs());

const DEMO_PASSWORD = 'Manitas2024';
const login = async (app: FastifyInstance, email: string, password = DEMO_PASSWORD) =>
  (await app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email, password } })).json().token as string;

describe('logs', () => {
  it('requests with personal data leave no personal data in the log', async () => {
    const { app } = a;
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
    const logs = a.logs();
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

  it("the API's worst cases leave no e-mail, hash, token or password in the log", async () => {
    const { app } = a;
    const db = app.ctx.database.db;
    const before = a.logs().length;
    const email = 'duplicada.privada@ejemplo.com';
    const password = 'OtraClaveSecreta77';
    const body = {
      nombre: 'Duplicada',
      apellido: 'Privada',
      fechaNacimiento: '2015-03-03',
      email,
      password,
      avatar: 'boy',
      sexo: 'niño',
      phone: '5511223344',
      Credential: 'CRED-PRIV-1',
    };
    // Sign-ups with one e-mail at the same time: one account, the others refused by the unique index.
    const regs = await Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'POST', url: '/api/user/register', payload: body })));
    expect(regs.map((r) => r.statusCode).sort()).toEqual([201, ...Array(11).fill(409)]);
    // Then the plain duplicate, and bad input that used to reach the database.
    expect((await app.inject({ method: 'POST', url: '/api/user/register', payload: body })).statusCode).toBe(409);
    for (const patch of [
      { fechaNacimiento: '2015-02-31' },
      { fechaNacimiento: '0000-01-01' },
      { photo: `javascript:${'a'.repeat(1000)}` },
      { nombre: 'Ana\u202Eassim' },
    ]) {
      const r = await app.inject({ method: 'POST', url: '/api/user/register', payload: { ...body, email: 'otra.privada@ejemplo.com', ...patch } });
      expect(r.statusCode, JSON.stringify(patch)).toBe(400);
    }
    const [row] = await db.select().from(usuario).where(eq(usuario.email, email));
    const hash = row!.passwordHash!;
    expect(hash).toMatch(/^scrypt\$/);

    // A database error whose statement carries an e-mail and a password hash among its parameters.
    // The route is the test's own (the app's routes no longer fail on bad input); the failure and
    // the error handler that logs it are the app's.
    const dbErrorApp = await logApp('info');
    try {
      dbErrorApp.app.post('/api/prueba/error-de-base', { config: invalidates() }, async () => {
        await dbErrorApp.app.ctx.database.db
          .insert(usuario)
          .values({ nombre: 'Repetida', apellido: 'X', email: 'admin@manitas.test', passwordHash: hash, status: true });
        return { ok: true };
      });
      const r = await dbErrorApp.app.inject({ method: 'POST', url: '/api/prueba/error-de-base', payload: {} });
      expect(r.statusCode).toBe(500);
      expect(r.json()).toEqual({ msg: 'Ocurrió un error interno. Inténtalo de nuevo más tarde.', code: 'INTERNAL' });
      const logged = dbErrorApp.logs();
      expect(logged).toContain('error interno');
      // What the operator needs is there: the SQLSTATE and the constraint.
      expect(logged).toContain('"code":"23505"');
      expect(logged).toMatch(/"constraint":"[a-z_]+"/);
      for (const secret of ['admin@manitas.test', hash, hash.split('$')[5]!, 'params:'])
        expect(logged, `log contains ${secret.slice(0, 20)}`).not.toContain(secret);
    } finally {
      await dbErrorApp.close();
    }

    // Recovery without SMTP: the link is in the outbox only.
    expect((await app.inject({ method: 'POST', url: '/api/recuperar', payload: { email } })).statusCode).toBe(200);
    const tokens = outboxTokens(app);
    expect(tokens.length).toBeGreaterThan(0);
    // Bad logins, a session's token, a picture login that fails.
    const adminToken = await login(app, 'admin@manitas.test');
    expect(adminToken).toMatch(/^ey/);
    for (const p of ['mala-clave-1', 'mala-clave-2']) await app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email, password: p } });
    await app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email: 'nadie.privado@ejemplo.com', password: 'mala-clave-3' } });
    const [inst] = await db.insert(institucion).values({ nombre: 'Escuela privada' }).returning();
    const [c] = await db.insert(clase).values({ nombre: 'Clase privada', idInstitucion: inst!.idInstitucion, codigo: 'PRVT34' }).returning();
    const [p] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, 'profesor@manitas.test'));
    await db.insert(claseProfesor).values({ idClase: c!.idClase, idUsuario: p!.id });
    const [kid] = await db.insert(usuario).values({ nombre: 'Niñaprivada', apellido: 'Sinclave', status: true }).returning();
    await db.insert(claseAlumno).values({ idClase: c!.idClase, idUsuario: kid!.id });
    await setPicturePassword(db, kid!.id, ['sol', 'gato', 'casa'], app.ctx.config.jwtSecret);
    const pic = await app.inject({
      method: 'POST',
      url: '/api/user/logInClase',
      payload: { codigo: 'PRVT34', id_usuario: kid!.id, imagenes: ['luna', 'pez', 'flor'] },
    });
    expect(pic.statusCode).toBe(401);
    // Uploads refused: a fake JPEG, an HTML page.
    for (const data of [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script>')]), Buffer.from('<html></html>')]) {
      const { payload, headers } = multipartBody(
        { nombre_nivel: 'Privado', descripcion: 'x', dificultad: 'Fácil' },
        { imagen: { name: 'foto.jpg', data, type: 'image/jpeg' } },
      );
      const r = await app.inject({ method: 'POST', url: '/api/nivel/register', payload, headers: { ...headers, authorization: `Bearer ${adminToken}` } });
      expect(r.statusCode).toBe(400);
    }

    const logs = a.logs().slice(before);
    expect(logs).toContain('solicitud rechazada');
    for (const secret of [
      email,
      'otra.privada@ejemplo.com',
      'nadie.privado@ejemplo.com',
      password,
      'mala-clave-1',
      'mala-clave-3',
      hash,
      hash.split('$')[5]!,
      adminToken,
      adminToken.split('.')[2]!,
      ...tokens,
      'Niñaprivada',
      'CRED-PRIV-1',
      '5511223344',
    ]) {
      expect(logs, `log contains ${secret.slice(0, 20)}`).not.toContain(secret);
    }
    // Nothing shaped like an e-mail, a scrypt hash or a JWT either.
    expect(logs).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(logs).not.toMatch(/scrypt\$\d+\$/);
    expect(logs).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  });

  it('without SMTP the reset link is written to the outbox (0600 in a 0700 folder), not to the log', async () => {
    const { app } = a;
    const before = a.logs().length;
    expect((await app.inject({ method: 'POST', url: '/api/recuperar', payload: { email: 'nino@manitas.test' } })).statusCode).toBe(200);
    const dir = app.ctx.config.outboxDir;
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
    const logs = a.logs().slice(before);
    expect(logs).toContain('outbox');
    expect(logs).not.toContain('restablecer-password');
    for (const tok of outboxTokens(app)) expect(logs).not.toContain(tok);
  });

  it('LOG_LEVEL=debug outside production logs the link (a development aid); in production never', async () => {
    const dev = await logApp('debug');
    try {
      vi.stubEnv('NODE_ENV', 'development');
      await dev.app.inject({ method: 'POST', url: '/api/recuperar', payload: { email: 'nino@manitas.test' } });
      const [tok] = outboxTokens(dev.app);
      expect(dev.logs()).toContain(`restablecer-password?token=${tok}`);
      vi.stubEnv('NODE_ENV', 'production');
      const before = dev.logs().length;
      await dev.app.inject({ method: 'POST', url: '/api/recuperar', payload: { email: 'nina@manitas.test' } });
      expect(outboxTokens(dev.app).length).toBe(2);
      expect(dev.logs().slice(before)).not.toContain('restablecer-password');
    } finally {
      await dev.close();
    }
  });
});

describe('safeError (the log serializer for errors)', () => {
  it("keeps the type, code, constraint and frames; drops drizzle's parameters, quoted values and e-mails", () => {
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "usuario_email_unique"'), {
      code: '23505',
      constraint: 'usuario_email_unique',
      table: 'usuario',
      detail: 'Key (email)=(ana@ejemplo.com) already exists.',
    });
    const drizzle = Object.assign(
      new Error('Failed query: insert into "usuario" ("email", "password_hash") values ($1, $2)\nparams: ana@ejemplo.com,scrypt$16384$8$1$c2FsdA==$aGFzaA=='),
      { query: 'insert into "usuario" ("email", "password_hash") values ($1, $2)', params: ['ana@ejemplo.com'], cause: pg },
    );
    const out = safeError(drizzle);
    const text = JSON.stringify(out);
    expect(out.message).toBe('Failed query');
    expect(out.query).toBe('insert into "usuario" ("email", "password_hash") values ($1, $2)');
    expect(out.cause).toMatchObject({ code: '23505', constraint: 'usuario_email_unique', table: 'usuario' });
    expect(out.stack).toMatch(/^\s+at /);
    for (const s of ['ana@ejemplo.com', 'scrypt$', 'params', 'Key (email)']) expect(text).not.toContain(s);
    expect(redactText('date/time field value out of range: "2015-02-31"')).toBe('date/time field value out of range: "…"');
    expect(redactText('550 mailbox <ana@ejemplo.com> unavailable')).toBe('550 mailbox <[correo]> unavailable');
  });
});
