/**
 * What a deaf child who reads little needs from the games (docs/games.md, "The sign is the clue"):
 * Cartas' options carry their pictures and the ★ card's clue is the sign again, slowed; the
 * picture hint is big (≥ 160 CSS px wide); a two-line caption never moves the stage; the end
 * screens show one score and the missed word; tap rings go once a move is judged; the caption says
 * the stars only once they have landed.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { clickTarget, loginForGames, openGame, phaseCount, POLL_MS, snap, tapTarget, waitNewPhase, waitPhase } from './games-helpers';
import type { CardsSnapshot } from '../../src/shared/rules/games/cards';
import { lettersToGuess, type HangmanSnapshot } from '../../src/shared/rules/games/hangman';
import type { OrderSnapshot } from '../../src/shared/rules/games/orderWords';

test.describe.configure({ mode: 'parallel' });

const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 800 };

/** Texts of the game's own score panel (HUD): 'Puntos: 12' or 'Puntos\n12' (the end panel's body has more lines). */
async function hudScoreTexts(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => window.__game!.texts().map((t) => t.text));
  return texts.filter((t) => /^Puntos(:\s*|\n)\d+$/.test(t));
}

async function pictureWidth(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => window.__game?.bounds('box:picture') ?? null, undefined, { polling: POLL_MS });
  return ((await handle.jsonValue()) as { width: number }).width;
}

for (const size of [TABLET, DESKTOP]) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size, hasTouch: size === TABLET });
    test.beforeEach(async ({ page }) => {
      await loginForGames(page);
    });

    test('Cartas: the picture hint is big, the options carry pictures, the ★ card replays the sign slowed; the loss shows the missed word and one score', async ({
      page,
    }) => {
      const act = size === TABLET ? tapTarget : clickTarget;
      await openGame(page, '/ruleta-palabras?nivel=1');
      await page.evaluate(() => window.__game!.setTimeScale(4));
      await act(page, 'button:start');
      let s = await waitPhase<CardsSnapshot>(page, ['pick-card']);
      await act(page, 'hint:picture');
      expect(await pictureWidth(page), 'the picture hint is at least 160 px wide').toBeGreaterThanOrEqual(160);
      // Three wrong words lose the run (a life each).
      for (let round = 0; round < 3; round++) {
        s = await waitPhase<CardsSnapshot>(page, ['pick-card']);
        const words = await phaseCount(page, 'pick-word');
        const feedbacks = await phaseCount(page, 'feedback');
        await expect(page.getByTestId('sign-gif')).not.toHaveAttribute('data-speed', '0.5');
        await act(page, `card:${s.clueCard}`);
        const found = await waitNewPhase<CardsSnapshot>(page, 'pick-word', words, 'the clue card');
        // The ★ card's clue: the sign plays again, at 0,5×.
        await expect(page.getByTestId('sign-gif')).toHaveAttribute('data-speed', '0.5');
        await expect(page.locator('[data-testid="sign-gif"] [data-speed]').first()).toHaveAttribute('data-speed', '0.5');
        const pictures = await page.evaluate(() => window.__game!.pictures());
        for (let i = 0; i < found.options.length; i++) expect(pictures, `option ${i + 1} has its picture`).toContain(`picture:option:${i}`);
        const wrong = found.options.findIndex((o) => o.id !== s.targetWordId);
        await act(page, `option:${wrong}`);
        await waitNewPhase(page, 'feedback', feedbacks, 'the wrong word');
        // The answer is judged: no tap ring is left over the options' words.
        await expect(page.getByTestId('tap-ripple')).toHaveCount(0, { timeout: 200 });
        if (round < 2) {
          await page.waitForFunction((i) => (window.__game?.snapshot() as CardsSnapshot | null)?.roundIndex !== i, s.roundIndex, { polling: POLL_MS });
        }
      }
      await waitPhase<CardsSnapshot>(page, ['lost']);
      // The missed word: its picture and the word, in the loss panel.
      await page.waitForFunction(() => window.__game?.pictures().includes('picture:missed'), undefined, { polling: POLL_MS });
      const missed = (await page.evaluate(() => window.__game!.bounds('picture:missed')))!;
      expect(missed.width, 'the missed word’s picture is big').toBeGreaterThanOrEqual(120);
      expect(await page.evaluate(() => window.__game!.texts().map((t) => t.text))).toContain(s.targetWord);
      // One score: the panel's. The game's score panel and the header's points are hidden meanwhile.
      expect(await hudScoreTexts(page)).toEqual([]);
      await expect(page.getByTestId('game-points')).toBeHidden();
      await clickTarget(page, 'button:restart');
      await waitPhase(page, ['preview', 'pick-card']);
      await expect(page.getByTestId('game-points')).toBeVisible();
      expect((await hudScoreTexts(page)).length).toBe(1);
    });

    test('hangman and order words: the picture hint is at least 160 px wide', async ({ page }) => {
      const act = size === TABLET ? tapTarget : clickTarget;
      await openGame(page, '/ahorcado?nivel=1');
      await act(page, 'button:start');
      await waitPhase<HangmanSnapshot>(page, ['playing']);
      await act(page, 'hint:picture');
      expect(await pictureWidth(page)).toBeGreaterThanOrEqual(160);
      await openGame(page, '/memorama?nivel=1');
      await act(page, 'button:start');
      await waitPhase<OrderSnapshot>(page, ['playing']);
      await act(page, 'hint:picture');
      expect(await pictureWidth(page)).toBeGreaterThanOrEqual(160);
    });
  });
}

