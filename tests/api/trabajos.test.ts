import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { FastifyInstance } from 'fastify';
import { demoClass, makeTestApp, type TestApp } from './helpers';
import { folderListing, sendForm } from './content-helpers';
import { buildApp } from '../../src/server/app';
import { multimedia, rol, usuario } from '../../src/server/db/schema';
import { signToken } from '../../src/server/auth/jwt';
import { makeSampleGif } from '../../scripts/bench/gif-samples';
import {
  COMPACT_QUEUE,
  compactOne,
  enqueueCompact,
  enqueueReview,
  REVIEW_QUEUE,
  type CompactJob,
  type CompactOutcome,
} from '../../src/server/maintenance/compact-media';
import { PGBOSS_SCHEMA } from '../../src/server/jobs/pgboss';
import type { JobTuning } from '../../src/server/jobs/queue';
import {
  TRABAJO_EN_ESPERA_MSG,
  TRABAJO_INTENTOS_MSG,
  TRABAJO_NO_EXISTE_MSG,
  TRABAJO_NO_FALLIDO_MSG,
  TRABAJO_REINTENTADO_MSG,
  TRABAJOS_ESTADO_MSG,
} from '../../src/server/resources/trabajos/routes';

/**
 * Background jobs (src/server/jobs): retries and failures an admin can see at GET /api/trabajos,
 * on the embedded database (in-process runner) and on PostgreSQL (pg-boss); on PostgreSQL also a
 * host dying mid-job and two hosts working one queue.
 */
const QUICK: Partial<JobTuning> = {
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: true,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 5,
  maintenanceIntervalSeconds: 1,
};
/** A file name the server could have made, whose file is not stored. */
const MISSING = 'uploads/multimedia/ffffffffffffffffffffffff-ffffff.gif';

let t: TestApp;
let word: number;
let sign: Buffer;
beforeAll(async () => {
  t = await makeTestApp({}, {}, { jobs: QUICK });
  word = Number((await t.database.raw('SELECT id_palabra AS id FROM palabra ORDER BY id_palabra LIMIT 1')).rows[0]!.id);
  sign = (await makeSampleGif({ kind: 'camera', width: 320, height: 240, fps: 10, seconds: 1, seed: 7 })).gif;
}, 120_000);
afterAll(async () => t?.close());

let demo: ReturnType<typeof demoClass> | null = null;
/** The demo class (its profesor teaches the demo children), made once for the whole file. */
const ensureDemoClass = () => (demo ??= demoClass(t));

const row = async (id: number) => (await t.database.db.select().from(multimedia).where(eq(multimedia.id, id)))[0]!;

async function uploadGif(app: TestApp = t) {
  const r = await sendForm(
    app,
    'POST',
    '/api/multimedia/register',
    'admin',
    { tipo: 'gif', descripcion: 'gifSena', id_palabra: word },
    { file: { name: 's.gif', data: sign } },
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data as { id: number; url: string; compacta: unknown };
}

/** Records what each compact job did on this app (the real handler underneath). */
function recordOutcomes(app: FastifyInstance, into: CompactOutcome[]) {
  app.ctx.jobs.define<CompactJob>(COMPACT_QUEUE, async (job) => {
    into.push(await compactOne(app.ctx, job));
  });
}

describe('GET /api/trabajos: who may see the jobs', () => {
  it('anonymous 401; usuario, a profesor of a class and a profesor of another class 403; admin and superadmin 200', async () => {
    await ensureDemoClass();
    // A profesor who teaches no class of the demo (another class's teacher).
    const [p] = await t.database.db
      .insert(usuario)
      .values({ nombre: 'Otra', apellido: 'Profe', email: 'otra.profe.trabajos@manitas.test', status: true })
      .returning();
    await t.database.db.insert(rol).values({ nombre: 'profesor', idUsuario: p!.id });
    const other = await signToken({ sub: p!.id, tv: p!.tokenVersion }, t.config.jwtSecret, 3600);
    expect((await t.call('GET', '/api/trabajos?estado=fallido')).statusCode).toBe(401);
    for (const who of ['nino', 'profesor', other] as const) {
      const r = await t.call('GET', '/api/trabajos?estado=fallido', { as: who });
      expect(r.statusCode, String(who)).toBe(403);
      expect(r.json()).toEqual({ msg: 'No tienes permiso para realizar esta acción.', code: 'FORBIDDEN' });
    }
    // Sent together they are refused alike.
    const together = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.call('GET', '/api/trabajos?estado=fallido', { as: [`nino`, 'profesor', other][i % 3]! })),
    );
    expect(together.map((r) => r.statusCode)).toEqual(Array(40).fill(403));
    for (const who of ['admin', 'superadmin'] as const) {
      const r = await t.call('GET', '/api/trabajos?estado=fallido', { as: who });
      expect(r.statusCode, who).toBe(200);
      expect(r.json()).toEqual({ data: expect.any(Array) });
    }
  });

  it('an unknown estado or parameter: 400 with the Spanish message', async () => {
    for (const q of ['estado=roto', 'estado=', 'otra=1']) {
      const r = await t.call('GET', `/api/trabajos?${q}`, { as: 'admin' });
      expect(r.statusCode, q).toBe(400);
      expect(r.json()).toEqual({ msg: TRABAJOS_ESTADO_MSG, code: 'INVALID_QUERY', fields: { estado: TRABAJOS_ESTADO_MSG } });
    }
  });
});

