import { expect, apiHeaders, loginAs, signUpChild, test, AFTER_ACTION } from './fixtures';
import config from '../../playwright.config';
import { createWord, deleteWordWithMedia, openWordMediaFromList, slotCard, wordMedia } from './media-helpers';
import { CLIPS, clipGif } from './hands/clips';

/**
 * "Construir trazos que faltan" on the word media page: the teacher's browser runs the real hand model
 * on the level's signs and stores their reference tracks; the child's "¡Ahora tú!" then reads the
 * stored track instead of computing it.
 */
// Chromium's stand-in camera (its own moving pattern): the child's dialog gets as far as "¡Empezar!".
test.use({ launchOptions: { ...config.use?.launchOptions, args: [...(config.use?.launchOptions?.args ?? []), '--use-fake-device-for-media-stream'] } });

test("an admin builds the missing tracks of a level on the word media page; the child's dialog then uses the stored one", async ({ page, browser }) => {
  await loginAs(page, 'admin');
  const headers = await apiHeaders(page);
  type Row = { id_palabra: number; palabraEspanol: string; tiene: boolean };
  let before: Row[] = [];
  for (let n = 1; n <= 10 && !before.some((r) => r.palabraEspanol === 'perro'); n++) {
    const r = await page.request.get(`/api/trazo/nivel/${n}`, { headers });
    before = r.ok() ? ((await r.json()).data as Row[]) : [];
  }
  const perro = before.find((r) => r.palabraEspanol === 'perro')!;
  expect(perro.tiene).toBe(false);

  await page.goto(`/admin/palabra/${perro.id_palabra}/multimedia`);
  const panel = page.getByTestId('trazos');
  await expect(panel.getByTestId('trazo-palabra')).toHaveText('La seña de esta palabra todavía no tiene su trazo.');
  await expect(panel.getByTestId('trazos-nivel')).toHaveText(`0 de ${before.length} señas del nivel tienen su trazo.`);
  await panel.getByRole('button', { name: 'Construir trazos que faltan' }).click();
  await expect(panel.getByTestId('trazos-nivel')).toHaveText(`${before.length} de ${before.length} señas del nivel tienen su trazo.`, { timeout: 120_000 });
  await expect(panel.getByTestId('trazo-palabra')).toHaveText('La seña de esta palabra tiene su trazo.');
  await expect(panel.getByRole('button', { name: 'Construir trazos que faltan' })).toBeDisabled();

  // The child's dialog reads the stored track (asked for once the camera is there).
  const ctx = await browser.newContext({ permissions: ['camera'] });
  const child = await ctx.newPage();
  await signUpChild(child);
  const stored = child.waitForResponse((r) => new URL(r.url()).pathname === '/api/trazo' && r.status() === 200, AFTER_ACTION);
  await child.goto('/home');
  await child.getByRole('button', { name: 'Empezar Animales' }).click();
  await child.getByRole('button', { name: 'Empezar perro' }).click();
  await child.getByRole('button', { name: '¡Ahora tú!' }).click();
  const body = (await (await stored).json()) as { data: { ms: number; track: unknown[] } | null };
  expect(body.data?.track.length).toBeGreaterThan(4);
  await expect(child.getByTestId('ahora-dialogo').getByRole('button', { name: '¡Empezar!' })).toBeVisible({ timeout: 60_000 });
  await ctx.close();
});

