/**
 * Hangman ("Adivina la palabra", /ahorcado) played as a child would: on-screen keys with the
 * mouse (A–Z and Ñ), the physical keyboard (plain letters reveal accented ones), a level passed,
 * the last level won (levels 2–9 are played by the rules through window.__game.jumpToLevel: the
 * rules' unit tests cover every level) and losses (level restart after 2 s, game over at zero
 * lives, restart to level 1). State is read from window.__game (test mode).
 */
import { test, expect } from './fixtures';
import { POLL_MS, clickTarget, holdFrames, expectCaption, lastPauseOf, loginForGames, openGame, pointOf, snap, waitLogged, waitPhase } from './games-helpers';
import { HANGMAN_ALPHABET, lettersToGuess, type HangmanSnapshot } from '../../src/shared/rules/games/hangman';
import { foldLetters } from '../../src/shared/rules/games/fold';

type Snap = HangmanSnapshot;

/** Solves the current word: the first letter by clicking its on-screen key, the rest typed. */
async function solveWord(page: import('@playwright/test').Page) {
  const s = await snap<Snap>(page);
  const todo = lettersToGuess(s.currentWord ?? '').filter((l) => !s.guessed.includes(l));
  for (const [i, letter] of todo.entries()) {
    if (i === 0) await clickTarget(page, `key:${letter}`);
    else await page.keyboard.press(letter.toLowerCase());
  }
  // Done when the game moved on: next word, or an end-of-level / end-of-game phase.
  await page.waitForFunction(
    (b) => {
      const n = window.__game?.snapshot() as Snap | null;
      return n !== null && n !== undefined && (n.wordIndex !== b.wordIndex || n.level !== b.level || !['playing', 'word-solved'].includes(n.phase));
    },
    { wordIndex: s.wordIndex, level: s.level },
    { polling: POLL_MS },
  );
}

/** Fails the current word with 6 letters it does not contain (mouse and keyboard). */
async function failWord(page: import('@playwright/test').Page) {
  const s = await snap<Snap>(page);
  const needed = lettersToGuess(s.currentWord ?? '');
  const wrong = HANGMAN_ALPHABET.filter((l) => !needed.includes(l) && !s.guessed.includes(l)).slice(0, 6);
  for (const [i, letter] of wrong.entries()) {
    if (i % 2 === 0) await clickTarget(page, `key:${letter}`);
    else await page.keyboard.press(letter);
  }
  // Done once the life is lost (the word-failed pause may already be over on a slow machine).
  await page.waitForFunction((lives) => ((window.__game?.snapshot() as Snap | null)?.lives ?? lives) < lives, s.lives, { polling: POLL_MS });
}

