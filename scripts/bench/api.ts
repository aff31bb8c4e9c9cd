// API benchmark: autocannon on loopback against the production server with the demo content.
//   tsx scripts/bench/api.ts [--duration 10] [--connections 10,50] [--procs 1] [--cases all|ceiling,getNivels,...] [--label pglite]
// The database is PGlite unless DATABASE_URL is set (run it under scripts/with-postgres.sh).
// --procs 2 starts the cluster entry with two workers (PostgreSQL only: PGlite is single-process).
import autocannon, { type Result } from 'autocannon';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isChoiceQuestion } from '../../src/shared/rules/quiz';
import { BENCH_DIST, PORTS, buildClient, getJson, login, machine, saveResult, startServer, table, type Server } from './lib';

interface Args { duration: number; connections: number[]; procs: number[]; cases: string[] | null; label: string; warmup: number }

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

interface Learner { token: string; id: number }

/** Learners for the write cases: one account per connection, as in a classroom. */
async function learners(base: string, n: number): Promise<Learner[]> {
  const out: Learner[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < n; i++) {
    const email = `bench-${stamp}-${i}@manitas.test`;
    const r = await fetch(`${base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        nombre: 'Banco', apellido: `Prueba ${i}`, fechaNacimiento: '2016-05-01', Credential: `BENCH-${i}`, email,
        password: 'Manitas2024', phone: '5512345678', avatar: i % 2 ? 'boy' : 'girl', sexo: i % 2 ? 'niño' : 'niña',
      }),
    });
    if (r.status !== 201) throw new Error(`registro ${email}: ${r.status} ${await r.text()}`);
    const s = await login(base, email);
    out.push({ token: s.token, id: s.usuario.id });
  }
  return out;
}

interface Pregunta { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number; respuesta: string }[] }
interface Detalle { id_nivel: number; preguntas: Pregunta[] }

async function cases(base: string, maxConn: number): Promise<Case[]> {
  const nino = await login(base, 'nino@manitas.test');
  const niveles = await getJson<{ data: { id_nivel: number }[] }>(base, 'nivel/getNivels', nino.token);
  const lvl = niveles.data[0]!.id_nivel;
  const words = await getJson<{ id_palabra: number }[]>(base, `palabra/nivel/${lvl}`, nino.token);
  const word = words[0]!.id_palabra;
  const det = await getJson<{ data: Detalle[] }>(base, 'evaluacion/detalles', nino.token);
  const ev = det.data.find((d) => d.id_nivel === lvl && d.preguntas.length) ?? det.data.find((d) => d.preguntas.length);
  if (!ev) throw new Error('la demo no tiene evaluaciones con preguntas');
  // Every question answered: the first option of a choice question, a word for a written one.
  const rows = ev.preguntas.map((p) => (isChoiceQuestion(p.Tipo) && p.respuestas.length
    ? { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, id_respuesta: p.respuestas[0]!.id_respuesta }
    : { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, respuesta: 'hola' }));
  const quizBody = JSON.stringify({ respuestas: rows });
  // Check the body is accepted before measuring it.
  const probe = await fetch(`${base}/api/resultados/save-multiple`, { method: 'POST', headers: { authorization: `Bearer ${nino.token}`, 'content-type': 'application/json' }, body: quizBody });
  if (probe.status !== 201) throw new Error(`save-multiple de prueba: ${probe.status} ${await probe.text()}`);
  const kids = await learners(base, maxConn);
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
    { name: 'multimediaPalabra', title: 'GET multimedia/palabra/{id}', method: 'GET', path: `/api/multimedia/palabra/${word}`, headers: auth, learnerRead: true },
    { name: 'detalles', title: 'GET evaluacion/detalles', method: 'GET', path: '/api/evaluacion/detalles', headers: auth, learnerRead: true },
    {
      name: 'saveMultiple', title: 'POST resultados/save-multiple', method: 'POST', path: '/api/resultados/save-multiple',
      perConnection: kids.map((k) => ({ headers: { ...json, authorization: `Bearer ${k.token}` }, body: quizBody })),
    },
    {
      name: 'login', title: 'POST user/logIn', method: 'POST', path: '/api/user/logIn', headers: json,
      body: JSON.stringify({ email: 'nino@manitas.test', password: 'Manitas2024' }),
    },
  ];
}

async function fire(base: string, c: Case, connections: number, duration: number): Promise<Result> {
  if (c.perConnection) {
    // Every connection is its own learner, as in a classroom: one autocannon, and each of its
    // clients gets the next learner's headers and body as it is set up.
    const groups = c.perConnection.slice(0, connections);
    let next = 0;
    return autocannon({
      url: base + c.path, method: c.method, connections, duration, headers: groups[0]!.headers, body: groups[0]!.body,
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
    const server: Server = await startServer({ port: PORTS.api, entry: procs > 1 ? 'cluster' : 'main', workers: procs });
    try {
      const maxConn = Math.max(...args.connections);
      const all = await cases(server.base, maxConn);
      const chosen = all.filter((c) => !args.cases || args.cases.includes(c.name) || c.name === 'ceiling');
      for (const conns of args.connections) {
        let ceiling = 0;
        for (const c of chosen) {
          if (args.warmup > 0) await fire(server.base, c, Math.min(conns, 10), args.warmup);
          const r = await fire(server.base, c, conns, args.duration);
          if (c.name === 'ceiling') ceiling = r.requests.average;
          const row: Row = {
            label: args.label, procs, case: c.name, title: c.title, connections: conns,
            rps: Math.round(r.requests.average), p50: Math.round(r.latency.p50 * 10) / 10, p99: Math.round(r.latency.p99 * 10) / 10,
            ratio: c.learnerRead && ceiling ? r.requests.average / ceiling : null,
            errors: r.errors + r.timeouts, non2xx: r.non2xx,
          };
          out.push(row);
          console.log(`${args.label} ×${procs} c=${conns} ${c.name}: ${row.rps} req/s p50 ${row.p50} ms p99 ${row.p99} ms${row.ratio ? ` (${(row.ratio * 100).toFixed(0)}% del techo)` : ''}${row.non2xx || row.errors ? ` [non2xx ${row.non2xx}, errores ${row.errors}]` : ''}`);
        }
      }
    } finally {
      await server.stop();
    }
  }
  return out;
}

export function apiTable(rows: Row[]): string {
  return table(
    ['db', 'procs', 'case', 'conns', 'req/s', 'p50 ms', 'p99 ms', '% of ceiling', 'non-2xx / errors'],
    rows.map((r) => [r.label, r.procs, r.title, r.connections, r.rps, r.p50, r.p99, r.ratio === null ? '' : `${(r.ratio * 100).toFixed(0)}%`, `${r.non2xx} / ${r.errors}`]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs(process.argv.slice(2));
  const rows = await runApi(args);
  const md = `Machine: ${machine()}\n\n${apiTable(rows)}`;
  console.log(`\n${md}`);
  saveResult(`api-${args.label}${args.procs.join('') === '1' ? '' : `-procs${args.procs.join('-')}`}`, rows, md);
}
