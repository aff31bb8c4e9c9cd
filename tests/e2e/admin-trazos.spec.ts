import { expect, apiHeaders, loginAs, signUpChild, test } from './fixtures';
import config from '../../playwright.config';

/**
 * "Construir trazos que faltan" on the word media page: the teacher's browser runs the real hand model
 * on the level's signs and stores their reference tracks; the child's "¡Ahora tú!" then reads the
 * stored track instead of computing it.
 */
// Chromium's stand-in camera (its own moving pattern): the child's dialog gets as far as "¡Empezar!".
test.use({ launchOptions: { ...config.use?.launchOptions, args: [...(config.use?.launchOptions?.args ?? []), '--use-fake-device-for-media-stream'] } });

test("an admin builds the missing tracks of a level on the word media page; the child's dialog then uses the stored one", async ({ page, browser }) => {
  test.setTimeout(180_000);
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
  const stored = child.waitForResponse((r) => new URL(r.url()).pathname === '/api/trazo' && r.status() === 200);
  await child.goto('/home');
  await child.getByRole('button', { name: 'Empezar Animales' }).click();
  await child.getByRole('button', { name: 'Empezar perro' }).click();
  await child.getByRole('button', { name: '¡Ahora tú!' }).click();
  const body = (await (await stored).json()) as { data: { ms: number; track: unknown[] } | null };
  expect(body.data?.track.length).toBeGreaterThan(4);
  await expect(child.getByTestId('ahora-dialogo').getByRole('button', { name: '¡Empezar!' })).toBeVisible({ timeout: 60_000 });
  await ctx.close();
});
