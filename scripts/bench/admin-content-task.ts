// The back office's content task, measured: what a teacher does there, done by a script as a
// fast person would (Tab between fields, pickers by typing), counting every click, keystroke and
// file choice, and the time it takes. Not a test: it prints a table and saves it under .tmp/bench.
//   tsx scripts/bench/admin-content-task.ts [--no-build] [--headed] [--shots DIR]
// The task: one level with an image, 3 words, a sign GIF + Spanish audio + picture for one word, an
// evaluation, a multiple-choice question with 3 answers and a text question.
// Every step must finish on the screen it starts on (no "second screen" to complete it); the script
// checks each result through the API at the end.
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIST, CHROME_ARGS, CHROMIUM, PORTS, ROOT, buildClient, getJson, login, machine, saveResult, startServer, table } from './lib';
import { TaskCounter, openAdminAs } from './taskCounter';

const args = process.argv.slice(2);
const SHOTS = args.includes('--shots') ? path.resolve(args[args.indexOf('--shots') + 1] ?? '.tmp/shots-task') : null;

const DEMO = path.join(ROOT, 'public', 'demo');

/** What a person does, counted. A file choice is a click on the drop zone plus a pick in the file dialog. */

async function toast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
}

async function run(page: Page, c: TaskCounter, stamp: string) {
  const level = `Granja ${stamp}`;
  // 'gallina' last: its media come next, and 'Guardar y añadir multimedia' opens its media page.
  const words = [
    ['pato', 'duck'],
    ['burro', 'donkey'],
    ['gallina', 'hen'],
  ] as const;
  const main = page.getByRole('main');
  const menu = (name: string) =>
    page
      .getByRole('menuitem', { name, exact: true })
      .or(page.getByRole('link', { name, exact: true }))
      .first();

  // 1. The level, with its image.
  await c.click(menu('Niveles'));
  await c.click(main.getByRole('link', { name: 'Crear' }).first());
  await page.getByLabel('Nombre *').waitFor();
  await c.type(level); // the first field has the focus
  await c.press('Tab');
  await c.type('Animales de la granja.');
  await c.select(page.getByRole('combobox', { name: /Dificultad/ }), 'Fácil', true);
  await c.chooseFile(main.locator('.RaFileInput-dropZone').first(), path.join(DEMO, 'niveles', 'animales.png'));
  await c.click(main.getByRole('button', { name: 'Guardar', exact: true }));
  await toast(page, /Nivel creado/);
  await c.step('Nivel con imagen');

  // 2. Three words in a row: "Guardar y crear otro" keeps the level.
  await c.click(menu('Palabras'));
  await c.click(main.getByRole('link', { name: 'Crear' }).first());
  // The form opens with the focus on 'Palabra en Español'; the level comes after the English word
  // (Tab, type, pick) and is kept for the next two.
  for (const [i, [es, en]] of words.entries()) {
    // After "Guardar y crear otro" the form is blank but for the level, with the focus on the word.
    if (i > 0)
      await page
        .getByLabel('Palabra en Español *')
        .and(page.locator(':focus'))
        .waitFor({ timeout: 3000 })
        .catch(() => undefined);
    await c.into(page.getByLabel('Palabra en Español *'), es);
    await c.press('Tab');
    await c.type(en);
    if (i === 0) {
      await c.press('Tab');
      await c.type('Granja');
      await c.click(page.getByRole('option', { name: level }).first());
    }
    const last = i === words.length - 1;
    await c.click(main.getByRole('button', { name: last ? 'Guardar y añadir multimedia' : 'Guardar y crear otro', exact: true }));
    await toast(page, 'Palabra creada exitosamente.');
  }
  await c.step('3 palabras');

  // 3. The last word's sign GIF, Spanish audio and picture, on the word's media page, where
  // 'Guardar y añadir multimedia' has just landed (the teacher used to search the word and press Multimedia).
  await main.getByRole('heading', { name: /Multimedia de «gallina»/ }).waitFor();
  const zone = (label: string) => main.getByRole('button', { name: new RegExp(`archivo de ${label.replace(/[()]/g, '\\$&')}`) });
  const gato = path.join(DEMO, 'palabras', 'gato');
  for (const [label, file] of [
    ['Seña (GIF o video)', 'sign.gif'],
    ['Audio (español)', 'audio-es.mp3'],
    ['Imagen (español)', 'img-es.png'],
  ] as const) {
    await c.chooseFile(zone(label), path.join(gato, file));
    // Done when the slot shows its file's size instead of 'Vacía' and nothing is still uploading.
    const card = main.locator('[aria-labelledby]').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
    await card.getByText('Vacía').waitFor({ state: 'detached', timeout: 30_000 });
    await main
      .getByText(/Subiendo/)
      .first()
      .waitFor({ state: 'detached', timeout: 30_000 });
  }
  await c.step('Seña, audio e imagen');

  // 4. The level's evaluation.
  await c.click(menu('Evaluaciones'));
  await c.click(main.getByRole('link', { name: 'Crear' }).first());
  await c.pick(page.getByRole('combobox', { name: /Nivel/ }), 'Granja', level);
  await c.press('Tab');
  await c.into(page.getByLabel('Puntaje *'), '10', true); // a NumberInput may start at 0
  await c.click(main.getByRole('button', { name: 'Guardar', exact: true }));
  await toast(page, /Evaluación creada/i);
  await c.step('Evaluación');

  // 5. A multiple-choice question with 3 answers, then ("Guardar y crear otro") a text question.
  await c.click(menu('Preguntas'));
  await c.click(main.getByRole('link', { name: 'Crear' }).first());
  await c.select(page.getByRole('combobox', { name: /Tipo/ }), 'Opción Múltiple', true);
  await c.press('Tab');
  await c.into(page.getByLabel('Pregunta'), '¿Qué animal pone huevos?');
  await c.press('Tab');
  await c.into(page.getByLabel('Porcentaje *'), '50', true);
  await c.press('Tab');
  await c.into(page.getByRole('combobox', { name: /Evaluación/ }), 'Granja');
  await c.click(page.getByRole('option', { name: new RegExp(level) }).first());
  const answers = ['gallina', 'pato', 'burro'];
  for (const [i, a] of answers.entries()) {
    if (i > 0) await c.click(main.getByRole('button', { name: 'Añadir respuesta' }));
    await c.into(main.getByLabel('Respuesta *').nth(i), a);
    if (i === 0) await c.click(main.getByLabel('Correcta').nth(0));
  }
  await c.click(main.getByRole('button', { name: 'Guardar y crear otro', exact: true }));
  await toast(page, /Pregunta creada/);
  await c.step('Pregunta de opción múltiple');
  await c.select(page.getByRole('combobox', { name: /Tipo/ }), 'Texto', true);
  await c.press('Tab');
  await c.into(page.getByLabel('Pregunta'), '¿Cómo se dice «duck» en español?');
  await c.press('Tab');
  await c.into(page.getByLabel('Porcentaje *'), '50', true);
  if (!(await page.getByRole('combobox', { name: /Evaluación/ }).inputValue()).includes('Granja'))
    await c.pick(page.getByRole('combobox', { name: /Evaluación/ }), 'Granja', new RegExp(level));
  await c.into(page.getByLabel('Respuesta esperada *'), 'pato');
  await c.click(main.getByRole('button', { name: 'Guardar', exact: true }));
  await toast(page, /Pregunta creada/);
  await c.step('Pregunta de texto');
  return level;
}

