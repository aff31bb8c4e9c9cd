// `npm run bench`: the whole benchmark (not part of `npm test`), about 15 minutes on 2 cores.
//   1. builds the client into .tmp/bench-dist;  2. web: first-visit sizes per route + Lighthouse;
//   3. API on PGlite;  4. scale on PGlite;  5. under a throwaway PostgreSQL (scripts/with-postgres.sh):
//   API with 1 and 2 app processes, and scale.  Prints Markdown tables (the ones in
//   docs/performance.md) and the targets met or missed; results are kept in .tmp/bench/.
// Only 127.0.0.1 is contacted; servers use ports 3300–3399 (PostgreSQL: PG_TEST_PORT, default 3392).
// Environment: BENCH_DURATION (s per case, default 10), BENCH_LH_RUNS (default 1), BENCH_SKIP=web,pglite,postgres,scale,
// BENCH_PORT_OFFSET (shift the ports), BENCH_DIST (client build dir), BENCH_RESULTS (results dir).
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiTable, runApi, type Row } from './api';
import { runScale, scaleTables, type ScaleResult } from './scale';
import { LOGIN_JS_BUDGET, runWeb, webTables, type LhRow, type SizeRow } from './web';
import { RESULTS_DIR, ROOT, buildClient, kb, machine, saveResult } from './lib';

const duration = Number(process.env.BENCH_DURATION || 10);
const skip = new Set((process.env.BENCH_SKIP || '').split(',').filter(Boolean));
const scaleArgs = { learners: 10_000, answers: 1_000_000, samples: 15 };

async function pgPart() {
  // Runs inside scripts/with-postgres.sh (DATABASE_URL set).
  const rows = [
    ...(await runApi({ duration, connections: [10, 50], procs: [1], cases: null, label: 'postgres', warmup: 2 })),
    ...(await runApi({ duration, connections: [50], procs: [2], cases: ['getNivels', 'detalles', 'saveMultiple'], label: 'postgres', warmup: 2 })),
  ];
  saveResult('api-postgres', rows, apiTable(rows));
  if (!skip.has('scale')) {
    const s = await runScale(scaleArgs);
    saveResult('scale-postgres', s, scaleTables(s));
  }
}

const load = <T>(name: string): T | null => {
  const f = path.join(RESULTS_DIR, `${name}.json`);
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as T) : null;
};

function targets(web: { sizes: SizeRow[]; lh: LhRow[] } | null, apis: Row[], scales: ScaleResult[]): string[] {
  const out: string[] = [];
  const ok = (b: boolean) => (b ? 'MET ' : 'MISS');
  for (const label of ['pglite', 'postgres']) {
    const reads = apis.filter((r) => r.label === label && r.procs === 1 && r.connections === 50 && r.ratio !== null);
    if (reads.length) {
      const worst = Math.min(...reads.map((r) => r.ratio!));
      const p99 = Math.max(...reads.map((r) => r.p99));
      out.push(`${ok(worst >= 0.5)} ${label}: learner reads ≥ 50% of the constant-JSON ceiling at 50 connections (worst ${(worst * 100).toFixed(0)}%)`);
      out.push(`${ok(p99 <= 10)} ${label}: learner reads p99 ≤ 10 ms at 50 connections (worst ${p99} ms)`);
    }
  }
  const quiz = apis.filter((r) => r.label === 'pglite' && r.case === 'saveMultiple');
  if (quiz.length)
    out.push(
      `${ok(Math.min(...quiz.map((r) => r.rps)) >= 500)} pglite: quiz submits ≥ 500/s at every connection count (${quiz.map((r) => `${r.rps}/s at ${r.connections}`).join(', ')})`,
    );
  const loginSize = web?.sizes.find((s) => s.route === '/logIn');
  if (loginSize) {
    out.push(`${ok(loginSize.jsGzip <= LOGIN_JS_BUDGET)} /logIn first visit ≤ 150 KB gzipped JS (${kb(loginSize.jsGzip)} KB)`);
    out.push(
      `${ok(!loginSize.heavy.length)} /logIn without react-admin, Phaser, firebase${loginSize.heavy.length ? ` (has ${loginSize.heavy.join(', ')})` : ''}`,
    );
  }
  for (const l of web?.lh ?? [])
    out.push(
      `${ok(l.performance >= 95 && l.accessibility === 100)} Lighthouse ${l.route}: performance ${l.performance} (≥ 95), accessibility ${l.accessibility} (100)`,
    );
  for (const s of scales) {
    const worst = Math.max(...s.timings.map((t) => t.p50));
    out.push(`${ok(worst < 100)} ${s.label} at scale: teacher results and admin lists under 100 ms (worst p50 ${worst} ms)`);
  }
  return out;
}

if (process.argv.includes('--pg-part')) {
  await pgPart();
} else {
  const started = Date.now();
  console.log(`Manitas bench — ${machine()}`);
  buildClient();
  let web: { sizes: SizeRow[]; lh: LhRow[] } | null = null;
  if (!skip.has('web')) {
    web = await runWeb({ build: false, lighthouse: true, runs: Number(process.env.BENCH_LH_RUNS || 1) });
    saveResult('web', web, webTables(web));
  }
  let pgliteApi: Row[] = [];
  let pgliteScale: ScaleResult | null = null;
  if (!skip.has('pglite')) {
    pgliteApi = await runApi({ duration, connections: [10, 50], procs: [1], cases: null, label: 'pglite', warmup: 2 });
    saveResult('api-pglite', pgliteApi, apiTable(pgliteApi));
    if (!skip.has('scale')) {
      pgliteScale = await runScale(scaleArgs);
      saveResult('scale-pglite', pgliteScale, scaleTables(pgliteScale));
    }
  }
  if (!skip.has('postgres')) {
    const r = spawnSync(
      'bash',
      [path.join(ROOT, 'scripts/with-postgres.sh'), process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts/bench/run.ts'), '--pg-part'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, PG_TEST_PORT: process.env.PG_TEST_PORT || '3392' },
      },
    );
    if (r.status !== 0) console.error('la parte de PostgreSQL falló');
  }
  const pgApi = skip.has('postgres') ? [] : (load<Row[]>('api-postgres') ?? []);
  const pgScale = skip.has('postgres') || skip.has('scale') ? null : load<ScaleResult>('scale-postgres');
  const apis = [...pgliteApi, ...pgApi];
  const scales = [pgliteScale, pgScale].filter((s): s is ScaleResult => !!s);
  const report = [
    `# Manitas bench — ${new Date().toISOString()}`,
    `Machine: ${machine()}. ${duration} s per API case after a 2 s warm-up; autocannon on 127.0.0.1.`,
    web ? `## Web\n\n${webTables(web)}` : '',
    apis.length ? `## API\n\n${apiTable(apis)}` : '',
    ...scales.map((s) => `## Scale (${s.label})\n\n${scaleTables(s)}`),
    `## Targets\n\n${targets(web, apis, scales)
      .map((l) => `- ${l}`)
      .join('\n')}`,
    `Total time: ${((Date.now() - started) / 60000).toFixed(1)} min.`,
  ]
    .filter(Boolean)
    .join('\n\n');
  writeFileSync(path.join(RESULTS_DIR, 'report.md'), `${report}\n`);
  console.log(`\n${report}\n\n(también en ${path.relative(ROOT, path.join(RESULTS_DIR, 'report.md'))})`);
}
