// Scale benchmark: a school's year of data — 10,000 learners, 200,000 quiz attempts with
// 1,000,000 answer rows, 40,000 progress rows — then the database size and the time of the
// teacher results list and the admin lists (paged, as the back office asks for them).
//   tsx scripts/bench/scale.ts [--learners 10000] [--answers 1000000] [--samples 15] [--keep DIR] [--only TEXT]
// PGlite unless DATABASE_URL is set (run it under scripts/with-postgres.sh).
// --keep DIR (PGlite): generate into DIR and keep it; a later run with the same DIR and sizes reuses
// it (no minute of generating; the server still applies any new migration on start).
// --only TEXT: time only the lists whose name contains TEXT.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { seedDemo } from '../../src/server/demo/seed';
import { PORTS, login, machine, saveResult, startServer, table } from './lib';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : d;
};
const strArg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
};

export interface ScaleResult {
  label: string;
  learners: number;
  attempts: number;
  answers: number;
  generateSeconds: number;
  dbBytes: number;
  diskBytes: number | null;
  timings: { name: string; path: string; p50: number; p95: number; max: number; total: string }[];
}

interface Generated {
  learners: number;
  answers: number;
  generateSeconds: number;
  counts: { u: number; i: number; r: number };
}

/** Calls per list before timing (the first list after the server starts also warms the JIT and the page cache). */
const WARMUP = 5;

