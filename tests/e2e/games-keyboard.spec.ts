/**
 * The game area takes the keyboard: Tab from the header reaches it (one tab stop, a
 * visible focus ring, a Spanish name saying the keys), Enter starts each game, Escape pauses: the
 * pending delay holds for as long as the pause lasts, keys and taps are ignored, Enter or Escape
 * resumes and the focus goes back to the game. Keys typed on a header control stay with it.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { POLL_MS, clickTarget, loginForGames, openGame, snap, waitPhase } from './games-helpers';
import { CARDS_PREVIEW_MS, type CardsSnapshot } from '../../src/shared/rules/games/cards';
import { HANGMAN_PAUSE_BETWEEN_WORDS_MS, HANGMAN_ALPHABET, lettersToGuess } from '../../src/shared/rules/games/hangman';
import { tileLetters, type OrderSnapshot } from '../../src/shared/rules/games/orderWords';
import { foldLetters } from '../../src/shared/rules/games/fold';

// The tests of this file share nothing (each has its own child or only reads): they spread over
// both workers instead of queueing on one.
test.describe.configure({ mode: 'parallel' });

const GAMES = [
  { path: '/ahorcado?nivel=1', title: 'Adivina la palabra', started: 'playing' },
  { path: '/memorama?nivel=1', title: 'Ordenar palabras', started: 'playing' },
  { path: '/ruleta-palabras?nivel=1', title: 'Cartas', started: 'preview' },
] as const;

const area = (page: Page) => page.getByTestId('game-canvas');
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

/** Presses Tab from the top of the page until the game area has the focus; returns what was passed on the way. */
async function tabToGame(page: Page): Promise<string[]> {
  const passed: string[] = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const now = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('data-testid') === 'game-canvas' ? 'GAME' : (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
    });
    if (now === 'GAME') return passed;
    passed.push(now);
  }
  throw new Error(`Tab never reached the game area; passed: ${passed.join(' | ')}`);
}

/**
 * The scene's pauses run this many times slower in the two "pause holds" tests, so the Escape
 * lands inside the pause being held: observing the phase and pressing the key took more than the
 * 2 s preview on a slow, loaded machine (CI, 2026-11-29: the panel opened after the cards turned).
 */
const SLOW = 0.25;

/**
 * Presses Escape while the scene is in `phase` (which lasts `ms` at the SLOW scale); returns an
 * upper bound of what the phase had left when the pause began (from the phase's start in the
 * scene's own log to a moment before the key), so waiting longer than it proves the hold.
 */
async function pauseDuring(page: Page, phase: string, ms: number): Promise<number> {
  const entered = await page.evaluate((ph) => [...window.__game!.phases()].reverse().find((e) => e.phase === ph)!.at, phase);
  const before = await page.evaluate(() => Date.now());
  await page.keyboard.press('Escape');
  return entered + ms / SLOW - before;
}

/**
 * The focus ring as drawn: the outline and box shadow of the stage around the focused game area
 * (drawn around the stage, never over the canvas's edges, where it cut the corner buttons).
 */
async function focusRing(page: Page) {
  return page.getByTestId('game-stage').evaluate((el) => {
    const cs = getComputedStyle(el);
    return { outlineStyle: cs.outlineStyle, outlineWidth: parseFloat(cs.outlineWidth), outlineColor: cs.outlineColor, boxShadow: cs.boxShadow };
  });
}

