import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, loginAs, apiHeaders } from './fixtures';

/**
 * "Generar preguntas con señas" (back office): on the level's evaluation a profesor opens the preview
 * (words, kinds, answers, signs; the word without a sign is counted), creates them with one click,
 * and finds them among the questions, where one is edited like any other. Opening it again says
 * they exist. The level, words, media and evaluation are made through the API.
 */
const WORDS = ['gato', 'perro', 'pez'] as const;
const demo = (w: string, f: string) => readFileSync(path.resolve(`public/demo/palabras/${w}/${f}`));

test('a profesor previews, creates and edits sign questions for a level', async ({ page }) => {
  const run = Math.random().toString(36).slice(2, 7);
  const levelName = `Señas generadas ${run}`;
  await loginAs(page, 'admin');
  const admin = await apiHeaders(page);
  const lvl = await page.request.post('/api/nivel/register', {
    headers: admin,
    multipart: { nombre_nivel: levelName, descripcion: 'Nivel temporal de la prueba del generador.', dificultad: 'Fácil' },
  });
  expect(lvl.status(), await lvl.text()).toBe(201);
  const levelId = ((await lvl.json()) as { data: { id: number } }).data.id;
  for (const w of [...WORDS, `sinseña${run}`]) {
    const p = await page.request.post('/api/palabra/register', { headers: admin, data: { palabraEspanol: w, palabraIngles: w, id_nivel: levelId } });
    expect(p.status(), await p.text()).toBe(201);
    if (!(WORDS as readonly string[]).includes(w)) continue;
    const id = ((await p.json()) as { data: { id_palabra: number } }).data.id_palabra;
    for (const [tipo, descripcion, file, mimeType] of [
      ['gif', 'gifSena', 'sign.gif', 'image/gif'],
      ['imagen', 'imgEspanol', 'img-es.png', 'image/png'],
    ] as const) {
      const m = await page.request.post('/api/multimedia/register', {
        headers: admin,
        multipart: { tipo, descripcion, id_palabra: String(id), file: { name: `${w}-${file}`, mimeType, buffer: demo(w, file) } },
      });
      expect(m.status(), await m.text()).toBe(201);
    }
  }
  const ev = await page.request.post('/api/evaluacion/register', { headers: admin, data: { id_nivel: levelId, puntaje: 100 } });
  expect(ev.status(), await ev.text()).toBe(201);
  const evaluacionId = ((await ev.json()) as { data: { id_evaluacion: number } }).data.id_evaluacion;

  // A profesor: the spec lets teachers write questions and evaluations.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'profesor');
  const headers = await apiHeaders(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/evaluacion');
  const row = page.getByRole('row').filter({ hasText: levelName });
  await row.getByRole('button', { name: 'Generar preguntas con señas' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Generar preguntas con señas: ${levelName}` })).toBeVisible();
  await expect(dialog.getByTestId('aviso-sin-sena')).toHaveText('1 palabra no tiene seña y no se usa');
  const preview = dialog.getByRole('table', { name: 'Preguntas que se crearán' });
  await expect(preview.getByRole('row')).toHaveCount(1 + WORDS.length);
  for (const w of WORDS) await expect(preview.getByRole('row').filter({ hasText: w }).first()).toBeVisible();
  for (const kind of ['Seña → palabras', 'Palabra → señas', 'Seña → imágenes']) await expect(preview.getByRole('cell', { name: kind })).toHaveCount(1);
  await expect(preview.getByText('(Correcta)')).toHaveCount(WORDS.length);
  await expect(preview.getByTestId('sign-player').first()).toBeVisible();

  const create = dialog.getByRole('button', { name: 'Crear 3 preguntas' });
  await create.click();
  await expect(page.getByText('Se crearon 3 preguntas con señas.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Created once, as ordinary questions of the level's evaluation.
  const stored = (await (await page.request.get(`/api/evaluacion/detalles?id_nivel=${levelId}`, { headers })).json()).data[0].preguntas as {
    id_pregunta: number;
    pregunta: string;
    porcentaje: number;
  }[];
  expect(stored).toHaveLength(3);
  expect(stored.every((q) => q.porcentaje === 33.33)).toBe(true);

  // Opening it again: they exist, nothing more to create.
  await row.getByRole('button', { name: 'Generar preguntas con señas' }).click();
  await expect(dialog.getByText('Este nivel ya tiene preguntas con señas para todas sus palabras con seña.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // Listed among the questions of that evaluation, and editable like any other.
  await page.goto(`/admin/pregunta?filter=${encodeURIComponent(JSON.stringify({ id_evaluacion: evaluacionId }))}`);
  for (const q of stored) await expect(page.getByRole('row').filter({ hasText: q.pregunta })).toHaveCount(1);
  await page.goto(`/admin/pregunta/${stored[0]!.id_pregunta}/editar`);
  const text = page.getByLabel(/^Pregunta/).first();
  await expect(text).toHaveValue(stored[0]!.pregunta);
  await text.fill(`${stored[0]!.pregunta} (revisada)`);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Pregunta actualizada correctamente.')).toBeVisible();
  const after = (await (await page.request.get(`/api/pregunta/getPregunta/${stored[0]!.id_pregunta}`, { headers })).json()).data;
  expect(after.pregunta).toBe(`${stored[0]!.pregunta} (revisada)`);
  // The sign and the answers' signs or pictures stay with the edited question.
  expect(after.modo).toEqual(expect.any(String));
  expect(after.respuestas).toHaveLength(3);
  expect(after.respuestas.some((r: { valor: boolean }) => r.valor)).toBe(true);
});
