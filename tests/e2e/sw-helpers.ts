/** Helpers of the specs that run with the service worker (issue 22). */
import path from 'node:path';
import type { Page } from '@playwright/test';
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

/** Waits until a service worker controls the page (clientsClaim: the first visit's worker takes it). */
export async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);
}
