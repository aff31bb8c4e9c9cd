// "A school's day": N children play one class session at once against the production server, each
// on its own session as a browser would (its own cookie jar and up to 6 keep-alive connections):
// the login page, log in, home, a level, every word of it, back to the level, the quiz and its
// submit, a game (its words), log out — the calls the learner screens make, in their order. Not a
// test: a load script that prints per-step p50/p99/errors and keeps JSON in .tmp/bench/.
//   npx tsx scripts/bench/class-session.ts --n 30 --db pglite
//   npx tsx scripts/bench/class-session.ts --n 30,300 --db postgres   # starts scripts/with-postgres.sh itself
//   npx tsx scripts/bench/class-session.ts --all                      # PGlite and PostgreSQL, 30 and 300 children
// Options: --stagger S (children start spread over S seconds, default 5), --think MS (pause between
// screens, random 0.5–1.5×, default 250: a class at many times its real pace), --timeout S (the
// session's hard limit, default 120), --warmup K (K other children play first from 127.0.0.2, default 2).
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
import { DEMO_PASSWORD, HOST, RESULTS_DIR, ROOT, machine, percentile, saveResult, sleep, startServer, table } from './lib';

type DbKind = 'pglite' | 'postgres';

interface Args {
  ns: number[];
  db: DbKind;
  all: boolean;
  stagger: number;
  think: number;
  timeout: number;
  warmup: number;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const db = get('db') ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
  if (db !== 'pglite' && db !== 'postgres') throw new Error(`--db pglite|postgres (no ${db})`);
  const ns = (get('n') ?? '30').split(',').map(Number);
  if (ns.some((n) => !Number.isInteger(n) || n < 1 || n > 2000)) throw new Error('--n: de 1 a 2000 niños');
  return {
    ns,
    db,
    all: argv.includes('--all'),
    stagger: Number(get('stagger') ?? 5),
    think: Number(get('think') ?? 250),
    timeout: Number(get('timeout') ?? 120),
    warmup: Number(get('warmup') ?? 2),
  };
}

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
  port: number;
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
  const b = new Browser(ctx.port, ctx.rec, ctx.localAddress);
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

async function prepare(db: DbKind, n: number, warmup: number): Promise<Prepared> {
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
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' } as NodeJS.ProcessEnv, { seedDemo: true });
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
  children: number;
  startedAt: string;
  machine: string;
  loginLimitPerMinute: number;
  stagger: number;
  think: number;
  warmup: number;
  sessionSeconds: number;
  requests: number;
  /** The server's CPU seconds during the session, and connections the machine dropped on a full listen queue (any process's). */
  serverCpuSeconds: number | null;
  /** This script's own CPU seconds during the session (the 'browsers' share the server's cores). */
  benchCpuSeconds: number;
  listenOverflows: number | null;
  loadAverage: number[];
  finished: number;
  stopped: Record<string, number>;
  tokenAfterLogout: Record<string, number>;
  steps: StatRow[];
  endpoints: StatRow[];
}

