/**
 * Games menu (/juegos, /juegos/{idNivel}) and how the game chunk loads: Phaser only on game
 * routes, never on /logIn or /home.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { loginForGames } from './games-helpers';

/** Every script the page loaded, with whether it contains Phaser. */
function trackScripts(page: Page) {
  const scripts: { url: string; phaser: boolean }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.text().catch(() => '');
    scripts.push({ url: res.url(), phaser: body.includes('phaser.io') });
  });
  return scripts;
}

test.describe('Juegos', () => {
  test('the menu lists the three games with points, a back button to /home and the volume', async ({ page }) => {
    await loginForGames(page);
    await page.goto('/juegos/2');
    await expect(page.getByRole('heading', { name: 'Juegos', level: 1 })).toBeVisible();
    for (const [title, id] of [
      ['Adivina la palabra', 'hangman'],
      ['Ordenar palabras', 'orderWords'],
      ['Cartas', 'cards'],
    ] as const) {
      await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      await expect(page.getByTestId(`points-${id}`)).toHaveText('Puntos: 0');
    }
    await expect(page.getByTestId('points-total')).toHaveText('Puntos totales: 0');
    await expect(page.getByRole('link', { name: 'Jugar a Adivina la palabra' })).toHaveAttribute('href', '/ahorcado?nivel=2');
    await expect(page.getByRole('link', { name: 'Jugar a Ordenar palabras' })).toHaveAttribute('href', '/memorama?nivel=2');
    await expect(page.getByRole('link', { name: 'Jugar a Cartas' })).toHaveAttribute('href', '/ruleta-palabras?nivel=2');

    // Volume: starts at 0.7, moves in steps of 0.1 between 0 and 1.
    const slider = page.getByRole('slider', { name: 'Volumen' });
    await expect(slider).toHaveAttribute('aria-valuenow', '0.7');
    await expect(slider).toHaveAttribute('aria-valuemin', '0');
    await expect(slider).toHaveAttribute('aria-valuemax', '1');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '0.8');
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '1');
    await page.getByRole('button', { name: 'Silenciar' }).click();
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await page.getByRole('button', { name: 'Activar sonido' }).click();
    await expect(slider).toHaveAttribute('aria-valuenow', '1');

    // The volume is shared with the games (in memory, SPA navigation).
    await page.getByRole('link', { name: 'Jugar a Cartas' }).click();
    await expect(page).toHaveURL(/\/ruleta-palabras\?nivel=2$/);
    // The game page arrives with its (large) Phaser chunk: until then the menu is still on screen.
    await expect(page.getByTestId('game-points')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('slider', { name: 'Volumen' })).toHaveAttribute('aria-valuenow', '1');
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/juegos\/2$/);

    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the menu without a level links to the games without one; at 768 px it fits', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await loginForGames(page);
    await page.goto('/juegos');
    await expect(page.getByRole('link', { name: 'Jugar a Adivina la palabra' })).toHaveAttribute('href', '/ahorcado');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a level with no words shows the spec message instead of a game', async ({ page }) => {
    await loginForGames(page);
    await page.goto('/ahorcado?nivel=999999');
    await expect(page.getByText('No hay palabras para este nivel.')).toBeVisible();
    await page.getByRole('button', { name: 'Volver a los juegos' }).click();
    await expect(page).toHaveURL(/\/juegos\/999999$/);
  });

  test('a level whose words have no sign: the spec message, and why', async ({ page }) => {
    await loginForGames(page);
    // The level's words lose their sign (as before a school records them).
    await page.route(/\/api\/multimedia\/palabra\/\d+$/, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data = body.data.filter((m: { descripcion: string }) => m.descripcion !== 'gifSena');
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/ahorcado?nivel=1');
    await expect(page.getByText('No hay palabras para este nivel.')).toBeVisible();
    await expect(page.getByTestId('words-without-sign')).toHaveText('Sus 6 palabras todavía no tienen seña. Pide a tu profesor que las grabe.');
  });

  test('Phaser loads only on game routes: absent from /logIn and /home', async ({ page }) => {
    const scripts = trackScripts(page);
    await page.goto('/logIn');
    await page.waitForLoadState('networkidle');
    await loginForGames(page);
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    await page.goto('/juegos');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.phaser).map((s) => s.url)).toEqual([]);

    await page.goto('/memorama');
    await expect(page.getByTestId('game-stage')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => scripts.some((s) => s.phaser)).toBe(true);
  });
});