/** The task's result, read back through the API: nothing missing, nothing twice. */
async function verify(base: string, level: string) {
  const admin = await login(base, 'admin@manitas.test');
  const q = encodeURIComponent(level);
  const niveles = await getJson<{ data: { id_nivel: number; nombre_nivel: string; imagen?: string | null }[] }>(base, `nivel/getNivels?q=${q}`, admin.token);
  const nivel = niveles.data.filter((n) => n.nombre_nivel === level);
  if (nivel.length !== 1 || !nivel[0]!.imagen) throw new Error(`nivel: ${JSON.stringify(niveles.data)}`);
  const id = nivel[0]!.id_nivel;
  const palabras = await getJson<{ data: { id_palabra: number; palabraEspanol: string }[] }>(
    base,
    `palabra/getPalabras?id_nivel=${id}&perPage=50`,
    admin.token,
  );
  if (palabras.data.length !== 3) throw new Error(`palabras: ${palabras.data.map((p) => p.palabraEspanol)}`);
  const gallina = palabras.data.find((p) => p.palabraEspanol === 'gallina')!;
  const media = await getJson<{ data: { descripcion: string }[] }>(base, `multimedia/palabra/${gallina.id_palabra}`, admin.token);
  const kinds = media.data.map((m) => m.descripcion).sort();
  if (kinds.join() !== 'audioEspanol,gifSena,imgEspanol') throw new Error(`multimedia de gallina: ${JSON.stringify(media)}`);
  const evals = await getJson<{ data: { id_evaluacion: number; id_nivel: number }[] }>(base, `evaluacion/getEvaluaciones?id_nivel=${id}`, admin.token);
  if (evals.data.length !== 1) throw new Error(`evaluaciones: ${evals.data.length}`);
  const preguntas = await getJson<{ data: { id_pregunta: number; Tipo: string }[] }>(
    base,
    `pregunta/getPreguntas?id_evaluacion=${evals.data[0]!.id_evaluacion}`,
    admin.token,
  );
  if (preguntas.data.length !== 2) throw new Error(`preguntas: ${preguntas.data.length}`);
  for (const p of preguntas.data) {
    const r = await getJson<{ data: { valor: boolean }[] }>(base, `respuesta/getRespuestas?id_pregunta=${p.id_pregunta}`, admin.token);
    const want = p.Tipo === 'Texto' ? 1 : 3;
    if (r.data.length !== want || !r.data.some((x) => x.valor)) throw new Error(`respuestas de ${p.Tipo}: ${JSON.stringify(r.data)}`);
  }
}

