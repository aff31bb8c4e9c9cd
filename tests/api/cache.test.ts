import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import { usuario } from '../../src/server/db/schema';
import { createBackup, restoreBackup } from '../../src/server/maintenance/backup';
import { createCache, invalidates, registerCacheHooks } from '../../src/server/cache';
import { isChoiceQuestion } from '../../src/shared/rules/quiz';
import { firstQuizAnswers, makeTestApp, secondApp, snapshotCounts, type TestApp } from './helpers';

type Nivel = { id_nivel: number; nombre_nivel: string };

describe('content cache: a write is visible to the next read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t.close());

  const levels = async () => (await t.call('GET', '/api/nivel/getNivels', { as: 'nino' })).json().data as Nivel[];

  it('serves repeated learner reads from the cache (no statement runs for a hit)', async () => {
    await levels();
    const token = await t.token('nino');
    const seen: string[] = [];
    const off = t.database.onStatement((q) => seen.push(q));
    try {
      const again = await t.call('GET', '/api/nivel/getNivels', { as: token });
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(again.headers['x-total-count'])).toBe(again.json().data.length);
      // The session lookup is cached too: a hit touches no table at all.
      expect(seen).toEqual([]);
    } finally {
      off();
    }
    expect(t.app.ctx.cache.stats.hits).toBeGreaterThan(0);
  });

  it('an admin update through the API shows in the very next learner read', async () => {
    const before = await levels();
    const lvl = before[0]!;
    const r = await t.call('PUT', `/api/nivel/update/${lvl.id_nivel}`, {
      as: 'admin',
      body: { nombre_nivel: 'Nivel renombrado', descripcion: 'Descripción nueva', dificultad: 'Fácil' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await levels()).find((l) => l.id_nivel === lvl.id_nivel)!.nombre_nivel).toBe('Nivel renombrado');
  });

  it('a word added, renamed and deleted shows at once in palabra/nivel/{id}', async () => {
    const lvl = (await levels())[0]!.id_nivel;
    const words = async () => (await t.call('GET', `/api/palabra/nivel/${lvl}`, { as: 'nino' })).json() as { id_palabra: number; palabraEspanol: string }[];
    const n0 = (await words()).length;
    const created = await t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: 'caché', palabraIngles: 'cache', id_nivel: lvl } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id_palabra as number;
    expect((await words()).map((w) => w.palabraEspanol)).toContain('caché');
    expect((await words()).length).toBe(n0 + 1);
    await t.call('PUT', `/api/palabra/update/${id}`, { as: 'admin', body: { palabraEspanol: 'memoria', palabraIngles: 'memory', id_nivel: lvl } });
    expect((await words()).find((w) => w.id_palabra === id)!.palabraEspanol).toBe('memoria');
    expect((await t.call('DELETE', `/api/palabra/delete/${id}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await words()).length).toBe(n0);
  });

  // A writer outside a route names the scopes it changes (src/server/cache.ts; docs/decisions.md "Explicit cache invalidation").
  it('a write made directly in the database (not through HTTP) empties the cache once its writer names the scope', async () => {
    const lvl = (await levels())[0]!;
    await t.database.raw('UPDATE nivel SET nombre_nivel = $1 WHERE id_nivel = $2', ['Cambiado en SQL', lvl.id_nivel]);
    await t.app.ctx.cache.bump(['content']);
    expect((await levels()).find((l) => l.id_nivel === lvl.id_nivel)!.nombre_nivel).toBe('Cambiado en SQL');
  });

  it("the back office's fresh reads (?fresco=1, which the service worker lets through) answer as the plain ones", async () => {
    for (const p of ['/api/multimedia/palabra/1', '/api/palabra/nivel/1', '/api/evaluacion/detalles']) {
      const plain = await t.call('GET', p, { as: 'profesor' });
      const fresh = await t.call('GET', `${p}?fresco=1`, { as: 'profesor' });
      expect(plain.statusCode, p).toBe(200);
      expect(fresh.statusCode, p).toBe(200);
      expect(fresh.json(), p).toEqual(plain.json());
    }
  });

  it('quiz details keep their per-role shapes: learners never get the key, staff do, whatever was cached first', async () => {
    const staff = await t.call('GET', '/api/evaluacion/detalles', { as: 'profesor' });
    const kid = await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' });
    const staff2 = await t.call('GET', '/api/evaluacion/detalles', { as: 'admin' });
    const has = (body: string) => /"valor"\s*:\s*true/.test(body);
    expect(has(staff.body)).toBe(true);
    expect(has(staff2.body)).toBe(true);
    expect(has(kid.body)).toBe(false);
  });

  it('a new question is graded at once by the next quiz submit (the answer key is cached and invalidated)', async () => {
    const det = (await t.call('GET', '/api/evaluacion/detalles', { as: 'profesor' })).json().data as {
      id_evaluacion: number;
      id_nivel: number;
      preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number; valor: boolean }[] }[];
    }[];
    const ev = det.find((e) => e.preguntas.length)!;
    const answers = (ps: typeof ev.preguntas) =>
      ps.map((p) => {
        // Every answer wrong: both submits are stored attempts (a pass would make the second practice).
        const wrong = p.respuestas.find((a) => !a.valor) ?? p.respuestas[0];
        return isChoiceQuestion(p.Tipo)
          ? { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, id_respuesta: wrong!.id_respuesta }
          : { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, respuesta: 'x' };
      });
    const first = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: { respuestas: answers(ev.preguntas) } });
    expect(first.statusCode, first.body).toBe(201);
    // Remove a question: the cached key must not still demand it.
    const last = ev.preguntas[ev.preguntas.length - 1]!;
    await t.database.raw('DELETE FROM pregunta WHERE id_pregunta = $1', [last.id_pregunta]);
    await t.app.ctx.cache.bump(['content']);
    const rest = ev.preguntas.slice(0, -1);
    const second = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: { respuestas: answers(rest) } });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.total_preguntas).toBe(rest.length);
  });

  it('a quiz submit does not empty the content cache (a classroom submitting keeps reads fast)', async () => {
    await levels();
    const v = t.app.ctx.cache.version('content');
    const rows = await firstQuizAnswers(t);
    const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nina', body: { respuestas: rows } });
    expect(r.statusCode, r.body).toBe(201);
    expect(t.app.ctx.cache.version('content')).toBe(v);
  });

  it('a deactivated account is refused on its next request although its session was cached', async () => {
    const ninaId = await t.userId('nina');
    const token = await t.token('nina');
    expect((await t.call('GET', '/api/nivel/getNivels', { as: token })).statusCode).toBe(200);
    await t.database.db.update(usuario).set({ status: false }).where(eq(usuario.id, ninaId));
    await t.app.ctx.cache.bump(['auth']);
    try {
      expect((await t.call('GET', '/api/nivel/getNivels', { as: token })).statusCode).toBe(401);
    } finally {
      await t.database.db.update(usuario).set({ status: true }).where(eq(usuario.id, ninaId));
      await t.app.ctx.cache.bump(['auth']);
    }
    expect((await t.call('GET', '/api/nivel/getNivels', { as: token })).statusCode).toBe(200);
  });

  it('a role change through the API applies to the next request', async () => {
    const profId = await t.userId('profesor');
    const tok = await t.token('profesor');
    expect((await t.call('GET', '/api/resultados/resultados-profesor', { as: tok })).statusCode).toBe(200);
    await t.database.raw('DELETE FROM rol WHERE id_usuario = $1', [profId]);
    await t.app.ctx.cache.bump(['auth']);
    try {
      expect((await t.call('GET', '/api/resultados/resultados-profesor', { as: tok })).statusCode).toBe(403);
    } finally {
      await t.database.raw("INSERT INTO rol (nombre, descripcion, id_usuario) VALUES ('profesor', 'Profesor', $1)", [profId]);
      await t.app.ctx.cache.bump(['auth']);
    }
  });

  it('a refused write (learner) changes nothing and the cached reply stays the same', async () => {
    const before = await t.call('GET', '/api/nivel/getNivels', { as: 'nino' });
    const counts = await snapshotCounts(t.database);
    const r = await t.call('POST', '/api/palabra/register', { as: 'nino', body: { palabraEspanol: 'x', palabraIngles: 'y', id_nivel: 1 } });
    expect(r.statusCode).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(counts);
    expect((await t.call('GET', '/api/nivel/getNivels', { as: 'nino' })).body).toBe(before.body);
  });
});

describe('cache rules', () => {
  it('refuses at startup a write route that does not declare the scopes it empties', async () => {
    const app = Fastify({ logger: false });
    registerCacheHooks(app, createCache());
    app.get('/api/lectura', async () => ({}));
    app.post('/fuera-de-la-api', async () => ({}));
    app.post('/api/declarada', { config: invalidates('content') }, async () => ({}));
    app.put('/api/sin-escrituras-en-cache', { config: invalidates() }, async () => ({}));
    expect(() => app.post('/api/olvidada', async () => ({}))).toThrow(/POST \/api\/olvidada: una ruta de escritura debe declarar/);
    expect(() => app.delete('/api/otra', { config: {} }, async () => ({}))).toThrow(/DELETE \/api\/otra/);
    expect(() => app.route({ method: ['GET', 'PATCH'], url: '/api/mixta', handler: async () => ({}) })).toThrow(/GET,PATCH \/api\/mixta/);
    expect(() => app.patch('/api/mal', { config: { invalidates: ['contenido'] as never } }, async () => ({}))).toThrow(/PATCH \/api\/mal/);
    await app.ready();
    await app.close();
  });

  it('bumps the declared scopes after a success or a server error, never after a refusal or a read', async () => {
    const cache = createCache();
    const app = Fastify({ logger: false });
    registerCacheHooks(app, cache);
    app.post('/api/contenido', { config: invalidates('content') }, async (req, reply) => reply.status(Number((req.query as { s?: string }).s ?? 200)).send({}));
    app.post('/api/cuenta', { config: invalidates('auth', 'auth') }, async () => ({}));
    app.post('/api/intento', { config: invalidates() }, async () => ({}));
    app.get('/api/contenido', { config: invalidates('content') }, async () => ({}));
    const bumps = () => ({ ...cache.stats.bumps });
    await app.inject({ method: 'POST', url: '/api/contenido' });
    expect(bumps()).toEqual({ content: 1, auth: 0 });
    await app.inject({ method: 'POST', url: '/api/contenido?s=201' });
    await app.inject({ method: 'POST', url: '/api/contenido?s=500' });
    expect(bumps()).toEqual({ content: 3, auth: 0 });
    await app.inject({ method: 'POST', url: '/api/contenido?s=403' });
    await app.inject({ method: 'POST', url: '/api/contenido?s=409' });
    await app.inject({ method: 'GET', url: '/api/contenido' });
    await app.inject({ method: 'POST', url: '/api/intento' });
    expect(bumps()).toEqual({ content: 3, auth: 0 });
    await app.inject({ method: 'POST', url: '/api/cuenta' });
    expect(bumps()).toEqual({ content: 3, auth: 1 });
    await app.close();
  });

  it('does not store a value loaded while a write happened (no stale entry after a race)', async () => {
    const c = createCache();
    let n = 0;
    const slow = () =>
      c.get('content', 'k', async () => {
        n++;
        await new Promise((r) => setTimeout(r, 20));
        return n;
      });
    const p = slow();
    await c.bump(['content']);
    expect(await p).toBe(1);
    // The racing value was not kept: the next read loads again.
    expect(await slow()).toBe(2);
    expect(await slow()).toBe(2);
  });

  it('in the app, learner activity empties no scope, a content write empties content only, a role write auth only', async () => {
    const t = await makeTestApp();
    try {
      const { cache } = t.app.ctx;
      const bumps = () => ({ ...cache.stats.bumps });
      const lvl = (await t.call('GET', '/api/nivel/getNivels', { as: 'nino' })).json().data[0] as Nivel;
      const words = (await t.call('GET', `/api/palabra/nivel/${lvl.id_nivel}`, { as: 'nino' })).json() as { id_palabra: number }[];
      const b0 = bumps();
      const seen = await t.call('POST', '/api/progreso/visto', { as: 'nino', body: { id_nivel: lvl.id_nivel, id_palabra: words[0]!.id_palabra } });
      expect(seen.statusCode, seen.body).toBe(200);
      const prefs = await t.call('PUT', '/api/preferencias', { as: 'nino', body: { espejo: true } });
      expect(prefs.statusCode, prefs.body).toBe(200);
      const login = await t.call('POST', '/api/user/logIn', { body: { email: 'profesor@manitas.test', password: 'Manitas2024' } });
      expect(login.statusCode, login.body).toBe(200);
      expect(bumps()).toEqual(b0);
      const upd = await t.call('PUT', `/api/nivel/update/${lvl.id_nivel}`, {
        as: 'admin',
        body: { nombre_nivel: lvl.nombre_nivel, descripcion: 'Otra descripción', dificultad: 'Fácil' },
      });
      expect(upd.statusCode, upd.body).toBe(200);
      expect(bumps()).toEqual({ ...b0, content: b0.content + 1 });
      const nina = await t.userId('nina');
      const grant = await t.call('POST', '/api/rol/register', { as: 'superadmin', body: { nombre: 'profesor', idUsuario: nina } });
      expect(grant.statusCode, grant.body).toBe(201);
      expect(bumps()).toEqual({ content: b0.content + 1, auth: b0.auth + 1 });
    } finally {
      await t.close();
    }
  });
});

// Two app processes share one PostgreSQL: each has its own cache; LISTEN/NOTIFY carries the bumps.
describe.skipIf(!process.env.DATABASE_URL)(
  'cache across two app instances on PostgreSQL (skipped on PGlite: an embedded database has a single process, so there is no other instance to tell)',
  () => {
    let t: TestApp;
    let other: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      t = await makeTestApp();
      other = await secondApp(t);
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    const readLevels = async (app: typeof other, token: string) =>
      (await app.inject({ method: 'GET', url: '/api/nivel/getNivels', headers: { authorization: `Bearer ${token}` } })).json().data as Nivel[];

    it('a write through one instance is visible to the next read on the other', async () => {
      const token = await t.token('nino');
      const admin = await t.token('admin');
      const before = await readLevels(other, token); // cached in the second instance
      await readLevels(other, token);
      expect(other.ctx.cache.stats.hits).toBeGreaterThan(0);
      const lvl = before[0]!;
      const r = await t.app.inject({
        method: 'PUT',
        url: `/api/nivel/update/${lvl.id_nivel}`,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ nombre_nivel: 'Visto en todos', descripcion: 'Otra descripción', dificultad: 'Fácil' }),
      });
      expect(r.statusCode, r.body).toBe(200);
      expect((await readLevels(other, token)).find((l) => l.id_nivel === lvl.id_nivel)!.nombre_nivel).toBe('Visto en todos');
    });

    it('a deactivation through one instance refuses the session on the other at once', async () => {
      const ninaId = await t.userId('nina');
      const token = await t.token('nina');
      expect((await other.inject({ method: 'GET', url: '/api/nivel/getNivels', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      const admin = await t.token('admin');
      const r = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${ninaId}`,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ nombre: 'Nina', status: false }),
      });
      expect(r.statusCode, r.body).toBe(200);
      try {
        expect((await other.inject({ method: 'GET', url: '/api/nivel/getNivels', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      } finally {
        await t.database.db
          .update(usuario)
          .set({ status: true })
          .where(sql`${usuario.id} = ${ninaId}`);
      }
    });

    it('a logout through one instance refuses that token on the other at once', async () => {
      const login = await t.app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email: 'profesor@manitas.test', password: 'Manitas2024' } });
      expect(login.statusCode, login.body).toBe(200);
      const auth = { authorization: `Bearer ${login.json().token as string}` };
      const profile = `/api/user/${await t.userId('profesor')}`;
      expect((await other.inject({ method: 'GET', url: profile, headers: auth })).statusCode).toBe(200); // session cached there
      expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: auth })).statusCode).toBe(200);
      expect((await other.inject({ method: 'GET', url: profile, headers: auth })).statusCode).toBe(401);
    });

    it('a restore over the live database (--force) empties the caches of the processes still running', async () => {
      const token = await t.token('nino');
      const admin = await t.token('admin');
      const dir = mkdtempSync(path.join(tmpdir(), 'manitas-cache-restore-'));
      try {
        const archive = path.join(dir, 'respaldo.tar.gz');
        await createBackup(t.database, t.config.uploadsDir, archive);
        const lvl = (await readLevels(other, token))[0]!;
        const r = await t.app.inject({
          method: 'PUT',
          url: `/api/nivel/update/${lvl.id_nivel}`,
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ nombre_nivel: 'Antes de restaurar', descripcion: 'Otra descripción', dificultad: 'Fácil' }),
        });
        expect(r.statusCode, r.body).toBe(200);
        expect((await readLevels(other, token)).find((l) => l.id_nivel === lvl.id_nivel)!.nombre_nivel).toBe('Antes de restaurar');
        // As scripts/restore.ts does: a cache of its own that LISTENs, bumped once the restore committed.
        const cache = createCache();
        await cache.listen(t.config.databaseUrl!);
        try {
          await restoreBackup(t.database, t.config.uploadsDir, archive, { force: true, cache });
        } finally {
          await cache.close();
        }
        expect((await readLevels(other, token)).find((l) => l.id_nivel === lvl.id_nivel)!.nombre_nivel).toBe(lvl.nombre_nivel);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);

