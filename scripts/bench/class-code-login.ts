// "A class logs in with its code" (screens-learner.md L-3): a profesor makes a class and imports 30 children
// without email; then the 30 children log in at once the way their tablets do — the class's
// names (GET api/clase/codigo/{codigo}), their pictures (POST api/user/logInClase), and the first
// screen's levels (GET api/nivel/getNivels) — all from ONE address (127.0.0.1, as a school behind
// one router), against the production server with the default AUTH_RATE_LIMIT. Not a test: a load
// script that prints total seconds, errors and per-step p50/p99, and keeps JSON in .tmp/bench/.
//   npm run bench:class-code                 # 30 children
//   npx tsx scripts/bench/class-code-login.ts --n 30 --stagger 0 --timeout 120
// Options: --n children (1–200), --stagger S (children start spread over S seconds, default 0:
// everyone at the teacher's "¡Entrad!"), --timeout S (the whole run's hard limit, default 120).
// Target: < 60 s and 0 errors for 30 children.
import { DEFAULT_AUTH_RATE_LIMIT } from '../../src/server/config';
import { DEMO_PASSWORD, HOST, intArg, machine, percentile, saveResult, sleep, startServer, table } from './lib';

const OFF = Number(process.env.BENCH_PORT_OFFSET || 0);
/** 3300–3399 belong to the bench (lib.ts PORTS); this script's own. */
const PORT = 3340 + OFF;
const REQUEST_TIMEOUT_MS = 30_000;
const STEPS = ['clase', 'logInClase', 'niveles'] as const;
type Step = (typeof STEPS)[number];

const NOMBRES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Fede', 'Gala', 'Hugo', 'Inés', 'Jorge', 'Karla', 'Leo', 'Marta', 'Nico', 'Olga'];
const APELLIDOS = ['García', 'López', 'Martín', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz', 'Moreno', 'Romero', 'Navarro', 'Torres', 'Vega', 'Ramos'];

async function call<T>(base: string, method: string, p: string, body?: unknown, token?: string): Promise<{ status: number; json: T; text: string }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${base}/api/${p}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await r.text();
  let json: T;
  try {
    json = JSON.parse(text) as T;
  } catch {
    json = undefined as T;
  }
  return { status: r.status, json, text };
}