describe('retries and failures', () => {
  it('a job that keeps failing is retried with backoff, then listed as failed for an admin; the row keeps its GIF', async () => {
    const up = await uploadGif();
    await t.app.ctx.jobs.idle(60_000);
    // The row now names a GIF whose file is gone (as when a store lost it): the job cannot read it.
    await t.database.raw('UPDATE multimedia SET url = $2, url_compacta = NULL, tamano_compacta = NULL WHERE id = $1', [up.id, MISSING]);
    const started = Date.now();
    expect(await enqueueCompact(t.app.ctx.jobs, { id: up.id, url: MISSING })).not.toBeNull();
    await t.app.ctx.jobs.idle(60_000);
    // Two retries after the first try, the second waiting longer (backoff): at least 1 s + 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    const r = await t.call('GET', '/api/trabajos?estado=fallido', { as: 'admin' });
    const mine = (r.json().data as { datos: unknown }[]).filter((j) => JSON.stringify(j.datos) === JSON.stringify({ id: up.id, url: MISSING }));
    expect(mine).toEqual([
      {
        id: expect.any(String),
        cola: COMPACT_QUEUE,
        estado: 'fallido',
        datos: { id: up.id, url: MISSING },
        intentos: 3,
        error: `El archivo del GIF de la multimedia ${up.id} no está en el almacenamiento.`,
        creado: expect.any(String),
        terminado: expect.any(String),
        descripcion: expect.stringMatching(/^Copia compacta del GIF de «.+» \(.+\)$/),
      },
    ]);
    expect(await row(up.id)).toMatchObject({ url: MISSING, urlCompacta: null, tamanoCompacta: null });
    // Nothing waits or runs any more.
    expect((await t.call('GET', '/api/trabajos?estado=pendiente', { as: 'admin' })).json().data).toEqual([]);
  });

  it('a job that fails once is retried and succeeds: the copy exists and no failure is listed', async () => {
    let calls = 0;
    t.app.ctx.jobs.define<CompactJob>(COMPACT_QUEUE, async (job) => {
      if (++calls === 1) throw new Error('fallo pasajero');
      await compactOne(t.app.ctx, job);
    });
    try {
      const failedBefore = (await t.call('GET', '/api/trabajos?estado=fallido', { as: 'admin' })).json().data.length;
      const up = await uploadGif();
      expect(up.compacta).toBeNull();
      await t.app.ctx.jobs.idle(60_000);
      expect(calls).toBe(2);
      expect((await row(up.id)).urlCompacta).toMatch(/\.webp$/);
      expect((await t.call('GET', '/api/trabajos?estado=fallido', { as: 'admin' })).json().data).toHaveLength(failedBefore);
    } finally {
      recordOutcomes(t.app, []);
    }
  });
});

