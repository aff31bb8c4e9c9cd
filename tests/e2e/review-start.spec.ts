import { test, expect, signUpChild } from './fixtures';

/**
 * "Repaso de hoy" for a child who has seen no word yet (docs/product/screens-learner.md L-10): the
 * /home card and /home/repaso invite them to open a level, with a picture of a level and a button to
 * the first level /home shows, and never say "¡Todo repasado por hoy!" (nothing was reviewed).
 * At 768×1024 (a tablet held upright). No screenshot: nothing here would compare one.
 */
const START = '¡Aún no has visto palabras! Abre un nivel para empezar.';

test.use({ viewport: { width: 768, height: 1024 } });

test('a brand-new child is invited to open a level, on /home and on /home/repaso', async ({ page }) => {
  await signUpChild(page);
  await page.goto('/home');
  const card = page.getByTestId('review-card');
  await expect(card).toHaveAttribute('data-state', 'start');
  await expect(card.getByText(START)).toBeVisible();
  await expect(card.getByText('¡Todo repasado por hoy!')).toBeHidden();
  await expect(card.getByTestId('review-start-picture')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Repasar' })).toHaveCount(0);

  // The button goes to the first level the list shows (no class, so no assigned level first).
  const first = page.getByTestId('level-card').first();
  await expect(first).toBeVisible();
  const name = ((await first.getByRole('heading').first().textContent()) ?? '').trim();
  expect(name).not.toBe('');
  const open = card.getByRole('link', { name: `Abrir «${name}»` });
  await expect(open).toBeVisible();
  // Fits the upright tablet: the card's contents are not cut or scrolled sideways.
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client + 1);
  // The session page says the same, with the way to the levels.
  await page.goto('/home/repaso');
  await expect(page.getByTestId('review-start')).toContainText(START);
  await expect(page.getByText('¡Todo repasado por hoy!')).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver los niveles' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Back on /home, the card's button opens that level.
  await expect(open).toBeVisible();
  await open.click();
  await expect(page).toHaveURL(/\/supmenu\/\d+$/);
  await expect(page.getByTestId('word-card').first()).toBeVisible();
});
