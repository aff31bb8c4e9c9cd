// API benchmark: autocannon on loopback against the production server with the demo content.
//   tsx scripts/bench/api.ts [--duration 10] [--connections 10,50] [--procs 1] [--cases all|ceiling,getNivels,...] [--label pglite]
// The database is PGlite unless DATABASE_URL is set (run it under scripts/with-postgres.sh).
// --procs 2 starts the cluster entry with two workers (PostgreSQL only: PGlite is single-process).
import autocannon, { type Result } from 'autocannon';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isChoiceQuestion, MAX_RETRIES } from '../../src/shared/rules/quiz';
import { signToken } from '../../src/server/auth/jwt';
import { openDatabase } from '../../src/server/db';
import { BENCH_DIST, PORTS, buildClient, getJson, login, machine, saveResult, startServer, table, type Server } from './lib';

interface Args {
  duration: number;
  connections: number[];
  procs: number[];
  cases: string[] | null;
  label: string;
  warmup: number;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const list = (v: string | undefined, d: number[]) => (v ? v.split(',').map(Number) : d);
  const cases = get('cases');
  return {
    duration: Number(get('duration') ?? process.env.BENCH_DURATION ?? 10),
    connections: list(get('connections'), [10, 50]),
    procs: list(get('procs'), [1]),
    cases: cases && cases !== 'all' ? cases.split(',') : null,
    label: get('label') ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite'),
    warmup: Number(get('warmup') ?? 2),
  };
}

interface Case {
  name: string;
  /** What the docs call it. */
  title: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** One body, or one per connection (each connection signs in as its own learner). */
  body?: string;
  perConnection?: { headers: Record<string, string>; body?: string }[];
  /** A new learner's headers and body for every request (quiz submits: see submitRotation). */
  perRequest?: () => { headers: Record<string, string>; body: string };
  learnerRead?: boolean;
}

export interface Row {
  label: string;
  procs: number;
  case: string;
  title: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  ratio: number | null;
  errors: number;
  non2xx: number;
}

/** Learners made for the quiz-submit case: enough that every measured submit is an accepted one. */
export const SUBMIT_LEARNERS = Number(process.env.BENCH_SUBMIT_LEARNERS || 8000);

/**
 * Learner accounts written straight into the database (one statement; the sign-up route would
 * spend ~0.1 s of scrypt on each), and a token for each signed with the server's JWT_SECRET, as the
 * login route would sign it. Returns their ids.
 */
async function makeLearners(db: { databaseUrl: string | null; dataDir: string | null }, n: number): Promise<number[]> {
  const database = await openDatabase(db);
  try {
    const stamp = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const { rows } = await database.raw(
      `INSERT INTO usuario (nombre, apellido, email, status, sexo, avatar, fecha_nacimiento, credential)
      SELECT 'Banco', 'Prueba ' || g, 'bench-' || $1 || '-' || g || '@manitas.test', true, 'niña', 'girl', '2016-05-01', 'BENCH-' || g
      FROM generate_series(1, $2::int) AS g RETURNING id`,
      [stamp, n],
    );
    return rows.map((r) => Number(r.id));
  } finally {
    await database.close();
  }
}

/**
 * The quiz-submit case keeps measuring accepted submits now that the server keeps the attempt
 * limit (one attempt + MAX_RETRIES per level, constants.md C-4): request k goes to slot k mod S (a learner and a
 * level), so a slot's attempts are S requests apart, and no slot is used more than allowed.
 */
function submitRotation(tokens: string[], bodies: string[], baseHeaders: Record<string, string>): () => { headers: Record<string, string>; body: string } {
  const slots = tokens.length * bodies.length;
  const capacity = slots * (1 + MAX_RETRIES);
  let k = 0;
  return () => {
    if (k >= capacity) throw new Error(`el banco agotó los intentos de ${tokens.length} alumnos: sube BENCH_SUBMIT_LEARNERS`);
    const slot = k++ % slots;
    return { headers: { ...baseHeaders, authorization: `Bearer ${tokens[slot % tokens.length]!}` }, body: bodies[Math.floor(slot / tokens.length)]! };
  };
}

interface Pregunta {
  id_pregunta: number;
  Tipo: string;
  respuestas: { id_respuesta: number; respuesta: string }[];
}
interface Detalle {
  id_nivel: number;
  preguntas: Pregunta[];
}