/** The roles that must be refused the job routes: a child, a profesor of a class, a profesor of another class. */
async function refusedRoles(): Promise<(string | 'nino' | 'profesor')[]> {
  await ensureDemoClass();
  const email = 'otra.profe.reintentar@manitas.test';
  let [p] = await t.database.db.select().from(usuario).where(eq(usuario.email, email));
  if (!p) {
    [p] = await t.database.db.insert(usuario).values({ nombre: 'Otra', apellido: 'Profe', email, status: true }).returning();
    await t.database.db.insert(rol).values({ nombre: 'profesor', idUsuario: p!.id });
  }
  return ['nino', 'profesor', await signToken({ sub: p!.id, tv: p!.tokenVersion }, t.config.jwtSecret, 3600)];
}

/** A GIF row whose file is gone and whose compact job failed every try; returns the row and the failed job's id. */
async function failedCompactJob(): Promise<{ media: number; job: string; missing: string }> {
  const up = await uploadGif();
  await t.app.ctx.jobs.idle(60_000);
  // A name of the server's form no other test uses: the job data (and singleton key) is this job's own.
  const missing = `uploads/multimedia/${String(up.id).padStart(24, 'e')}-eeeeee.gif`;
  await t.database.raw('UPDATE multimedia SET url = $2, url_compacta = NULL, tamano_compacta = NULL WHERE id = $1', [up.id, missing]);
  expect(await enqueueCompact(t.app.ctx.jobs, { id: up.id, url: missing })).not.toBeNull();
  await t.app.ctx.jobs.idle(60_000);
  const failed = (await t.call('GET', '/api/trabajos?estado=fallido', { as: 'admin' })).json().data as { id: string; datos: { id: number } }[];
  const job = failed.find((j) => j.datos.id === up.id);
  expect(job).toBeDefined();
  return { media: up.id, job: job!.id, missing };
}

const failedIds = async () => ((await t.call('GET', '/api/trabajos?estado=fallido', { as: 'admin' })).json().data as { id: string }[]).map((j) => j.id);