export async function runScale(opts: { learners: number; answers: number; samples: number; keep?: string | null; only?: string | null }): Promise<ScaleResult> {
  const label = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const keep = opts.keep && !process.env.DATABASE_URL ? path.resolve(opts.keep) : null;
  const dataDir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'manitas-scale-'));
  const perAttempt = 5;
  const attempts = Math.ceil(opts.answers / perAttempt);
  const marker = path.join(dataDir, 'scale.json');
  let reuse: Generated | null = null;
  if (keep && existsSync(marker)) {
    const m = JSON.parse(readFileSync(marker, 'utf8')) as Generated;
    if (m.learners === opts.learners && m.answers === opts.answers) reuse = m;
    else rmSync(dataDir, { recursive: true, force: true });
  }
  if (keep) mkdirSync(dataDir, { recursive: true });
  try {
    let generateSeconds: number;
    let counts: Generated['counts'];
    let dbBytes: number;
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir } as NodeJS.ProcessEnv, { seedDemo: true });
    if (reuse) {
      console.log(`reutilizando ${dataDir} (generado en ${reuse.generateSeconds.toFixed(1)} s)`);
      ({ generateSeconds, counts } = reuse);
      const database = await openDatabase({ databaseUrl: null, dataDir });
      dbBytes = Number((await database.raw('SELECT pg_database_size(current_database())::bigint AS b')).rows[0]!.b);
      await database.close();
    } else {
      // 1. Generate directly in the database (the server is not running yet: PGlite has one owner).
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
      const t0 = Date.now();
      await database.migrate();
      await seedDemo(database, config);
      console.log(`generando ${opts.learners} alumnos, ${attempts} intentos, ${attempts * perAttempt} respuestas (${label})...`);
      await database.raw(`INSERT INTO usuario (nombre, apellido, email, status, sexo, avatar, fecha_nacimiento, credential)
        SELECT 'Alumno ' || g, 'Escala ' || (g % 97), 'escala' || g || '@manitas.test', true,
               CASE WHEN g % 2 = 0 THEN 'niña' ELSE 'niño' END, CASE WHEN g % 2 = 0 THEN 'girl' ELSE 'boy' END,
               DATE '2014-01-01' + (g % 1500), 'ESC-' || g
        FROM generate_series(1, ${opts.learners}) g`);
      await database.raw(`WITH u AS (SELECT array_agg(id ORDER BY id) a FROM usuario WHERE email LIKE 'escala%@manitas.test'),
             e AS (SELECT array_agg(id_evaluacion ORDER BY id_evaluacion) ev, array_agg(id_nivel ORDER BY id_evaluacion) nv FROM evaluacion)
        INSERT INTO intento (id_usuario, id_nivel, id_evaluacion, correctas, total_preguntas, puntaje, fecha)
        SELECT u.a[1 + g % array_length(u.a, 1)], e.nv[1 + (g / 7) % array_length(e.nv, 1)], e.ev[1 + (g / 7) % array_length(e.ev, 1)],
               (g * 7) % 6, ${perAttempt}, ((g * 7) % 6) * 20, now() - ((g::bigint * 525600 / ${attempts}) * interval '1 minute')
        FROM generate_series(1, ${attempts}) g, u, e`);
      await database.raw(`INSERT INTO resultado (id_intento, id_pregunta, id_usuario, id_nivel, id_respuesta, respuesta, correcta, valor, fecha)
        SELECT i.id_intento, NULL, i.id_usuario, i.id_nivel, NULL, 'respuesta ' || k, k <= i.correctas, CASE WHEN k <= i.correctas THEN 1 ELSE 0 END, i.fecha
        FROM intento i CROSS JOIN generate_series(1, ${perAttempt}) k`);
      await database.raw(`INSERT INTO progreso (id_usuario, id_nivel, estado, reintentos)
        SELECT u.id, n.id_nivel, CASE WHEN (u.id + n.id_nivel) % 3 = 0 THEN 'completado' ELSE 'en progreso' END, (u.id + n.id_nivel) % 3
        FROM usuario u CROSS JOIN nivel n WHERE u.email LIKE 'escala%@manitas.test'
        ON CONFLICT DO NOTHING`);
      // BENCH_NO_ANALYZE=1: as a PGlite deployment is (it never gathers statistics by itself).
      if (!process.env.BENCH_NO_ANALYZE) await database.raw('ANALYZE');
      generateSeconds = (Date.now() - t0) / 1000;
      counts = (
        await database.raw(
          'SELECT (SELECT count(*) FROM usuario)::int AS u, (SELECT count(*) FROM intento)::int AS i, (SELECT count(*) FROM resultado)::int AS r',
        )
      ).rows[0] as Generated['counts'];
      dbBytes = Number((await database.raw('SELECT pg_database_size(current_database())::bigint AS b')).rows[0]!.b);
      await database.close();
      if (keep) writeFileSync(marker, JSON.stringify({ learners: opts.learners, answers: opts.answers, generateSeconds, counts } satisfies Generated));
    }
    let diskBytes: number | null = null;
    if (!config.databaseUrl)
      diskBytes = Number(
        execSync(`du -sb ${JSON.stringify(path.join(dataDir, 'pgdata'))}`)
          .toString()
          .split(/\s/)[0],
      );
    console.log(
      `generado en ${generateSeconds.toFixed(1)} s: ${counts.u} usuarios, ${counts.i} intentos, ${counts.r} respuestas; ${(dbBytes / 2 ** 20).toFixed(0)} MiB`,
    );

    // 2. The server on that database; time the paged lists the back office asks for.
    const server = await startServer({ port: PORTS.scale, dataDir, env: { SEED_DEMO: '1' } });
    const only = opts.only;
    try {
      const prof = await login(server.base, 'profesor@manitas.test');
      const admin = await login(server.base, 'admin@manitas.test');
      const cases = [
        { name: 'teacher results, page 1', path: '/api/resultados/resultados-profesor?page=1&perPage=25', token: prof.token },
        { name: 'teacher results, page 4000', path: '/api/resultados/resultados-profesor?page=4000&perPage=25', token: prof.token },
        {
          name: 'teacher results, one level, sorted by score',
          path: '/api/resultados/resultados-profesor?page=1&perPage=25&id_nivel=2&sort=puntaje&order=DESC',
          token: prof.token,
        },
        { name: 'teacher results, search by name', path: '/api/resultados/resultados-profesor?page=1&perPage=25&q=Alumno%209999', token: prof.token },
        { name: 'admin users, page 1', path: '/api/user/usuarios?page=1&perPage=25', token: admin.token },
        { name: 'admin users, page 200 by name', path: '/api/user/usuarios?page=200&perPage=25&sort=nombre&order=ASC', token: admin.token },
        { name: 'admin users, search', path: '/api/user/usuarios?page=1&perPage=25&q=escala777', token: admin.token },
        { name: 'admin progress, page 1', path: '/api/progreso/progresos?page=1&perPage=25', token: admin.token },
        { name: 'learner history (one child)', path: '/api/evaluacion/resultados/usuario/{me}', token: '' },
      ];
      const kid = await login(server.base, 'escala1@manitas.test').catch(() => null);
      const timings: ScaleResult['timings'] = [];
      for (const c of cases) {
        if (only && !c.name.includes(only)) continue;
        let p = c.path;
        let token = c.token;
        if (p.includes('{me}')) {
          // A scale learner has no password: time the history through the admin instead.
          const id =
            kid?.usuario.id ??
            Number(
              (
                await (
                  await fetch(`${server.base}/api/user/usuarios?page=1&perPage=1&q=escala1%40`, { headers: { authorization: `Bearer ${admin.token}` } })
                ).json()
              ).users[0].id,
            );
          p = p.replace('{me}', String(id));
          token = admin.token;
        }
        const times: number[] = [];
        let total = '';
        for (let i = 0; i < opts.samples + WARMUP; i++) {
          const s = performance.now();
          const r = await fetch(server.base + p, { headers: { authorization: `Bearer ${token}` } });
          await r.arrayBuffer();
          const ms = performance.now() - s;
          if (!r.ok) throw new Error(`${p}: ${r.status}`);
          total = r.headers.get('x-total-count') ?? '';
          if (i >= WARMUP) times.push(ms);
        }
        times.sort((a, b) => a - b);
        const q = (f: number) => Number(times[Math.min(times.length - 1, Math.floor(f * times.length))]!.toFixed(1));
        timings.push({ name: c.name, path: p, p50: q(0.5), p95: q(0.95), max: Number(times[times.length - 1]!.toFixed(1)), total });
        console.log(`${c.name}: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms (total ${total})`);
      }
      return { label, learners: opts.learners, attempts: Number(counts.i), answers: Number(counts.r), generateSeconds, dbBytes, diskBytes, timings };
    } finally {
      await server.stop();
    }
  } finally {
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

export function scaleTables(r: ScaleResult): string {
  const head =
    `${r.label}: ${r.learners.toLocaleString('en')} learners, ${r.attempts.toLocaleString('en')} attempts, ${r.answers.toLocaleString('en')} answer rows; ` +
    `database size ${(r.dbBytes / 2 ** 20).toFixed(0)} MiB${r.diskBytes ? ` (${(r.diskBytes / 2 ** 20).toFixed(0)} MiB on disk)` : ''}; generated in ${r.generateSeconds.toFixed(0)} s`;
  return `${head}\n\n${table(
    ['list (HTTP, end to end)', 'p50 ms', 'p95 ms', 'max ms', 'X-Total-Count'],
    r.timings.map((t) => [t.name, t.p50, t.p95, t.max, t.total]),
  )}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runScale({
    learners: arg('learners', 10_000),
    answers: arg('answers', 1_000_000),
    samples: arg('samples', 15),
    keep: strArg('keep'),
    only: strArg('only'),
  });
  const md = `Machine: ${machine()}\n\n${scaleTables(r)}`;
  console.log(`\n${md}`);
  saveResult(`scale-${r.label}`, r, md);
}