async function cases(base: string, submitTokens: string[]): Promise<Case[]> {
  const nino = await login(base, 'nino@manitas.test');
  const niveles = await getJson<{ data: { id_nivel: number }[] }>(base, 'nivel/getNivels', nino.token);
  const lvl = niveles.data[0]!.id_nivel;
  const words = await getJson<{ id_palabra: number }[]>(base, `palabra/nivel/${lvl}`, nino.token);
  const word = words[0]!.id_palabra;
  const det = await getJson<{ data: Detalle[] }>(base, 'evaluacion/detalles', nino.token);
  const ev = det.data.find((d) => d.id_nivel === lvl && d.preguntas.length) ?? det.data.find((d) => d.preguntas.length);
  if (!ev) throw new Error('la demo no tiene evaluaciones con preguntas');
  // Every question answered: the first option of a choice question, a word for a written one.
  const rows = ev.preguntas.map((p) =>
    isChoiceQuestion(p.Tipo) && p.respuestas.length
      ? { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, id_respuesta: p.respuestas[0]!.id_respuesta }
      : { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, respuesta: 'hola' },
  );
  const quizBody = JSON.stringify({ respuestas: rows });
  // Check the body is accepted before measuring it.
  const probe = await fetch(`${base}/api/resultados/save-multiple`, {
    method: 'POST',
    headers: { authorization: `Bearer ${nino.token}`, 'content-type': 'application/json' },
    body: quizBody,
  });
  if (probe.status !== 201) throw new Error(`save-multiple de prueba: ${probe.status} ${await probe.text()}`);
  // One body per level with a quiz: each (learner, level) has its own attempts.
  const quizBodies = det.data
    .filter((d) => d.preguntas.length)
    .map((d) =>
      JSON.stringify({
        respuestas: d.preguntas.map((p) =>
          isChoiceQuestion(p.Tipo) && p.respuestas.length
            ? { id_pregunta: p.id_pregunta, id_nivel: d.id_nivel, id_respuesta: p.respuestas[0]!.id_respuesta }
            : { id_pregunta: p.id_pregunta, id_nivel: d.id_nivel, respuesta: 'hola' },
        ),
      }),
    );
  // What a browser sends: the app's page set the XSRF cookie once, and every call carries it (the
  // writes echo it in X-XSRF-TOKEN). Without it the server would issue a new cookie on every reply.
  const h = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(h.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('el servidor no entregó la cookie XSRF-TOKEN');
  const cookie = { cookie: `XSRF-TOKEN=${xsrf}` };
  const auth = { ...cookie, authorization: `Bearer ${nino.token}` };
  const json = { ...cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' };
  return [
    { name: 'ceiling', title: 'constant JSON (GET /api/health)', method: 'GET', path: '/api/health', headers: cookie },
    { name: 'getNivels', title: 'GET nivel/getNivels', method: 'GET', path: '/api/nivel/getNivels', headers: auth, learnerRead: true },
    { name: 'palabraNivel', title: `GET palabra/nivel/{id}`, method: 'GET', path: `/api/palabra/nivel/${lvl}`, headers: auth, learnerRead: true },
    {
      name: 'multimediaPalabra',
      title: 'GET multimedia/palabra/{id}',
      method: 'GET',
      path: `/api/multimedia/palabra/${word}`,
      headers: auth,
      learnerRead: true,
    },
    { name: 'detalles', title: 'GET evaluacion/detalles', method: 'GET', path: '/api/evaluacion/detalles', headers: auth, learnerRead: true },
    {
      name: 'saveMultiple',
      title: 'POST resultados/save-multiple',
      method: 'POST',
      path: '/api/resultados/save-multiple',
      perRequest: submitRotation(submitTokens, quizBodies, json),
    },
    {
      name: 'login',
      title: 'POST user/logIn',
      method: 'POST',
      path: '/api/user/logIn',
      headers: json,
      body: JSON.stringify({ email: 'nino@manitas.test', password: 'Manitas2024' }),
    },
  ];
}

async function fire(base: string, c: Case, connections: number, duration: number): Promise<Result> {
  if (c.perRequest) {
    const next = c.perRequest;
    return autocannon({
      url: base + c.path,
      connections,
      duration,
      requests: [{ method: c.method, setupRequest: (req) => ({ ...req, ...next() }) }],
    });
  }
  if (c.perConnection) {
    // Every connection is its own learner, as in a classroom: one autocannon, and each of its
    // clients gets the next learner's headers and body as it is set up.
    const groups = c.perConnection.slice(0, connections);
    let next = 0;
    return autocannon({
      url: base + c.path,
      method: c.method,
      connections,
      duration,
      headers: groups[0]!.headers,
      body: groups[0]!.body,
      setupClient: (client) => {
        const g = groups[next++ % groups.length]!;
        client.setHeadersAndBody(g.headers, g.body);
      },
    });
  }
  return autocannon({ url: base + c.path, method: c.method, connections, duration, headers: c.headers, body: c.body });
}

export async function runApi(args: Args): Promise<Row[]> {
  if (!existsSync(path.join(BENCH_DIST, 'index.html'))) buildClient();
  const out: Row[] = [];
  for (const procs of args.procs) {
    if (procs > 1 && !process.env.DATABASE_URL) {
      console.log(`(--procs ${procs} necesita PostgreSQL: PGlite es de un solo proceso; se omite)`);
      continue;
    }
    // The bench knows the server's JWT_SECRET, to sign the submit learners' tokens as the login would.
    const secret = randomBytes(32).toString('base64url');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manitas-bench-'));
    const start = () => startServer({ port: PORTS.api, entry: procs > 1 ? 'cluster' : 'main', workers: procs, env: { JWT_SECRET: secret }, dataDir });
    let server: Server = await start();
    let ids: number[];
    if (process.env.DATABASE_URL) {
      ids = await makeLearners({ databaseUrl: process.env.DATABASE_URL, dataDir: null }, SUBMIT_LEARNERS);
    } else {
      // PGlite belongs to one process: write the learners while the server is stopped.
      await server.stop();
      ids = await makeLearners({ databaseUrl: null, dataDir }, SUBMIT_LEARNERS);
      server = await start();
    }
    const tokens = await Promise.all(ids.map((id) => signToken({ sub: id, tv: 0 }, secret, 3600)));
    try {
      const all = await cases(server.base, tokens);
      const chosen = all.filter((c) => !args.cases || args.cases.includes(c.name) || c.name === 'ceiling');
      for (const conns of args.connections) {
        let ceiling = 0;
        for (const c of chosen) {
          if (args.warmup > 0) await fire(server.base, c, Math.min(conns, 10), args.warmup);
          const r = await fire(server.base, c, conns, args.duration);
          if (c.name === 'ceiling') ceiling = r.requests.average;
          const row: Row = {
            label: args.label,
            procs,
            case: c.name,
            title: c.title,
            connections: conns,
            rps: Math.round(r.requests.average),
            p50: Math.round(r.latency.p50 * 10) / 10,
            p99: Math.round(r.latency.p99 * 10) / 10,
            ratio: c.learnerRead && ceiling ? r.requests.average / ceiling : null,
            errors: r.errors + r.timeouts,
            non2xx: r.non2xx,
          };
          out.push(row);
          console.log(
            `${args.label} ×${procs} c=${conns} ${c.name}: ${row.rps} req/s p50 ${row.p50} ms p99 ${row.p99} ms${row.ratio ? ` (${(row.ratio * 100).toFixed(0)}% del techo)` : ''}${row.non2xx || row.errors ? ` [non2xx ${row.non2xx}, errores ${row.errors}]` : ''}`,
          );
        }
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return out;
}

export function apiTable(rows: Row[]): string {
  return table(
    ['db', 'procs', 'case', 'conns', 'req/s', 'p50 ms', 'p99 ms', '% of ceiling', 'non-2xx / errors'],
    rows.map((r) => [
      r.label,
      r.procs,
      r.title,
      r.connections,
      r.rps,
      r.p50,
      r.p99,
      r.ratio === null ? '' : `${(r.ratio * 100).toFixed(0)}%`,
      `${r.non2xx} / ${r.errors}`,
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2));
  const rows = await runApi(args);
  const md = `Machine: ${machine()}\n\n${apiTable(rows)}`;
  console.log(`\n${md}`);
  saveResult(`api-${args.label}${args.procs.join('') === '1' ? '' : `-procs${args.procs.join('-')}`}`, rows, md);
}
