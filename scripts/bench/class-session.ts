// "A school's day": N children play one class session at once against the production server, each
// on its own session as a browser would (its own cookie jar and up to 6 keep-alive connections):
// the login page, log in, home, a level, every word of it, back to the level, the quiz and its
// submit, a game (its words), log out — the calls the learner screens make, in their order. Not a
// test: a load script that prints per-step p50/p99/errors and keeps JSON in .tmp/bench/.
//   npx tsx scripts/bench/class-session.ts --n 30 --db pglite
//   npx tsx scripts/bench/class-session.ts --n 30,300 --db postgres   # starts scripts/with-postgres.sh itself
//   npx tsx scripts/bench/class-session.ts --all                      # PGlite and PostgreSQL, 30 and 300 children
//   Several processes, as several hosts of one school (README "Many schools"): one PostgreSQL, one
//   S3 bucket (s3rver) and N app processes, the children round-robin across their base URLs:
//   PG_TEST_PORT=55480 S3_TEST_PORT=3239 npx tsx scripts/bench/class-session.ts --n 300 --stagger 60 \
//     --processes 1,2 --db postgres --storage s3 --port 3231
// Options: --stagger S (children start spread over S seconds, default 5), --think MS (pause between
// screens, random 0.5–1.5×, default 250: a class at many times its real pace), --timeout S (the
// session's hard limit, default 120), --warmup K (K other children per process play first from
// 127.0.0.2, default 2), --db pglite|postgres (default: postgres when DATABASE_URL is set; without it
// the run starts inside scripts/with-postgres.sh, on PG_TEST_PORT), --storage disk|s3 (uploads on the
// process's disk, or in a bucket: default s3 when S3_BUCKET is set; without it the run starts inside
// scripts/with-s3.sh, on S3_TEST_PORT), --processes N[,M…] (app processes, each the real server entry
// src/server/main.ts as `npm start` runs it with its own DATA_DIR; a list runs once per entry, back to
// back on the same database and bucket; more than 1 needs --db postgres --storage s3), --port P (process
// k listens on P+k; default free ports). Child i plays against process i mod N (class-plan.ts).
// On PostgreSQL the session starts once the background jobs the processes enqueue at start (compact
// copies of the demo GIFs) are done, so it does not meet their encoding.
// The server runs with the default configuration: no AUTH_RATE_LIMIT or other limit is raised.
// The children's accounts are created before the session (sign-up is limited per address), in the
// database through the app's own code (scrypt hash, the row POST /api/user/register stores).
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { usuario } from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/demo/seed';
import { hashPassword } from '../../src/server/auth/password';
import { validateRegistration } from '../../src/shared/validation/registration';
import { isTextQuestion } from '../../src/shared/rules/quizRules';
import { buildRows, type QuizLike } from '../../src/client/learner/model/learnerRules';
import { DEMO_PASSWORD, HOST, RESULTS_DIR, ROOT, machine, percentile, saveResult, sleep, startServer, table, type Server } from './lib';
import { ArgError, childrenPerProcess, parseClassArgs, portsFor, processOf, type ClassArgs as Args, type DbKind, type StorageKind } from './class-plan';

/** Per-request limit, and the most words a child opens (the loops are bounded in count and time). */
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_WORDS = 50;
/** As the games page asks for media (src/client/games/useGameWords.ts). */
const GAME_MEDIA_CONCURRENCY = 6;
/** A browser opens at most 6 connections to one host. */
const BROWSER_SOCKETS = 6;
const STEPS = ['login page', 'login', 'home', 'level', 'word', 'quiz', 'quiz submit', 'game', 'logout'] as const;
type StepName = (typeof STEPS)[number];

// ---------------------------------------------------------------------------------------------
// Measurements

interface ErrorCount {
  count: number;
  example: string;
}
interface Bucket {
  ms: number[];
  requests: number;
  errors: number;
  detail: Record<string, ErrorCount>;
}
const bucket = (): Bucket => ({ ms: [], requests: 0, errors: 0, detail: {} });

class Recorder {
  steps = new Map<string, Bucket>();
  endpoints = new Map<string, Bucket>();
  constructor(readonly enabled: boolean) {}