test.describe('Juegos con el teclado', () => {
  test.beforeEach(async ({ page }) => {
    await loginForGames(page);
  });

  for (const g of GAMES) {
    test(`${g.title}: Tab reaches the game with a visible ring, Enter starts it`, async ({ page }) => {
      await openGame(page, g.path);
      const stage = area(page);
      await expect(stage).toHaveAttribute('role', 'application');
      await expect(stage).toHaveAttribute('aria-label', new RegExp(`^Juego ${g.title}\\. Enter para empezar, .+, Escape para pausar\\.$`));
      // No ring while the game does not have the focus.
      expect((await focusRing(page)).outlineStyle).toBe('none');
      const passed = await tabToGame(page);
      expect(passed).toContain('Volver'); // the header's controls come first
      const ring = await focusRing(page);
      expect(ring.outlineStyle).toBe('solid');
      expect(ring.outlineWidth).toBeGreaterThanOrEqual(3);
      expect(ring.outlineColor).toBe('rgb(29, 26, 58)'); // dark on the light page: ~15:1
      expect(ring.boxShadow).toContain('rgb(255, 213, 79)'); // the yellow band between ring and game
      await page.keyboard.press('Enter');
      await waitPhase(page, [g.started]);
      // Tab walks the game's own canvas buttons (the hints, docs/games.md), then leaves the game area.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => window.__game!.focused())).toBe('hint:picture');
      for (let i = 0; i < 3 && (await focusedTestId(page)) === 'game-canvas'; i++) await page.keyboard.press('Tab');
      expect(await focusedTestId(page)).not.toBe('game-canvas');
    });
  }

  test('Cartas: Escape holds the 2 s preview for as long as the pause lasts; Enter resumes', async ({ page }) => {
    await openGame(page, '/ruleta-palabras?nivel=1');
    await page.evaluate((k) => window.__game!.setTimeScale(k), SLOW);
    await tabToGame(page);
    await page.keyboard.press('Enter');
    const p = await waitPhase<{ clueCard: number }>(page, ['preview']);
    const left = await pauseDuring(page, 'preview', CARDS_PREVIEW_MS);
    const panel = page.getByRole('dialog', { name: 'Pausa' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Seguir jugando' })).toBeFocused();
    await expect(panel.getByRole('button', { name: 'Volver al menú' })).toBeVisible();
    // A key meant for the game does nothing while paused.
    await page.keyboard.press(String(p.clueCard + 1));
    // The pause lasts longer than the preview had left: the preview must still be on.
    await page.waitForTimeout(left + 700);
    const held = await snap<CardsSnapshot>(page);
    expect(held).toMatchObject({ phase: 'preview', flipped: [false, false, false] });
    expect(await page.evaluate(() => window.__game!.phases().some((e) => e.phase === 'pick-card'))).toBe(false);
    // Enter on 'Seguir jugando' resumes; the focus goes back to the game; the preview then ends.
    await page.keyboard.press('Enter');
    await expect(panel).toHaveCount(0);
    await expect(area(page)).toBeFocused();
    await waitPhase(page, ['pick-card']);
    // Keys reach the game again: the clue card by its number.
    await page.keyboard.press(String(p.clueCard + 1));
    await waitPhase(page, ['pick-word']);
  });

  test('Adivina la palabra: letters are ignored while paused, Escape resumes, the word pause holds', async ({ page }) => {
    await openGame(page, '/ahorcado?nivel=1');
    await page.keyboard.press('Enter');
    let s = await waitPhase<{ currentWord: string; guessed: string[]; wordIndex: number }>(page, ['playing']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Pausa' })).toBeVisible();
    const letter = lettersToGuess(s.currentWord)[0]!;
    await page.keyboard.press(letter.toLowerCase());
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Pausa' })).toHaveCount(0);
    await expect(area(page)).toBeFocused();
    expect((await snap<{ guessed: string[] }>(page)).guessed).toEqual([]);
    // Solve the word, pause during the 1.5 s 'word-solved' pause: it holds.
    await page.evaluate((k) => window.__game!.setTimeScale(k), SLOW);
    for (const l of lettersToGuess(s.currentWord)) await page.keyboard.press(l.toLowerCase());
    await waitPhase(page, ['word-solved']);
    const left = await pauseDuring(page, 'word-solved', HANGMAN_PAUSE_BETWEEN_WORDS_MS);
    await expect(page.getByRole('dialog', { name: 'Pausa' })).toBeVisible();
    await page.waitForTimeout(left + 700);
    expect((await snap<{ phase: string }>(page)).phase).toBe('word-solved');
    await page.getByRole('button', { name: 'Seguir jugando' }).click();
    await expect(area(page)).toBeFocused();
    s = await waitPhase(page, ['playing']);
    expect(s.wordIndex).toBe(1);
  });

  test('Ordenar palabras: Escape pauses (no longer clears); Volver al menú leaves the game', async ({ page }) => {
    await openGame(page, '/memorama?nivel=1');
    await page.keyboard.press('Enter');
    const s = await waitPhase<{ tiles: string[] }>(page, ['playing']);
    await clickTarget(page, 'tile:0');
    // A tap on the game gives it the focus.
    await expect(area(page)).toBeFocused();
    await expect.poll(async () => (await snap<{ picked: number[] }>(page)).picked.length).toBe(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Pausa' })).toBeVisible();
    expect((await snap<{ picked: number[] }>(page)).picked).toEqual([0]);
    // A tile's key while paused (an ASCII one: Playwright cannot press 'ó' as a key).
    const key = s.tiles.slice(1).find((t) => /^[a-z]$/i.test(t)) ?? 'a';
    await page.keyboard.press(key.toLowerCase());
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Pausa' })).toHaveCount(0);
    expect((await snap<{ picked: number[] }>(page)).picked).toEqual([0]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Volver al menú' }).click();
    await expect(page).toHaveURL(/\/juegos\/1$/);
  });

  test('Ordenar palabras: presses faster than the scene draws count once each (two letters in one frame pick two tiles)', async ({ page }) => {
    await openGame(page, '/memorama?nivel=1');
    await page.keyboard.press('Enter');
    const s = await waitPhase<OrderSnapshot>(page, ['playing']);
    const [a, b] = tileLetters(s.currentWord!).map(foldLetters);
    await area(page).focus();
    const before = await page.evaluate(() => window.__game!.keys());
    // Both presses (down and up) in one task: Phaser's key queue holds all four events when the
    // last arrives, as on a slow frame of a loaded tablet, and hands the queue over at each event.
    await page.evaluate(
      (letters) => {
        const target = document.activeElement!;
        for (const key of letters)
          for (const type of ['keydown', 'keyup']) target.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true, cancelable: true }));
      },
      [a!, b!],
    );
    await expect.poll(async () => (await snap<OrderSnapshot>(page)).picked.length).toBe(2);
    expect(await page.evaluate(() => window.__game!.keys())).toEqual([...before, a, b]);
    // 'built' shows the empty slots as '_'.
    expect(foldLetters((await snap<OrderSnapshot>(page)).built).replace(/_+$/, '')).toBe(`${a}${b}`);
  });

  test('keys typed on a header control stay with it; keys on the game area or on nothing reach the game', async ({ page }) => {
    await openGame(page, '/ahorcado?nivel=1');
    await page.getByRole('button', { name: 'Volver' }).focus();
    await page.keyboard.press('Escape'); // not a pause: the focus is on the header
    await expect(page.getByRole('dialog', { name: 'Pausa' })).toHaveCount(0);
    await area(page).focus();
    await page.keyboard.press('Enter');
    const s = await waitPhase<{ currentWord: string }>(page, ['playing']);
    const wrong = HANGMAN_ALPHABET.find((l) => !lettersToGuess(s.currentWord).includes(l))!;
    await page.getByRole('button', { name: 'Volver' }).focus();
    await page.keyboard.press(wrong.toLowerCase());
    await area(page).focus();
    await page.keyboard.press(lettersToGuess(s.currentWord)[0]!.toLowerCase());
    await page.waitForFunction(() => ((window.__game?.snapshot() as { guessed?: string[] } | null)?.guessed?.length ?? 0) > 0, undefined, { polling: POLL_MS });
    expect((await snap<{ guessed: string[]; wrongLetters: string[] }>(page)).wrongLetters).toEqual([]);
  });

  test.describe('on a 768 px tablet', () => {
    test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

    test('a tap gives the game the focus; the pause panel has big buttons; a tap on Seguir jugando resumes', async ({ page }) => {
      await openGame(page, '/memorama?nivel=1');
      const start = await page.evaluate(() => window.__game!.point('button:start'));
      await page.touchscreen.tap(start!.x, start!.y);
      await waitPhase(page, ['playing']);
      await expect(area(page)).toBeFocused();
      await page.keyboard.press('Escape');
      const panel = page.getByRole('dialog', { name: 'Pausa' });
      await expect(panel).toBeVisible();
      for (const name of ['Seguir jugando', 'Volver al menú']) {
        const box = (await panel.getByRole('button', { name }).boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(60);
        expect(box.width).toBeGreaterThanOrEqual(200);
      }
      const resume = (await panel.getByRole('button', { name: 'Seguir jugando' }).boundingBox())!;
      await page.touchscreen.tap(resume.x + resume.width / 2, resume.y + resume.height / 2);
      await expect(panel).toHaveCount(0);
      await expect(area(page)).toBeFocused();
      expect((await snap<{ phase: string }>(page)).phase).toBe('playing');
    });
  });
});
