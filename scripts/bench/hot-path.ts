// `npm run bench:hot` (docs/performance.md): the hot learner reads as `npm start` runs them, against a bare
// Fastify serving the very same bytes, in the same run.
//   tsx scripts/bench/hot-path.ts [--duration 5] [--connections 50] [--warmup 2] [--env NAME=value,...]
// - App: src/server/main.ts, one process, NODE_ENV=production and nothing else of the bench's quieter
//   settings (LOG_LEVEL and the rate limits at their defaults), its stdout (the log) kept in a file as
//   a service manager would keep it; PGlite with the demo content (DATABASE_URL is passed through).
// - Bare: scripts/bench/bare-fastify.ts in its own process, answering each read with the bytes,
//   status and Content-Type captured from the app (same learner token and XSRF cookie) just before.
// - Each read: a warm-up of both, then the app and the bare process, `--connections` each for
//   `--duration` seconds (autocannon, in this process). Ratio = app req/s ÷ bare req/s.
// Ports: PORTS.api and PORTS.bare of lib.ts (BENCH_PORT_OFFSET shifts them). BENCH_NODE_FLAGS profiles the app.
import autocannon, { type Result } from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Captured } from './bare-fastify';
import { BENCH_DIST, HOST, PORTS, ROOT, buildClient, getJson, intArg, login, machine, saveResult, sleep, startServer, table } from './lib';

/** The hot path's goal at 50 connections (docs/performance.md). */
const MIN_RATIO = 0.6;
const MAX_P99_MS = 10;

interface Read {
  name: string;
  url: string;
}

export interface HotRow {
  read: string;
  appRps: number;
  bareRps: number;
  ratio: number;
  appP50: number;
  appP99: number;
  bareP99: number;
  /** Server CPU time per request (µs), app and bare: the load-independent view of the same ratio. */
  appCpuUs: number | null;
  bareCpuUs: number | null;
  /** Bytes the app wrote to its log per request during its run. */
  logBytesPerReq: number;
  non2xx: number;
  errors: number;
}

function extraEnv(): Record<string, string> {
  const i = process.argv.indexOf('--env');
  if (i < 0) return {};
  return Object.fromEntries(
    (process.argv[i + 1] ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Runs autocannon and measures the server's CPU per request meanwhile: unlike req/s, barely moved by other load on the machine. */
async function measure(url: string, headers: Record<string, string>, connections: number, duration: number, pid: number | undefined) {
  const before = cpuMs(pid);
  const r = await fire(url, headers, connections, duration);
  const after = cpuMs(pid);
  const cpuUsPerReq = before === null || after === null ? null : Math.round(((after - before) * 1000) / Math.max(1, r.requests.total));
  return { r, cpuUsPerReq };
}

const fire = (url: string, headers: Record<string, string>, connections: number, duration: number): Promise<Result> =>
  autocannon({ url, connections, duration, headers });

async function startBare(port: number, file: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench/bare-fastify.ts'), String(port), file], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare-fastify terminó al arrancar (código ${child.exitCode})`);
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('bare-fastify no respondió en 60 s');
    }
    await sleep(100);
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await done;
    },
  };
}

async function capture(base: string, url: string, headers: Record<string, string>): Promise<Captured> {
  const r = await fetch(base + url, { headers });
  const body = Buffer.from(await r.arrayBuffer());
  if (r.status !== 200) throw new Error(`GET ${url}: ${r.status} ${body.toString()}`);
  return { url, status: r.status, contentType: r.headers.get('content-type') ?? 'application/octet-stream', body: body.toString('base64') };
}

