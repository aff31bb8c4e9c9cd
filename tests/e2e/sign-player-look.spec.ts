import type { Page } from '@playwright/test';
import { expect, signUpChild, test } from './fixtures';

/**
 * How the word page looks to a child, compared with committed references (docs/testing.md
 * "Screenshots"): the sign player paused on the sign's first frame, and the whole word page around
 * it, at a tablet in portrait (768×1024) and a laptop (1280×800). Each test signs up its own child,
 * always named Lía (fixtures.ts registerChild), so the bar reads the same every run. A moved pixel
 * fails here until the reference is updated on purpose with `--update-snapshots`.
 */

const SIZES = [
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

/** The word page of `word`, its sign paused on frame 0 (the GIF's own first picture). */
async function wordPausedAtStart(page: Page, level: string, word: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: `Empezar ${level}` }).click();
  await page.getByRole('button', { name: `Empezar ${word}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: word })).toBeVisible();
  const player = page.getByTestId('sign-player');
  const canvas = player.getByTestId('sign-canvas');
  await expect(player).toHaveAttribute('data-ready', 'true');
  await player.getByRole('button', { name: 'Pausar' }).click();
  const frames = Number(await canvas.getAttribute('data-frames'));
  const at = Number(await canvas.getAttribute('data-frame'));
  // Back to frame 0 one frame at a time (the player's own control), so the picture is the same every run.
  for (let i = 0; i < at; i++) await player.getByRole('button', { name: 'Retroceder un cuadro' }).click();
  await expect(canvas).toHaveAttribute('data-frame', '0');
  expect(frames).toBeGreaterThan(1);
  // Every picture on screen has arrived (the word's pictures load beside the sign).
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    [...document.images].filter((i) => i.getBoundingClientRect().top < window.innerHeight).every((i) => i.complete && i.naturalWidth > 0),
  );
  // No focus ring on the step button in the picture.
  await page.mouse.click(2, page.viewportSize()!.height - 2);
  return player;
}

test.describe.configure({ mode: 'parallel' });

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    test('the word page and its sign player look as the reference', async ({ page }) => {
      await signUpChild(page);
      const player = await wordPausedAtStart(page, 'Animales', 'perro');
      await expect(player).toHaveScreenshot(`sign-player-perro-${size.width}.png`);
      await expect(page).toHaveScreenshot(`word-page-perro-${size.width}.png`);
    });
  });
}