// The teacher results list was rewritten for a year of attempts (count and page on the attempts
// alone, names joined for the page, search through the matching children and levels).
describe('teacher results at scale keep their answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    const det = (await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' })).json().data as {
      id_nivel: number;
      preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number }[] }[];
    }[];
    for (const who of ['nino', 'nina', 'nino'] as const) {
      for (const ev of det.filter((e) => e.preguntas.length).slice(0, 2)) {
        const rows = ev.preguntas.map((p) =>
          isChoiceQuestion(p.Tipo)
            ? { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, id_respuesta: p.respuestas[0]!.id_respuesta }
            : { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, respuesta: 'x' },
        );
        const r = await t.call('POST', '/api/resultados/save-multiple', { as: who, body: { respuestas: rows } });
        expect(r.statusCode, r.body).toBe(201);
      }
    }
  });
  afterAll(async () => t.close());

  type R = { id: number; id_usuario: number; id_nivel: number; usuario: { nombre: string }; nivel: { nombre_nivel: string }; fecha: string };
  const list = async (qs: string) => {
    // An admin reads every child's attempts (a profesor only their classes').
    const r = await t.call('GET', `/api/resultados/resultados-profesor${qs}`, { as: 'admin' });
    expect(r.statusCode, r.body).toBe(200);
    return { rows: r.json() as R[], total: Number(r.headers['x-total-count']) };
  };

  it('pages are slices of the whole list, newest first, with names joined and the full total', async () => {
    const all = await list('');
    expect(all.total).toBe(all.rows.length);
    expect(all.rows.length).toBeGreaterThanOrEqual(6);
    const fechas = all.rows.map((r) => r.fecha);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    const p2 = await list('?page=2&perPage=2');
    expect(p2.total).toBe(all.total);
    expect(p2.rows.map((r) => r.id)).toEqual(all.rows.slice(2, 4).map((r) => r.id));
    expect(p2.rows.every((r) => r.usuario.nombre && r.nivel.nombre_nivel)).toBe(true);
  });

  it("the name search finds a child's attempts (and a level's), with a matching total", async () => {
    const all = await list('');
    const ninaId = await t.userId('nina');
    const nombre = all.rows.find((r) => r.id_usuario === ninaId)!.usuario.nombre;
    const found = await list(`?q=${encodeURIComponent(nombre)}&page=1&perPage=50`);
    expect(found.rows.length).toBeGreaterThan(0);
    expect(found.total).toBe(found.rows.length);
    expect(found.rows.every((r) => r.usuario.nombre.includes(nombre) || r.nivel.nombre_nivel.includes(nombre))).toBe(true);
    const nivelName = all.rows[0]!.nivel.nombre_nivel;
    const byLevel = await list(`?q=${encodeURIComponent(nivelName)}`);
    expect(byLevel.rows.map((r) => r.id).sort()).toEqual(
      all.rows
        .filter((r) => r.nivel.nombre_nivel.toLowerCase().includes(nivelName.toLowerCase()) || r.usuario.nombre.toLowerCase().includes(nivelName.toLowerCase()))
        .map((r) => r.id)
        .sort(),
    );
    expect((await list('?q=zzz-nadie')).total).toBe(0);
  });
});
