import { randomUUID } from 'node:crypto';
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db';
import { signToken } from '../../src/server/auth/jwt';
import { clase, claseAlumno, claseProfesor, institucion, usuario } from '../../src/server/db/schema';
import { ALL_TABLES } from '../../src/server/db/tables';
import type { Mailer, MailMessage } from '../../src/server/mail';
import { adminQuery } from './pg-admin';
import { isChoiceQuestion } from '../../src/shared/rules/quiz';

/** A valid POST /api/user/register body for a new learner (a fresh email each call), with `patch` over it. */
export const registration = (patch: Record<string, unknown> = {}) => ({
  nombre: 'Ana',
  apellido: 'Ruiz',
  fechaNacimiento: '2015-04-01',
  email: `ana${Math.random().toString(36).slice(2, 8)}@ejemplo.com`,
  photo: null,
  password: 'secreto123',
  avatar: 'girl',
  sexo: 'niña',
  phone: '5512345678',
  Credential: 'ALU-1',
  ...patch,
});

/**
 * A second app on a test app's database, as a second server process would be (same secret, same
 * uploads; on PGlite the same embedded database, which has one process): for what two instances
 * must agree on. Its sign-in rate limit is high, so only the first app's limits are under test.
 */
export async function secondApp(t: TestApp) {
  const config = loadConfig({ DATABASE_URL: t.config.databaseUrl ?? undefined } as NodeJS.ProcessEnv, {
    dataDir: null,
    seedDemo: false,
    staticDir: null,
    logLevel: 'silent',
    authRateLimit: 1000,
    jwtSecret: t.config.jwtSecret,
    uploadsDir: t.config.uploadsDir,
  });
  return buildApp(config, { logger: false, ...(process.env.DATABASE_URL ? {} : { database: t.database }) });
}

export { DEMO, type DemoUser } from '../support/demo-accounts';
import { DEMO, type DemoUser } from '../support/demo-accounts';

/**
 * On PostgreSQL each test app gets a database of its own, made for it and dropped when it closes:
 * a copy of the run's seeded template (tests/api/global-setup.ts) when the demo is wanted, an empty
 * one otherwise. Two apps of one file (an app next to a plain one, two hosts over one database)
 * never empty each other's database.
 */
export async function freshPostgres(workerUrl: string, template: string | null): Promise<{ url: string; drop(): Promise<void> }> {
  const maintenance = process.env.MANITAS_TEST_DB_BASE ?? workerUrl;
  const url = new URL(workerUrl);
  const name = `${url.pathname.slice(1)}_${randomUUID().slice(0, 8)}`;
  await adminQuery(maintenance, [`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`]);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(maintenance, [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]) };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  mails: MailMessage[];
  /** A bearer token for a demo account (made directly, so tests do not depend on the login route). */
  token(who: DemoUser): Promise<string>;
  userId(who: DemoUser): Promise<number>;
  /** app.inject with an optional bearer token for a demo user or a raw token. */
  call(method: string, url: string, opts?: { as?: DemoUser | string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let tarOfTemplate: { dir: string; tar: Promise<Blob> } | null = null;
function templateTar(dir: string): Promise<Blob> {
  if (tarOfTemplate?.dir !== dir) tarOfTemplate = { dir, tar: readFile(path.join(dir, 'pgdata.tar')).then((b) => new Blob([b])) };
  return tarOfTemplate.tar;
}

/**
 * Builds the app on a fresh database with the demo seed: in-memory PGlite, or the PostgreSQL of
 * DATABASE_URL (emptied first) when that is set — so the same tests cover both paths.
 */
export async function makeTestApp(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}, build: Pick<BuildOptions, 'jobs'> = {}): Promise<TestApp> {
  const seed = overrides.seedDemo ?? true;
  const pgDatabase = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, seed ? inject('pgTemplate') : null) : null;
  const databaseUrl = pgDatabase?.url ?? null;
  const config = loadConfig({ ...env, DATABASE_URL: databaseUrl ?? undefined } as NodeJS.ProcessEnv, {
    dataDir: null,
    seedDemo: true,
    staticDir: null,
    logLevel: 'silent',
    authRateLimit: 1000,
    ...overrides,
  });
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(m) {
      mails.push(m);
    },
  };
  // Start from the run's seeded copy (tests/api/global-setup.ts): its files, and on the embedded
  // database its data directory (on PostgreSQL the database was made from the template above).
  const template = config.seedDemo ? inject('apiTemplate') : null;
  let seeded: Database | undefined;
  if (template) {
    await cp(path.join(template, 'uploads'), config.uploadsDir, { recursive: true });
    if (!databaseUrl) seeded = await openDatabase({ databaseUrl: null, dataDir: null, from: await templateTar(template) });
  }
  const app = await buildApp(config, { logger: false, mailer, ...build, ...(seeded ? { database: seeded } : {}) });
  const database = app.ctx.database;
  const ids = new Map<string, number>();
  const userId = async (who: DemoUser) => {
    if (!ids.has(who)) {
      const [u] = await database.db
        .select({ id: usuario.id })
        .from(usuario)
        .where(eq(sql`lower(${usuario.email})`, DEMO[who]));
      if (!u) throw new Error(`demo user ${who} missing`);
      ids.set(who, u.id);
    }
    return ids.get(who)!;
  };
  const token = async (who: DemoUser) => {
    const id = await userId(who);
    const [u] = await database.db.select({ tv: usuario.tokenVersion }).from(usuario).where(eq(usuario.id, id));
    return await signToken({ sub: id, tv: u!.tv }, config.jwtSecret, 3600);
  };
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.as) headers.authorization = `Bearer ${opts.as in DEMO ? await token(opts.as as DemoUser) : opts.as}`;
    // A plain object is sent as JSON; a Buffer (see multipartBody) as it is, with opts.headers.
    return app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as string } : {}),
    });
  };
  return {
    app,
    config,
    database,
    mails,
    token,
    userId,
    call,
    async close() {
      await app.close();
      await database.close();
      await pgDatabase?.drop();
      await rm(config.uploadsDir, { recursive: true, force: true });
      await rm(config.outboxDir, { recursive: true, force: true });
    },
  };
}