  /** Calls outside the screens (the check after logout) are not counted. */
  request(step: string, endpoint: string, ms: number, error: { key: string; msg: string } | null) {
    if (!this.enabled || !(STEPS as readonly string[]).includes(step)) return;
    for (const b of [this.get(this.steps, step), this.get(this.endpoints, endpoint)]) {
      b.requests++;
      if (error) {
        b.errors++;
        const d = (b.detail[error.key] ??= { count: 0, example: error.msg });
        d.count++;
      }
    }
    this.get(this.endpoints, endpoint).ms.push(ms);
  }

  step(step: string, ms: number) {
    if (this.enabled) this.get(this.steps, step).ms.push(ms);
  }

  private get(m: Map<string, Bucket>, k: string): Bucket {
    let b = m.get(k);
    if (!b) m.set(k, (b = bucket()));
    return b;
  }
}

const r1 = (x: number) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : NaN);

export interface StatRow {
  name: string;
  samples: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  detail: Record<string, ErrorCount>;
}

function stats(name: string, b: Bucket): StatRow {
  const s = [...b.ms].sort((x, y) => x - y);
  return {
    name,
    samples: s.length,
    requests: b.requests,
    p50: r1(percentile(s, 0.5)),
    p99: r1(percentile(s, 0.99)),
    max: r1(s[s.length - 1] ?? NaN),
    errors: b.errors,
    detail: b.detail,
  };
}

// ---------------------------------------------------------------------------------------------
// One child's browser: a cookie jar, the bearer token once logged in, its own connections.

interface Reply {
  ok: boolean;
  status: number;
  data: any;
}
type Call = (method: 'GET' | 'POST', p: string, body?: unknown) => Promise<Reply>;

class Browser {
  private jar = new Map<string, { value: string; path: string }>();
  private agent: http.Agent;
  token: string | null = null;