async function main() {
  const n = intArg('n', 30);
  const stagger = intArg('stagger', 0, 0);
  const timeout = intArg('timeout', 120);
  if (!Number.isInteger(n) || n < 1 || n > 200) throw new Error('--n: de 1 a 200 niños');
  console.log(`Clase con código: ${n} niños desde una sola dirección (${HOST}), AUTH_RATE_LIMIT=${DEFAULT_AUTH_RATE_LIMIT}`);
  // The default per-address limit, not the bench's raised one: the point is that a class fits in it.
  const server = await startServer({ port: PORT, env: { AUTH_RATE_LIMIT: String(DEFAULT_AUTH_RATE_LIMIT), STATIC_DIR: '' } });
  try {
    const base = server.base;
    // The teacher's side: the admin names the institution, the profesor makes the class and imports the list.
    const admin = await call<{ token: string }>(base, 'POST', 'user/logIn', { email: 'admin@manitas.test', password: DEMO_PASSWORD });
    const prof = await call<{ token: string; usuario: { id: number } }>(base, 'POST', 'user/logIn', {
      email: 'profesor@manitas.test',
      password: DEMO_PASSWORD,
    });
    if (admin.status !== 200 || prof.status !== 200) throw new Error(`login: ${admin.status} ${prof.status}`);
    const inst = await call<{ data: { id_institucion: number }[] }>(base, 'GET', 'institucion/getInstituciones', undefined, admin.json.token);
    const created = await call<{ data: { id_clase: number; codigo: string } }>(
      base,
      'POST',
      'clase/register',
      { nombre: 'Primero A (bench)', id_institucion: inst.json.data[0]!.id_institucion, profesores: [prof.json.usuario.id], activa: true },
      prof.json.token,
    );
    if (created.status !== 201) throw new Error(`clase/register: ${created.status} ${created.text}`);
    const { id_clase, codigo } = created.json.data;
    const filas = Array.from({ length: n }, (_, i) => ({
      nombre: NOMBRES[i % NOMBRES.length]!,
      apellido: `${APELLIDOS[i % APELLIDOS.length]!} ${APELLIDOS[Math.floor(i / APELLIDOS.length) % APELLIDOS.length]!}`,
      fechaNacimiento: `201${7 + (i % 3)}-0${1 + (i % 9)}-1${i % 10}`,
      sexo: i % 2 ? 'niño' : 'niña',
    }));
    const t0Import = performance.now();
    const imported = await call<{ data: { id: number; imagenes: string[] }[] }>(
      base,
      'POST',
      `clase/${id_clase}/importar`,
      { filas, guardar: true },
      prof.json.token,
    );
    if (imported.status !== 200) throw new Error(`importar: ${imported.status} ${imported.text.slice(0, 400)}`);
    const kids = imported.json.data;
    console.log(`Clase ${codigo}: ${kids.length} niños importados en ${((performance.now() - t0Import) / 1000).toFixed(1)} s`);

    // The children's side.
    const times: Record<Step, number[]> = { clase: [], logInClase: [], niveles: [] };
    const errors: string[] = [];
    const deadline = Date.now() + timeout * 1000;
    const timed = async <T>(step: Step, f: () => Promise<{ status: number; json: T; text: string }>, want: number) => {
      if (Date.now() > deadline) throw new Error(`${step}: fuera de tiempo`);
      const t = performance.now();
      const r = await f();
      times[step].push(performance.now() - t);
      if (r.status !== want) throw new Error(`${step}: ${r.status} ${r.text.slice(0, 160)}`);
      return r.json;
    };
    const child = async (i: number) => {
      if (stagger) await sleep((stagger * 1000 * i) / n);
      const kid = kids[i]!;
      try {
        const clase = await timed<{ data: { alumnos: { id: number }[] } }>('clase', () => call(base, 'GET', `clase/codigo/${codigo}`), 200);
        if (!clase.data.alumnos.some((a) => a.id === kid.id)) throw new Error('clase: el niño no está en la lista');
        const s = await timed<{ token: string }>(
          'logInClase',
          () => call(base, 'POST', 'user/logInClase', { codigo, id_usuario: kid.id, imagenes: kid.imagenes }),
          200,
        );
        await timed('niveles', () => call(base, 'GET', 'nivel/getNivels', undefined, s.token), 200);
      } catch (err) {
        errors.push(`niño ${i + 1}: ${(err as Error).message}`);
      }
    };
    const t0 = performance.now();
    await Promise.all(kids.map((_, i) => child(i)));
    const total = (performance.now() - t0) / 1000;

    const rows = STEPS.map((s) => {
      const sorted = [...times[s]].sort((a, b) => a - b);
      return [
        s,
        sorted.length,
        percentile(sorted, 0.5).toFixed(0),
        percentile(sorted, 0.99).toFixed(0),
        sorted.length ? sorted[sorted.length - 1]!.toFixed(0) : '—',
      ];
    });
    const md = [
      `Clase con código, ${kids.length} niños a la vez desde ${HOST} (PGlite, un proceso, AUTH_RATE_LIMIT=${DEFAULT_AUTH_RATE_LIMIT}): ` +
        `${total.toFixed(1)} s en total, ${errors.length} errores.`,
      '',
      table(['paso', 'peticiones', 'p50 ms', 'p99 ms', 'máx ms'], rows),
      '',
      machine(),
    ].join('\n');
    console.log(`\n${md}`);
    for (const e of errors.slice(0, 10)) console.log(`  error: ${e}`);
    saveResult('class-code-login', { n: kids.length, totalSeconds: total, errors, times }, md);
    if (errors.length || total >= 60) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
