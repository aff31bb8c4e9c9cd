import { readFileSync } from 'node:fs';
import type { BrowserContext, Download, Page } from '@playwright/test';
import Papa from 'papaparse';
import { test, expect, loginAs } from './fixtures';

/**
 * The whole class story through the screens: the demo profesor creates a class,
 * imports 5 children from a CSV file, prints their cards; on a tablet (a second browser context) one
 * child enters with the class code, their name and the 3 pictures read from their card, sees every
 * word of the first level and takes its quiz; the teacher finds that child's words seen (100 %) and
 * the very score the child saw on the class dashboard and in its exported CSV.
 */

/** The file a teacher saves from Spanish Excel: BOM, ';', CRLF, accents, dd/mm/aaaa dates. */
const CSV = Buffer.from(
  `\uFEFF${[
    'Nombre;Apellido;Fecha de nacimiento;Sexo',
    'Renata;Núñez Peña;14/03/2017;niña',
    'Joaquín;Gómez Ibáñez;02/09/2016;niño',
    'Sofía;Martínez;28/02/2017;niña',
    'Íker;Ruiz;20/01/2017;niño',
    'Valentina;Ibáñez;05/11/2016;niña',
  ].join('\r\n')}\r\n`,
  'utf8',
);
const CHILD = { nombre: 'Joaquín', completo: 'Joaquín Gómez Ibáñez' };
/** The class in Spanish alphabetical order: Íker among the I's (not after Valentina, as a C-locale ORDER BY has it). */
const ORDER = ['Íker Ruiz', 'Joaquín Gómez Ibáñez', 'Renata Núñez Peña', 'Sofía Martínez', 'Valentina Ibáñez'];

/** A number written either way ("66,67 %", "Puntaje: 75.00", "100 %") → 66.67; no digits → null. */
const num = (s: string | null | undefined): number | null => {
  const m = /-?\d+(?:[.,]\d+)?/.exec(String(s ?? '').replace(/\s/g, ''));
  return m ? Number(m[0].replace(',', '.')) : null;
};

/** The downloaded CSV: BOM checked and removed, parsed with papaparse by ';'. */
function readCsv(path: string): string[][] {
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 3)], 'UTF-8 BOM').toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<string[]>(bytes.subarray(3).toString('utf8').trimEnd(), { delimiter: ';', newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** The tablet never contacts a third party either (the fixture guards the first page only). */
async function guardExternal(ctx: BrowserContext): Promise<string[]> {
  const external: string[] = [];
  await ctx.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/)(https?|wss?):\/\//, (route) => {
    external.push(route.request().url());
    return route.abort();
  });
  return external;
}

/** Every picture on the page is drawn (the avatars are files): no blank picture buttons. */
async function picturesDrawn(page: Page) {
  await expect.poll(() => page.evaluate(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0))).toBe(true);
}

