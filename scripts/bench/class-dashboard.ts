// Benchmark of the class dashboard (screens-backoffice.md B-3.3): a class of 30 children with a year of activity
// (quiz attempts and their answers, game runs, reviews, a memory card per word) among other classes'
// children (noise: 2,000 by default, with their own attempts, answers, runs and reviews) on PGlite,
// then GET /api/clase/{id}/tablero and GET /api/clase/{id}/alumno/{userId} timed through the real
// HTTP route on 127.0.0.1 as the class's profesor. Goal: p99 ≤ 100 ms.
//   tsx scripts/bench/class-dashboard.ts [--others 2000] [--requests 300] [--port 3413] [--keep DIR]
// Bounded: the data is made by generate_series in a few statements; every loop has a fixed count.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db';
import { seedDemo } from '../../src/server/demo/seed';
import { intArg, login, machine, saveResult, startServer, table } from './lib';

const WARMUP = 20;
const CLASS_SIZE = 30;
/** Levels in all (the demo's plus generated ones) and words per generated level. */
const LEVELS = 12;
const WORDS_PER_LEVEL = 20;
const QUESTIONS_PER_LEVEL = 5;

export async function runClassDashboard(opts: { others: number; requests: number; port: number; keep?: string }) {
  // --keep DIR: generate into DIR once and keep it; a later run with the same DIR only measures.
  const reuse = !!opts.keep && existsSync(path.join(opts.keep, 'pgdata'));
  const dataDir = opts.keep ? path.resolve(opts.keep) : mkdtempSync(path.join(os.tmpdir(), 'manitas-class-dashboard-'));
  try {
    const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } as NodeJS.ProcessEnv, { seedDemo: true });
    const database = await openDatabase({ databaseUrl: null, dataDir });
    const t0 = Date.now();
    await database.migrate();
    if (!reuse) await generate(database, config, opts.others);
    const counts = (
      await database.raw(`SELECT (SELECT count(*) FROM intento)::int AS intento, (SELECT count(*) FROM resultado)::int AS resultado,
        (SELECT count(*) FROM partida)::int AS partida, (SELECT count(*) FROM repaso)::int AS repaso, (SELECT count(*) FROM memoria)::int AS memoria,
        (SELECT count(*) FROM intento i JOIN clase_alumno ca ON ca.id_usuario = i.id_usuario JOIN clase c ON c.id_clase = ca.id_clase WHERE c.codigo = 'BENCH0')::int AS intento_clase,
        (SELECT id_clase FROM clase WHERE codigo = 'BENCH0') AS id_clase,
        (SELECT min(ca.id_usuario) FROM clase_alumno ca JOIN clase c ON c.id_clase = ca.id_clase WHERE c.codigo = 'BENCH0') AS id_alumno`)
    ).rows[0] as Record<string, number>;
    const generateSeconds = (Date.now() - t0) / 1000;
    await database.close();
    console.log(`${reuse ? 'reutilizado' : 'generado'} en ${generateSeconds.toFixed(1)} s: ${JSON.stringify(counts)}`);

    const server = await startServer({ port: opts.port, dataDir, env: { SEED_DEMO: '1', DATABASE_URL: '' } });
    try {
      const profe = await login(server.base, 'profesor@manitas.test');
      const cases = [
        { name: 'class dashboard (GET /api/clase/{id}/tablero)', path: `/api/clase/${counts.id_clase}/tablero` },
        { name: 'child detail (GET /api/clase/{id}/alumno/{userId})', path: `/api/clase/${counts.id_clase}/alumno/${counts.id_alumno}` },
      ];
      const timings: { name: string; p50: number; p95: number; p99: number; max: number; n: number; bytes: number }[] = [];
      for (const c of cases) {
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < opts.requests + WARMUP; i++) {
          const s = performance.now();
          const r = await fetch(server.base + c.path, { headers: { authorization: `Bearer ${profe.token}` } });
          const body = await r.text();
          const ms = performance.now() - s;
          if (!r.ok) throw new Error(`${c.path}: ${r.status} ${body.slice(0, 300)}`);
          bytes = body.length;
          if (i >= WARMUP) times.push(ms);
        }
        times.sort((a, b) => a - b);
        const q = (f: number) => Number(times[Math.min(times.length - 1, Math.floor(f * times.length))]!.toFixed(2));
        timings.push({ name: c.name, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: Number(times.at(-1)!.toFixed(2)), n: times.length, bytes });
        console.log(`${c.name}: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms (${bytes} bytes)`);
      }
      return { others: opts.others, counts, generateSeconds, reused: reuse, timings };
    } finally {
      await server.stop();
    }
  } finally {
    if (!opts.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The data set: content, the measured class, the other classes and a year of activity. */
async function generate(database: Database, config: AppConfig, others: number) {
  await seedDemo(database, config);
  const opts = { others };
  const raw = (s: string) => database.raw(s);
  console.log(`generando una clase de ${CLASS_SIZE} alumnos con un año de actividad y ${opts.others} alumnos de otras clases (pglite)...`);
  // Content: levels up to LEVELS, each generated level with its words and a quiz of QUESTIONS_PER_LEVEL questions.
  await raw(`INSERT INTO nivel (nombre_nivel, descripcion, dificultad)
      SELECT 'Nivel bench ' || g, 'Nivel de prueba', 'Fácil' FROM generate_series(1, greatest(0, ${LEVELS} - (SELECT count(*) FROM nivel)::int)) g`);
  await raw(`INSERT INTO palabra (palabra_espanol, palabra_ingles, id_nivel)
      SELECT 'palabra ' || n.id_nivel || '-' || g, 'word ' || g, n.id_nivel FROM nivel n, generate_series(1, ${WORDS_PER_LEVEL}) g
      WHERE n.nombre_nivel LIKE 'Nivel bench %'`);
  await raw(`INSERT INTO evaluacion (id_nivel, puntaje) SELECT id_nivel, 100 FROM nivel WHERE nombre_nivel LIKE 'Nivel bench %'`);
  await raw(`INSERT INTO pregunta (pregunta, tipo, id_evaluacion)
      SELECT '¿Pregunta ' || g || '?', 'opcion', e.id_evaluacion FROM evaluacion e JOIN nivel n ON n.id_nivel = e.id_nivel, generate_series(1, ${QUESTIONS_PER_LEVEL}) g
      WHERE n.nombre_nivel LIKE 'Nivel bench %'`);
  // Children: the class's (bench-clase-N) and the others (bench-otro-N), no email like class-made accounts.
  await raw(`INSERT INTO usuario (nombre, apellido, sexo, avatar)
      SELECT 'Clase' || g, 'Bench', 'niño', 'boy' FROM generate_series(1, ${CLASS_SIZE}) g`);
  await raw(`INSERT INTO usuario (nombre, apellido, sexo, avatar)
      SELECT 'Otro' || g, 'Bench', 'niña', 'girl' FROM generate_series(1, ${opts.others}) g`);
  // The timed class (taught by the demo profesor) and other classes of 30 for the other children.
  await raw(`INSERT INTO clase (nombre, id_institucion, codigo) SELECT 'Clase medida', min(id_institucion), 'BENCH0' FROM institucion`);
  await raw(`INSERT INTO clase (nombre, id_institucion, codigo)
      SELECT 'Otra clase ' || g, (SELECT min(id_institucion) FROM institucion), 'X' || lpad(g::text, 5, '0') FROM generate_series(1, ceil(${opts.others} / 30.0)::int) g`);
  await raw(`INSERT INTO clase_profesor (id_clase, id_usuario)
      SELECT c.id_clase, u.id FROM clase c, usuario u WHERE u.email = 'profesor@manitas.test' AND c.codigo = 'BENCH0'`);
  await raw(`INSERT INTO clase_alumno (id_clase, id_usuario)
      SELECT (SELECT id_clase FROM clase WHERE codigo = 'BENCH0'), id FROM usuario WHERE nombre LIKE 'Clase%' AND apellido = 'Bench'`);
  await raw(`INSERT INTO clase_alumno (id_clase, id_usuario)
      SELECT c.id_clase, o.id
      FROM (SELECT id, 'X' || lpad((1 + (row_number() OVER (ORDER BY id) - 1) / 30)::text, 5, '0') AS codigo
            FROM usuario WHERE nombre LIKE 'Otro%' AND apellido = 'Bench') o
      JOIN clase c ON c.codigo = o.codigo`);
  await raw(`INSERT INTO tarea (id_clase, id_nivel, fecha)
      SELECT (SELECT id_clase FROM clase WHERE codigo = 'BENCH0'), id_nivel, current_date + 7 FROM nivel ORDER BY id_nivel DESC LIMIT 2`);
  // Activity. The class's children: one attempt a day for a year (5 answers each), two game runs
  // and five reviews a day; the others: 50 attempts, 50 runs and 100 reviews each over the year.
  const kids = `SELECT id, (nombre LIKE 'Clase%') AS clase FROM usuario WHERE apellido = 'Bench'`;
  await raw(`INSERT INTO intento (id_usuario, id_nivel, correctas, total_preguntas, puntaje, fecha)
      SELECT k.id, l.a[1 + (k.id + g) % array_length(l.a, 1)], (k.id + g) % 6, 5, ((k.id + g) % 6) * 20,
             now() - (g * (CASE WHEN k.clase THEN 1 ELSE 7 END)) * interval '1 day' + ((k.id * 37 + g) % 600) * interval '1 minute'
      FROM (${kids}) k, (SELECT array_agg(id_nivel ORDER BY id_nivel) a FROM nivel) l, generate_series(0, 364) g
      WHERE k.clase OR g < 50`);
  await raw(`INSERT INTO resultado (id_intento, id_pregunta, id_usuario, id_nivel, correcta, valor, fecha)
      SELECT i.id_intento, q.id_pregunta, i.id_usuario, i.id_nivel, (i.id_intento + q.id_pregunta) % 3 <> 0, 1, i.fecha
      FROM intento i JOIN evaluacion e ON e.id_nivel = i.id_nivel JOIN pregunta q ON q.id_evaluacion = e.id_evaluacion`);
  await raw(`INSERT INTO partida (id_usuario, id_nivel, juego, clave, puntos, puntos_max, ganada, estrellas, palabras_bien, palabras_mal, fecha)
      SELECT x.id, w.id_nivel, 'memoria', x.clave, 3, 5, true, 2, jsonb_build_array(w.id_palabra), jsonb_build_array(x.mal), x.fecha
      FROM (SELECT k.id, 'b' || g || '-' || r AS clave, p.a[1 + (k.id * 7 + g * 3 + r) % array_length(p.a, 1)] AS bien,
                   p.a[1 + (k.id * 5 + g * 2 + r) % array_length(p.a, 1)] AS mal,
                   now() - (g * (CASE WHEN k.clase THEN 1 ELSE 7 END)) * interval '1 day' - r * interval '1 hour' AS fecha
            FROM (${kids}) k, (SELECT array_agg(id_palabra ORDER BY id_palabra) a FROM palabra) p, generate_series(0, 364) g, generate_series(0, 1) r
            WHERE k.clase OR (g < 50 AND r = 0)) x
      JOIN palabra w ON w.id_palabra = x.bien`);
  await raw(`INSERT INTO repaso (id_usuario, id_palabra, calificacion, fuente, clave, estado_antes, vence, fecha)
      SELECT k.id, p.a[1 + (k.id * 11 + g * 5 + r) % array_length(p.a, 1)], 1 + (g + r) % 4, 'repaso', 'b' || g || '-' || r, 2,
             now() + interval '3 days', now() - (g * (CASE WHEN k.clase THEN 1 ELSE 7 END)) * interval '1 day' - r * interval '1 hour'
      FROM (${kids}) k, (SELECT array_agg(id_palabra ORDER BY id_palabra) a FROM palabra) p, generate_series(0, 364) g, generate_series(0, 4) r
      WHERE k.clase OR (g < 50 AND r < 2)`);
  // A card for every word a child met: the class's children all words, the others 60; a third due now.
  await raw(`INSERT INTO memoria (id_usuario, id_palabra, estado, vence, estabilidad, dificultad, repasos, olvidos, ultimo_repaso)
      SELECT k.id, w.id_palabra, 2, now() + ((((k.id * 7 + w.id_palabra * 13) % 60) - 20) * interval '1 day'), 5, 5, 3, (k.id + w.id_palabra) % 3, now() - interval '5 days'
      FROM (${kids}) k, (SELECT id_palabra, row_number() OVER (ORDER BY id_palabra) AS n FROM palabra) w
      WHERE k.clase OR w.n <= 60`);
  // Progress rows: each child has seen part of each level's words.
  await raw(`INSERT INTO progreso (id_usuario, id_nivel, palabras_vistas)
      SELECT k.id, n.id_nivel, coalesce((SELECT jsonb_agg(p.id_palabra) FROM palabra p WHERE p.id_nivel = n.id_nivel AND (p.id_palabra + k.id) % 3 <> 0), '[]'::jsonb)
      FROM (${kids}) k, nivel n`);
  await raw('ANALYZE');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const k = process.argv.indexOf('--keep');
  const r = await runClassDashboard({
    others: intArg('others', 2000),
    requests: intArg('requests', 300),
    port: intArg('port', 3413),
    keep: k >= 0 ? process.argv[k + 1] : undefined,
  });
  const c = r.counts;
  const md =
    `Machine: ${machine()}\n\npglite: a class of ${CLASS_SIZE} children with a year of activity (${c.intento_clase.toLocaleString('en')} of their attempts) ` +
    `among ${r.others.toLocaleString('en')} other children; in all ${c.intento.toLocaleString('en')} attempts, ${c.resultado.toLocaleString('en')} answers, ` +
    `${c.partida.toLocaleString('en')} game runs, ${c.repaso.toLocaleString('en')} reviews, ${c.memoria.toLocaleString('en')} memory rows (${r.reused ? 'reused' : `generated in ${r.generateSeconds.toFixed(0)} s`})\n\n` +
    table(
      ['route (HTTP, end to end, the class profesor)', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'goal'],
      r.timings.map((t) => [t.name, t.n, t.p50, t.p95, t.p99, t.max, t.p99 <= 100 ? 'p99 ≤ 100 ms: met' : 'p99 ≤ 100 ms: NOT met']),
    );
  console.log(`\n${md}`);
  saveResult('class-dashboard-pglite', r, md);
}
