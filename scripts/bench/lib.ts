// Shared pieces of `npm run bench`: start the production server on 127.0.0.1, wait for it, sign in,
// stop it; format tables. Only loopback is ever contacted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The bench builds its own copy of the client so a concurrent `vite build` into dist/ cannot change it mid-run. */
export const BENCH_DIST = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(ROOT, '.tmp', 'bench-dist');
export const RESULTS_DIR = process.env.BENCH_RESULTS ? path.resolve(process.env.BENCH_RESULTS) : path.join(ROOT, '.tmp', 'bench');
export const HOST = '127.0.0.1';
/** Ports 3300–3399 belong to the bench; BENCH_PORT_OFFSET shifts them (two benches side by side). */
const OFF = Number(process.env.BENCH_PORT_OFFSET || 0);
export const PORTS = { api: 3301 + OFF, api2: 3302 + OFF, bare: 3303 + OFF, web: 3310 + OFF, scale: 3320 + OFF, lighthouse: 3330 + OFF } as const;
export const DEMO_PASSWORD = 'Manitas2024';

/** Debian's Chromium and the flags every bench launches it with (shared with the e2e suite). */
export { CHROMIUM, CHROME_ARGS } from '../chromium';

export function buildClient(): void {
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', BENCH_DIST, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('vite build falló');
}

export interface Server {
  base: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the server (src/server/main.ts, or the cluster entry) on PORT with a fresh DATA_DIR in a
 * temp dir, the bench's build and demo content. DATABASE_URL is passed through when set.
 */
export async function startServer(opts: {
  port: number;
  entry?: 'main' | 'cluster';
  workers?: number;
  env?: Record<string, string>;
  dataDir?: string;
  /**
   * `npm start`'s own settings instead of the bench's quieter ones: the default LOG_LEVEL (info) and
   * rate limits, one process, and stdout (the request log) written to `logFile`, as a service
   * manager or `npm start > manitas.log` would keep it (scripts/bench/hot-path.ts).
   */
  npmStart?: { logFile: string };
}): Promise<Server> {
  // A server left on the port (a run killed before it could stop it) would answer the health
  // check below and the bench would measure the old server and its old data: refuse instead.
  const taken = await fetch(`http://${HOST}:${opts.port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`el puerto ${opts.port} ya está en uso (¿un servidor de una ejecución anterior?)`);
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'manitas-bench-'));
  const entry = opts.entry === 'cluster' ? 'src/server/cluster.ts' : 'src/server/main.ts';
  // BENCH_NODE_FLAGS: extra flags for the server's node (e.g. --cpu-prof --cpu-prof-dir=DIR to profile it).
  const flags = (process.env.BENCH_NODE_FLAGS || '').split(' ').filter(Boolean);
  const quiet = opts.npmStart
    ? {}
    : {
        LOG_LEVEL: 'warn',
        // Logins are measured, not limited.
        AUTH_RATE_LIMIT: '1000000',
      };
  const logFd = opts.npmStart ? openSync(opts.npmStart.logFile, 'a') : null;
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    stdio: ['ignore', logFd ?? 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      STATIC_DIR: BENCH_DIST,
      PORT: String(opts.port),
      HOST,
      PUBLIC_URL: `http://localhost:${opts.port}`,
      SEED_DEMO: '1',
      ...quiet,
      WEB_CONCURRENCY: String(opts.workers ?? 2),
      ...opts.env,
    },
  });
  if (logFd !== null) closeSync(logFd);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const base = `http://${HOST}:${opts.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (código ${child.exitCode}):\n${stderr}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`el servidor no respondió en 120 s:\n${stderr}`);
    }
    await sleep(200);
  }
  return {
    base,
    child,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await done;
        clearTimeout(t);
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `--name N` from the command line, or `def`; refuses anything but a whole number ≥ `min`. */
export function intArg(name: string, def: number, min = 1): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : def;
  if (!Number.isInteger(v) || v < min) throw new Error(`--${name} debe ser un entero ≥ ${min}`);
  return v;
}

/** Nearest-rank percentile of ascending samples, `p` from 0 to 1 (p99 of 30 samples is the slowest one). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export async function login(base: string, email: string): Promise<{ token: string; usuario: { id: number } }> {
  const r = await fetch(`${base}/api/user/logIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!r.ok) throw new Error(`login ${email}: ${r.status} ${await r.text()}`);
  return (await r.json()) as { token: string; usuario: { id: number } };
}

export async function getJson<T>(base: string, p: string, token?: string): Promise<T> {
  const r = await fetch(`${base}/api/${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!r.ok) throw new Error(`GET ${p}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** A Markdown table (what the bench prints and what docs/performance.md holds). */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const w = head.map((_, i) => Math.max(3, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(w[i]!)).join(' | ')} |`;
  return [line(cells[0]!), `| ${w.map((n) => '-'.repeat(n)).join(' | ')} |`, ...cells.slice(1).map(line)].join('\n');
}

export function saveResult(name: string, data: unknown, markdown: string): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify(data, null, 2));
  writeFileSync(path.join(RESULTS_DIR, `${name}.md`), `${markdown}\n`);
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`;
}