export async function runHotPath(opts: { duration: number; connections: number; warmup: number; env: Record<string, string> }): Promise<HotRow[]> {
  if (!existsSync(path.join(BENCH_DIST, 'index.html'))) buildClient();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'manitas-hot-'));
  const logFile = path.join(tmp, 'app.log');
  const app = await startServer({ port: PORTS.api, entry: 'main', npmStart: { logFile }, env: opts.env }).catch((err: unknown) => {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  });
  let bare: Awaited<ReturnType<typeof startBare>> | null = null;
  try {
    // After listening, the app sizes and converts the demo's media once (src/server/maintenance/compact-media.ts);
    // measure the steady state, once its "multimedia:" line is in the log (at most 60 s).
    const settled = Date.now();
    while (Date.now() - settled < 60_000 && !readFileSync(logFile, 'utf8').includes('"multimedia: ')) await sleep(250);
    console.log(`(trabajo de multimedia del arranque: ${((Date.now() - settled) / 1000).toFixed(1)} s de espera)`);
    // What a browser sends: the XSRF cookie its page got, and the learner's bearer token.
    const h = await fetch(`${app.base}/api/health`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(h.headers.get('set-cookie') ?? '')?.[1];
    if (!xsrf) throw new Error('el servidor no entregó la cookie XSRF-TOKEN');
    const nino = await login(app.base, 'nino@manitas.test');
    const headers = { cookie: `XSRF-TOKEN=${xsrf}`, authorization: `Bearer ${nino.token}` };
    const niveles = await getJson<{ data: { id_nivel: number }[] }>(app.base, 'nivel/getNivels', nino.token);
    const lvl = niveles.data[0]!.id_nivel;
    const word = (await getJson<{ id_palabra: number }[]>(app.base, `palabra/nivel/${lvl}`, nino.token))[0]!.id_palabra;
    const reads: Read[] = [
      { name: 'GET nivel/getNivels', url: '/api/nivel/getNivels' },
      { name: 'GET palabra/nivel/{id}', url: `/api/palabra/nivel/${lvl}` },
      { name: 'GET multimedia/palabra/{id}', url: `/api/multimedia/palabra/${word}` },
      { name: 'GET evaluacion/detalles', url: '/api/evaluacion/detalles' },
    ];
    const captured = await Promise.all(reads.map((r) => capture(app.base, r.url, headers)));
    const file = path.join(tmp, 'captured.json');
    writeFileSync(file, JSON.stringify(captured));
    bare = await startBare(PORTS.bare, file);
    // The ceiling must answer what the app answers, byte for byte.
    for (const c of captured) {
      const b = await capture(bare.base, c.url, {});
      if (b.body !== c.body || b.contentType !== c.contentType || b.status !== c.status)
        throw new Error(`bare-fastify no responde lo mismo que la app en ${c.url}`);
    }
    const rows: HotRow[] = [];
    for (const r of reads) {
      if (opts.warmup > 0) {
        await fire(app.base + r.url, headers, Math.min(opts.connections, 10), opts.warmup);
        await fire(bare.base + r.url, headers, Math.min(opts.connections, 10), opts.warmup);
      }
      const logBefore = statSync(logFile).size;
      const { r: a, cpuUsPerReq: appCpu } = await measure(app.base + r.url, headers, opts.connections, opts.duration, app.child.pid);
      // The asynchronous log may still be writing: give it a moment before measuring its growth.
      await sleep(300);
      const logBytes = statSync(logFile).size - logBefore;
      const { r: b, cpuUsPerReq: bareCpu } = await measure(bare.base + r.url, headers, opts.connections, opts.duration, bare.pid);
      const row: HotRow = {
        read: r.name,
        appRps: Math.round(a.requests.average),
        bareRps: Math.round(b.requests.average),
        ratio: Math.round((a.requests.average / b.requests.average) * 100) / 100,
        appP50: a.latency.p50,
        appP99: a.latency.p99,
        bareP99: b.latency.p99,
        appCpuUs: appCpu,
        bareCpuUs: bareCpu,
        logBytesPerReq: Math.round((logBytes / Math.max(1, a.requests.total)) * 10) / 10,
        non2xx: a.non2xx + b.non2xx,
        errors: a.errors + a.timeouts + b.errors + b.timeouts,
      };
      rows.push(row);
      console.log(
        `${r.name}: app ${row.appRps} req/s (p50 ${row.appP50} ms, p99 ${row.appP99} ms), bare ${row.bareRps} req/s (p99 ${row.bareP99} ms), ratio ${row.ratio}, CPU µs/req app ${row.appCpuUs} bare ${row.bareCpuUs}` +
          (row.non2xx || row.errors ? ` [non-2xx ${row.non2xx}, errores ${row.errors}]` : ''),
      );
    }
    return rows;
  } finally {
    await bare?.stop();
    await app.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function hotTable(rows: HotRow[], connections: number, duration: number): string {
  return table(
    [
      `read (${connections} connections, ${duration} s)`,
      'app req/s',
      'bare Fastify req/s',
      'ratio',
      'app p50',
      'app p99',
      'bare p99',
      'CPU µs/req app / bare',
      'log B/req',
      'non-2xx / errors',
    ],
    rows.map((r) => [
      r.read,
      r.appRps.toLocaleString('en'),
      r.bareRps.toLocaleString('en'),
      r.ratio.toFixed(2),
      `${r.appP50} ms`,
      `${r.appP99} ms`,
      `${r.bareP99} ms`,
      `${r.appCpuUs ?? '?'} / ${r.bareCpuUs ?? '?'}`,
      r.logBytesPerReq,
      `${r.non2xx} / ${r.errors}`,
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const duration = intArg('duration', 5);
  const connections = intArg('connections', 50);
  const warmup = intArg('warmup', 2, 0);
  const env = extraEnv();
  const rows = await runHotPath({ duration, connections, warmup, env });
  const ok = (b: boolean) => (b ? 'MET ' : 'MISS');
  const worst = Math.min(...rows.map((r) => r.ratio));
  const p99 = Math.max(...rows.map((r) => r.appP99));
  const envNote = Object.keys(env).length
    ? ` Extra env: ${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}.`
    : '';
  const md = [
    `Machine: ${machine()}.${envNote}`,
    '',
    hotTable(rows, connections, duration),
    '',
    `- ${ok(worst >= MIN_RATIO)} every hot read ≥ ${MIN_RATIO} of bare Fastify (worst ${worst.toFixed(2)})`,
    `- ${ok(p99 <= MAX_P99_MS)} app p99 ≤ ${MAX_P99_MS} ms at ${connections} connections (worst ${p99} ms)`,
  ].join('\n');
  console.log(`\n${md}`);
  saveResult('hot-path', rows, md);
}
