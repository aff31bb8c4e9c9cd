/**
 * Rewards that carry over: a fresh child plays Cartas on level 1 to a win; the run is
 * kept on the server, so after a reload the games menu shows the level's stars and the points, and
 * the home shows the stars on that level's card. A fresh child, so the demo child is not affected.
 */
import { test, expect } from './fixtures';
import { signUpChild } from './fixtures';
import { POLL_MS, TEST_FLAG_KEY, clickTarget, openGame, phaseCount, waitNewPhase, waitPhase } from './games-helpers';
import type { CardsSnapshot } from '../../src/shared/rules/games/cards';

type Snap = CardsSnapshot;

test('a won game keeps its stars and points after a reload (menu and home)', async ({ page }) => {
  await signUpChild(page);
  await page.evaluate((k) => localStorage.setItem(k, '1'), TEST_FLAG_KEY);

  await openGame(page, '/ruleta-palabras?nivel=1');
  await expect(page.getByTestId('game-points')).toHaveText('Puntos acumulados: 0');
  // What carries over is the subject here, not the pauses between rounds: they run 20× faster
  // (test hook); Cartas' preview and feedback pauses are timed in real time in games-cards.spec.ts.
  await page.evaluate(() => window.__game!.setTimeScale(20));
  await clickTarget(page, 'button:start');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/partidas') && r.request().method() === 'POST', { timeout: 0 }); // the test's own timeout bounds it
  let rounds = 0;
  for (;;) {
    const s = await waitPhase<Snap>(page, ['pick-card', 'won']);
    if (s.phase === 'won') break;
    const feedbacks = await phaseCount(page, 'feedback');
    const words = await phaseCount(page, 'pick-word');
    await clickTarget(page, `card:${s.clueCard}`);
    const found = await waitNewPhase<Snap>(page, 'pick-word', words, `round ${rounds + 1}: the clue card`);
    await clickTarget(page, `option:${found.options.findIndex((o) => o.id === s.targetWordId)}`);
    const fb = await waitNewPhase<Snap>(page, 'feedback', feedbacks, `round ${rounds + 1}`);
    rounds++;
    // The header follows the game the moment the score changes.
    await expect(page.getByTestId('game-points')).toHaveText(`Puntos acumulados: ${fb.totalScore}`);
    await page.waitForFunction(
      (b) => {
        const n = window.__game?.snapshot() as Snap | null;
        return !!n && (n.roundIndex !== b.roundIndex || n.level !== b.level || n.phase === 'won');
      },
      { roundIndex: s.roundIndex, level: s.level },
      { polling: POLL_MS },
    );
  }
  const won = await waitPhase<Snap>(page, ['won']);
  const points = rounds * 10;
  expect(won.totalScore).toBe(points);
  await expect(page.getByTestId('game-points')).toHaveText(`Puntos acumulados: ${points}`);
  // The run reached the server once, with every word right: 3 stars.
  const res = await saved;
  expect(res.status()).toBe(201);
  expect((await res.json()).data).toMatchObject({ juego: 'cards', idNivel: 1, puntos: points, puntosMax: points, ganada: true, estrellas: 3 });
  const sent = (await res.request().postDataJSON()) as { palabrasBien: number[]; rondas: { bien: boolean }[]; palabras: number[] };
  expect(sent.palabrasBien).toHaveLength(rounds);
  // The run carries its rounds (the server replays them by the game's rules) and the game's words.
  expect(sent.rondas).toHaveLength(rounds);
  expect(sent.rondas.every((r) => r.bien)).toBe(true);
  expect(sent.palabras.length).toBeGreaterThanOrEqual(rounds);

  // After a reload the in-memory totals start from the server's.
  await page.goto('/juegos/1');
  await page.reload();
  await expect(page.getByTestId('points-cards')).toHaveText(`Puntos: ${points}`);
  await expect(page.getByTestId('points-total')).toHaveText(`Puntos totales: ${points}`);
  await expect(page.getByTestId('stars-cards')).toHaveAttribute('aria-label', 'Estrellas: 3 de 3');
  await expect(page.getByTestId('stars-hangman')).toHaveAttribute('aria-label', 'Estrellas: 0 de 3');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Nothing waits in the device's queue: the server has the run.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('manitas.partidas.pendientes')))).toEqual([]);

  // The game header also starts from the server's total.
  await openGame(page, '/ruleta-palabras?nivel=1');
  await expect(page.getByTestId('game-points')).toHaveText(`Puntos acumulados: ${points}`);

  // The home shows the stars on level 1's card.
  await page.goto('/home');
  await expect(page.getByTestId('level-stars-1-cards')).toHaveAttribute('aria-label', 'Estrellas: 3 de 3');
  await expect(page.getByTestId('level-stars-1-orderWords')).toHaveAttribute('aria-label', 'Estrellas: 0 de 3');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.reload();
  await expect(page.getByTestId('level-stars-1-cards')).toHaveAttribute('aria-label', 'Estrellas: 3 de 3');
  await page.goto('/juegos/1');
  await expect(page.getByTestId('stars-cards')).toHaveAttribute('aria-label', 'Estrellas: 3 de 3');
});