describe('POST /api/trabajos/:id/reintentar: an admin retries a failed job', () => {
  it('anonymous 401; a child, a profesor and a profesor of another class 403 (one at a time and 40 together); the job stays failed', async () => {
    const { job } = await failedCompactJob();
    const url = `/api/trabajos/${job}/reintentar`;
    expect((await t.call('POST', url, { body: { intentos: 3 } })).statusCode).toBe(401);
    const refused = await refusedRoles();
    for (const who of refused) {
      const r = await t.call('POST', url, { as: who, body: { intentos: 3 } });
      expect(r.statusCode, String(who)).toBe(403);
      expect(r.json()).toEqual({ msg: 'No tienes permiso para realizar esta acción.', code: 'FORBIDDEN' });
    }
    const together = await Promise.all(Array.from({ length: 40 }, (_, i) => t.call('POST', url, { as: refused[i % 3], body: { intentos: 3 } })));
    expect(together.map((r) => r.statusCode)).toEqual(Array(40).fill(403));
    expect(await failedIds()).toContain(job);
    expect((await t.call('GET', '/api/trabajos?estado=pendiente', { as: 'admin' })).json().data).toEqual([]);
  });

  it('a retry without the tries seen, or with a bad value: 400 with the Spanish message, the job stays failed', async () => {
    const { job } = await failedCompactJob();
    for (const body of [undefined, {}, { intentos: 0 }, { intentos: 2.5 }, { intentos: '3' }, { intentos: 3, otra: 1 }]) {
      const r = await t.call('POST', `/api/trabajos/${job}/reintentar`, { as: 'admin', body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toEqual({ msg: TRABAJO_INTENTOS_MSG, code: 'VALIDATION', fields: { intentos: TRABAJO_INTENTOS_MSG } });
    }
    expect(await failedIds()).toContain(job);
    expect((await t.call('GET', '/api/trabajos?estado=pendiente', { as: 'admin' })).json().data).toEqual([]);
  });

  it('an unknown id: 404 with the Spanish message, nothing retried', async () => {
    const before = await failedIds();
    for (const id of ['no-existe', '00000000-0000-0000-0000-000000000000', 'local-999999', 'x'.repeat(90)]) {
      const r = await t.call('POST', `/api/trabajos/${id}/reintentar`, { as: 'admin', body: { intentos: 3 } });
      expect(r.statusCode, id).toBe(404);
      expect(r.json()).toEqual({ msg: TRABAJO_NO_EXISTE_MSG, code: 'NOT_FOUND' });
    }
    expect(await failedIds()).toEqual(before);
  });

  it('40 retries of the same job sent at once: one is accepted (the others 409), the job runs once more and is listed failed again with one more try', async () => {
    const { media, job } = await failedCompactJob();
    let runs = 0;
    t.app.ctx.jobs.define<CompactJob>(COMPACT_QUEUE, async (data) => {
      if (data.id === media) runs++;
      await compactOne(t.app.ctx, data);
    });
    try {
      const rs = await Promise.all(
        Array.from({ length: 40 }, (_, i) => t.call('POST', `/api/trabajos/${job}/reintentar`, { as: i % 2 ? 'admin' : 'superadmin', body: { intentos: 3 } })),
      );
      const ok = rs.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.json()).toEqual({ msg: TRABAJO_REINTENTADO_MSG, data: { id: job } });
      const others = rs.filter((r) => r.statusCode !== 200);
      expect(others.map((r) => r.statusCode)).toEqual(Array(39).fill(409));
      for (const r of others) expect(r.json()).toEqual({ msg: TRABAJO_NO_FALLIDO_MSG, code: 'JOB_NOT_FAILED' });
      await t.app.ctx.jobs.idle(60_000);
      expect(runs).toBe(1);
      const again = (
        (await t.call('GET', '/api/trabajos?estado=fallido', { as: 'admin' })).json().data as { id: string; intentos: number; error: string }[]
      ).filter((j) => j.id === job);
      expect(again).toEqual([
        expect.objectContaining({ id: job, intentos: 4, error: `El archivo del GIF de la multimedia ${media} no está en el almacenamiento.` }),
      ]);
      // A click late on the failure already retried (3 tries) is refused: the job now shows 4.
      const late = await t.call('POST', `/api/trabajos/${job}/reintentar`, { as: 'admin', body: { intentos: 3 } });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ msg: TRABAJO_NO_FALLIDO_MSG, code: 'JOB_NOT_FAILED' });
      // Asked again for the failure now listed: accepted again (one more try each time).
      expect((await t.call('POST', `/api/trabajos/${job}/reintentar`, { as: 'admin', body: { intentos: 4 } })).statusCode).toBe(200);
      await t.app.ctx.jobs.idle(60_000);
      expect(runs).toBe(2);
    } finally {
      recordOutcomes(t.app, []);
    }
  });

  it('a retry after the cause is fixed makes the compact copy: the job leaves the failed list and the row gets its WebP', async () => {
    const { media, job, missing } = await failedCompactJob();
    // The file comes back (as when a store's object is restored).
    writeFileSync(path.join(t.config.uploadsDir, 'multimedia', path.basename(missing)), sign);
    const r = await t.call('POST', `/api/trabajos/${job}/reintentar`, { as: 'admin', body: { intentos: 3 } });
    expect(r.statusCode, r.body).toBe(200);
    // At once: no longer listed as failed.
    expect(await failedIds()).not.toContain(job);
    await t.app.ctx.jobs.idle(60_000);
    expect(await failedIds()).not.toContain(job);
    expect((await row(media)).urlCompacta).toMatch(/\.webp$/);
    // Done: nothing left to retry.
    const done = await t.call('POST', `/api/trabajos/${job}/reintentar`, { as: 'admin', body: { intentos: 4 } });
    expect(done.statusCode).toBe(t.app.ctx.jobs.kind === 'pg-boss' ? 409 : 404);
  });

  it('while an equal job already waits, the retry is refused with 409 and the failed job stays listed', async () => {
    const { media, job, missing } = await failedCompactJob();
    // Hold the worker so the new equal job stays waiting.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    t.app.ctx.jobs.define<CompactJob>(COMPACT_QUEUE, async () => held);
    try {
      const blocker = await uploadGif();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await enqueueCompact(t.app.ctx.jobs, { id: media, url: missing })).not.toBeNull();
      const r = await t.call('POST', `/api/trabajos/${job}/reintentar`, { as: 'admin', body: { intentos: 3 } });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ msg: TRABAJO_EN_ESPERA_MSG, code: 'JOB_ALREADY_QUEUED' });
      expect(await failedIds()).toContain(job);
      expect(blocker.id).toBeGreaterThan(0);
    } finally {
      recordOutcomes(t.app, []);
      release();
      await t.app.ctx.jobs.idle(60_000);
    }
  });
});

