/**
 * Games practise what is due: a child whose memory holds 5 weak words of level 1 (just
 * answered in a review: 1 star, not yet due) gets exactly those 5 in Cartas (one chosen level is one
 * game level with a pool of 5), so the level's 6th word is never a target nor an option. When the
 * memory cannot be read the game plays as before.
 */
import type { Page } from '@playwright/test';
import { test, expect, apiHeaders } from './fixtures';
import { POLL_MS, clickTarget, loginForGames, openGame, phaseCount, waitNewPhase, waitPhase } from './games-helpers';
import type { CardsSnapshot } from '../../src/shared/rules/games/cards';

type Snap = CardsSnapshot;

async function levelWords(page: Page) {
  const words = (await (await page.request.get('/api/palabra/nivel/1', { headers: await apiHeaders(page) })).json()) as { id_palabra: number }[];
  expect(words.length).toBe(6); // the demo seed: 6 words per level, all with a sign
  return words.map((w) => w.id_palabra);
}

test.describe('Los juegos practican lo pendiente', () => {
  test.beforeEach(async ({ page }) => {
    await loginForGames(page);
  });

  test('Cartas plays the weak words of the level first: the untouched 6th word never shows', async ({ page }) => {
    const ids = await levelWords(page);
    const practised = ids.slice(0, 5);
    const other = ids[5]!;
    const headers = await apiHeaders(page);
    let k = 0;
    for (const id of practised) {
      expect((await page.request.post('/api/repaso/visto', { headers, data: { id_palabra: id } })).status()).toBe(200);
      const r = await page.request.post('/api/repaso/respuesta', {
        headers,
        data: { id_palabra: id, elegida: id, clave: `e2e-juego-${Date.now()}-${++k}` },
      });
      expect(r.status(), await r.text()).toBe(201);
    }
    const memory = (await (await page.request.get('/api/repaso/juego/1', { headers })).json()).data as {
      id_palabra: number;
      estrellas: number;
      pendiente: boolean;
    }[];
    expect(memory.filter((m) => practised.includes(m.id_palabra)).every((m) => m.estrellas >= 1 && m.estrellas <= 2 && !m.pendiente)).toBe(true);

    await openGame(page, '/ruleta-palabras?nivel=1');
    // Which words come up is the subject, not the pauses between rounds: they run 20× faster
    // (test hook); Cartas' preview and feedback pauses are timed in real time in games-cards.spec.ts.
    await page.evaluate(() => window.__game!.setTimeScale(20));
    await clickTarget(page, 'button:start');
    const targets: number[] = [];
    const shown = new Set<number>();
    for (let round = 0; round < 5; round++) {
      const s = await waitPhase<Snap>(page, ['pick-card']);
      expect(s.roundIndex).toBe(round);
      targets.push(s.targetWordId!);
      const words = await phaseCount(page, 'pick-word');
      await clickTarget(page, `card:${s.clueCard}`);
      const found = await waitNewPhase<Snap>(page, 'pick-word', words, `round ${round + 1}: the clue card`);
      for (const o of found.options) shown.add(o.id);
      await clickTarget(page, `option:${found.options.findIndex((o) => o.id === s.targetWordId)}`);
      await page.waitForFunction(
        (r) => {
          const n = window.__game?.snapshot() as Snap | null;
          return !!n && (n.roundIndex !== r || n.phase === 'won' || n.phase === 'lost');
        },
        round,
        { polling: POLL_MS },
      );
    }
    await waitPhase<Snap>(page, ['won']);
    expect([...targets].sort((a, b) => a - b)).toEqual([...practised].sort((a, b) => a - b));
    expect(shown.has(other)).toBe(false);
  });

  test('when the memory cannot be read, the game starts as before', async ({ page }) => {
    await page.route('**/api/repaso/juego/**', (route) => route.fulfill({ status: 500, json: { msg: 'Error del servidor.' } }));
    await openGame(page, '/ruleta-palabras?nivel=1');
    await clickTarget(page, 'button:start');
    const s = await waitPhase<Snap>(page, ['preview', 'pick-card']);
    expect(s).toMatchObject({ level: 1, levels: 1, roundsInLevel: 5, lives: 3 });
  });
});