async function main() {
  if (!args.includes('--no-build')) buildClient();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const server = await startServer({ port: PORTS.web + 5 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: !args.includes('--headed'),
    args: CHROME_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.base, locale: 'es-MX' });
    const page = await context.newPage();
    // Signed in as the admin (the sign-in is not part of the task).
    await openAdminAs(page, server.base, 'admin@manitas.test');
    const c = new TaskCounter(page, SHOTS);
    const t0 = Date.now();
    const level = await run(page, c, String(Date.now()).slice(-5)).catch(async (e: unknown) => {
      // What the screen showed when a step did not finish: the first thing to look at.
      mkdirSync(path.join(ROOT, '.tmp', 'bench'), { recursive: true });
      await page.screenshot({ path: path.join(ROOT, '.tmp', 'bench', 'admin-content-task-failed.png'), fullPage: true }).catch(() => undefined);
      throw e;
    });
    const seconds = (Date.now() - t0) / 1000;
    await verify(server.base, level);
    const rows = c.steps.map((r) => [r.step, r.clicks, r.keys, (r.ms / 1000).toFixed(1)]);
    rows.push(['Total', c.clicks, c.keys, seconds.toFixed(1)]);
    const md = [
      `Tarea de contenido, ${new Date().toISOString().slice(0, 10)}, ${machine()}`,
      '',
      table(['Paso', 'Clics', 'Teclas', 'Segundos (script)'], rows),
      '',
      `Objetivo: ≤ 45 clics. Resultado: ${c.clicks} clics, ${c.keys} teclas; todo comprobado por la API.`,
      c.unfocused.length ? `Campos sin el foco esperado (un clic cada uno): ${c.unfocused.join('; ')}` : 'Cada campo tenía el foco esperado.',
    ].join('\n');
    console.log(md);
    saveResult('admin-content-task', { clicks: c.clicks, keys: c.keys, seconds, steps: c.steps, dist: BENCH_DIST }, md);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
