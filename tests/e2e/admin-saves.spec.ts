/**
 * A teacher's saves show at once (screens-backoffice.md B-1.2, B-1.3): a new record is on page 1 of
 * its list (newest first) and highlighted, without leaving and coming back; keys typed as a form
 * opens reach its first field; 'Exportar' writes what the list shows, for a Spanish Excel (';' + BOM).
 * Each test makes its own records (a random stamp in their names) and removes them.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { test, expect, loginAs, apiHeaders, makeLevel, pickOption } from './fixtures';
import type { Page } from '@playwright/test';
import { slotCard, uploadIntoSlot } from './media-helpers';

const DEMO = path.resolve('public/demo');
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

async function levelIdByName(page: Page, name: string): Promise<number | undefined> {
  const res = await page.request.get(`/api/nivel/getNivels?q=${encodeURIComponent(name)}&perPage=5`, { headers: await apiHeaders(page) });
  const rows = (await res.json()).data as { id_nivel: number; nombre_nivel: string }[];
  return rows.find((r) => r.nombre_nivel === name)?.id_nivel;
}

async function removeLevel(page: Page, name: string) {
  const id = await levelIdByName(page, name);
  if (id) await page.request.delete(`/api/nivel/delete/${id}`, { headers: await apiHeaders(page) });
}

test.describe('with the service worker a teacher’s browser runs', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a new level with an image is on page 1 of the list at once, highlighted', async ({ page }) => {
    const name = `Nivel guardado ${stamp()}`;
    await loginAs(page, 'admin');
    await page.goto('/admin/nivel');
    // The list read once through the service worker, as on the teacher's second visit.
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 45_000 });
    await page.reload();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    try {
      await page.getByRole('link', { name: 'Crear' }).click();
      await page.getByRole('textbox', { name: /^Nombre\W*$/ }).fill(name);
      await page.getByLabel('Descripción').fill('Un nivel hecho por la prueba de guardados.');
      await pickOption(page, page.getByRole('combobox', { name: 'Dificultad' }), 'Fácil', 'Dificultad');
      await page.locator('input[type=file]').setInputFiles(path.join(DEMO, 'niveles/animales.png'));
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Nivel creado exitosamente.' }).first()).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/nivel(\?.*)?$/);
      // On this page, without a reload: newest first puts it on page 1. Not asserted as the first
      // row: specs run in parallel, and another spec's level made a moment later comes before it.
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toBeVisible({ timeout: 5_000 });
      await expect(row.getByRole('img')).toHaveAttribute('src', /\/uploads\/niveles\//);
      await expect(page.getByRole('columnheader', { name: /Imagen/ })).toHaveText('Imagen');
      // Highlighted (a background the other rows do not have), for a moment.
      const bg = await row.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(bg).not.toBe(TRANSPARENT);
      // A row that is not ours (the header row excluded) has no highlight.
      expect(
        await page
          .locator('tbody')
          .getByRole('row')
          .filter({ hasNotText: name })
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      ).toBe(TRANSPARENT);
      await expect.poll(() => row.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 10_000 }).toBe(TRANSPARENT);
    } finally {
      await removeLevel(page, name);
    }
  });

  test("a sign saved on a word's media page shows in its slot at once (the page's read is not the worker's copy)", async ({ page }) => {
    await loginAs(page, 'admin');
    const headers = await apiHeaders(page);
    // A level of its own: a word added to a demo level would change what the learner specs, which
    // run beside this one, count there.
    const nivel = await makeLevel(page);
    const res = await page.request.post('/api/palabra/register', {
      headers,
      data: { palabraEspanol: `seña ${stamp()}`, palabraIngles: 'sign', id_nivel: nivel.id_nivel },
    });
    expect(res.status()).toBe(201);
    const id = (await res.json()).data.id_palabra as number;
    try {
      await page.goto(`/admin/palabra/${id}/multimedia`);
      // The media page read once through the service worker (which keeps the learner's copies of
      // this address): the slot is empty in that copy.
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 45_000 });
      await page.reload();
      const slot = slotCard(page, 'Seña (GIF o video)');
      await expect(slot.getByText('Vacía')).toBeVisible();
      await uploadIntoSlot(page, 'Seña (GIF o video)', path.join(DEMO, 'palabras/gato/sign.gif'));
      // The saved file's size, on this page, without leaving it (the worker's copy said "Vacía").
      await expect(slot.getByTestId('tamano')).toHaveText(/\d+(,\d+)? KB/, { timeout: 5_000 });
      await expect(slot.getByText('Vacía')).toHaveCount(0);
    } finally {
      await page.request.delete(`/api/palabra/delete/${id}`, { headers });
      await page.request.delete(`/api/nivel/delete/${nivel.id_nivel}`, { headers });
    }
  });
});

test('keys typed right after opening a create form reach its first field, whole', async ({ page }) => {
  await loginAs(page, 'admin');
  const names: string[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const name = `RevStaffSol${stamp()}`;
      names.push(name);
      await page.goto('/admin/nivel');
      const crear = page.getByRole('link', { name: 'Crear' });
      await expect(crear).toBeVisible();
      // No wait between the click and the typing: a teacher who types as the form opens.
      await crear.click();
      await page.keyboard.type(name);
      const field = page.getByRole('textbox', { name: /^Nombre\W*$/ });
      await expect(field).toHaveValue(name);
      await page.getByLabel('Descripción').fill('Escrito al abrir el formulario.');
      await pickOption(page, page.getByRole('combobox', { name: 'Dificultad' }), 'Medio', 'Dificultad');
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Nivel creado exitosamente.' }).first()).toBeVisible();
      expect(await levelIdByName(page, name), `${name} guardado entero`).toBeDefined();
    }
  } finally {
    for (const n of names) await removeLevel(page, n);
  }
});

test("'Exportar' writes the filtered list for a Spanish Excel: BOM, ';', names rather than ids", async ({ page }) => {
  await loginAs(page, 'admin');
  const headers = await apiHeaders(page);
  const tag = `exp${stamp()}`;
  const level = `Nivel ${tag}`;
  const form = { nombre_nivel: level, descripcion: 'Para exportar.', dificultad: 'Fácil' };
  expect((await page.request.post('/api/nivel/register', { multipart: form, headers })).status()).toBe(201);
  const idNivel = (await levelIdByName(page, level))!;
  const ids: number[] = [];
  try {
    for (const w of ['Ñandú', 'Pingüino']) {
      const res = await page.request.post('/api/palabra/register', {
        data: { palabraEspanol: `${w} ${tag}`, palabraIngles: `${w}-en`, id_nivel: idNivel },
        headers,
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
      ids.push(Number((await res.json()).data.id_palabra));
    }
    await page.goto(`/admin/palabra?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
    await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
    await expect(page.getByRole('button', { name: /^Separador del CSV: Excel en español \(;\)$/ })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar', exact: true }).click()]);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    const head = lines[0]!.split(';');
    expect(head).toEqual(expect.arrayContaining(['Palabra en Español', 'Palabra en Inglés', 'Nivel']));
    expect(lines).toHaveLength(3);
    const cells = lines.slice(1).map((l) => l.split(';'));
    expect(new Set(cells.map((c) => c[head.indexOf('Palabra en Español')]))).toEqual(new Set([`Ñandú ${tag}`, `Pingüino ${tag}`]));
    // The level by its name, as the list shows it, not its id.
    for (const c of cells) expect(c[head.indexOf('Nivel')]).toBe(level);

    // ',' when chosen (and remembered).
    await page.getByRole('button', { name: /^Separador del CSV/ }).click();
    await page.getByRole('menuitemradio', { name: 'Coma (,)' }).click();
    const [comma] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar', exact: true }).click()]);
    const text = (await readFile((await comma.path())!)).toString('utf8');
    expect(text.slice(1).split('\r\n')[0]!.split(',')).toEqual(expect.arrayContaining(['Palabra en Español', 'Nivel']));
  } finally {
    for (const id of ids) await page.request.delete(`/api/palabra/delete/${id}`, { headers });
    await page.request.delete(`/api/nivel/delete/${idNivel}`, { headers });
  }
});

test('typing in the top search box while an edit form loads: the keys stay in the box, the form is untouched', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/inicio');
  // The level's record answers late, as on a slow connection, so the typing happens while it loads.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/nivel\/getNivel\/1(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => {
    window.history.pushState({}, '', '/admin/nivel/1');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const box = page.getByRole('textbox', { name: 'Buscar en el panel' });
  await box.fill('zzzz');
  release();
  const nombre = page.getByRole('textbox', { name: /^Nombre\W*$/ });
  await expect(nombre).toHaveValue('Animales');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('zzzz');
});

test("a save's toast lets a click through to the list's 'Crear' under it: the next record starts at once", async ({ page }) => {
  await loginAs(page, 'admin');
  const word = `toast ${stamp()}`;
  // Its own level: a word saved in a demo level would change that level's word count under the
  // learner specs running beside.
  const nivel = await makeLevel(page);
  await page.goto('/admin/palabra/create');
  await page.getByLabel('Palabra en Español').fill(word);
  await page.getByLabel('Palabra en Inglés').fill('toast');
  await page.getByRole('combobox', { name: 'Nivel' }).fill(nivel.nombre_nivel); // a searchable picker: type, then pick
  await pickOption(page, page.getByRole('combobox', { name: 'Nivel' }), nivel.nombre_nivel, 'Nivel');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Palabra creada exitosamente.' }).first();
  await expect(toast).toBeVisible();
  try {
    const crear = page.getByRole('main').getByRole('link', { name: 'Crear' }).first();
    await crear.waitFor();
    // In one look at the page (the toast lasts 5 s, and a loaded machine may spend them between
    // two steps): the toast is there, it lies over 'Crear' (both top right), and a tap at Crear's
    // centre reaches Crear, not the toast.
    const seen = await page.evaluate(() => {
      const toast = [...document.querySelectorAll('[role=alert]')].find((el) => el.textContent?.includes('Palabra creada exitosamente.'));
      const link = [...document.querySelectorAll('main a')].find((el) => el.textContent?.trim() === 'Crear');
      if (!toast || !link) return { toast: !!toast, link: !!link };
      const [t, c] = [toast.getBoundingClientRect(), link.getBoundingClientRect()];
      const over = t.left < c.right && c.left < t.right && t.top < c.bottom && c.top < t.bottom;
      const [x, y] = [c.left + c.width / 2, c.top + c.height / 2];
      const hit = document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null;
      return { toast: true, link: true, over, hit, x, y };
    });
    expect(seen).toMatchObject({ toast: true, link: true, over: true, hit: expect.stringContaining('Crear') });
    // The tap itself, at that point and at once (the toast is still up): a toast that caught it
    // would leave the list where it is. Not locator.click, which would wait for the toast to go
    // and then pass anyway; with a 3 s limit, CI (run 40) ran out while the click, already done,
    // waited on the create screen's loading.
    const { x, y } = seen as { x: number; y: number };
    await page.mouse.click(x, y);
    await expect(page).toHaveURL(/\/admin\/palabra\/create$/, { timeout: 30_000 });
  } finally {
    const res = await page.request.get(`/api/palabra/getPalabras?q=${encodeURIComponent(word)}&perPage=5`, { headers: await apiHeaders(page) });
    for (const w of (await res.json()).data as { id_palabra: number }[])
      await page.request.delete(`/api/palabra/delete/${w.id_palabra}`, { headers: await apiHeaders(page) });
    await page.request.delete(`/api/nivel/delete/${nivel.id_nivel}`, { headers: await apiHeaders(page) });
  }
});
