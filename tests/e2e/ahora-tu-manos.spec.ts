import type { Page } from '@playwright/test';
import { expect, signUpChild, test } from './fixtures';
import config from '../../playwright.config';
import { CLIPS, clipY4m } from './hands/clips';

/**
 * "¡Ahora tú!" with Chromium's fake camera fed a clip of real hands (tests/e2e/hands/: photos of
 * real hands, "cuatro" then "cuernos" moved across the picture) and the real model: the child gets
 * stars and a hint with its picture, and the scores (only they) are stored as a learning event. Its own file because the fake camera's clip is a launch option
 * (one per worker); ahora-tu.spec.ts keeps the clip with no hand.
 */

const baseArgs = config.use?.launchOptions?.args ?? [];
const clip = await clipY4m(CLIPS.aNormal);
test.use({
  launchOptions: { ...config.use?.launchOptions, args: [...baseArgs, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip}`] },
  permissions: ['camera'],
});

async function openWord(page: Page, level: string, word: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: `Empezar ${level}` }).click();
  await page.getByRole('button', { name: `Empezar ${word}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: word })).toBeVisible();
}

test('a camera showing real hands: the child gets stars and a hint with its picture, and can try again', async ({ page }) => {
  await signUpChild(page);
  const sent: { body: Record<string, unknown>; status: number }[] = [];
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname === '/api/repaso/practica' && res.request().method() === 'POST')
      sent.push({ body: res.request().postDataJSON() as Record<string, unknown>, status: res.status() });
  });
  await openWord(page, 'Animales', 'perro');
  await page.getByRole('button', { name: '¡Ahora tú!' }).click();
  const dialog = page.getByTestId('ahora-dialogo');
  await dialog.getByRole('button', { name: '¡Empezar!' }).click({ timeout: 60_000 });
  const result = dialog.getByTestId('ahora-resultado');
  await expect(result).toBeVisible({ timeout: 30_000 });
  // Never the "no veo tu mano": the model saw the hands in the camera's pictures.
  await expect(dialog.getByTestId('ahora-aviso')).toHaveCount(0);
  const stars = Number(await dialog.getByTestId('ahora-estrellas').getAttribute('data-estrellas'));
  expect([1, 2, 3]).toContain(stars);
  await expect(dialog.getByRole('img', { name: `${stars} de 3 estrellas` })).toBeVisible();
  const hint = (await dialog.getByTestId('ahora-pista').textContent())?.trim() ?? '';
  expect(hint.length).toBeGreaterThan(3);
  // The hint's own picture, for a child who cannot read yet.
  await expect(result.locator('[data-testid^="pista-"]')).toBeVisible();
  console.log(`¡Ahora tú! with real hands against the demo sign: ${stars} stars, "${hint}", ${await dialog.getAttribute('data-fps')} pictures a second`);
  // The score, and only the score, went to the server as a learning event (stored: 201).
  await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
  expect(sent[0]!.status).toBe(201);
  expect(Object.keys(sent[0]!.body).sort()).toEqual(['clave', 'estrellas', 'fecha', 'forma', 'id_palabra', 'lugar', 'movimiento', 'puntaje']);
  expect(sent[0]!.body.estrellas).toBe(stars);
  await expect(dialog.getByRole('button', { name: 'Otra vez' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Seguir' }).click();
  await expect(dialog).toBeHidden();
});
