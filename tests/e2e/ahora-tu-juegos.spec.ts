import type { Page } from '@playwright/test';
import { expect, test, AFTER_ACTION } from './fixtures';
import config from '../../playwright.config';
import { CLIPS, clipY4m } from './hands/clips';
import { POLL_MS, clickTarget, loginForGames, openGame, snap, waitNewPhase, waitPhase, phaseCount } from './games-helpers';
import { CARDS_FEEDBACK_DELAY_MS, type CardsSnapshot } from '../../src/shared/rules/games/cards';

/**
 * "¡Ahora tú!" after a word in the games (Cartas here): once the right card is picked the word is
 * offered in the caption bar, below the game; opening it holds the round (its timer stops, no pause
 * panel), the child signs along (Chromium's fake camera fed the committed clip of real hands, the
 * real model) and gets stars, the score is sent as a learning event, and "Seguir" gives back the
 * same game, which then carries on. Its own file: the fake camera's clip is a launch option.
 */
const baseArgs = config.use?.launchOptions?.args ?? [];
const clip = await clipY4m(CLIPS.aNormal);
test.use({
  launchOptions: { ...config.use?.launchOptions, args: [...baseArgs, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip}`] },
  permissions: ['camera'],
});

/**
 * Level 1's words whose drawn sign the hand model cannot read: león's hands are found in 4 of its 16
 * pictures, fewer than the comparison needs, so "¡Ahora tú!" says at once that it cannot be practised
 * yet (ahora-tu.spec.ts). Practising it here gave "sinReferencia" instead of stars whenever the game
 * drew león for the first round (1 run in 6), under load or not.
 */
const UNREADABLE_SIGNS = ['león'];
/** The game's pauses run at this speed while the dialog is tried (test hook): the answer's lasts 30 s. */
const SLOW = 0.04;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The offer sits outside the game's canvas and header, wholly on the screen. */
async function expectOfferClear(page: Page, label: string) {
  const offer = page.getByTestId('ahora-juego');
  await expect(offer).toBeInViewport({ ratio: 1 });
  const box = (await offer.boundingBox())!;
  const stage = (await (await page.waitForFunction(() => window.__game?.stageBox() ?? null, undefined, { polling: POLL_MS })).jsonValue())!;
  const header = (await page.locator('header').boundingBox())!;
  expect(overlaps(box, stage), `${label}: over the game`).toBe(false);
  expect(overlaps(box, header), `${label}: over the header`).toBe(false);
  // Nor over the caption it sits beside.
  const caption = (await page.getByTestId('game-caption').boundingBox())!;
  expect(overlaps(box, caption), `${label}: over the caption`).toBe(false);
}

test('after the right card: ¡Ahora tú! holds the round, gives stars, and "Seguir" returns to the same game', async ({ page }) => {
  const sent: { body: Record<string, unknown>; status: number; answer: string }[] = [];
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname === '/api/repaso/practica' && res.request().method() === 'POST')
      sent.push({ body: res.request().postDataJSON() as Record<string, unknown>, status: res.status(), answer: await res.text() });
  });
  await loginForGames(page);
  // The child has learnt a word of the level first (a practice is kept for a word of an opened level).
  await page.goto('/home');
  await page.getByRole('button', { name: 'Empezar Animales' }).click();
  const seen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/progreso/visto' && r.ok(), AFTER_ACTION);
  await page.getByRole('button', { name: 'Empezar perro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'perro' })).toBeVisible();
  await seen;
  await openGame(page, '/ruleta-palabras?nivel=1');
  // Nothing to practise before a word is finished.
  await expect(page.getByTestId('ahora-juego')).toHaveCount(0);
  await clickTarget(page, 'button:start');
  let s = await waitPhase<CardsSnapshot>(page, ['pick-card']);
  // The round's word is drawn at random: a round asking for a sign the model cannot read is answered
  // and passed, so the word practised here is one that can be scored.
  while (UNREADABLE_SIGNS.includes(s.targetWord ?? '')) {
    console.log(`Cartas drew «${s.targetWord}» (a sign the model cannot read): its round is answered and passed`);
    const rounds = await phaseCount(page, 'pick-card');
    const wordsBefore = await phaseCount(page, 'pick-word');
    await clickTarget(page, `card:${s.clueCard}`);
    const shown = await waitNewPhase<CardsSnapshot>(page, 'pick-word', wordsBefore, 'the clue card (a passed round)');
    await clickTarget(page, `option:${shown.options.findIndex((o) => o.id === s.targetWordId)}`);
    s = await waitNewPhase<CardsSnapshot>(page, 'pick-card', rounds, 'the next round');
  }
  const scoreBefore = s.totalScore;
  const words = await phaseCount(page, 'pick-word');
  await clickTarget(page, `card:${s.clueCard}`);
  const found = await waitNewPhase<CardsSnapshot>(page, 'pick-word', words, 'the clue card');
  // The answer's pause lasts 30 s here (test hook), so the dialog opens inside it however slow the
  // machine: with 12 s, the steps up to Enter outlasted it under load and the round moved on first.
  await page.evaluate((k) => window.__game!.setTimeScale(k), SLOW);
  const feedbacks = await phaseCount(page, 'feedback');
  await clickTarget(page, `option:${found.options.findIndex((o) => o.id === s.targetWordId)}`);
  const feedback = await waitNewPhase<CardsSnapshot>(page, 'feedback', feedbacks, 'the right word');
  expect(feedback).toMatchObject({ lastResult: 'correct', totalScore: scoreBefore + 10 });
  const pauseEnds =
    (await page.evaluate((n) => window.__game!.phases().filter((e) => e.phase === 'feedback')[n]!.at, feedbacks)) + CARDS_FEEDBACK_DELAY_MS / SLOW;

  const offer = page.getByTestId('ahora-juego');
  await expect(offer).toHaveAttribute('data-palabra', String(s.targetWordId));
  await expect(offer).toHaveAccessibleName('¡Ahora tú!');
  await expectOfferClear(page, '1280×800');

  // Keyboard: Tab from the game reaches the offer; Enter opens it (the game does not take the key).
  await page.getByTestId('game-stage').focus();
  for (let i = 0; i < 10 && !(await offer.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(offer).toBeFocused();
  const atOpen = await snap<CardsSnapshot>(page);
  const openedAt = Date.now();
  expect(openedAt, 'the dialog opens inside the answer’s pause').toBeLessThan(pauseEnds - 5_000);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('ahora-dialogo');
  await expect(dialog).toBeVisible();
  // The game is held without its pause panel over it.
  await expect(page.getByTestId('game-pause')).toHaveCount(0);

  await dialog.getByRole('button', { name: '¡Empezar!' }).click({ timeout: 60_000 });
  await expect(dialog.getByTestId('ahora-resultado')).toBeVisible({ timeout: 30_000 });
  const stars = Number(await dialog.getByTestId('ahora-estrellas').getAttribute('data-estrellas'));
  expect([1, 2, 3]).toContain(stars);
  // Past the answer's whole pause, the round is still where the dialog found it (its timer held).
  const left = pauseEnds + 1_000 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
  expect(await snap<CardsSnapshot>(page)).toEqual(atOpen);
  await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
  expect(sent[0], sent[0]!.answer).toMatchObject({ status: 201, body: { id_palabra: s.targetWordId, estrellas: stars } });

  const closedAt = await page.evaluate(() => Date.now());
  await dialog.getByRole('button', { name: 'Seguir' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('game-pause')).toHaveCount(0);
  // Then the game carries on by itself from where it was: the answer's pause ends only after
  // "Seguir" (never while the dialog was open), and the next round comes.
  const moved = await page.waitForFunction(
    (b) => {
      const log = window.__game?.phases() ?? [];
      const i = log.findIndex((e) => e.phase === 'feedback' && (e.state as { roundIndex: number }).roundIndex === b.round);
      return i >= 0 && log[i + 1] ? { at: log[i + 1]!.at, phase: log[i + 1]!.phase } : null;
    },
    { round: atOpen.roundIndex },
    // What was left of the answer's pause when the dialog held it, and time for the next round to come.
    { polling: POLL_MS, timeout: pauseEnds - openedAt + 15_000 },
  );
  const next = (await moved.jsonValue())!;
  expect(next.at).toBeGreaterThanOrEqual(closedAt);
  expect(await snap<CardsSnapshot>(page)).toMatchObject({ totalScore: scoreBefore + 10, lives: atOpen.lives });
  // The offer stays for that word until another is finished, and fits a tablet held upright.
  await page.setViewportSize({ width: 768, height: 1024 });
  // The stage is laid out again for the new size (the scene is made again, its state carried).
  await page.waitForFunction(() => (window.__game?.stageBox().width ?? Infinity) <= 768, undefined, { polling: POLL_MS });
  await expect(offer).toHaveAttribute('data-palabra', String(s.targetWordId));
  await expectOfferClear(page, '768×1024');
});
