/**
 * Cartas (/ruleta-palabras): every round first shows the cards face up for a moment (the memory
 * preview: taps ignored), then find the card hiding the clue (−2 for an empty card), then pick the
 * word (+10 / −10 and a life). A win through the level's rounds, a loss at zero lives, restart.
 * Played by touch at 768×1024 in games-play-sizes.spec.ts; a tap while the cards turn over, here.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import {
  POLL_MS,
  clickTarget,
  expectCaption,
  lastPauseOf,
  loginForGames,
  openGame,
  phaseCount,
  snap,
  waitLogged,
  waitNewPhase,
  waitPhase,
} from './games-helpers';
import { CARDS_END_MESSAGES, CARDS_PREVIEW_MS, type CardsSnapshot } from '../../src/shared/rules/games/cards';

// The tests of this file share nothing (each has its own child or only reads): they spread over
// both workers instead of queueing on one.
test.describe.configure({ mode: 'parallel' });

type Snap = CardsSnapshot;

async function waitNext(page: Page, before: Snap) {
  await page.waitForFunction(
    (b) => {
      const n = window.__game?.snapshot() as Snap | null;
      return !!n && (n.roundIndex !== b.roundIndex || n.level !== b.level || n.phase === 'won' || n.phase === 'lost');
    },
    { roundIndex: before.roundIndex, level: before.level },
    { polling: POLL_MS },
  );
}

type Act = (page: Page, name: string) => Promise<void>;

/**
 * Plays one round: optionally an empty card first, then the clue, then the right or a wrong word.
 * Returns the state before the round and the state the feedback showed (read from the scene's
 * phase log, so a feedback already over on a slow machine is still seen).
 */
async function playRound(page: Page, opts: { emptyFirst?: boolean; right: boolean; act?: Act; keys?: boolean }): Promise<{ before: Snap; feedback: Snap }> {
  const act = opts.act ?? clickTarget;
  // Every round opens with the memory preview; the cards can be picked once it is over.
  const s = await waitPhase<Snap>(page, ['pick-card']);
  const feedbacks = await phaseCount(page, 'feedback');
  if (opts.emptyFirst) {
    const empty = [0, 1, 2].find((i) => i !== s.clueCard)!;
    await act(page, `card:${empty}`);
    await expect.poll(async () => (await snap<Snap>(page)).flipped[empty]).toBe(true);
  }
  let found: Snap;
  if (opts.keys) {
    await page.keyboard.press(String(s.clueCard + 1));
    found = await waitPhase<Snap>(page, ['pick-word']);
  } else {
    // One tap: a tap the game loses is a product bug (see the test of a tap while the cards turn).
    const words = await phaseCount(page, 'pick-word');
    await act(page, `card:${s.clueCard}`);
    found = await waitNewPhase<Snap>(page, 'pick-word', words, `round ${s.roundIndex + 1}: the clue card`);
  }
  const index = found.options.findIndex((o) => (opts.right ? o.id === s.targetWordId : o.id !== s.targetWordId));
  if (opts.keys) await page.keyboard.press(String(index + 1));
  else await act(page, `option:${index}`);
  const feedback = await waitNewPhase<Snap>(page, 'feedback', feedbacks, `the ${opts.right ? 'right' : 'wrong'} word of round ${s.roundIndex + 1}`);
  return { before: s, feedback };
}

