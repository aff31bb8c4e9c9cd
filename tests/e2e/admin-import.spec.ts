import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { test, expect, loginAs, apiHeaders } from './fixtures';

const DEMO = path.resolve('public/demo/palabras/gato');

interface Media {
  id: number;
  tipo: string;
  descripcion: string;
  id_palabra: number;
}

async function mediaOf(page: Page, idPalabra: number): Promise<Media[]> {
  const res = await page.request.get(`/api/multimedia/palabra/${idPalabra}`, { headers: await apiHeaders(page) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Media[] }).data;
}

const summary = (rows: Media[]) => rows.map((m) => `${m.descripcion}:${m.tipo}`).sort();

/**
 * A zip of files named by word is matched to a throwaway level's words, previewed
 * (3 matches, 1 without), imported, checked through the API, and imported again: the second time
 * every file replaces its slot's row instead of adding a second one.
 */
test('admin imports a zip of media named by word, then again without duplicates', async ({ page }) => {
  const run = Math.random().toString(36).slice(2, 7);
  const LEVEL = `Importación ${run}`;
  const W1 = `Gatito ${run}`;
  const W2 = `Pájaro ${run}`;
  await loginAs(page, 'admin');

  // A level of its own with two words, so no other suite is disturbed.
  const headers = await apiHeaders(page);
  const lvl = await page.request.post('/api/nivel/register', {
    headers,
    multipart: { nombre_nivel: LEVEL, descripcion: 'Nivel temporal de la prueba de importación.', dificultad: 'Fácil' },
  });
  expect(lvl.status(), await lvl.text()).toBe(201);
  const levelId = ((await lvl.json()) as { data: { id: number } }).data.id;
  const wordIds: number[] = [];
  for (const [es, en] of [
    [W1, `Kitten ${run}`],
    [W2, `Bird ${run}`],
  ]) {
    const res = await page.request.post('/api/palabra/register', { headers, data: { palabraEspanol: es, palabraIngles: en, id_nivel: levelId } });
    expect(res.status(), await res.text()).toBe(201);
    wordIds.push(((await res.json()) as { data: { id_palabra: number } }).data.id_palabra);
  }
  const [w1, w2] = wordIds as [number, number];

  // Names as a teacher's folder would have them: folders, underscores, capitals, no accents, and
  // macOS leftovers that must be skipped silently.
  const zip = Buffer.from(
    zipSync(
      {
        [`fotos/gatito_${run}.gif`]: readFileSync(path.join(DEMO, 'sign.gif')),
        [`fotos/Gatito ${run}.png`]: readFileSync(path.join(DEMO, 'img-es.png')),
        [`audio/pajaro-${run}.mp3`]: readFileSync(path.join(DEMO, 'audio-es.mp3')),
        [`fotos/zorro-${run}.png`]: readFileSync(path.join(DEMO, 'img-en.png')),
        [`__MACOSX/fotos/._gatito_${run}.gif`]: new Uint8Array([0, 5, 22, 7]),
      },
      { level: 1 },
    ),
  );
  const dropZip = (p: Page) =>
    p
      .getByTestId('importar-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: `nivel-${run}.zip`, mimeType: 'application/zip', buffer: zip });

  // From the level list, as a teacher would.
  await page.goto('/admin/nivel');
  await page
    .getByRole('main')
    .getByPlaceholder(/^Buscar /)
    .fill(LEVEL);
  // The list narrows once its search reaches the address (react-admin applies it after 500 ms);
  // until then every level shows, and a click on a row's action could be undone by that late search.
  await expect(page).toHaveURL(/filter=/);
  const row = page.getByRole('row').filter({ hasText: LEVEL });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'Importar multimedia' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/nivel/${levelId}/importar$`));
  await expect(page.getByRole('heading', { level: 1, name: `Importar multimedia a «${LEVEL}»` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cómo nombrar los archivos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Elegir un zip o archivos para importar' })).toBeEnabled();

  // 1. The preview: nothing is saved yet.
  await dropZip(page);
  const rows = page.getByTestId('importar-fila');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('importar-resumen')).toHaveText('3 archivos coinciden con 2 palabras · 1 sin coincidencia');
  const rowOf = (name: string) => rows.filter({ hasText: name });
  await expect(rowOf(`gatito_${run}.gif`)).toContainText(W1);
  await expect(rowOf(`gatito_${run}.gif`)).toContainText('Seña (GIF o video)');
  await expect(rowOf(`Gatito ${run}.png`)).toContainText('Imagen (español)');
  await expect(rowOf(`pajaro-${run}.mp3`)).toContainText(W2);
  await expect(rowOf(`pajaro-${run}.mp3`)).toContainText('Audio (español)');
  await expect(rows.filter({ hasText: 'Nuevo' })).toHaveCount(3);
  await expect(rowOf(`zorro-${run}.png`)).toContainText('Sin coincidencia');
  await expect(rowOf(`zorro-${run}.png`)).toContainText(`No hay ninguna palabra «zorro-${run}» en este nivel.`);
  await expect(rowOf(`zorro-${run}.png`).getByRole('checkbox')).toBeDisabled();
  expect(await mediaOf(page, w1)).toEqual([]);

  // Unticking a file (with the keyboard) changes what will be sent; ticking it again restores it.
  const importBtn = page.getByTestId('importar-barra').getByRole('button', { name: /^Importar( \d+ archivos?)?$/ });
  await expect(importBtn).toHaveText('Importar 3 archivos');
  const png = page.getByRole('checkbox', { name: `Importar Gatito ${run}.png` });
  await png.focus();
  await page.keyboard.press('Space');
  await expect(png).not.toBeChecked();
  await expect(importBtn).toHaveText('Importar 2 archivos');
  await page.keyboard.press('Space');
  await expect(importBtn).toHaveText('Importar 3 archivos');

  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(importBtn).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // 2. The import: one by one, each row with its result.
  await importBtn.click();
  const done = page.getByTestId('importar-resultado');
  await expect(done).toContainText('Importación terminada: 3 archivos guardados.');
  await expect(rows.filter({ hasText: 'Guardado' })).toHaveCount(3);
  await expect(done.getByRole('link', { name: W1 })).toHaveAttribute('href', `/admin/palabra/${w1}/multimedia`);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.setViewportSize({ width: 1280, height: 800 });

  const first1 = await mediaOf(page, w1);
  const first2 = await mediaOf(page, w2);
  expect(summary(first1)).toEqual(['gifSena:gif', 'imgEspanol:imagen']);
  expect(summary(first2)).toEqual(['audioEspanol:audio']);

  // 3. The same zip again: every file now replaces its slot's row.
  await done.getByRole('button', { name: 'Importar más archivos' }).click();
  await expect(rows).toHaveCount(0);
  // This time through the keyboard: the drop zone opens the file picker with Enter.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Elegir un zip o archivos para importar' }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: `nivel-${run}.zip`, mimeType: 'application/zip', buffer: zip });
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Reemplaza el actual' })).toHaveCount(3);
  await importBtn.click();
  await expect(done).toContainText('Importación terminada: 3 archivos guardados (3 reemplazaron a los anteriores).');
  await expect(rows.filter({ hasText: 'Reemplazado' })).toHaveCount(3);
  const second1 = await mediaOf(page, w1);
  const second2 = await mediaOf(page, w2);
  expect(summary(second1)).toEqual(summary(first1));
  expect(summary(second2)).toEqual(summary(first2));
  expect(second1.map((m) => m.id).sort()).toEqual(first1.map((m) => m.id).sort());
  expect(second2.map((m) => m.id)).toEqual(first2.map((m) => m.id));

  // 4. Back to the level, from the summary.
  await done.getByRole('link', { name: 'Volver al nivel' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/nivel/${levelId}$`));
  await expect(page.getByRole('link', { name: 'Importar multimedia' })).toBeVisible();

  // Leave nothing behind.
  for (const m of [...second1, ...second2]) await page.request.delete(`/api/multimedia/delete/${m.id}`, { headers });
  for (const w of wordIds) await page.request.delete(`/api/palabra/delete/${w}`, { headers });
  await page.request.delete(`/api/nivel/delete/${levelId}`, { headers });
});
