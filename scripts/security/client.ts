// What the black-box security scripts share: a JSON client with a timeout, a check that a set-up
// step worked, and a real server process (src/server/main.ts) on 127.0.0.1 with an ephemeral port,
// a temporary DATA_DIR, the embedded database and the demo accounts, whose log is kept in a file so
// a script can read what the server wrote.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Reply {
  status: number;
  json: Record<string, unknown> & { data?: unknown; msg?: string };
  text: string;
}

export async function call(base: string, method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Reply> {
  const isBytes = body instanceof FormData;
  const r = await fetch(base + url, {
    method,
    headers: {
      ...(isBytes || body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isBytes ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await r.text();
  let json: unknown = {};
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: r.status, json: (json ?? {}) as Reply['json'], text };
}

export function must(r: Reply, ok: number, what: string): Reply {
  if (r.status !== ok) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  base: string;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts the real server as production runs it (NODE_ENV=production, LOG_LEVEL=info unless given). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manitas-check-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = openSync(logFile, 'a');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: '1',
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: '100000',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('el servidor no arrancó en 120 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    dataDir,
    log: () => readFileSync(logFile, 'utf8'),
    async stop() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
