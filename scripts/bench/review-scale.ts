// Scale benchmark of the memory per child and word (constants.md C-7): 10,000 learners × 200 words each
// (2,000,000 memory rows, about a third of them due) on PGlite, then the due list of one child —
// GET /api/repaso/hoy (the due count on /home) and GET /api/repaso/sesion (the ≤ 10 due items with
// their media and distractors) — timed through the real HTTP route on 127.0.0.1. Goal: p99 ≤ 20 ms.
//   tsx scripts/bench/review-scale.ts [--learners 10000] [--words 200] [--requests 500] [--port 3227]
// Bounded: the data is made by generate_series in a few statements; every loop has a fixed count.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { seedDemo } from '../../src/server/demo/seed';
import { intArg, login, machine, saveResult, startServer, table } from './lib';

const WARMUP = 20;

export async function runReviewScale(opts: { learners: number; words: number; requests: number; port: number }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manitas-review-scale-'));
  try {
    const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } as NodeJS.ProcessEnv, { seedDemo: true });
    const database = await openDatabase({ databaseUrl: null, dataDir });
    const t0 = Date.now();
    await database.migrate();
    await seedDemo(database, config);
    console.log(`generando ${opts.learners} alumnos × ${opts.words} palabras (pglite)...`);
    // Words: the demo's plus enough extra words spread over the demo levels to reach opts.words.
    await database.raw(`INSERT INTO palabra (palabra_espanol, palabra_ingles, id_nivel)
      SELECT 'palabra ' || g, 'word ' || g, n.a[1 + g % array_length(n.a, 1)]
      FROM generate_series(1, greatest(0, ${opts.words} - (SELECT count(*) FROM palabra)::int)) g,
           (SELECT array_agg(id_nivel ORDER BY id_nivel) a FROM nivel) n`);
    await database.raw(`INSERT INTO usuario (nombre, apellido, email, status, sexo, avatar)
      SELECT 'Alumno ' || g, 'Repaso', 'repaso' || g || '@manitas.test', true, 'niño', 'boy' FROM generate_series(1, ${opts.learners}) g`);
    // Every learner (and the demo child) has a card for each of the first opts.words words: reviewed
    // (state 2), due dates spread from 20 days ago to 40 days ahead, so about a third is due now.
    // Bulk load as a restore would: foreign-key triggers off (the ids come from the tables just
    // read) and the indexes built once afterwards instead of maintained row by row.
    for (const stmt of [
      'SET session_replication_role = replica',
      'DROP INDEX memoria_usuario_vence_idx',
      'DROP INDEX memoria_id_palabra_idx',
      'DROP INDEX memoria_usuario_palabra_uq',
    ])
      await database.raw(stmt);
    await database.raw(`INSERT INTO memoria (id_usuario, id_palabra, estado, vence, estabilidad, dificultad, dias_programados, repasos, olvidos, ultimo_repaso)
      SELECT u.id, w.id_palabra, 2,
             now() + ((((u.id * 7 + w.id_palabra * 13) % 60) - 20) * interval '1 day') + ((u.id + w.id_palabra) % 1440) * interval '1 minute',
             1 + (u.id + w.id_palabra) % 30, 1 + (u.id * w.id_palabra) % 9, 1 + (u.id + w.id_palabra) % 30, 1 + (u.id + w.id_palabra) % 6, (u.id * 3 + w.id_palabra) % 3,
             now() - interval '5 days'
      FROM (SELECT id FROM usuario WHERE email LIKE 'repaso%@manitas.test' OR email = 'nino@manitas.test') u
      CROSS JOIN (SELECT id_palabra FROM palabra ORDER BY id_palabra LIMIT ${opts.words}) w`);
    // The same indexes as migration 0007_review_memory.
    for (const stmt of [
      'SET session_replication_role = DEFAULT',
      'CREATE UNIQUE INDEX memoria_usuario_palabra_uq ON memoria USING btree (id_usuario, id_palabra)',
      'CREATE INDEX memoria_usuario_vence_idx ON memoria USING btree (id_usuario, vence)',
      'CREATE INDEX memoria_id_palabra_idx ON memoria USING btree (id_palabra)',
    ])
      await database.raw(stmt);
    await database.raw('ANALYZE');
    const counts = (
      await database.raw(
        `SELECT (SELECT count(*) FROM memoria)::int AS memoria,
                (SELECT count(*) FROM memoria m JOIN usuario u ON u.id = m.id_usuario WHERE u.email = 'nino@manitas.test' AND m.estado <> 0 AND m.vence <= now())::int AS due`,
      )
    ).rows[0] as { memoria: number; due: number };
    const generateSeconds = (Date.now() - t0) / 1000;
    await database.close();
    console.log(`generado en ${generateSeconds.toFixed(1)} s: ${counts.memoria} filas de memoria; el niño de prueba tiene ${counts.due} pendientes`);

    const server = await startServer({ port: opts.port, dataDir, env: { SEED_DEMO: '1', DATABASE_URL: '' } });
    try {
      const kid = await login(server.base, 'nino@manitas.test');
      const cases = [
        { name: 'due count (GET /api/repaso/hoy)', path: '/api/repaso/hoy' },
        { name: 'due session (GET /api/repaso/sesion)', path: '/api/repaso/sesion' },
      ];
      const timings: { name: string; p50: number; p99: number; max: number; n: number }[] = [];
      for (const c of cases) {
        const times: number[] = [];
        let sample: unknown = null;
        for (let i = 0; i < opts.requests + WARMUP; i++) {
          const s = performance.now();
          const r = await fetch(server.base + c.path, { headers: { authorization: `Bearer ${kid.token}` } });
          const body = await r.json();
          const ms = performance.now() - s;
          if (!r.ok) throw new Error(`${c.path}: ${r.status}`);
          sample = body;
          if (i >= WARMUP) times.push(ms);
        }
        times.sort((a, b) => a - b);
        const q = (f: number) => Number(times[Math.min(times.length - 1, Math.floor(f * times.length))]!.toFixed(2));
        timings.push({ name: c.name, p50: q(0.5), p99: q(0.99), max: Number(times.at(-1)!.toFixed(2)), n: times.length });
        const data = (sample as { data: unknown }).data;
        console.log(`${c.name}: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms (${Array.isArray(data) ? `${data.length} items` : JSON.stringify(data)})`);
      }
      return { learners: opts.learners, words: opts.words, memoria: counts.memoria, due: counts.due, generateSeconds, timings };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runReviewScale({
    learners: intArg('learners', 10_000),
    words: intArg('words', 200),
    requests: intArg('requests', 500),
    port: intArg('port', 3227),
  });
  const md =
    `Machine: ${machine()}\n\npglite: ${r.learners.toLocaleString('en')} learners × ${r.words} words = ${r.memoria.toLocaleString('en')} memory rows ` +
    `(generated in ${r.generateSeconds.toFixed(0)} s); the timed child has ${r.due} words due\n\n` +
    table(
      ['route (HTTP, end to end, one child)', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'goal'],
      r.timings.map((t) => [t.name, t.n, t.p50, t.p99, t.max, t.p99 <= 20 ? 'p99 ≤ 20 ms: met' : 'p99 ≤ 20 ms: NOT met']),
    );
  console.log(`\n${md}`);
  saveResult('review-scale-pglite', r, md);
}
