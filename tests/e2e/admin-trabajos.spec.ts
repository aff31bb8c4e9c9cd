/**
 * Failed background jobs on the back office's "Trabajos" screen (admin and superadmin only): a
 * GIF whose stored file is gone cannot get its compact copy; its job is retried, then listed for
 * an admin with what it was, when, the error in Spanish and its tries. Once the file is back, the
 * admin's "Reintentar" makes the copy and the job leaves the list at once.
 *
 * The failure is made through the app: an admin uploads a GIF and its file is removed from the
 * e2e server's upload folder before the job runs (the worker runs one job at a time, and is kept
 * busy first by a larger GIF's encoding). The e2e server retries after 1, 2 and 4 s
 * (JOBS_RETRY_DELAY_SECONDS=1 in scripts/e2e-server.mjs).
 */
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, apiHeaders, loginAs, AFTER_ACTION } from './fixtures';
import { E2E_PORT } from '../../playwright.config';
import { makeSampleGif } from '../../scripts/bench/gif-samples';

const UPLOADS = path.resolve('.tmp', `e2e-data-${E2E_PORT}`, 'uploads', 'multimedia');
/** SHOTS_DIR=<dir> saves the screens to look at; nothing compares them, so by default none is taken. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

interface Trabajo {
  id: string;
  datos: { id?: number };
  descripcion: string;
  intentos: number;
  error: string | null;
}

async function uploadGif(page: Page, idPalabra: number, bytes: Buffer) {
  const r = await page.request.post('/api/multimedia/register', {
    multipart: { tipo: 'gif', descripcion: 'gifSena', id_palabra: String(idPalabra), file: { name: 'sena.gif', mimeType: 'image/gif', buffer: bytes } },
    headers: await apiHeaders(page),
  });
  expect(r.status(), await r.text()).toBe(201);
  return (await r.json()).data as { id: number; url: string };
}

const failedJobs = async (page: Page) =>
  ((await (await page.request.get('/api/trabajos?estado=fallido', { headers: await apiHeaders(page) })).json()) as { data: Trabajo[] }).data;

test('an admin sees a failed compact-copy job on Trabajos, fixes the cause and retries it; the copy is made', async ({ page }) => {
  await loginAs(page, 'admin');
  const headers = await apiHeaders(page);
  const words = (await (await page.request.get('/api/palabra/nivel/1', { headers })).json()) as { id_palabra: number; palabraEspanol: string }[];
  const word = words[0]!;
  const seed = Date.now() % 100_000;
  // Four larger GIFs: their encodings keep the worker busy for seconds, even on a fast machine.
  const busy = await Promise.all([0, 1, 2, 3].map((i) => makeSampleGif({ kind: 'camera', width: 320, height: 240, fps: 10, seconds: 3, seed: seed + 10 + i })));
  const small = await makeSampleGif({ kind: 'camera', width: 64, height: 48, fps: 5, seconds: 1, seed: seed + 1 });

  // The larger GIF's job takes the worker; the second GIF's job waits behind it, and its file goes.
  for (const b of busy) await uploadGif(page, word.id_palabra, b.gif);
  const lost = await uploadGif(page, word.id_palabra, small.gif);
  const file = path.join(UPLOADS, path.basename(lost.url));
  expect(existsSync(file)).toBe(true);
  unlinkSync(file);

  // Tried, retried three times (1 s, 2 s, 4 s with jitter), then listed.
  await expect.poll(async () => (await failedJobs(page)).find((j) => j.datos.id === lost.id)?.intentos ?? 0, { timeout: 120_000, intervals: [1000] }).toBe(4);
  const job = (await failedJobs(page)).find((j) => j.datos.id === lost.id)!;
  expect(job.descripcion).toBe(`Copia compacta del GIF de «${word.palabraEspanol}» (${job.descripcion.match(/\((.+)\)$/)![1]})`);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/trabajos');
  await expect(page.getByRole('heading', { name: 'Trabajos con errores' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Trabajos' })).toBeVisible();
  const card = page.getByTestId(`trabajo-${job.id}`);
  await expect(card.getByRole('heading', { name: job.descripcion })).toBeVisible();
  await expect(card).toContainText('4 intentos');
  await expect(card).toContainText(`El archivo del GIF de la multimedia ${lost.id} no está en el almacenamiento.`);
  await expect(card).toContainText(/Falló el \d+ de [a-z]+ de \d{4}/);
  await shot(page, 'trabajos-1280x800');
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(card.getByRole('button', { name: `Reintentar: ${job.descripcion}` })).toBeVisible();
  await shot(page, 'trabajos-768x1024');
  // No sideways scrolling on a tablet in portrait.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // The cause fixed (the file is back), the retry: the card goes at once, with a toast.
  writeFileSync(file, small.gif);
  await card.getByRole('button', { name: `Reintentar: ${job.descripcion}` }).click();
  await expect(page.getByText('Trabajo reintentado: se hará de nuevo en unos segundos.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await shot(page, 'trabajos-after-retry-768x1024');

  // The job is done: the row has its compact copy, and the job is not listed again after a reload.
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/multimedia/get/${lost.id}`, { headers: await apiHeaders(page) });
        return r.ok() ? JSON.stringify(await r.json()) : `HTTP ${r.status()}`;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toMatch(/\.webp/);
  // The list shows what its own request was given (another spec's job may fail meanwhile: a second
  // read could count one more).
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trabajos' && r.request().method() === 'GET', AFTER_ACTION);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Trabajos con errores' })).toBeVisible();
  await expect(page.getByTestId(`trabajo-${job.id}`)).toHaveCount(0);
  const left = ((await (await listed).json()) as { data: Trabajo[] }).data;
  expect(left.some((j) => j.id === job.id)).toBe(false);
  if (left.length === 0) await expect(page.getByText('No hay trabajos con errores.')).toBeVisible();
  else await expect(page.locator('[data-testid^="trabajo-"]')).toHaveCount(left.length);

  // A second click on the same failure (an old tab): refused with a Spanish toast, nothing retried.
  const again = await page.request.post(`/api/trabajos/${job.id}/reintentar`, { headers: await apiHeaders(page), data: { intentos: 4 } });
  expect([404, 409]).toContain(again.status());
  expect((await again.json()).msg).toMatch(/trabajo/i);
});

test('a profesor has no Trabajos entry and is sent away from the screen', async ({ page }) => {
  await loginAs(page, 'profesor');
  await page.goto('/admin/inicio');
  await expect(page.getByRole('menuitem', { name: 'Inicio' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Trabajos' })).toHaveCount(0);
  await page.goto('/admin/trabajos');
  await expect(page).toHaveURL(/\/errorPage$/);
});
