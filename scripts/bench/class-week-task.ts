// A teacher's week with a class, measured: what a profesor does in the back office, done by a script
// as a fast person would, counting every click, keystroke and file choice, and the time it takes.
// Not a test: it prints a table and saves it under .tmp/bench (beside admin-content-task.ts).
//   tsx scripts/bench/class-week-task.ts [--no-build] [--headed] [--shots DIR]
// The task: create a class, import 20 pupils from a CSV file, assign two levels as Tareas, read each
// child's progress on the dashboard, grant a retry to the child who used every attempt, and export
// the week's results to CSV. What the children do during the week (one joins with the code and fails
// a quiz three times) is done through the API between the steps and is not counted.
// The server listens on 127.0.0.1:3340 (CLASS_WEEK_PORT to change it); the run is bounded by TIMEOUT.
import { chromium, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIST, CHROME_ARGS, CHROMIUM, buildClient, getJson, login, machine, saveResult, startServer, table } from './lib';
import { TaskCounter, openAdminAs } from './taskCounter';

const args = process.argv.slice(2);
const SHOTS = args.includes('--shots') ? path.resolve(args[args.indexOf('--shots') + 1] ?? '.tmp/shots-class-week') : null;
const PORT = Number(process.env.CLASS_WEEK_PORT || 3340);
/** The whole run (build excluded) stops after this, whatever happens. */
const TIMEOUT_MS = 240_000;
const PUPILS = 20;

/** What a person does, counted (the same rules as admin-content-task.ts). */

type Key = { id_nivel: number; preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number; respuesta: string; valor: boolean }[] }[] };