/**
 * Tables that requests write by design even when they change nothing else (a refused guess, a
 * logout), and so left out of the "nothing changed" checks (snapshotCounts, the fuzz suite's checksums). Every other table of the schema is in them.
 */
export const WRITTEN_BY_DESIGN: Readonly<Record<string, string>> = {
  limite_intento: 'a refused guess is counted: that is what the guessing limits are',
  limite_ventana: 'a request under a per-address or per-e-mail ceiling is counted, refused or not',
  sesion_revocada: 'logging out records the session it ends (the access matrix calls every route, logout too)',
};

/** The tables the "nothing changed" checks compare: the schema's, minus WRITTEN_BY_DESIGN. */
export const CHECKED_TABLES: readonly string[] = ALL_TABLES.filter((t) => !(t in WRITTEN_BY_DESIGN));

/** Every row of every checked table as one string: an UPDATE shows up too, not only inserts and deletes. */
export async function tableChecksum(database: Database): Promise<string> {
  const q = CHECKED_TABLES.map((x) => `SELECT '${x}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${x} x`).join(' UNION ALL ');
  return (await database.raw(q)).rows.map((row) => `${row.t}:${row.h}`).join(',');
}

/** Row counts of every checked table: compare before/after a refused request to prove nothing changed. */
export async function snapshotCounts(database: Database): Promise<Record<string, number>> {
  const tables = CHECKED_TABLES;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await database.raw(`SELECT count(*)::int AS n FROM ${t}`);
    out[t] = Number(r.rows[0]!.n);
  }
  return out;
}

/** A multipart body for app.inject (fields + optional files). */
export function multipartBody(fields: Record<string, string | number | boolean>, files: Record<string, { name: string; data: Buffer; type?: string }> = {}) {
  const boundary = `----manitas${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Tiny valid files for upload tests. */
export const FILES = {
  png: Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ),
  gif: Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex'),
  // A real 1 × 1 JPEG: an upload must decode, magic bytes alone are refused (src/server/media/inspect.ts).
  jpeg: Buffer.from(
    'ffd8ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763' +
      'ffdb0043011112121815182f1a1a2f634238426363636363636363636363636363636363636363636363636363636363636363636363636363636363636363636363636363' +
      'ffc00011080001000103012200021101031101ffc4001500010100000000000000000000000000000007ffc40014100100000000000000000000000000000000' +
      'ffc40014010100000000000000000000000000000000ffc40014110100000000000000000000000000000000ffda000c03010002110311003f00a0000fffd9',
    'hex',
  ),
  mp3: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 0)]),
  html: Buffer.from('<html><script>alert(1)</script></html>'),
};

/**
 * The demo profesor's class with the demo children in it: a profesor reaches only the children of
 * their classes (docs/decisions.md, "Who may see what"), so tests of the teacher's views start here.
 */
export async function demoClass(t: TestApp, children: DemoUser[] = ['nino', 'nina']): Promise<number> {
  const { db } = t.database;
  const [inst] = await db.select({ id: institucion.idInstitucion }).from(institucion).limit(1);
  const [c] = await db.insert(clase).values({ nombre: 'Clase de prueba', idInstitucion: inst!.id, codigo: 'DEMO34' }).returning({ id: clase.idClase });
  await db.insert(claseProfesor).values({ idClase: c!.id, idUsuario: await t.userId('profesor') });
  for (const who of children) await db.insert(claseAlumno).values({ idClase: c!.id, idUsuario: await t.userId(who) });
  return c!.id;
}

/**
 * The answers to the first quiz that has questions, as the demo child reads it: each choice
 * question its first answer, each written one 'x' (a body for POST /api/resultados/save-multiple).
 */
export async function firstQuizAnswers(t: TestApp) {
  const det = (await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' })).json().data as {
    id_nivel: number;
    preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number }[] }[];
  }[];
  const ev = det.find((e) => e.preguntas.length)!;
  return ev.preguntas.map((p) =>
    isChoiceQuestion(p.Tipo)
      ? { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, id_respuesta: p.respuestas[0]!.id_respuesta }
      : { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, respuesta: 'x' },
  );
}