export async function runClass(db: DbKind, n: number, a: Pick<Args, 'stagger' | 'think' | 'timeout' | 'warmup'>): Promise<RunResult> {
  const t0 = Date.now();
  const prep = await prepare(db, n, a.warmup);
  console.log(`${db}, ${n} niños: base de datos lista en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // The default configuration: what the server reads when AUTH_RATE_LIMIT is not set.
  const loginLimit = loadConfig({ ...process.env, AUTH_RATE_LIMIT: undefined } as NodeJS.ProcessEnv, { dataDir: null }).authRateLimit;
  const port = await freePort();
  // lib.startServer raises AUTH_RATE_LIMIT for its benches: here it is removed again (spawn leaves out
  // undefined variables), as is DATABASE_URL on PGlite.
  const env = { AUTH_RATE_LIMIT: undefined, DATABASE_URL: prep.databaseUrl ?? undefined } as unknown as Record<string, string>;
  const server = await startServer({ port, dataDir: prep.dataDir, env });
  try {
    // Warm-up: other children play first from another loopback address (127.0.0.2: its own
    // per-address limit), so the class meets a warm server, not the first requests after a start.
    if (a.warmup > 0) {
      const warm: Ctx = { port, rec: new Recorder(false), n: a.warmup, stagger: 0, think: 0, deadline: Date.now() + 60_000, localAddress: '127.0.0.2' };
      await Promise.all(prep.warmupEmails.map((e, i) => playChild(i, e, warm)));
    }
    const rec = new Recorder(true);
    const ctx: Ctx = { port, rec, n, stagger: a.stagger, think: a.think, deadline: Date.now() + a.timeout * 1000 };
    const s0 = performance.now();
    const cpu0 = cpuSeconds(server.child.pid);
    const lo0 = listenOverflows();
    const me0 = process.cpuUsage();
    const outcomes = await Promise.all(prep.emails.map((e, i) => playChild(i, e, ctx)));
    const sessionSeconds = (performance.now() - s0) / 1000;
    const cpu1 = cpuSeconds(server.child.pid);
    const lo1 = listenOverflows();
    const me1 = process.cpuUsage(me0);
    const stopped: Record<string, number> = {};
    const tokenAfterLogout: Record<string, number> = {};
    for (const o of outcomes) {
      if (o.finished) tokenAfterLogout[o.tokenAfterLogout] = (tokenAfterLogout[o.tokenAfterLogout] ?? 0) + 1;
      else stopped[o.stoppedAt] = (stopped[o.stoppedAt] ?? 0) + 1;
    }
    const steps = STEPS.filter((s) => rec.steps.has(s)).map((s) => stats(s, rec.steps.get(s)!));
    const endpoints = [...rec.endpoints].map(([k, b]) => stats(k, b));
    return {
      db,
      children: n,
      startedAt: new Date(t0).toISOString(),
      machine: machine(),
      loginLimitPerMinute: loginLimit,
      stagger: a.stagger,
      think: a.think,
      warmup: a.warmup,
      sessionSeconds: r1(sessionSeconds),
      requests: endpoints.reduce((x, e) => x + e.requests, 0),
      serverCpuSeconds: cpu0 !== null && cpu1 !== null ? r1(cpu1 - cpu0) : null,
      benchCpuSeconds: r1((me1.user + me1.system) / 1e6),
      listenOverflows: lo0 !== null && lo1 !== null ? lo1 - lo0 : null,
      loadAverage: os.loadavg().map(r1),
      finished: outcomes.filter((o) => o.finished).length,
      stopped,
      tokenAfterLogout,
      steps,
      endpoints,
    };
  } finally {
    await server.stop();
    await prep.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// Reports

const detailText = (d: Record<string, ErrorCount>) =>
  Object.entries(d)
    .map(([k, v]) => `${k} ×${v.count}`)
    .join(', ');

export function runMarkdown(r: RunResult): string {
  const stoppedText = Object.entries(r.stopped)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const head =
    `${r.db}, ${r.children} children (login limit per address: ${r.loginLimitPerMinute}/min, the default); ` +
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
    `${r.listenOverflows ? `; ${r.listenOverflows} connections dropped on a full listen queue (machine-wide)` : ''}` +
    `; load average ${r.loadAverage.join(' / ')}`;
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
    ['db', 'children', 'step', 'p50 ms', 'p99 ms', 'max ms', 'errors'],
    runs.flatMap((r) => r.steps.map((s) => [r.db, r.children, s.name, s.p50, s.p99, s.max, s.errors ? `${s.errors} (${detailText(s.detail)})` : '0'])),
  );
}

// ---------------------------------------------------------------------------------------------

const SELF = fileURLToPath(import.meta.url);
const resultName = (db: DbKind, n: number) => `class-session-${db}-${n}`;

/** The PostgreSQL runs inside scripts/with-postgres.sh (a throwaway server), as run.ts does. */
function underPostgres(ns: number[], a: Args): boolean {
  const r = spawnSync(
    'bash',
    [
      path.join(ROOT, 'scripts/with-postgres.sh'),
      process.execPath,
      '--import',
      'tsx',
      SELF,
      '--db',
      'postgres',
      '--n',
      ns.join(','),
      '--stagger',
      String(a.stagger),
      '--think',
      String(a.think),
      '--timeout',
      String(a.timeout),
      '--warmup',
      String(a.warmup),
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PG_TEST_PORT: process.env.PG_TEST_PORT || '3394' },
    },
  );
  return r.status === 0;
}

async function runHere(db: DbKind, ns: number[], a: Args): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (const n of ns) {
    const r = await runClass(db, n, a);
    const md = `Machine: ${r.machine}\n\n${runMarkdown(r)}`;
    console.log(`\n${md}\n`);
    saveResult(resultName(db, n), r, md);
    out.push(r);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const a = parseArgs(process.argv.slice(2));
  if (a.all) {
    const started = Date.now();
    const ns = process.argv.includes('--n') ? a.ns : [30, 300];
    const runs = await runHere('pglite', ns, { ...a, db: 'pglite' });
    if (!underPostgres(ns, a)) console.error('la parte de PostgreSQL falló');
    for (const n of ns) {
      const f = path.join(RESULTS_DIR, `${resultName('postgres', n)}.json`);
      if (existsSync(f)) {
        const r = JSON.parse(readFileSync(f, 'utf8')) as RunResult;
        if (Date.parse(r.startedAt) >= started) runs.push(r);
      }
    }
    const md = `Machine: ${machine()}\n\n${summaryTable(runs)}\n\nTotal time: ${((Date.now() - started) / 60000).toFixed(1)} min.`;
    console.log(`\n${md}`);
    saveResult('class-session', runs, md);
  } else if (a.db === 'postgres' && !process.env.DATABASE_URL) {
    if (!underPostgres(a.ns, a)) process.exitCode = 1;
  } else {
    await runHere(a.db, a.ns, a);
  }
}
