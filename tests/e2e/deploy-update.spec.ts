/**
 * "Never a stale app after a deploy": a deploy (the built sw.js changed on disk for a
 * moment — Playwright's routing does not see the worker's own update checks) shows "Nueva versión
 * disponible", and "Actualizar" puts the new version in charge.
 *
 * Its own project, run last and alone (playwright.config.ts): while the file is changed, any page
 * with the service worker that loads would find the new version too, and the offline specs run
 * with it. The server serves STATIC_DIR, else dist/client (src/server/config.ts); the file is
 * restored at the end.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, loginAs } from './fixtures';
import { controlled, expectLayerPushesPage, shot } from './sw-helpers';

test.use({ serviceWorkers: 'allow' });

test('a deploy shows "Nueva versión disponible" and "Actualizar" switches to it', async ({ page }) => {
  const sw = path.resolve(process.env.STATIC_DIR ?? 'dist/client', 'sw.js');
  const original = readFileSync(sw, 'utf8');
  // The server prefers precompressed copies: set them aside while the changed file is served.
  const compressed = ['.br', '.gz'].map((e) => sw + e).filter((f) => existsSync(f));
  const restore = () => {
    writeFileSync(sw, original);
    for (const f of compressed) if (existsSync(`${f}.aparte`)) renameSync(`${f}.aparte`, f);
  };
  await loginAs(page, 'nino');
  await page.goto('/home');
  await controlled(page);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  const prompt = page.getByTestId('update-prompt');
  try {
    // A deploy: the server's sw.js changes, and stays changed until the end (restoring it earlier
    // would be one more deploy, found by the reload that "Actualizar" makes).
    for (const f of compressed) renameSync(f, `${f}.aparte`);
    writeFileSync(sw, `${original}\n// nueva versión ${Date.now()}\n`);
    // The app looks for updates on load (and hourly): a reload is the next load.
    await page.reload();
    await expect(prompt).toContainText('Nueva versión disponible', { timeout: 30_000 });
    await expect(prompt).toHaveAttribute('role', 'alert');
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
    await expectLayerPushesPage(page, prompt);
    await shot(page, 'nueva-version');
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Actualizar' }).click();
    await reloaded;
    // The new version is in charge: nothing waits, no prompt, the screen is there.
    await expect.poll(() => page.evaluate(async () => !(await navigator.serviceWorker.getRegistration())?.waiting), { timeout: 20_000 }).toBe(true);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    await expect(page.getByTestId('level-card').first()).toBeVisible();
  } finally {
    restore();
  }
});