  constructor(
    private port: number,
    private rec: Recorder,
    localAddress?: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: BROWSER_SOCKETS, ...(localAddress ? { localAddress } : {}) });
  }

  close() {
    this.agent.destroy();
  }

  /** Runs one screen's calls; its time is the wall time of all of them (parallel ones overlap, as in the app). */
  async step<T>(name: StepName, fn: (call: Call) => Promise<T>): Promise<T> {
    const t0 = performance.now();
    const out = await fn((method, p, body) => this.call(name, method, p, body));
    this.rec.step(name, performance.now() - t0);
    return out;
  }

  /** A call as src/client/api/http.ts makes it: Accept JSON, the bearer token, X-XSRF-TOKEN on writes. */
  call(step: string, method: 'GET' | 'POST', p: string, body?: unknown): Promise<Reply> {
    const urlPath = `/api/${p}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (method !== 'GET') {
      const x = this.jar.get('XSRF-TOKEN');
      if (x) headers['x-xsrf-token'] = decodeURIComponent(x.value);
    }
    const cookies = [...this.jar].filter(([, c]) => urlPath.startsWith(c.path)).map(([k, c]) => `${k}=${c.value}`);
    if (cookies.length) headers.cookie = cookies.join('; ');
    let payload: string | undefined;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    } else if (method !== 'GET') {
      headers['content-length'] = '0';
    }
    const endpoint = `${method} ${urlPath.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
    const t0 = performance.now();
    return new Promise<Reply>((resolve) => {
      const done = (r: Reply, error: { key: string; msg: string } | null) => {
        this.rec.request(step, endpoint, performance.now() - t0, error);
        resolve(r);
      };
      const req = http.request({ host: HOST, port: this.port, method, path: urlPath, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) =>
          done({ ok: false, status: 0, data: null }, { key: `network ${(err as NodeJS.ErrnoException).code ?? err.message}`, msg: err.message }),
        );
        res.on('end', () => {
          this.store(res.headers);
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          let data: any = null;
          try {
            data = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          const ok = status >= 200 && status < 300;
          done(
            { ok, status, data },
            ok ? null : { key: `${status}${data?.code ? ` ${data.code}` : ''}`, msg: String(data?.msg ?? data?.message ?? text.slice(0, 120)) },
          );
        });
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error(`sin respuesta en ${REQUEST_TIMEOUT_MS / 1000} s`), { code: 'TIMEOUT' })));
      req.on('error', (err) =>
        done({ ok: false, status: 0, data: null }, { key: `network ${(err as NodeJS.ErrnoException).code ?? err.message}`, msg: err.message }),
      );
      req.end(payload);
    });
  }

  /** Set-Cookie into the jar (a cleared or expired cookie leaves it). */
  private store(h: IncomingHttpHeaders) {
    for (const line of h['set-cookie'] ?? []) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (n: string) => attrs.find((a) => a.toLowerCase().startsWith(`${n}=`))?.slice(n.length + 1);
      const maxAge = attr('max-age');
      const expires = attr('expires');
      const gone = value === '' || (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone) this.jar.delete(name);
      else this.jar.set(name, { value, path: attr('path') ?? '/' });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The session, screen by screen (the calls of src/client/learner/* and src/client/games/*).

interface Palabra {
  id_palabra: number;
}
const wordsOf = (r: unknown): Palabra[] =>
  [...(Array.isArray(r) ? r : ((r as { data?: Palabra[] } | null)?.data ?? []))].sort((a, b) => a.id_palabra - b.id_palabra);

async function mapLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The level menu (/supmenu/{id}, LevelMenu.tsx without the boot prefetch): levels and words, then every word's media with the progress sync. */
function levelMenu(b: Browser, level: number, userId: number): Promise<Palabra[] | null> {
  return b.step('level', async (call) => {
    const [, ws] = await Promise.all([call('GET', 'nivel/getNivels'), call('GET', `palabra/nivel/${level}`)]);
    const words = wordsOf(ws.data);
    await Promise.all([...words.map((w) => call('GET', `multimedia/palabra/${w.id_palabra}`)), call('GET', `progreso/usuario/${userId}`)]);
    // Every word seen here was already sent by the word screen: the sync posts nothing (applyServerProgress).
    return ws.ok ? words : null;
  });
}

/** The child's answers: a random option of each choice question; a written one right half of the time. */
function answers(ev: QuizLike): Record<number, { id_respuesta?: number; respuesta?: string }> {
  const out: Record<number, { id_respuesta?: number; respuesta?: string }> = {};
  for (const q of ev.preguntas) {
    if (isTextQuestion(q.Tipo)) out[q.id_pregunta] = { respuesta: Math.random() < 0.5 ? q.respuestas[0]?.respuesta || 'hola' : 'hola' };
    else if (q.respuestas.length) out[q.id_pregunta] = { id_respuesta: q.respuestas[Math.floor(Math.random() * q.respuestas.length)]!.id_respuesta };
  }
  return out;
}

interface Ctx {
  /** The app processes' ports; child i plays against ports[processOf(i, ports.length)]. */
  ports: number[];
  rec: Recorder;
  n: number;
  stagger: number;
  think: number;
  deadline: number;
  localAddress?: string;
}
type Outcome = { finished: true; tokenAfterLogout: 'refused' | 'accepted' | 'not checked' } | { finished: false; stoppedAt: string };

class Stop extends Error {}

async function playChild(i: number, email: string, ctx: Ctx): Promise<Outcome> {
  const b = new Browser(ctx.ports[processOf(i, ctx.ports.length)]!, ctx.rec, ctx.localAddress);
  const pause = async () => {
    await sleep(ctx.think * (0.5 + Math.random()));
    if (Date.now() > ctx.deadline) throw new Stop('time');
  };
  let at = 'start';
  try {
    await sleep((ctx.stagger * 1000 * i) / Math.max(1, ctx.n));
    // 1. /logIn: its Google button asks for the public settings; that first reply sets XSRF-TOKEN.
    at = 'login page';
    await b.step('login page', (call) => call('GET', 'config/public'));
    await pause();
    // 2. Login.tsx: POST user/logIn {email, password}; the token is then sent as a bearer.
    at = 'login';
    const s = await b.step('login', (call) => call('POST', 'user/logIn', { email, password: DEMO_PASSWORD }));
    const userId = Number(s.data?.usuario?.id);
    if (!s.ok || !s.data?.token || !userId) return { finished: false, stoppedAt: at };
    b.token = String(s.data.token);
    await pause();
    // 3. /home: the levels.
    at = 'home';
    const home = await b.step('home', (call) => call('GET', 'nivel/getNivels'));
    const levels = (home.data?.data ?? []) as { id_nivel: number }[];
    if (!home.ok || !levels.length) return { finished: false, stoppedAt: at };
    const level = levels[i % levels.length]!.id_nivel;
    await pause();
    // 4. 'Empezar' on a level card: the level menu.
    at = 'level';
    const words = await levelMenu(b, level, userId);
    if (!words) return { finished: false, stoppedAt: at };
    // 5. Every word (WordDetail.tsx): the first card opens the word screen (words and the word's
    // media; once the words are in, POST progreso/visto); 'Siguiente' keeps the screen's words.
    at = 'word';
    for (const [k, w] of words.slice(0, MAX_WORDS).entries()) {
      await pause();
      await b.step('word', async (call) => {
        const wordsIn = k === 0 ? call('GET', `palabra/nivel/${level}`) : Promise.resolve(null);
        await Promise.all([
          call('GET', `multimedia/palabra/${w.id_palabra}`),
          wordsIn.then(() => call('POST', 'progreso/visto', { id_nivel: level, id_palabra: w.id_palabra })),
        ]);
      });
    }
    await pause();
    // 6. 'Volver al nivel': the level menu again.
    at = 'level';
    await levelMenu(b, level, userId);
    await pause();
    // 7. The quiz (Quiz.tsx): every evaluation, this level's; answered, then sent as buildRows makes the rows.
    at = 'quiz';
    const det = await b.step('quiz', (call) => call('GET', 'evaluacion/detalles'));
    const ev = ((det.data?.data ?? []) as (QuizLike & { id_nivel: number })[]).find((e) => Number(e.id_nivel) === level);
    if (ev?.preguntas.length) {
      await pause();
      at = 'quiz submit';
      await b.step('quiz submit', (call) => call('POST', 'resultados/save-multiple', { respuestas: buildRows(ev, answers(ev), userId, level) }));
    }
    await pause();
    // 8. The play button, a game (GamePage.tsx / useGameWords.ts): the level's words and their media,
    // 6 at a time. The games keep their points in memory only: nothing is sent to the server.
    at = 'game';
    await b.step('game', async (call) => {
      const ws = await call('GET', `palabra/nivel/${level}`);
      await mapLimited(wordsOf(ws.data), GAME_MEDIA_CONCURRENCY, (w) => call('GET', `multimedia/palabra/${w.id_palabra}`));
    });
    await pause();
    // 9. Log out: POST user/logout with the bearer and XSRF (an error here is counted, the session still ends).
    at = 'logout';
    const out = await b.step('logout', (call) => call('POST', 'user/logout'));
    let tokenAfterLogout: 'refused' | 'accepted' | 'not checked' = 'not checked';
    if (out.ok) {
      // Not a screen: is the token refused now? (untimed, not counted in the steps)
      const probe = await b.call('after logout (check)', 'GET', `progreso/usuario/${userId}`);
      tokenAfterLogout = probe.status === 401 ? 'refused' : probe.ok ? 'accepted' : 'not checked';
    }
    return { finished: true, tokenAfterLogout };
  } catch (err) {
    if (err instanceof Stop) return { finished: false, stoppedAt: `${at} (time limit)` };
    throw err;
  } finally {
    b.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Setup: the database with the demo content and N learner accounts, then the server.

interface Prepared {
  dataDir: string;
  databaseUrl: string | null;
  emails: string[];
  warmupEmails: string[];
  cleanup(): Promise<void>;
}

/** S3_* variables removed (undefined: spawn and loadConfig leave them out) when uploads go to the disk. */
function storageEnv(storage: StorageKind): Record<string, string | undefined> {
  if (storage === 's3') {
    if (!process.env.S3_BUCKET) throw new Error('S3: S3_BUCKET no está definida (ejecútalo con --storage s3: arranca scripts/with-s3.sh)');
    return {};
  }
  return Object.fromEntries(
    Object.keys(process.env)
      .filter((k) => k.startsWith('S3_'))
      .map((k) => [k, undefined]),
  );
}

async function prepare(db: DbKind, storage: StorageKind, n: number, warmup: number): Promise<Prepared> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manitas-class-'));
  let databaseUrl: string | null = null;
  let dropDb: (() => Promise<void>) | null = null;
  if (db === 'postgres') {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('PostgreSQL: DATABASE_URL no está definida (ejecútalo con --db postgres: arranca scripts/with-postgres.sh)');
    // A fresh database per run, so each class starts from the demo content only.
    const name = `manitas_class_${n}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // With --storage s3 the seed writes the demo media into the bucket, as the first host of a school does.
  const config = loadConfig({ ...process.env, ...storageEnv(storage), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' } as NodeJS.ProcessEnv, {
    seedDemo: true,
  });
  const database = await openDatabase({ databaseUrl, dataDir });
  const stamp = Date.now().toString(36);
  const emails = Array.from({ length: n }, (_, i) => `clase-${stamp}-${i + 1}@manitas.test`);
  const warmupEmails = Array.from({ length: warmup }, (_, i) => `calentamiento-${stamp}-${i + 1}@manitas.test`);
  try {
    await database.migrate();
    await seedDemo(database, config);
    // What POST /api/user/register stores for a valid sign-up, checked by the same rules. One scrypt
    // hash for the class (same password): a login's cost is the same, the setup takes no minute.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const rows = [...emails, ...warmupEmails].map((email, i) => {
      const girl = i % 2 === 0;
      const form = {
        nombre: girl ? 'Valentina' : 'Santiago',
        apellido: `Clase ${i + 1}`,
        fechaNacimiento: '2016-05-01',
        Credentials: `CLASE-${i + 1}`,
        email,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
        phone: '5512345678',
        avatar: girl ? 'girl' : 'boy',
        sexo: girl ? 'niña' : 'niño',
      };
      const msg = validateRegistration(form);
      if (msg) throw new Error(`registro inválido (${email}): ${msg}`);
      return {
        nombre: form.nombre,
        apellido: form.apellido,
        fechaNacimiento: form.fechaNacimiento,
        email,
        passwordHash,
        credential: form.Credentials,
        phone: form.phone,
        sexo: form.sexo,
        avatar: form.avatar,
        photo: null,
        status: true,
      };
    });
    for (let i = 0; i < rows.length; i += 500) await database.db.insert(usuario).values(rows.slice(i, i + 500));
  } finally {
    await database.close();
  }
  return {
    dataDir,
    databaseUrl,
    emails,
    warmupEmails,
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      await dropDb?.();
    },
  };
}

/** Linux: the machine's count of connections dropped because a listen queue was full (null elsewhere). */
function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'));
    const [names, values] = lines.map((l) => l.split(/\s+/));
    const i = names?.indexOf('ListenOverflows') ?? -1;
    return i > 0 && values ? Number(values[i]) : null;
  } catch {
    return null;
  }
}

/** Linux: CPU seconds (user + system) a process has used so far (null elsewhere). */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RunResult {
  db: DbKind;
  /** Absent in results saved before several processes could be run: disk, 1. */
  storage?: StorageKind;
  processes?: number;
  childrenPerProcess?: number[];
  children: number;
  startedAt: string;
  machine: string;
  loginLimitPerMinute: number;
  stagger: number;
  think: number;
  warmup: number;
  sessionSeconds: number;
  requests: number;
  /** The app processes' CPU seconds during the session (all of them; per process below), and connections the machine dropped on a full listen queue (any process's). */
  serverCpuSeconds: number | null;
  serverCpuPerProcess?: (number | null)[];
  /** This script's own CPU seconds during the session (the 'browsers' share the server's cores). */
  benchCpuSeconds: number;
  listenOverflows: number | null;
  /** /proc/loadavg before the run started (setup included), and os.loadavg() at its end. */
  loadBefore?: string;
  loadAverage: number[];
  /** Seconds waited for the start-up background jobs before the session (PostgreSQL only). */
  jobsWaitSeconds?: number | null;
  finished: number;
  stopped: Record<string, number>;
  tokenAfterLogout: Record<string, number>;
  steps: StatRow[];
  endpoints: StatRow[];
}

function loadavgText(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').trim();
  } catch {
    return os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  }
}

/**
 * PostgreSQL: waits (at most 180 s) until pg-boss has no job left waiting or running — each process
 * enqueues the start-up review, which makes the demo GIFs' compact copies (seconds of encoding).
 */
async function waitForJobs(databaseUrl: string): Promise<number> {
  const t0 = Date.now();
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    for (;;) {
      const { rows } = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE state < 'completed'`);
      if (!rows[0]?.n) return (Date.now() - t0) / 1000;
      if (Date.now() - t0 > 180_000) throw new Error(`quedan ${rows[0].n} trabajos después de 180 s`);
      await sleep(250);
    }
  } finally {
    await c.end();
  }
}

export async function runClass(
  db: DbKind,
  storage: StorageKind,
  processes: number,
  n: number,
  a: Pick<Args, 'stagger' | 'think' | 'timeout' | 'warmup' | 'port'>,
): Promise<RunResult> {
  const t0 = Date.now();
  const loadBefore = loadavgText();
  const warmupTotal = a.warmup * processes;
  const prep = await prepare(db, storage, n, warmupTotal);
  const label = `${db}/${storage}, ${processes} proceso${processes === 1 ? '' : 's'}, ${n} niños`;
  console.log(`${label}: base de datos lista en ${((Date.now() - t0) / 1000).toFixed(1)} s (carga antes: ${loadBefore})`);
  // The default configuration: what the server reads when AUTH_RATE_LIMIT is not set.
  const loginLimit = loadConfig({ ...process.env, AUTH_RATE_LIMIT: undefined } as NodeJS.ProcessEnv, { dataDir: null }).authRateLimit;
  const ports = await portsFor(processes, a.port, freePort);
  // lib.startServer raises AUTH_RATE_LIMIT for its benches: here it is removed again (spawn leaves out
  // undefined variables), as is DATABASE_URL on PGlite and S3_* on the disk. One JWT_SECRET for every
  // process (as README "Many schools" asks), the database already seeded by prepare().
  const env = {
    AUTH_RATE_LIMIT: undefined,
    DATABASE_URL: prep.databaseUrl ?? undefined,
    ...storageEnv(storage),
    JWT_SECRET: `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    SEED_DEMO: '0',
  } as unknown as Record<string, string>;
  const servers: Server[] = [];
  const extraDirs: string[] = [];
  try {
    // One after another, each with its own DATA_DIR (the first keeps prepare's), as hosts start.
    for (const [k, port] of ports.entries()) {
      const dataDir = k === 0 ? prep.dataDir : mkdtempSync(path.join(os.tmpdir(), 'manitas-class-'));
      if (k > 0) extraDirs.push(dataDir);
      servers.push(await startServer({ port, dataDir, env }));
    }
    // Warm-up: other children play first from another loopback address (127.0.0.2: its own
    // per-address limit), so the class meets warm servers, not the first requests after a start.
    if (warmupTotal > 0) {
      const warm: Ctx = { ports, rec: new Recorder(false), n: warmupTotal, stagger: 0, think: 0, deadline: Date.now() + 60_000, localAddress: '127.0.0.2' };
      await Promise.all(prep.warmupEmails.map((e, i) => playChild(i, e, warm)));
    }
    const jobsWaitSeconds = prep.databaseUrl ? r1(await waitForJobs(prep.databaseUrl)) : null;
    const rec = new Recorder(true);
    const ctx: Ctx = { ports, rec, n, stagger: a.stagger, think: a.think, deadline: Date.now() + a.timeout * 1000 };
    const s0 = performance.now();
    const cpu0 = servers.map((sv) => cpuSeconds(sv.child.pid));
    const lo0 = listenOverflows();
    const me0 = process.cpuUsage();
    const outcomes = await Promise.all(prep.emails.map((e, i) => playChild(i, e, ctx)));
    const sessionSeconds = (performance.now() - s0) / 1000;
    const cpu1 = servers.map((sv) => cpuSeconds(sv.child.pid));
    const lo1 = listenOverflows();
    const me1 = process.cpuUsage(me0);
    const stopped: Record<string, number> = {};
    const tokenAfterLogout: Record<string, number> = {};
    for (const o of outcomes) {
      if (o.finished) tokenAfterLogout[o.tokenAfterLogout] = (tokenAfterLogout[o.tokenAfterLogout] ?? 0) + 1;
      else stopped[o.stoppedAt] = (stopped[o.stoppedAt] ?? 0) + 1;
    }
    const steps = STEPS.filter((st) => rec.steps.has(st)).map((st) => stats(st, rec.steps.get(st)!));
    const endpoints = [...rec.endpoints].map(([k, b]) => stats(k, b));
    const perProcess = cpu0.map((c0, k) => (c0 !== null && cpu1[k] !== null ? r1(cpu1[k]! - c0) : null));
    return {
      db,
      storage,
      processes,
      childrenPerProcess: childrenPerProcess(n, processes),
      children: n,
      startedAt: new Date(t0).toISOString(),
      machine: machine(),
      loginLimitPerMinute: loginLimit,
      stagger: a.stagger,
      think: a.think,
      warmup: a.warmup,
      sessionSeconds: r1(sessionSeconds),
      requests: endpoints.reduce((x, e) => x + e.requests, 0),
      serverCpuSeconds: perProcess.every((c) => c !== null) ? r1(perProcess.reduce((x, c) => x + c!, 0)) : null,
      serverCpuPerProcess: perProcess,
      benchCpuSeconds: r1((me1.user + me1.system) / 1e6),
      listenOverflows: lo0 !== null && lo1 !== null ? lo1 - lo0 : null,
      loadBefore,
      loadAverage: os.loadavg().map(r1),
      jobsWaitSeconds,
      finished: outcomes.filter((o) => o.finished).length,
      stopped,
      tokenAfterLogout,
      steps,
      endpoints,
    };
  } finally {
    // Every process is stopped, even when a start or the session failed.
    await Promise.allSettled(servers.map((sv) => sv.stop()));
    for (const d of extraDirs) rmSync(d, { recursive: true, force: true });
    await prep.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// Reports

const detailText = (d: Record<string, ErrorCount>) =>
  Object.entries(d)
    .map(([k, v]) => `${k} ×${v.count}`)
    .join(', ');

const perProcessText = (r: RunResult) =>
  (r.processes ?? 1) > 1
    ? `; children per process ${(r.childrenPerProcess ?? []).join(' / ')}${
        r.serverCpuPerProcess ? `, server CPU per process ${r.serverCpuPerProcess.map((c) => `${c ?? '?'} s`).join(' / ')}` : ''
      }`
    : '';

export function runMarkdown(r: RunResult): string {
  const stoppedText = Object.entries(r.stopped)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const processes = r.processes ?? 1;
  const head =
    `${r.db}, uploads on ${r.storage ?? 'disk'}, ${processes} app process${processes === 1 ? '' : 'es'}, ` +
    `${r.children} children (login limit per address: ${r.loginLimitPerMinute}/min, the default); ` +
    `start spread over ${r.stagger} s, ${r.think} ms between screens; session ${r.sessionSeconds} s, ${r.requests} requests; ` +
    `finished ${r.finished}/${r.children}${stoppedText ? ` (stopped at: ${stoppedText})` : ''}` +
    `${
      Object.keys(r.tokenAfterLogout).length
        ? `; token after logout: ${Object.entries(r.tokenAfterLogout)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`
        : ''
    }` +
    `${r.serverCpuSeconds !== null ? `; CPU: server ${r.serverCpuSeconds} s, this script ${r.benchCpuSeconds} s` : ''}` +
    perProcessText(r) +
    `${r.jobsWaitSeconds != null ? `; start-up jobs done ${r.jobsWaitSeconds} s after the warm-up` : ''}` +
    `${r.listenOverflows ? `; ${r.listenOverflows} connections dropped on a full listen queue (machine-wide)` : ''}` +
    `${r.loadBefore ? `; /proc/loadavg before the run: ${r.loadBefore}` : ''}` +
    `; load average at the end ${r.loadAverage.join(' / ')}`;
  const steps = table(
    ['step', 'samples', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'error detail'],
    r.steps.map((s) => [s.name, s.samples, s.requests, s.p50, s.p99, s.max, s.errors, detailText(s.detail)]),
  );
  const endpoints = table(
    ['request', 'count', 'p50 ms', 'p99 ms', 'max ms', 'errors'],
    r.endpoints.map((e) => [e.name, e.requests, e.p50, e.p99, e.max, e.errors]),
  );
  const messages = [...new Map(r.steps.flatMap((s) => Object.entries(s.detail).map(([k, v]) => [`${s.name}: ${k}`, v.example] as const)))]
    .map(([k, m]) => `- ${k}: "${m}"`)
    .join('\n');
  return `${head}\n\n${steps}\n\n${endpoints}${messages ? `\n\nError messages:\n${messages}` : ''}`;
}

export function summaryTable(runs: RunResult[]): string {
  return table(
    ['db', 'storage', 'processes', 'stagger s', 'children', 'step', 'p50 ms', 'p99 ms', 'max ms', 'errors'],
    runs.flatMap((r) =>
      r.steps.map((s) => [
        r.db,
        r.storage ?? 'disk',
        r.processes ?? 1,
        r.stagger,
        r.children,
        s.name,
        s.p50,
        s.p99,
        s.max,
        s.errors ? `${s.errors} (${detailText(s.detail)})` : '0',
      ]),
    ),
  );
}

// ---------------------------------------------------------------------------------------------

const SELF = fileURLToPath(import.meta.url);
/** The single-process, disk names are those of the earlier figures. */
const resultName = (db: DbKind, storage: StorageKind, processes: number, stagger: number, n: number) =>
  storage === 'disk' && processes === 1 ? `class-session-${db}-${n}` : `class-session-${db}-${storage}-p${processes}-s${stagger}-${n}`;

function argsFor(a: Args): string[] {
  return [
    ...['--n', a.ns.join(','), '--db', a.db, '--storage', a.storage, '--processes', a.processes.join(',')],
    ...['--stagger', String(a.stagger), '--think', String(a.think), '--timeout', String(a.timeout), '--warmup', String(a.warmup)],
    ...(a.port !== null ? ['--port', String(a.port)] : []),
  ];
}

/**
 * Runs this script again inside the wrappers that start what it needs and stop it on exit, even on
 * failure: scripts/with-postgres.sh (a throwaway PostgreSQL, PG_TEST_PORT) and scripts/with-s3.sh
 * (a throwaway s3rver bucket, S3_TEST_PORT).
 */
function rerunInside(a: Args): boolean {
  const wrappers = [
    ...(a.db === 'postgres' && !process.env.DATABASE_URL ? ['scripts/with-postgres.sh'] : []),
    ...(a.storage === 's3' && !process.env.S3_BUCKET ? ['scripts/with-s3.sh'] : []),
  ];
  const [first, ...rest] = wrappers;
  const cmd = [...rest.flatMap((w) => ['bash', path.join(ROOT, w)]), process.execPath, '--import', 'tsx', SELF, ...argsFor(a)];
  const r = spawnSync('bash', [path.join(ROOT, first!), ...cmd], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PG_TEST_PORT: process.env.PG_TEST_PORT || '3394' },
  });
  return r.status === 0;
}

async function runHere(a: Args): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (const n of a.ns) {
    // A list of process counts runs back to back, so each run of a pair sees the same machine load.
    for (const processes of a.processes) {
      const r = await runClass(a.db, a.storage, processes, n, a);
      const md = `Machine: ${r.machine}\n\n${runMarkdown(r)}`;
      console.log(`\n${md}\n`);
      saveResult(resultName(a.db, a.storage, processes, a.stagger, n), r, md);
      out.push(r);
    }
  }
  if (out.length > 1) {
    const md = `Machine: ${machine()}\n\n${summaryTable(out)}`;
    console.log(`\n${md}`);
    saveResult(`class-session-${a.db}-${a.storage}-p${a.processes.join('_')}-s${a.stagger}`, out, md);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  let a: Args;
  try {
    a = parseClassArgs(process.argv.slice(2), process.env);
  } catch (err) {
    // A wrong option: its message, not a stack trace.
    if (!(err instanceof ArgError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
  if (a.all) {
    // The earlier figures' set: one process, uploads on disk, PGlite then PostgreSQL.
    const started = Date.now();
    const ns = process.argv.includes('--n') ? a.ns : [30, 300];
    const base: Args = { ...a, ns, storage: 'disk', processes: [1], all: false };
    const runs = await runHere({ ...base, db: 'pglite' });
    if (!rerunInside({ ...base, db: 'postgres' })) console.error('la parte de PostgreSQL falló');
    for (const n of ns) {
      const f = path.join(RESULTS_DIR, `${resultName('postgres', 'disk', 1, a.stagger, n)}.json`);
      if (existsSync(f)) {
        const r = JSON.parse(readFileSync(f, 'utf8')) as RunResult;
        if (Date.parse(r.startedAt) >= started) runs.push(r);
      }
    }
    const md = `Machine: ${machine()}\n\n${summaryTable(runs)}\n\nTotal time: ${((Date.now() - started) / 60000).toFixed(1)} min.`;
    console.log(`\n${md}`);
    saveResult('class-session', runs, md);
  } else if ((a.db === 'postgres' && !process.env.DATABASE_URL) || (a.storage === 's3' && !process.env.S3_BUCKET)) {
    if (!rerunInside(a)) process.exitCode = 1;
  } else {
    await runHere(a);
  }
}
