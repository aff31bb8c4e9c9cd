/**
 * The games fit a tablet and a small hand: at 768×1024, 1024×768, 1280×800 and 375×667
 * each game fills its room without page scroll, its touch targets are ≥ 60 CSS px (tablet sizes),
 * every canvas text is ≥ 18 CSS px at ≥ 4.5:1 contrast (read from the scene's own Text objects),
 * and the feedback banner covers no target nor clue box. Also: turning the tablet keeps the game.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { clickTarget, loginForGames, openGame, snap, waitPhase, POLL_MS } from './games-helpers';
import type { HangmanSnapshot } from '../../src/shared/rules/games/hangman';

// The tests of this file share nothing (each has its own child or only reads): they spread over
// both workers instead of queueing on one.
test.describe.configure({ mode: 'parallel' });

const SIZES = [
  { width: 768, height: 1024, tablet: true },
  { width: 1024, height: 768, tablet: true },
  { width: 1280, height: 800, tablet: false },
  { width: 375, height: 667, tablet: false },
];
const GAMES = [
  { name: 'hangman', path: '/ahorcado' },
  { name: 'order-words', path: '/memorama' },
  { name: 'cards', path: '/ruleta-palabras' },
];
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Checks of one screen; returns the smallest target found (to report at 375 px). */
async function checkScreen(page: Page, tablet: boolean, what: string, phone = false): Promise<number> {
  const scroll = await page.evaluate(() => ({ h: document.scrollingElement!.scrollHeight, inner: window.innerHeight }));
  expect(scroll.h, `${what}: no page scroll`).toBeLessThanOrEqual(scroll.inner);
  await expect(page.getByTestId('game-caption')).toBeInViewport({ ratio: 1 });
  // Texts and targets measured at rest. Cartas turns its cards face down from zero width
  // (flipCards): read in that first frame, a card's «?» had no card under it and measured white on
  // the stage's background, 1.1:1 (clean-clone run 32, 1024×768, on a busy machine). Nobody sees a
  // card of zero width; the card at rest is what a child reads. At rest: every target has a size,
  // and three reads 200 ms apart (the turn's whole CARDS_FLIP_MS) find the same boxes.
  await page.waitForFunction(
    () => {
      const g = window.__game!;
      const boxes = g.targets().map((n) => g.bounds(n));
      const now = JSON.stringify(boxes);
      const w = window as unknown as { __lastTargets?: string; __sameReads?: number };
      w.__sameReads = w.__lastTargets === now ? (w.__sameReads ?? 0) + 1 : 0;
      w.__lastTargets = now;
      return w.__sameReads >= 2 && boxes.every((b) => !!b && b.width > 0 && b.height > 0);
    },
    undefined,
    { polling: 200, timeout: 5000 },
  );
  const texts = await page.evaluate(() => window.__game!.texts());
  expect(texts.length, `${what}: the scene has texts`).toBeGreaterThan(0);
  // The smallest text is reported too (the phone size is the tight one).
  if (phone) test.info().annotations.push({ type: 'smallest text (CSS px)', description: `${what}: ${Math.min(...texts.map((t) => t.cssPx)).toFixed(1)}` });
  const design = await page.evaluate(() => window.__game!.design());
  for (const t of texts) {
    expect(t.cssPx, `${what}: «${t.text}» size`).toBeGreaterThanOrEqual(18);
    // Clear of the stage's edge band, where the keyboard's focus ring (9 CSS px inside the edge)
    // lies over the canvas: the portrait column's 'Palabra 1' ran under it at 768×1024. Not on the
    // 375 px phone, played by touch only (no ring; its 440 px design has no 10 px to spare).
    if (phone) continue;
    const band = 10 / (t.cssPx / t.designPx);
    expect(t.left, `${what}: «${t.text}» starts clear of the stage's edge`).toBeGreaterThanOrEqual(band);
    expect(t.right, `${what}: «${t.text}» ends clear of the stage's edge`).toBeLessThanOrEqual(design.width - band);
    expect(t.contrast, `${what}: «${t.text}» ${t.color} on ${t.background}`).toBeGreaterThanOrEqual(4.5);
  }
  // Every target's box in one read of the page (a round trip per target cost seconds per screen
  // on a loaded machine, with the same boxes: the targets are at rest).
  const targets = await page.evaluate(() => window.__game!.targets().map((n) => [n, window.__game!.bounds(n)] as const));
  expect(targets.length).toBeGreaterThan(0);
  let smallest = Infinity;
  const canvas = (await page.locator('[data-testid="game-canvas"] > canvas').boundingBox())!;
  for (const [n, found] of targets) {
    const b = found!;
    smallest = Math.min(smallest, b.width, b.height);
    // Every target is on the canvas (a layout that runs out of room must not push it off).
    expect(b.x, `${what}: ${n} inside the canvas`).toBeGreaterThanOrEqual(canvas.x - 1);
    expect(b.y, `${what}: ${n} inside the canvas`).toBeGreaterThanOrEqual(canvas.y - 1);
    expect(b.x + b.width, `${what}: ${n} inside the canvas`).toBeLessThanOrEqual(canvas.x + canvas.width + 1);
    expect(b.y + b.height, `${what}: ${n} inside the canvas`).toBeLessThanOrEqual(canvas.y + canvas.height + 1);
    if (tablet) {
      expect(b.width, `${what}: ${n} width`).toBeGreaterThanOrEqual(60);
      expect(b.height, `${what}: ${n} height`).toBeGreaterThanOrEqual(60);
    }
  }
  return smallest;
}