test.describe('Cartas', () => {
  test.beforeEach(async ({ page }) => {
    await loginForGames(page);
  });

  test('a win: every round of the level, with an empty card costing 2 points', async ({ page }) => {
    await openGame(page, '/ruleta-palabras?nivel=1');
    // The memory preview: the cards face up for CARDS_PREVIEW_MS; a tap or a key on the clue card
    // meanwhile changes nothing. The page sends the tap and the key itself, armed before the start
    // and fired the moment the preview begins, and reads the state right after (the game takes
    // both at once, in the event). Sent from the test runner once the runner has seen the preview,
    // they could land after a 2 s preview on a busy machine, where the game rightly takes them (a
    // fresh-clone run saw the phase already 'pick-card' when the runner's tap went out).
    const tapped = page.evaluate(
      () =>
        new Promise<{ before: Snap; after: Snap }>((resolve) => {
          const t = setInterval(() => {
            const before = window.__game?.snapshot() as Snap | null;
            if (before?.phase !== 'preview') return;
            clearInterval(t);
            const n = before.clueCard;
            const at = window.__game!.point(`card:${n}`)!;
            const canvas = document.querySelector('[data-testid="game-stage"] canvas')!;
            for (const type of ['mousedown', 'mouseup']) canvas.dispatchEvent(new MouseEvent(type, { clientX: at.x, clientY: at.y, bubbles: true, button: 0 }));
            for (const type of ['keydown', 'keyup'])
              window.dispatchEvent(new KeyboardEvent(type, { key: String(n + 1), code: `Digit${n + 1}`, bubbles: true }));
            resolve({ before, after: window.__game!.snapshot() as Snap });
          }, 2);
        }),
    );
    await clickTarget(page, 'button:start');
    const p = await waitLogged<Snap>(page, 'preview');
    expect(p).toMatchObject({ level: 1, lives: 3, totalScore: 0, flipped: [false, false, false] });
    const during = await tapped;
    expect(during.before).toMatchObject({ phase: 'preview', clueCard: p.clueCard });
    expect(during.after).toMatchObject({ phase: 'preview', totalScore: 0, flipped: [false, false, false] });
    const hidden = await waitLogged<Snap>(page, 'pick-card');
    expect(hidden).toMatchObject({ clueCard: p.clueCard, totalScore: 0, flipped: [false, false, false] });
    expect(await lastPauseOf(page, 'preview')).toBeGreaterThanOrEqual(CARDS_PREVIEW_MS - 50);
    let s = await waitPhase<Snap>(page, ['pick-card']);
    expect(s).toMatchObject({ level: 1, levels: 1, lives: 3, totalScore: 0, roundsInLevel: 5, flipped: [false, false, false] });
    expect(await phaseCount(page, 'pick-word')).toBe(0);
    // The sign is the round's clue from its first moment (docs/games.md, "The sign leads").
    await expect(page.getByTestId('sign-gif')).toHaveCount(1);

    // Round 1: right word → +10.
    let { before, feedback } = await playRound(page, { right: true });
    expect(feedback).toMatchObject({ phase: 'feedback', lastResult: 'correct', totalScore: 10 });
    await expect(page.getByTestId('sign-gif')).toBeVisible();
    await expectCaption(page, `¡Correcto! «${before.targetWord}» +10 puntos`);
    await waitNext(page, before);

    // Round 2: an empty card first (−2), then right (+10) → 18; played with the number keys.
    ({ before, feedback } = await playRound(page, { emptyFirst: true, right: true, keys: true }));
    expect(feedback.totalScore).toBe(18);
    await expectCaption(page, 'Carta vacía. -2 puntos.');
    await waitNext(page, before);

    // The pauses were seen in real time above; rounds 3 to 5 run with them shortened (test hook).
    await page.evaluate(() => window.__game!.setTimeScale(4));
    for (let r = 2; r < 5; r++) {
      ({ before } = await playRound(page, { right: true }));
      await waitNext(page, before);
    }
    s = await waitPhase<Snap>(page, ['won']);
    // 18 + 30 = 48 of the 50 the 5 rounds were worth (96 %, 3 stars): below the spec's 100-point
    // scale the thresholds are shares of the maximum, so 'excellent', never 'practice'.
    expect(s).toMatchObject({ totalScore: 48, lives: 3, endMessage: 'excellent' });
    await expectCaption(page, CARDS_END_MESSAGES.excellent);
    await expect(page.getByTestId('game-points')).toHaveText('Puntos acumulados: 48');
  });

  test('a tap on a card while the cards turn over is not lost, wherever on the card it lands', async ({ page }) => {
    // The cards turn over in CARDS_FLIP_MS once the preview ends, and they can be picked from that
    // moment: a child who tapped the clue card during the turn lost the tap (the card was narrower,
    // at first zero wide, while it turned). One tap, no second try, near the card's edge, sent by
    // the page the moment the phase changes (a tap from the test runner lands a frame or more later,
    // often after the turn, and would hide the loss).
    await openGame(page, '/ruleta-palabras?nivel=1');
    await clickTarget(page, 'button:start');
    const p = await waitPhase<Snap>(page, ['preview']);
    // The card's full size, face up and still (the preview).
    const card = (await page.evaluate((n) => window.__game!.bounds(`card:${n}`), p.clueCard))!;
    expect(card.width).toBeGreaterThan(50);
    const words = await phaseCount(page, 'pick-word');
    await page.evaluate(
      ({ x, y }) =>
        new Promise<void>((resolve) => {
          const t = setInterval(() => {
            if ((window.__game?.snapshot() as { phase?: string } | null)?.phase !== 'pick-card') return;
            clearInterval(t);
            const canvas = document.querySelector('[data-testid="game-stage"] canvas')!;
            for (const type of ['mousedown', 'mouseup']) canvas.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, button: 0 }));
            resolve();
          }, 2);
        }),
      { x: card.x + card.width * 0.85, y: card.y + card.height * 0.5 },
    );
    await waitNewPhase(page, 'pick-word', words, 'the clue card tapped near its edge as it turned over', 5_000);
  });

  test('a loss: three wrong words; restart resets lives and score', async ({ page }) => {
    await openGame(page, '/ruleta-palabras?nivel=3');
    // The pauses are seen in real time in the win above; here they are shortened (test hook).
    await page.evaluate(() => window.__game!.setTimeScale(4));
    await page.keyboard.press('Enter');
    await waitPhase(page, ['pick-card']);
    let { before } = await playRound(page, { right: true });
    await waitNext(page, before);
    const wrong = await playRound(page, { right: false });
    before = wrong.before;
    expect(wrong.feedback).toMatchObject({ lastResult: 'wrong', lives: 2, totalScore: 0 });
    await expectCaption(page, `Era «${before.targetWord}»`);
    await waitNext(page, before);
    ({ before } = await playRound(page, { right: false }));
    await waitNext(page, before);
    await playRound(page, { right: false });
    let s = await waitPhase<Snap>(page, ['lost']);
    expect(s).toMatchObject({ lives: 0, totalScore: 0, endMessage: 'practice' });
    await expectCaption(page, 'Te quedaste sin vidas.');
    const previews = await phaseCount(page, 'preview');
    await clickTarget(page, 'button:restart');
    await waitNewPhase(page, 'preview', previews, 'the preview after restart');
    s = await waitPhase<Snap>(page, ['pick-card']);
    expect(s).toMatchObject({ level: 1, lives: 3, totalScore: 0, roundIndex: 0 });
  });
  // Cards and hangman by touch on a 768 px tablet: games-play-sizes.spec.ts plays each game to a
  // win by touch at 768×1024 (an empty card tapped there too: the same tap as on any card).
});