test.describe('768×1024', () => {
  test.use({ viewport: TABLET, hasTouch: true });
  test.beforeEach(async ({ page }) => {
    await loginForGames(page);
  });

  test('a two-line caption keeps the stage where it was, and the side column whole', async ({ page }) => {
    await openGame(page, '/ahorcado?nivel=1');
    await tapTarget(page, 'button:start');
    await waitPhase<HangmanSnapshot>(page, ['playing']);
    const caption = page.getByTestId('game-caption-text');
    const lineHeight = async () => (await caption.boundingBox())!.height;
    await expect(caption).toHaveText(/^Nivel 1/);
    const oneLine = await lineHeight();
    const before = await page.evaluate(() => window.__game!.stageBox());
    // The picture hint's caption is two lines at 768 px.
    await tapTarget(page, 'hint:picture');
    await expect(caption).toContainText('Pediste ver el dibujo');
    expect(await lineHeight(), 'the caption takes two lines').toBeGreaterThan(oneLine * 1.5);
    expect(await page.evaluate(() => window.__game!.stageBox())).toEqual(before);
    // The column's texts (word count, hearts, hints) stay inside the stage.
    const design = await page.evaluate(() => window.__game!.design());
    for (const t of await page.evaluate(() => window.__game!.texts())) {
      expect(t.right, `«${t.text}» inside the stage`).toBeLessThanOrEqual(design.width);
    }
    const stage = (await page.getByTestId('game-stage').boundingBox())!;
    const captionBox = (await page.getByTestId('game-caption').boundingBox())!;
    expect(stage.y + stage.height).toBeLessThanOrEqual(captionBox.y);
  });
});

test.describe('1280×800', () => {
  test.use({ viewport: DESKTOP });
  test.beforeEach(async ({ page }) => {
    await loginForGames(page);
    // Every caption with the time it showed, to compare with when the stars landed.
    await page.addInitScript(() => {
      const w = window as unknown as { __timedCaptions: { text: string; at: number }[] };
      w.__timedCaptions = [];
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="game-caption"]')?.textContent ?? '';
        const last = w.__timedCaptions[w.__timedCaptions.length - 1];
        if (text && last?.text !== text) w.__timedCaptions.push({ text, at: Date.now() });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
  });

  test('the level panel: the caption says the stars only once every star has landed', async ({ page }) => {
    await openGame(page, '/ahorcado?nivel=1');
    await page.keyboard.press('Enter');
    await waitPhase(page, ['playing']);
    await page.evaluate(() => window.__game!.setTimeScale(20));
    for (;;) {
      const h = await waitPhase<HangmanSnapshot>(page, ['playing', 'level-passed']);
      if (h.phase === 'level-passed') break;
      for (const l of lettersToGuess(h.currentWord!).filter((x) => !h.guessed.includes(x))) await page.keyboard.press(l.toLowerCase());
      await page.waitForFunction(
        (b) => {
          const n = window.__game?.snapshot() as HangmanSnapshot | null;
          return !!n && (n.wordIndex !== b || n.phase === 'level-passed');
        },
        h.wordIndex,
        { polling: POLL_MS },
      );
    }
    const panelAt = Date.now();
    const landed = await page.waitForFunction(() => window.__game?.celebrations()[0]?.landedAt ?? null, undefined, { polling: POLL_MS });
    const landedAt = (await landed.jsonValue()) as number;
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __timedCaptions: { text: string }[] }).__timedCaptions.some((c) => c.text.includes('estrellas'))))
      .toBe(true);
    const captions = await page.evaluate(() => (window as unknown as { __timedCaptions: { text: string; at: number }[] }).__timedCaptions);
    const said = captions.filter((c) => c.text.includes('estrellas'));
    expect(said[0]!.text).toContain('¡Ganaste 3 estrellas!');
    expect(said[0]!.at, 'the stars are said once they have all landed').toBeGreaterThanOrEqual(landedAt);
    // Meanwhile the caption named the level passed, without the stars.
    expect(captions.some((c) => c.at >= panelAt - 2000 && c.text.includes('Superaste el nivel 1') && !c.text.includes('estrellas'))).toBe(true);
    expect((await snap<HangmanSnapshot>(page)).phase).toBe('level-passed');
  });
});