test('a track store that fails once is tried again before the teacher is told; one that keeps failing says so calmly and the sign stays', async ({ page }) => {
  await loginAs(page, 'admin');
  const word = await createWord(page, `Trazo ${Math.random().toString(36).slice(2, 7)}`, 'Track', 'Comida');
  try {
    await openWordMediaFromList(page, word.palabraEspanol);
    // The server refuses the first store (a busy server, a dropped connection): 503 once.
    let failNext = 1;
    const stores: number[] = [];
    await page.route(
      (u) => u.pathname === '/api/trazo',
      async (route) => {
        if (route.request().method() !== 'PUT') return route.fallback();
        if (failNext > 0) {
          failNext--;
          stores.push(503);
          return route.fulfill({ status: 503, json: { msg: 'El servidor está ocupado.' } });
        }
        stores.push(0);
        return route.fallback();
      },
    );
    const card = slotCard(page, 'Seña (GIF o video)');
    await card.locator('input[type=file]').setInputFiles({ name: 'sena-manos.gif', mimeType: 'image/gif', buffer: await clipGif(CLIPS.aNormal) });
    await expect(card.getByTestId('trazo-estado')).toHaveText('Trazo listo', { timeout: 120_000 });
    expect(stores).toEqual([503, 0]);
    await expect(page.getByTestId('trazos').getByTestId('trazo-palabra')).toHaveText('La seña de esta palabra tiene su trazo.');

    // Every store refused: after the second try the calm message, and the sign is still saved.
    failNext = 2;
    stores.length = 0;
    await card.locator('input[type=file]').setInputFiles({ name: 'sena-otra.gif', mimeType: 'image/gif', buffer: await clipGif(CLIPS.aNormal) });
    await expect(page.getByRole('alert').filter({ hasText: 'Multimedia actualizada exitosamente.' }).first()).toBeVisible();
    await expect(card.getByTestId('trazo-estado')).toHaveText(
      'No se pudo calcular el trazo de esta seña. La seña está guardada; puedes construir el trazo con «Construir trazos que faltan».',
      { timeout: 120_000 },
    );
    expect(stores).toEqual([503, 503]);
    const signs = (await wordMedia(page, word.id)).filter((m) => m.descripcion === 'gifSena');
    expect(signs).toHaveLength(1);
    await expect(page.getByTestId('trazos').getByTestId('trazo-palabra')).toHaveText('La seña de esta palabra todavía no tiene su trazo.');
  } finally {
    await deleteWordWithMedia(page, word);
  }
});

test("a sign uploaded on the word media page gets its track at once, in the teacher's browser, without pressing the build button", async ({ page }) => {
  await loginAs(page, 'admin');
  const word = await createWord(page, `Trazo ${Math.random().toString(36).slice(2, 7)}`, 'Track', 'Comida');
  try {
    await openWordMediaFromList(page, word.palabraEspanol);
    const panel = page.getByTestId('trazos');
    await expect(panel.getByTestId('trazo-palabra')).toHaveText('Esta palabra todavía no tiene seña.');
    const stores: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/trazo' && r.method() === 'PUT') stores.push(r.postDataJSON().url as string);
    });
    await slotCard(page, 'Seña (GIF o video)')
      .locator('input[type=file]')
      .setInputFiles({ name: 'sena-manos.gif', mimeType: 'image/gif', buffer: await clipGif(CLIPS.aNormal) });
    const status = slotCard(page, 'Seña (GIF o video)').getByTestId('trazo-estado');
    await expect(status).toHaveText('Calculando el trazo…');
    await expect(status).toHaveText('Trazo listo', { timeout: 120_000 });
    await expect(panel.getByTestId('trazo-palabra')).toHaveText('La seña de esta palabra tiene su trazo.');
    // Stored under the new sign's address, and the model saw the hands in it.
    const [sign] = (await wordMedia(page, word.id)).filter((m) => m.descripcion === 'gifSena');
    expect(stores).toEqual([sign!.url]);
    const headers = await apiHeaders(page);
    const stored = (await (await page.request.get(`/api/trazo?url=${encodeURIComponent(sign!.url)}`, { headers })).json()).data as {
      track: { points?: unknown[] }[];
    };
    expect(stored.track.filter((f) => f.points).length).toBeGreaterThan(8);
  } finally {
    await deleteWordWithMedia(page, word);
  }
});

test('a profesor builds the missing tracks of a level on "Trazos de señas" (the word media page is admin-only)', async ({ page }) => {
  await loginAs(page, 'profesor');
  await page.goto('/admin/palabra/1/multimedia');
  await expect(page).toHaveURL(/\/errorPage$/);
  await page.goto('/admin/inicio');
  await page.getByRole('menuitem', { name: 'Trazos de señas' }).click();
  await expect(page).toHaveURL(/\/admin\/trazos$/);
  await page.getByLabel('Nivel').click();
  await page.getByRole('option', { name: 'Colores' }).click();
  const panel = page.getByTestId('trazos');
  const count = panel.getByTestId('trazos-nivel');
  await expect(count).toHaveText(/^\d+ de \d+ señas del nivel tienen su trazo\.$/);
  const total = Number(/de (\d+) señas/.exec((await count.textContent()) ?? '')![1]);
  expect(total).toBeGreaterThan(1);
  await panel.getByRole('button', { name: 'Construir trazos que faltan' }).click();
  await expect(count).toHaveText(`${total} de ${total} señas del nivel tienen su trazo.`, { timeout: 150_000 });
  await expect(panel.getByRole('button', { name: 'Construir trazos que faltan' })).toBeDisabled();
});
