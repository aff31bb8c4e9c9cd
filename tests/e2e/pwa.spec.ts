/**
 * Installable app: against the built app (STATIC_DIR), the service worker takes charge
 * of the page after load, Chrome finds nothing stopping the install (CDP
 * Page.getInstallabilityErrors), the manifest is the Spanish one, and a deploy shows "Nueva versión
 * disponible" whose "Actualizar" puts the new version in charge (deploy-update.spec.ts, run last).
 *
 * The service worker is allowed in this spec only (playwright.config.ts blocks it elsewhere).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { test, expect } from './fixtures';
import { controlled } from './sw-helpers';

test.use({ serviceWorkers: 'allow' });

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