/** The last banner shown covers no target nor clue box. */
async function checkBanner(page: Page, what: string) {
  const flash = await page.waitForFunction(() => window.__game?.bounds('flash') ?? null, undefined, { polling: POLL_MS });
  const banner = (await flash.jsonValue()) as Box;
  // Read in one look, while the banner is up (one round trip per box could outlast it).
  const boxes = await page.evaluate(() => [...window.__game!.targets(), ...window.__game!.boxes()].map((n) => [n, window.__game!.bounds(n)] as const));
  expect(boxes.some(([n]) => n.startsWith('box:'))).toBe(true);
  for (const [n, b] of boxes) expect(overlap(banner, b!), `${what}: banner over ${n}`).toBe(false);
}

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    for (const g of GAMES) {
      test(`${g.name} fits`, async ({ page }) => {
        await loginForGames(page);
        await openGame(page, g.path);
        const tag = `${g.name}-${size.width}x${size.height}`;
        const portrait = size.width < size.height;
        const design = await page.evaluate(() => window.__game!.design());
        expect(design.width > design.height).toBe(!portrait);
        const sizes: number[] = [];
        sizes.push(await checkScreen(page, size.tablet, `${tag} instructions`, size.width < 400));
        await clickTarget(page, 'button:start');
        if (g.name === 'cards') {
          await waitPhase(page, ['pick-card']);
          await checkBanner(page, `${tag} level banner`);
          sizes.push(await checkScreen(page, size.tablet, `${tag} pick-card`, size.width < 400));
          const s = await snap<{ clueCard: number }>(page);
          await clickTarget(page, `card:${s.clueCard}`);
          await waitPhase(page, ['pick-word']);
          sizes.push(await checkScreen(page, size.tablet, `${tag} pick-word`, size.width < 400));
        } else {
          await waitPhase(page, ['playing']);
          await checkBanner(page, `${tag} level banner`);
          sizes.push(await checkScreen(page, size.tablet, `${tag} playing`, size.width < 400));
        }
        test.info().annotations.push({ type: 'smallest target (CSS px)', description: `${tag}: ${Math.min(...sizes).toFixed(1)}` });
      });
    }
  });
}

test.describe('rotation', () => {
  test.use({ viewport: { width: 768, height: 1024 } });
  test('turning the tablet keeps the hangman game and its points', async ({ page }) => {
    await loginForGames(page);
    await openGame(page, '/ahorcado');
    await clickTarget(page, 'button:start');
    const before = await waitPhase<HangmanSnapshot>(page, ['playing']);
    // A letter not in the word: the level score and the key's state change, and must survive.
    const wrong = 'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ'.split('').find((l) => !before.currentWord!.toUpperCase().includes(l))!;
    await clickTarget(page, `key:${wrong}`);
    const played = await page.waitForFunction(
      (n) => {
        const s = window.__game?.snapshot() as { guessed: string[] } | null;
        return s && s.guessed.length > n ? s : null;
      },
      before.guessed.length,
      { polling: POLL_MS },
    );
    const mid = (await played.jsonValue()) as typeof before;
    expect(await page.evaluate(() => window.__game!.design().width < window.__game!.design().height)).toBe(true);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForFunction(
      () => {
        const d = window.__game?.design();
        return !!d && d.width > d.height && window.__game!.snapshot() !== null;
      },
      undefined,
      { polling: POLL_MS },
    );
    const after = await snap<typeof before>(page);
    expect(after).toEqual(mid);
    await expect(page.getByTestId('game-points')).toContainText(String(mid.totalScore));
  });
});
