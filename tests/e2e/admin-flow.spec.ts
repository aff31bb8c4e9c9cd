import path from 'node:path';
import { test, expect, loginAs, pickOption, signUpChild } from './fixtures';
import type { Page } from '@playwright/test';

const DEMO = path.resolve('public/demo');

/** Picks an option of a react-admin (MUI) select by its label (see pickOption). */
const choose = (page: Page, label: string, option: string | RegExp) => pickOption(page, page.getByRole('combobox', { name: label }), option, label);

/**
 * The list's row for `text`, found through the list's own search box as a person would on a long
 * list: type, then wait until the list shows the search (react-admin applies it 500 ms after the
 * last key, and a search still pending when a row's link is clicked would bring the list back).
 */
async function rowOf(page: Page, text: string) {
  await page
    .getByRole('main')
    .getByPlaceholder(/^Buscar /)
    .fill(text);
  await page.waitForURL(
    (u) => {
      const f = u.searchParams.get('filter');
      try {
        return !!f && (JSON.parse(f) as { q?: string }).q === text;
      } catch {
        return false;
      }
    },
    { timeout: 10_000 },
  );
  return page.getByRole('row').filter({ hasText: text });
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}

test('admin builds a level end to end and a child sees it', async ({ page }) => {
  // Names of this run, so the test can run again, and alongside itself, on the same server.
  const run = ` ${Math.random().toString(36).slice(2, 7)}`;
  const LEVEL = `Transportes${run}`;
  const WORD = `Autobús${run}`;
  const QUESTION = `¿Cómo se dice "bus" en español?${run}`;
  await loginAs(page, 'admin');

  // 1. A level with an image.
  await page.goto('/admin/nivel/create');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('El nombre del nivel es requerido.')).toBeVisible();
  await expectToast(page, 'Por favor, complete todos los campos.');
  await page.getByRole('textbox', { name: /^Nombre\W*$/ }).fill(LEVEL);
  await page.getByLabel('Descripción').fill('¡Súbete! Aprende las señas de los vehículos.');
  await choose(page, 'Dificultad', 'Medio');
  await page.locator('input[type=file]').setInputFiles(path.join(DEMO, 'niveles/animales.png'));
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expectToast(page, 'Nivel creado exitosamente.');
  await expect(page).toHaveURL(/\/admin\/nivel$/);
  const row = await rowOf(page, LEVEL);
  await expect(row).toBeVisible();
  await expect(row.getByRole('img')).toHaveAttribute('src', /\/uploads\/niveles\//);

  // 2. A word of that level.
  await page.goto('/admin/palabra/create');
  await page.getByLabel('Palabra en Español').fill(WORD);
  await page.getByLabel('Palabra en Inglés').fill('Bus');
  await page.getByRole('combobox', { name: 'Nivel' }).fill(LEVEL); // a searchable picker: type, then pick
  await choose(page, 'Nivel', LEVEL);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expectToast(page, 'Palabra creada exitosamente.');
  await expect(await rowOf(page, WORD)).toContainText(LEVEL);

  // 3. Its sign GIF and Spanish audio (the submit stays disabled until the form is valid).
  for (const m of [
    { tipo: 'gif', desc: 'gifSena', file: 'palabras/gato/sign.gif' },
    { tipo: 'audio', desc: 'audioEspanol', file: 'palabras/gato/audio-es.mp3' },
  ]) {
    await page.goto('/admin/multimedia/create');
    const save = page.getByRole('button', { name: 'Guardar', exact: true });
    await expect(save).toBeDisabled();
    await choose(page, 'Tipo', m.tipo);
    await choose(page, 'Descripción', m.desc);
    await page.getByRole('combobox', { name: 'Palabra' }).fill(WORD);
    await choose(page, 'Palabra', `${WORD} / Bus`);
    await expect(save).toBeDisabled();
    await page.locator('input[type=file]').setInputFiles(path.join(DEMO, m.file));
    await expect(save).toBeEnabled();
    await save.click();
    await expectToast(page, 'Multimedia registrada exitosamente.');
    await expect(page.getByRole('heading', { name: 'Lista de Multimedia' }).or(page.getByText('Lista de Multimedia')).first()).toBeVisible();
  }

  // 4. An evaluation for the level.
  await page.goto('/admin/evaluacion/create');
  await page.getByRole('combobox', { name: 'Nivel' }).fill(LEVEL); // a searchable picker: type, then pick
  await choose(page, 'Nivel', LEVEL);
  await page.getByLabel('Puntaje').fill('0');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('El puntaje debe ser al menos 1.')).toBeVisible();
  await page.getByLabel('Puntaje').fill('100');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expectToast(page, 'Evaluación creada correctamente.');

  // 5. A multiple-choice question with answers.
  await page.goto('/admin/pregunta/create');
  await choose(page, 'Tipo', 'Opción Múltiple');
  await expect(page.getByLabel('Respuesta')).toHaveCount(1); // one blank answer row
  await page.getByLabel('Pregunta').fill(QUESTION);
  await page.getByLabel('Porcentaje').fill('100');
  await page.getByRole('combobox', { name: 'Evaluación' }).fill(LEVEL); // searchable by the level's name
  await choose(page, 'Evaluación', new RegExp(`^${LEVEL} \\(#\\d+\\)$`));
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('La respuesta es obligatoria.').first()).toBeVisible();
  await page.getByLabel('Respuesta').fill(WORD);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Debes marcar al menos una respuesta como correcta.')).toBeVisible();
  await page.getByLabel('Correcta').check();
  await page.getByRole('button', { name: 'Añadir' }).click();
  await page.getByLabel('Respuesta').nth(1).fill('Avión');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expectToast(page, 'Pregunta creada correctamente.');
  const qRow = await rowOf(page, QUESTION);
  await expect(qRow).toContainText('100%');
  await qRow.getByRole('link', { name: 'Respuestas' }).click();
  await expect(page).toHaveURL(/\/admin\/respuestas\/\d+$/);
  await expect(page.getByRole('row').filter({ hasText: WORD })).toContainText('Correcta');
  await expect(page.getByRole('row').filter({ hasText: 'Avión' })).toContainText('Incorrecta');

  // 6. A child sees all of it, through the learner's own calls and screens (a child of this test's
  // own: the words opened here count as seen, and the demo child's progress is another spec's).
  await signUpChild(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const niveles = (await (await page.request.get('/api/nivel/getNivels', { headers })).json()).data as {
    id_nivel: number;
    nombre_nivel: string;
    imagen: string | null;
  }[];
  const nivel = niveles.find((n) => n.nombre_nivel === LEVEL)!;
  expect(nivel?.imagen).toBeTruthy();
  const palabras = (await (await page.request.get(`/api/palabra/nivel/${nivel.id_nivel}`, { headers })).json()) as {
    id_palabra: number;
    palabraEspanol: string;
  }[];
  const bus = palabras.find((p) => p.palabraEspanol === WORD)!;
  expect(bus).toBeTruthy();
  const media = (await (await page.request.get(`/api/multimedia/palabra/${bus.id_palabra}`, { headers })).json()).data as { descripcion: string }[];
  expect(media.map((m) => m.descripcion).sort()).toEqual(['audioEspanol', 'gifSena']);
  const detalles = (await (await page.request.get('/api/evaluacion/detalles', { headers })).json()).data as {
    id_nivel: number;
    preguntas: { pregunta: string; respuestas: { respuesta: string }[] }[];
  }[];
  const ev = detalles.find((e) => e.id_nivel === nivel.id_nivel)!;
  expect(ev.preguntas[0]!.pregunta).toBe(QUESTION);
  expect(ev.preguntas[0]!.respuestas.map((r) => r.respuesta).sort()).toEqual([WORD, 'Avión'].sort());

  await page.goto('/home');
  await expect(page.getByRole('heading', { name: LEVEL })).toBeVisible();
  await page.goto(`/supmenu/${nivel.id_nivel}`);
  await expect(page.getByText(WORD).first()).toBeVisible();
  await page.goto(`/menuletra/${nivel.id_nivel}/${bus.id_palabra}`);
  await expect(page.getByTestId('sign-canvas')).toBeVisible();
  await page.goto(`/cuestionario/${nivel.id_nivel}`);
  await expect(page.getByText(QUESTION)).toBeVisible();
  await expect(page.getByText('Avión')).toBeVisible();
});