/** A learner who joins the class with its code and fails the level's quiz until no attempt is left. */
async function childsWeek(base: string, codigo: string): Promise<{ id: number; nivel: string }> {
  const call = async (method: string, p: string, body: unknown, token?: string) => {
    const r = await fetch(`${base}/api/${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  const email = `semana-${Date.now()}@manitas.test`;
  await call('POST', 'user/register', {
    nombre: 'Zoe',
    apellido: 'Semana',
    fechaNacimiento: '2017-03-03',
    email,
    password: 'Clave-prueba-1',
    avatar: 'girl',
    sexo: 'niña',
    phone: '5512345678',
    Credential: 'P-1',
    photo: null,
  });
  const { token, usuario } = (await call('POST', 'user/logIn', { email, password: 'Clave-prueba-1' })) as { token: string; usuario: { id: number } };
  await call('POST', 'clase/unirme', { codigo }, token);
  const admin = await login(base, 'admin@manitas.test');
  const key = (await getJson<{ data: Key[] }>(base, 'evaluacion/detalles', admin.token)).data.find((e) => e.preguntas.length)!;
  const niveles = await getJson<{ data: { id_nivel: number; nombre_nivel: string }[] }>(base, 'nivel/getNivels', admin.token);
  for (let i = 0; i < 3; i++)
    await call(
      'POST',
      'resultados/save-multiple',
      {
        respuestas: key.preguntas.map((q) => {
          const bad = q.respuestas.find((r) => !r.valor) ?? q.respuestas[0]!;
          return q.Tipo === 'Opción Múltiple'
            ? { id_pregunta: q.id_pregunta, id_nivel: key.id_nivel, id_respuesta: bad.id_respuesta }
            : { id_pregunta: q.id_pregunta, id_nivel: key.id_nivel, respuesta: 'zzz' };
        }),
      },
      token,
    );
  return { id: usuario.id, nivel: niveles.data.find((n) => n.id_nivel === key.id_nivel)!.nombre_nivel };
}

async function run(page: Page, c: TaskCounter, base: string, stamp: string, csvFile: string) {
  const nombre = `Semana ${stamp}`;
  const main = page.getByRole('main');
  const menu = (name: string) => page.getByRole('menuitem', { name, exact: true }).first();

  // 1. The class: Clases → Crear, its name (the first field has the focus), the institution, Guardar.
  await c.click(menu('Clases'));
  await c.click(main.getByRole('link', { name: 'Crear' }).first());
  await page.getByLabel(/^Nombre/).waitFor();
  await c.type(nombre);
  await c.select(page.getByRole('combobox', { name: /Institución/ }), /Escuela/);
  await c.click(main.getByRole('button', { name: 'Guardar', exact: true }));
  await page.waitForURL(/\/admin\/clases\/\d+\/alumnos$/);
  const idClase = Number(/clases\/(\d+)\//.exec(page.url())![1]);
  await c.step('Crear la clase');

  // 2. 20 pupils from the school's CSV file: Importar alumnos → the file → Comprobar → Importar.
  await c.click(main.getByRole('button', { name: 'Importar alumnos' }));
  await c.chooseFile(page.getByRole('button', { name: 'Elegir archivo CSV' }), csvFile);
  await page.getByTestId('resumen-importacion').waitFor({ timeout: 15_000 });
  await c.click(page.getByRole('button', { name: `Importar ${PUPILS} alumnos` }));
  await page.getByText(`Se importaron ${PUPILS} alumnos`).waitFor({ timeout: 30_000 });
  await c.step(`Importar ${PUPILS} alumnos`);

  // (During the week a child joins with the code and fails a quiz three times: not the teacher's work.)
  let child = { id: 0, nivel: '' };
  await c.offTheClock(async () => {
    const codigo = (await getJson<{ data: { codigo: string } }>(base, `clase/getClase/${idClase}`, (await login(base, 'profesor@manitas.test')).token)).data
      .codigo;
    child = await childsWeek(base, codigo);
  });

  // 3. Two levels as Tareas, on the class's dashboard.
  await c.click(menu('Clases'));
  await c.click(main.getByText(nombre, { exact: true }));
  await page.getByTestId('tablero-grid').waitFor();
  const niveles = await page.getByTestId('nivel-nombre').allInnerTexts();
  const tareas = [child.nivel, ...niveles.filter((n) => n !== child.nivel)].slice(0, 2);
  for (const n of tareas) await c.click(main.getByRole('checkbox', { name: `Asignar ${n} como tarea` }));
  await c.click(main.getByRole('button', { name: 'Guardar tareas' }));
  await page.getByTestId('tareas-resumen').waitFor();
  await c.step('Asignar 2 tareas');

  // 4. Each child's progress, read on the dashboard (no click: every child and Tarea is on the screen).
  const estados = await page.locator('[data-tarea]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tarea')));
  if (estados.length !== (PUPILS + 1) * 2) throw new Error(`estados de tareas: ${estados.length}`);
  const fits = await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth);
  if (!fits) throw new Error('el tablero se desplaza a lo ancho');
  await c.step('Leer el avance de cada niño');

  // 5. The retry: Resultados → the class → 'Dar otro intento'.
  await c.click(menu('Resultados'));
  await c.select(main.getByRole('combobox', { name: 'Clase' }), nombre);
  await c.click(main.getByRole('button', { name: /^Dar otro intento/ }));
  await main
    .getByTestId(`intentos-${child.id}:${(await idOfLevel(base, child.nivel)).toString()}`)
    .getByText('Le queda 1 intento')
    .waitFor();
  await c.step('Dar otro intento');

  // 6. The week's results to CSV: 'Desde' a week ago (8 digits typed into the date field), Exportar CSV.
  const d = new Date(Date.now() - 6 * 86_400_000);
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await c.click(main.getByLabel('Desde'));
  c.keys += 8; // dd mm aaaa in the browser's date field (fill() below types it in one go)
  await main.getByLabel('Desde').fill(day);
  await page.waitForResponse((r) => r.url().includes('resultados-profesor') && r.url().includes('desde='));
  const [download] = await Promise.all([page.waitForEvent('download'), c.click(main.getByRole('button', { name: 'Exportar CSV', exact: true }))]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  if (lines.length !== 4) throw new Error(`CSV de la semana: ${lines.length - 1} filas`);
  await c.step('Exportar la semana (CSV)');
  return { idClase, child };
}

const levelIds = new Map<string, number>();
async function idOfLevel(base: string, nombre: string): Promise<number> {
  if (!levelIds.has(nombre)) {
    const admin = await login(base, 'admin@manitas.test');
    const niveles = await getJson<{ data: { id_nivel: number; nombre_nivel: string }[] }>(base, 'nivel/getNivels', admin.token);
    for (const n of niveles.data) levelIds.set(n.nombre_nivel, n.id_nivel);
  }
  return levelIds.get(nombre)!;
}

/** The task's result, read back through the API: 21 children in the class, two Tareas, one extra attempt. */
async function verify(base: string, idClase: number, child: { id: number; nivel: string }) {
  const profe = await login(base, 'profesor@manitas.test');
  const alumnos = await getJson<{ data: unknown[] }>(base, `clase/${idClase}/alumnos`, profe.token);
  if (alumnos.data.length !== PUPILS + 1) throw new Error(`alumnos: ${alumnos.data.length}`);
  const tareas = await getJson<{ data: unknown[] }>(base, `clase/${idClase}/tareas`, profe.token);
  if (tareas.data.length !== 2) throw new Error(`tareas: ${tareas.data.length}`);
  const rows = await getJson<{ intentos_restantes: number }[]>(
    base,
    `resultados/resultados-profesor?id_clase=${idClase}&id_usuario=${child.id}&id_nivel=${await idOfLevel(base, child.nivel)}`,
    profe.token,
  );
  if (!rows.length || rows[0]!.intentos_restantes !== 1) throw new Error(`intentos: ${JSON.stringify(rows[0])}`);
}

async function main() {
  if (!args.includes('--no-build')) buildClient();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'manitas-class-week-'));
  const csvFile = path.join(tmp, 'alumnos.csv');
  const names = ['Lucía', 'Mateo', 'Sofía', 'Hugo', 'Martina', 'Leo', 'Valeria', 'Íker', 'Paula', 'Daniel'];
  const rows = Array.from({ length: PUPILS }, (_, i) => `${names[i % 10]};Clase${i + 1};14/03/2017;${i % 2 ? 'niño' : 'niña'}`);
  writeFileSync(csvFile, `nombre;apellido;fecha de nacimiento;sexo\n${rows.join('\n')}\n`);
  const server = await startServer({ port: PORT });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: !args.includes('--headed'), args: CHROME_ARGS });
  const watchdog = setTimeout(() => {
    console.error(`class-week-task: más de ${TIMEOUT_MS / 1000} s, se detiene`);
    void browser.close().finally(() => server.stop().finally(() => process.exit(1)));
  }, TIMEOUT_MS);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.base, locale: 'es-MX', acceptDownloads: true });
    const page = await context.newPage();
    // Signed in as the demo profesor (the sign-in is not part of the task).
    await openAdminAs(page, server.base, 'profesor@manitas.test');
    const c = new TaskCounter(page, SHOTS);
    const t0 = Date.now();
    const { idClase, child } = await run(page, c, server.base, String(Date.now()).slice(-5), csvFile);
    const seconds = (Date.now() - t0 - c.offTask) / 1000;
    await verify(server.base, idClase, child);
    const out = c.steps.map((r) => [r.step, r.clicks, r.keys, (r.ms / 1000).toFixed(1)]);
    out.push(['Total', c.clicks, c.keys, seconds.toFixed(1)]);
    const md = [
      `Semana de una clase (profesor), ${new Date().toISOString().slice(0, 10)}, ${machine()}`,
      '',
      table(['Paso', 'Clics', 'Teclas', 'Segundos (script)'], out),
      '',
      `Resultado: ${c.clicks} clics, ${c.keys} teclas, ${seconds.toFixed(1)} s; todo comprobado por la API.`,
    ].join('\n');
    console.log(md);
    saveResult('class-week-task', { clicks: c.clicks, keys: c.keys, seconds, steps: c.steps, dist: BENCH_DIST }, md);
  } finally {
    clearTimeout(watchdog);
    await browser.close();
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