test('a teacher creates a class, imports 5 children from a CSV, prints their cards; one child logs in with pictures and plays a level; the dashboard and its CSV show it', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const nombreClase = `Historia ${stamp}`;

  // --- 1. The profesor logs in, opens Clases and creates a class.
  await loginAs(page, 'profesor');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/inicio');
  await page.getByRole('menuitem', { name: 'Clases' }).click();
  await expect(page).toHaveURL(/\/admin\/clases(\?.*)?$/);
  // 'Crear' in the list's toolbar, or 'Crear clase' in the empty list (other specs may have made classes for this profesor).
  await page
    .getByRole('link', { name: /^Crear( clase)?$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/clases\/create$/);
  await page.getByRole('textbox', { name: /^Nombre\W*$/ }).fill(nombreClase);
  const institucion = page.getByRole('combobox', { name: 'Institución' });
  await institucion.click();
  const firstInst = page.getByRole('option').first();
  const instName = (await firstInst.innerText()).trim();
  await firstInst.click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(institucion).toHaveText(instName);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Clase creada correctamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/clases\/\d+\/alumnos$/);
  const idClase = Number(/clases\/(\d+)\/alumnos/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: `Alumnos · ${nombreClase}` })).toBeVisible();

  // --- 2. Import the 5 children from the CSV file: a preview with 5 good rows, then import.
  await page.getByRole('button', { name: 'Importar alumnos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar alumnos' });
  await dialog.getByTestId('archivo-csv').setInputFiles({ name: 'mi-clase.csv', mimeType: 'text/csv', buffer: CSV });
  await expect(dialog.getByText('Archivo: mi-clase.csv')).toBeVisible();
  await expect(dialog.getByTestId('resumen-importacion')).toHaveText('Las 5 filas están bien.');
  for (let i = 1; i <= 5; i++) await expect(dialog.getByTestId(`fila-${i}`)).toHaveAttribute('data-error', 'false');
  await expect(dialog.getByTestId('fila-6')).toHaveCount(0);
  await expect(dialog.getByTestId('fila-2')).toContainText('Gómez Ibáñez');
  await dialog.getByRole('button', { name: 'Importar 5 alumnos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Se importaron 5 alumnos')).toBeVisible();
  await expect(page.getByTestId('alumno')).toHaveCount(5);

  // --- 3. The print view: 5 cards, each with the class code; the child's 3 pictures read from their card.
  // The link the import's message offers, as a teacher would follow it.
  await page.getByRole('link', { name: 'Imprimir tarjetas' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clases/${idClase}/tarjetas$`));
  const cards = page.getByTestId('tarjeta');
  await expect(cards).toHaveCount(5);
  await expect(page.getByTestId('tarjeta-nombre')).toHaveText(ORDER);
  const card = page.getByRole('article', { name: `Tarjeta de ${CHILD.completo}` });
  const codigo = (await card.getByTestId('tarjeta-codigo').innerText()).trim();
  expect(codigo).toMatch(/^[A-Z0-9]{6}$/);
  await expect(page.getByTestId('tarjeta-codigo')).toHaveText(Array<string>(5).fill(codigo));
  const items = card.getByRole('list', { name: 'Mis imágenes, en orden' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  // Each item reads "1 Sol": the position, then the picture's label (the tile itself is an img named alike).
  const pictures = (await items.allInnerTexts()).map((t, i) => {
    const m = /^(\d+)\s+(.+)$/.exec(t.trim());
    expect(m?.[1], `the card's picture ${i + 1} is numbered`).toBe(String(i + 1));
    return m![2]!.trim();
  });
  for (const [i, label] of pictures.entries()) await expect(items.nth(i).getByRole('img', { name: label })).toBeVisible();
  await picturesDrawn(page);

  // --- 4. On a tablet: the child enters with the code, taps their name, then their pictures in order.
  const tablet = await browser.newContext({ baseURL, viewport: { width: 768, height: 1024 }, hasTouch: true, locale: 'es-ES' });
  const external = await guardExternal(tablet);
  const kid = await tablet.newPage();
  await kid.goto('/logIn');
  await kid.getByRole('link', { name: 'Entrar con código de clase' }).click();
  await expect(kid).toHaveURL(/\/logIn\/clase$/);
  const codeBox = kid.getByRole('textbox', { name: 'Escribe el código de tu clase' });
  await codeBox.fill(codigo);
  // 'Ir' on the tablet's keyboard submits the code, as tests/e2e/class-login.spec.ts does.
  await codeBox.press('Enter');
  await expect(kid.getByRole('heading', { name: nombreClase })).toBeVisible();
  const names = kid.getByRole('list', { name: '¿Quién eres?' }).getByRole('button');
  await expect(names).toHaveText(ORDER.map((n) => n.split(' ')[0]!));
  await picturesDrawn(kid);
  await kid.getByRole('button', { name: CHILD.nombre, exact: true }).click();
  await expect(kid.getByRole('heading', { name: 'Toca tus 3 imágenes' })).toBeVisible();
  const group = kid.getByRole('group', { name: 'Imágenes' });
  await expect(group.getByRole('button')).toHaveCount(9);
  await group.getByRole('button', { name: pictures[0]!, exact: true }).click();
  await expect(kid.getByTestId('slots').locator('[data-filled="true"]')).toHaveCount(1);
  await picturesDrawn(kid);
  await group.getByRole('button', { name: pictures[1]!, exact: true }).click();
  await group.getByRole('button', { name: pictures[2]!, exact: true }).click();
  await expect(kid).toHaveURL(/\/home$/);
  await expect(kid.getByRole('heading', { level: 1, name: `¡Hola, ${CHILD.nombre}!` })).toBeVisible();

  // --- 5. The first level: every word opened, then its quiz, answered as it comes (the score is what it is).
  const firstLevel = kid.getByTestId('level-card').first();
  const nivelNombre = (await firstLevel.getByRole('heading').first().innerText()).trim();
  await firstLevel.getByRole('button', { name: `Empezar ${nivelNombre}` }).click();
  await expect(kid).toHaveURL(/\/supmenu\/\d+$/);
  const idNivel = Number(kid.url().split('/').pop());
  await expect(kid.getByRole('heading', { level: 1, name: nivelNombre })).toBeVisible();
  await expect(kid.getByTestId('progress-percent')).toHaveText('0%');
  const wordCards = kid.getByTestId('word-card');
  await expect(wordCards.first()).toBeVisible();
  const words = (await wordCards.getByRole('button', { name: /^Empezar / }).evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')!))).map((l) =>
    l.replace(/^Empezar /, ''),
  );
  expect(words.length).toBeGreaterThan(1);
  await kid.getByRole('button', { name: `Empezar ${words[0]}`, exact: true }).click();
  await expect(kid.getByRole('heading', { level: 1, name: words[0], exact: true })).toBeVisible();
  for (const w of words.slice(1)) {
    await kid.getByRole('button', { name: 'Siguiente' }).click();
    await expect(kid.getByRole('heading', { level: 1, name: w, exact: true })).toBeVisible();
  }
  await kid.getByRole('link', { name: 'Volver al nivel' }).click();
  await expect(kid.getByTestId('progress-percent')).toHaveText('100%');

  await kid.getByRole('button', { name: 'Hacer el cuestionario' }).click();
  await expect(kid).toHaveURL(new RegExp(`/cuestionario/${idNivel}$`));
  const questions = kid.getByTestId('question-card');
  await expect(questions.first()).toBeVisible();
  for (const q of await questions.all()) {
    const radios = q.getByRole('radio');
    if (await radios.count()) await radios.first().check();
    else await q.getByLabel('Escribe tu respuesta').fill('casa');
  }
  await kid.getByRole('button', { name: 'Enviar respuestas' }).click();
  const result = kid.getByTestId('quiz-result');
  await expect(result.getByTestId('result-score')).toHaveText(/^Puntaje: \d+(\.\d+)?$/);
  const seenScore = num(await result.getByTestId('result-score').innerText())!;
  await expect(result.getByTestId('result-correct')).toHaveText(/^Respuestas correctas: \d+ de \d+$/);
  await result.getByRole('button', { name: 'Volver al Nivel' }).click();
  await expect(kid.getByTestId('last-result')).toBeVisible();

  // --- 6. The teacher opens the class dashboard: the child's row says what the child did.
  await page.getByRole('menuitem', { name: 'Clases' }).click();
  await page.getByText(nombreClase, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clases/${idClase}$`));
  await expect(page.getByRole('heading', { level: 1, name: nombreClase })).toBeVisible();
  const grid = page.getByTestId('tablero-grid');
  await expect(grid.getByTestId('alumno-nombre')).toHaveText(ORDER);
  const row = grid.locator('tbody tr').filter({ has: page.getByRole('link', { name: CHILD.completo, exact: true }) });
  const childId = Number(await row.getAttribute('data-alumno'));
  const cell = row.getByTestId(`celda-${childId}-${idNivel}`);
  await expect(cell.locator('[data-campo="vistas"]')).toHaveText('100 %');
  await expect(cell.locator('[data-campo="puntaje"]')).toHaveAttribute('data-pass', seenScore >= 60 ? 'si' : 'no');
  const shownScore = num(await cell.locator('[data-campo="puntaje"]').innerText());
  expect(shownScore, 'the dashboard shows the score the child saw').toBe(seenScore);
  // Nobody else played: the other four rows of that level are empty.
  for (const other of await grid.locator('tbody tr').all()) {
    if ((await other.getAttribute('data-alumno')) === String(childId)) continue;
    await expect(other.locator(`[data-testid$="-${idNivel}"] [data-campo="vistas"]`)).toHaveText('0 %');
  }
  await cell.scrollIntoViewIfNeeded();
  await picturesDrawn(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(grid).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await picturesDrawn(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // 'Exportar CSV' (';' by default, for Spanish Excel): the child's row has the screen's figures.
  await expect(page.getByRole('button', { name: /^Separador del CSV/ })).toHaveAccessibleName('Separador del CSV: Excel en español (;)');
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV', exact: true }).click(),
  ]);
  const csv = readCsv((await download.path())!);
  const header = csv[0]!;
  expect(header[0]).toBe('Alumno');
  const vistasCol = header.findIndex((h) => h.endsWith(`${nivelNombre}: palabras vistas (%)`));
  const puntajeCol = header.findIndex((h) => h.endsWith(`${nivelNombre}: último puntaje`));
  expect(vistasCol, `a column for ${nivelNombre} in ${header.join(' | ')}`).toBeGreaterThan(0);
  expect(puntajeCol).toBe(vistasCol + 1);
  expect(
    csv.slice(1).map((l) => l[0]),
    'one line per child, in the screen order',
  ).toEqual(ORDER);
  const line = csv.find((l) => l[0] === CHILD.completo);
  expect(line, `the child's line (accents kept) in ${csv.map((l) => l[0]).join(', ')}`).toBeTruthy();
  expect(num(line![vistasCol])).toBe(100);
  expect(num(line![puntajeCol])).toBe(shownScore);

  await tablet.close();
  expect(external, 'the tablet contacted no third party').toEqual([]);
});