// Runs in the PostgreSQL pass only (skipped on PGlite: pg-boss needs a PostgreSQL server, and the
// embedded database's in-process runner has no other host).
describe.runIf(process.env.DATABASE_URL)('pg-boss on PostgreSQL: several hosts', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    // A second app process (another host) over the same database and the same stored files.
    other = await buildApp({ ...t.config, seedDemo: false }, { logger: false, jobs: QUICK });
  });
  afterAll(async () => other?.close());

  it('uses pg-boss', () => {
    expect(t.app.ctx.jobs.kind).toBe('pg-boss');
    expect(other.ctx.jobs.kind).toBe('pg-boss');
  });

  it("a host that dies holding a job loses nothing: the job expires and the other host's worker does it", async () => {
    const up = await uploadGif();
    await t.app.ctx.jobs.idle(60_000);
    const done = await row(up.id);
    await t.app.ctx.storage.remove('multimedia', done.urlCompacta);
    await t.database.raw('UPDATE multimedia SET url_compacta = NULL, tamano_compacta = NULL WHERE id = $1', [up.id]);
    // The dying host: takes the job (it is now "active") and stops without finishing it. The job is
    // sent to start later so only this host's fetch (which ignores that) can take it first.
    const dying = new PgBoss({ connectionString: t.config.databaseUrl!, schema: PGBOSS_SCHEMA, supervise: false, schedule: false });
    await dying.start();
    const id = await dying.send(COMPACT_QUEUE, { id: up.id, url: up.url }, { startAfter: 3600 });
    const [taken] = await dying.fetch<CompactJob>(COMPACT_QUEUE, { ignoreStartAfter: true });
    expect(taken?.id).toBe(id);
    await dying.stop({ graceful: false, close: true, wait: true });
    expect((await t.call('GET', '/api/trabajos?estado=en_curso', { as: 'admin' })).json().data.map((j: { id: string }) => j.id)).toContain(id);
    // After its expiry (5 s) the maintenance puts it back; a live worker finishes it.
    await t.app.ctx.jobs.idle(60_000);
    expect((await row(up.id)).urlCompacta).toMatch(/\.webp$/);
  });

  it('two workers, many jobs for one GIF sent from both hosts at once: the compact copy is made once', async () => {
    const outcomes: CompactOutcome[] = [];
    recordOutcomes(t.app, outcomes);
    recordOutcomes(other, outcomes);
    try {
      const up = await uploadGif();
      const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => enqueueCompact((i % 2 ? t.app : other).ctx.jobs, { id: up.id, url: up.url })));
      await t.app.ctx.jobs.idle(60_000);
      const webps = folderListing(t, 'multimedia').filter((f) => f.endsWith('.webp'));
      expect(outcomes.filter((o) => o === 'saved')).toHaveLength(1);
      // No second encoding whose file had to be thrown away.
      expect(outcomes.filter((o) => o === 'changed')).toEqual([]);
      const r = await row(up.id);
      expect(webps).toContain(r.urlCompacta!.split('/').pop());
      // Most sends were dropped: one job waits per GIF at a time.
      expect(sent.filter(Boolean).length).toBeLessThan(20);
    } finally {
      recordOutcomes(t.app, []);
      recordOutcomes(other, []);
    }
  });

  it('N hosts enqueueing the startup backfill together make one job', async () => {
    await t.database.raw(`DELETE FROM ${PGBOSS_SCHEMA}.job WHERE name = $1`, [REVIEW_QUEUE]);
    // The demo GIFs would each get a job; mark them tried to keep this test about the backfill job itself.
    await t.database.raw('UPDATE multimedia SET tamano_compacta = 0 WHERE url_compacta IS NULL AND tamano_compacta IS NULL');
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => enqueueReview((i % 2 ? t.app : other).ctx.jobs)));
    expect(ids.filter(Boolean)).toHaveLength(1);
    await t.app.ctx.jobs.idle(60_000);
    // Done, and the slot is still taken: a host starting a moment later adds nothing.
    expect(await enqueueReview(other.ctx.jobs)).toBeNull();
    const { rows } = await t.database.raw(`SELECT state FROM ${PGBOSS_SCHEMA}.job WHERE name = $1`, [REVIEW_QUEUE]);
    expect(rows).toEqual([{ state: 'completed' }]);
  });
});