test.describe('Adivina la palabra', () => {
  test.beforeEach(async ({ page }) => {
    await loginForGames(page);
  });

  test('instructions first, level 1 played to the next level, the level’s last word played to a win (each word once); points reach the menu', async ({
    page,
  }) => {
    await openGame(page, '/ahorcado?nivel=1');
    await expect(page.getByRole('heading', { name: 'Adivina la palabra' })).toBeVisible();
    await clickTarget(page, 'button:start');
    let s = await waitPhase<Snap>(page, ['playing']);
    expect(s).toMatchObject({ level: 1, lives: 3, attemptsLeft: 6, levelScore: 100, totalScore: 0 });
    expect(s.wordsInLevel).toBe(5); // levels of 5 from the level's words (the demo level has 6)
    expect(s.levels).toBe(2); // 6 words: a level of 5 and a level of 1, each word once
    // The animated sign of the word is on screen (the picture waits for its hint).
    await expect(page.getByTestId('sign-gif')).toBeVisible();
    expect(await page.getByTestId('sign-gif').getAttribute('data-src')).toMatch(/^\/uploads\/multimedia\//);
    // ...played by the sign player (a canvas for a GIF), with its pause, speed and mirror buttons.
    await expect(page.getByTestId('sign-gif').getByTestId('sign-canvas')).toBeVisible();
    await expect(page.getByTestId('sign-gif').getByRole('button', { name: 'Espejo' })).toBeVisible();

    // One right key: the letter shows, the key turns green, a caption says so.
    const first = lettersToGuess(s.currentWord!)[0]!;
    await clickTarget(page, `key:${first}`);
    // The key reaches the scene on its next frame.
    await expect.poll(async () => (await snap<Snap>(page)).guessed).toEqual([first]);
    s = await snap<Snap>(page);
    expect(s.masked).not.toMatch(/^_+$/);
    await expectCaption(page, `La letra ${first} está en la palabra.`);

    // The keyboard has Ñ right after N, on the same row, keys as wide apart as A and B, then O.
    const [keyA, keyB, keyN, keyEnye, keyO] = await Promise.all(['A', 'B', 'N', 'Ñ', 'O'].map((l) => pointOf(page, `key:${l}`)));
    expect(keyEnye.y).toBeCloseTo(keyN.y, 0);
    expect(keyEnye.x - keyN.x).toBeCloseTo(keyB.x - keyA.x, 0);
    // (Beside the sign the keyboard has 5 columns: N Ñ end a row and O starts the next one.)
    expect(keyO.y > keyEnye.y + 1 || keyO.x > keyEnye.x).toBe(true);

    await page.evaluate(() => window.__game!.setTimeScale(20));
    /** Plays the current level's words on screen until the level ends. */
    let foldedShown = false;
    const playLevel = async () => {
      for (;;) {
        s = await snap<Snap>(page);
        if (s.phase !== 'playing') break;
        // Once: a word with an accent (level 1 always draws pájaro or león, 5 of its 6 words):
        // typing the plain letter reveals it.
        const accented = Array.from(s.currentWord ?? '').find((c) => c !== 'ñ' && foldLetters(c) !== c.toLowerCase());
        if (!foldedShown && accented && !s.guessed.includes(foldLetters(accented).toUpperCase())) {
          await page.keyboard.press(foldLetters(accented));
          await expect.poll(async () => (await snap<Snap>(page)).masked).toContain(accented);
          expect(await snap<Snap>(page)).toMatchObject({ attemptsLeft: 6, levelScore: 100 });
          foldedShown = true;
        }
        await solveWord(page);
      }
      return waitPhase<Snap>(page, ['level-passed', 'won']);
    };

    // Level 1 on screen: passed with 100, said so, and 'Continuar' (the button) starts level 2.
    // (Enter on the level panel: games-celebration.spec.ts.)
    s = await playLevel();
    expect(foldedShown).toBe(true);
    expect(s).toMatchObject({ phase: 'level-passed', level: 1, levelScore: 100, totalScore: 100 });
    await expectCaption(page, '¡Felicidades! Superaste el nivel 1');
    await expect(page.getByTestId('game-points')).toHaveText('Puntos acumulados: 100');
    await clickTarget(page, 'button:continue');
    s = await waitPhase<Snap>(page, ['playing']);
    expect(s).toMatchObject({ level: 2, levelScore: 100, lives: 3, wordsInLevel: 1 });

    // Level 2 is the level's sixth word: passing it wins the run (no rounds of the same words again).
    // The won run reaches the server, which replays its rounds by the game's rules and keeps it.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/partidas') && r.request().method() === 'POST', { timeout: 0 });
    s = await playLevel();
    expect(s).toMatchObject({ phase: 'won', level: 2, lives: 3, levelScore: 100, totalScore: 200 });
    await expectCaption(page, '¡Ganaste!');
    await expect(page.getByTestId('game-points')).toHaveText('Puntos acumulados: 200');
    const res = await saved;
    expect(res.status(), await res.text()).toBe(201);
    expect((await res.json()).data).toMatchObject({ juego: 'hangman', puntos: 200, puntosMax: 200, ganada: true, estrellas: 3 });
    expect(((await res.request().postDataJSON()) as { rondas: unknown[] }).rondas).toHaveLength(6);
    const cues = await page.evaluate(() => window.__game!.cues().map((c) => c.cue));
    expect(cues).toContain('win');

    await clickTarget(page, 'button:menu');
    await expect(page).toHaveURL(/\/juegos\/1$/);
    await expect(page.getByTestId('points-hangman')).toHaveText('Puntos: 200');
    await expect(page.getByTestId('points-total')).toHaveText('Puntos totales: 200');
  });

  test('wrong letters cost 2 points, a lost word costs a life and 5 points, a low level restarts after 2 s, zero lives is defeat', async ({ page }) => {
    await openGame(page, '/ahorcado?nivel=1');
    await page.keyboard.press('Enter'); // the instructions' button by keyboard
    let s = await waitPhase<Snap>(page, ['playing']);

    // One wrong letter by the physical keyboard.
    const needed = lettersToGuess(s.currentWord!);
    const wrong = HANGMAN_ALPHABET.find((l) => !needed.includes(l))!;
    await page.keyboard.press(wrong.toLowerCase());
    // The key reaches the scene on its next frame.
    await expect.poll(async () => (await snap<Snap>(page)).attemptsLeft).toBe(5);
    s = await snap<Snap>(page);
    expect(s).toMatchObject({ levelScore: 98, attemptsLeft: 5, wrongLetters: [wrong] });
    await expectCaption(page, `La letra ${wrong} no está. Te quedan 5 intentos.`);
    // Pressing it again changes nothing.
    await page.keyboard.press(wrong.toLowerCase());
    expect((await snap<Snap>(page)).attemptsLeft).toBe(5);

    // First word lost: 6 wrong letters → −12 −5, one life less; the word stays visible 1.5 s.
    await failWord(page);
    s = await waitLogged<Snap>(page, 'word-failed');
    expect(s).toMatchObject({ phase: 'word-failed', lives: 2, levelScore: 83, attemptsLeft: 0 });
    await waitPhase(page, ['playing']);
    const paused = await lastPauseOf(page, 'word-failed');
    expect(paused).toBeGreaterThanOrEqual(1500);
    expect(paused).toBeLessThan(3500); // late timers on a loaded machine
    await expectCaption(page, `La palabra era «${s.currentWord}».`);

    // Second word lost → 66 < 70; solve the other 3 words: the level fails and restarts after 2 s.
    await failWord(page);
    expect((await snap<Snap>(page)).levelScore).toBe(66);
    await waitPhase(page, ['playing']);
    for (;;) {
      s = await snap<Snap>(page);
      if (s.phase !== 'playing') break;
      await solveWord(page);
    }
    s = await waitLogged<Snap>(page, 'level-failed');
    expect(s).toMatchObject({ level: 1, levelScore: 66, lives: 1, totalScore: 0 });
    await expectCaption(page, 'El nivel vuelve a empezar.');
    s = await waitPhase<Snap>(page, ['playing']);
    const restartPause = await lastPauseOf(page, 'level-failed');
    expect(restartPause).toBeGreaterThanOrEqual(2000);
    expect(restartPause).toBeLessThan(4000);
    expect(s).toMatchObject({ level: 1, levelScore: 100, lives: 1, wordIndex: 0, attemptsLeft: 6 });

    // Last life lost → defeat.
    await failWord(page);
    s = await waitPhase<Snap>(page, ['lost']);
    expect(s).toMatchObject({ lives: 0, totalScore: 0 });
    await expectCaption(page, 'Te quedaste sin vidas.');
    expect(await page.evaluate(() => window.__game!.cues().map((c) => c.cue))).toContain('lose');

    // Restart → level 1, full lives, straight to play.
    await clickTarget(page, 'button:restart');
    s = await waitPhase<Snap>(page, ['playing']);
    expect(s).toMatchObject({ level: 1, lives: 3, levelScore: 100, totalScore: 0, attemptsLeft: 6 });
  });

  test('a tap on the loss panel counts at once, before the panel has been drawn once (a slow tablet)', async ({ page }) => {
    await openGame(page, '/ahorcado?nivel=1');
    await page.keyboard.press('Enter');
    await waitPhase(page, ['playing']);
    await page.evaluate(() => window.__game!.setTimeScale(20));
    await failWord(page);
    await waitPhase(page, ['playing']);
    await failWord(page);
    await waitPhase(page, ['playing']);
    // The last word's pause lasts 3 s here: time to stop the frames before the panel comes.
    await page.evaluate(() => window.__game!.setTimeScale(0.5));
    await failWord(page);
    expect(await snap<Snap>(page)).toMatchObject({ phase: 'word-failed', lives: 0 });
    // No frame is drawn from now on (the game's loop asks for its frames through requestAnimationFrame),
    // as on a loaded tablet between two frames: the panel opens (a timer) and is not drawn yet.
    const release = await holdFrames(page);
    await page.waitForFunction(() => (window as unknown as { __held: unknown[] }).__held.length > 0, undefined, { polling: POLL_MS });
    await waitPhase<Snap>(page, ['lost']);
    // The child taps "Jugar de nuevo" at once: the tap reaches the button, not the dimmed backdrop
    // under it (Phaser ordered what is under a tap by the last frame drawn).
    await clickTarget(page, 'button:restart');
    const s = await waitPhase<Snap>(page, ['playing'], 3_000);
    expect(s).toMatchObject({ level: 1, lives: 3, levelScore: 100, totalScore: 0 });
    await release();
  });

  test('a tap lands where the button is drawn after the game has moved down (a banner arrived above) and before a frame was drawn', async ({ page }) => {
    await openGame(page, '/ahorcado?nivel=1');
    // No frame from now on, as on a loaded tablet: Phaser measures where its canvas is only between frames.
    const release = await holdFrames(page);
    const canvas = page.getByTestId('game-canvas').locator('canvas');
    const before = (await canvas.boundingBox())!;
    // A bar arrives at the top of the page, where the "Sin conexión" banner is put when the connection
    // drops (OfflineLayer.tsx: the body's first child): the game moves down without changing its size.
    await page.evaluate(() => {
      const bar = document.createElement('div');
      bar.style.height = '120px';
      bar.textContent = 'Aviso';
      document.body.prepend(bar);
    });
    const after = (await canvas.boundingBox())!;
    expect(after.y - before.y).toBeCloseTo(120, 0);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    // The child taps "¡A jugar!" where it is now drawn: the game starts.
    await clickTarget(page, 'button:start');
    await waitPhase<Snap>(page, ['playing'], 3_000);
    await release();
  });
});
