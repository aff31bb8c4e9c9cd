/**
 * Issue 22, installable app: against the built app (STATIC_DIR), the service worker takes charge
 * of the page after load, Chrome finds nothing stopping the install (CDP
 * Page.getInstallabilityErrors), the manifest is the Spanish one, and a deploy shows "Nueva versión
 * disponible" whose "Actualizar" puts the new version in charge.
 *
 * The service worker is allowed in this spec only (playwright.config.ts blocks it elsewhere).
 * The update test stands for a deploy by changing the built sw.js on disk for a moment (restored
 * once the new version waits).
 */
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { test, expect, loginAs } from './fixtures';

test.use({ serviceWorkers: 'allow' });

/** SHOTS_DIR=...: the screen at 768×1024 and 1280×800. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [768, 1024],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(dir, `${name}-${width}x${height}.png`) });
  }
}

/** Waits until a service worker controls the page (clientsClaim: the first visit's worker takes it). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);
}

test('the service worker controls /logIn after load, the manifest is the Spanish one, the shell opens offline', async ({ page }) => {
  await page.goto('/logIn');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await controlled(page);
  const sw = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? '');
  expect(new URL(sw).pathname).toBe('/sw.js');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  const m = await res.json();
  expect(m).toMatchObject({
    name: 'Manitas: lengua de señas',
    short_name: 'Manitas',
    lang: 'es',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: '#4a3aff',
    background_color: '#f4f1ff',
  });
  expect(m.description).toMatch(/lengua de señas/);
  const icons = m.icons as { src: string; sizes: string; purpose?: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const i of icons) expect((await page.request.get(i.src)).headers()['content-type']).toContain('image/png');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');

  // The app shell is precached: the page reloads with the network gone.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('Para entrar necesitas conexión a internet.');
  await page.context().setOffline(false);
});

test('Chrome finds nothing stopping the install (a browser profile on disk, as on a tablet)', async ({ baseURL }) => {
  // Playwright's contexts are incognito, where Chrome never offers an install: a persistent profile.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'manitas-pwa-'));
  const launch = test.info().project.use.launchOptions ?? {};
  const ctx = await chromium.launchPersistentContext(profile, { ...launch, baseURL, serviceWorkers: 'allow', locale: 'es-ES' });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto('/logIn');
    await controlled(page);
    const cdp = await ctx.newCDPSession(page);
    // Chrome checks the manifest, its icons and the service worker's fetch handler.
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors, {
        timeout: 20_000,
      })
      .toEqual([]);
  } finally {
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a deploy shows "Nueva versión disponible" and "Actualizar" switches to it', async ({ page }) => {
  const dir = process.env.STATIC_DIR;
  test.skip(!dir, 'needs STATIC_DIR (the build the server serves)');
  const sw = path.resolve(dir!, 'sw.js');
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
    // A deploy: the server's sw.js changes (Playwright's routing does not see the worker's own
    // update checks, so the file itself). Restored as soon as the new version is waiting, so other
    // specs sharing the server barely see it.
    for (const f of compressed) renameSync(f, `${f}.aparte`);
    writeFileSync(sw, `${original}\n// nueva versión ${Date.now()}\n`);
    // The app looks for updates on load (and hourly): a reload is the next load.
    await page.reload();
    await expect(prompt).toContainText('Nueva versión disponible', { timeout: 30_000 });
  } finally {
    restore();
  }
  await expect(prompt).toHaveAttribute('role', 'alert');
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
  await shot(page, 'nueva-version');
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Actualizar' }).click();
  await reloaded;
  // The new version is in charge: nothing waits, no prompt, the screen is there.
  await expect.poll(() => page.evaluate(async () => !(await navigator.serviceWorker.getRegistration())?.waiting), { timeout: 20_000 }).toBe(true);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  await expect(page.getByTestId('level-card').first()).toBeVisible();
});
