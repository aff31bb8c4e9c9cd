/** Helpers of the specs that run with the service worker. */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** SHOTS_DIR=...: the screen at 768×1024 and 1280×800. */
export async function shot(page: Page, name: string) {
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

/**
 * Waits until a service worker controls the page (clientsClaim: the first visit's worker takes it).
 * `reload`: a page the ready worker does not control yet is reloaded, which puts it in charge.
 */
export async function controlled(page: Page, { reload = false } = {}) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (reload && !(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);
}

/**
 * On a 768×1024 tablet, what the offline layer shows (the 'Sin conexión' bar, the update prompt)
 * takes its own room above the page and pushes it down: it ends before the navbar starts, and
 * /home's 'Jugar' is below it, never under it (nothing lies over a control).
 */
export async function expectLayerPushesPage(page: Page, layer: Locator) {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const jugar = page.getByRole('link', { name: 'Ir a los juegos' });
  const navbar = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(jugar).toBeVisible();
  await expect(layer).toBeVisible();
  await expect
    .poll(async () => {
      const [l, n, j] = [await layer.boundingBox(), await navbar.boundingBox(), await jugar.boundingBox()];
      return l && n && j ? { layerAboveNavbar: l.y + l.height <= n.y, jugarBelowLayer: j.y >= l.y + l.height } : null;
    })
    .toEqual({ layerAboveNavbar: true, jugarBelowLayer: true });
}
