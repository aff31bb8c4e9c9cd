/**
 * "A classroom with bad Wi-Fi keeps learning, and nothing is lost": a child opens a level
 * online, the tablet loses the connection, the child watches signs, plays a game and sends the quiz;
 * when the connection returns the server holds exactly one attempt with the child's answers, the
 * words seen and the game run. The same when the connection drops during the submit (the server got
 * it, the reply was lost). A logout offline leaves nothing of that child for the next one.
 *
 * The service worker is allowed here only (playwright.config.ts blocks it elsewhere, so the other
 * specs keep talking to the server directly). Fresh children, so the demo children are untouched.
 * Level 'Animales' (seed): dog → perro (choice), bird → pájaro (typed), water → pez (choice),
 * lion → león (typed).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, signUpChild } from './fixtures';
import { BIRD, DEMO_QUESTIONS, DOG, LION, WATER, answerTiles, card } from './quiz-helpers';
import { controlled } from './sw-helpers';
import { TEST_FLAG_KEY, clickTarget, waitNewPhase, waitPhase, phaseCount } from './games-helpers';
import type { CardsSnapshot } from '../../src/shared/rules/games/cards';

test.use({ serviceWorkers: 'allow' });

async function session(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('token') ?? '', userId: Number(localStorage.getItem('userId')) }));
}

/** The server's view, read with the child's token through Playwright's own client (not the page's). */
async function serverState(page: Page, s: { token: string; userId: number }, levelId: number) {
  const h = { Authorization: `Bearer ${s.token}` };
  const results = await (await page.request.get(`/api/evaluacion/resultados/usuario/${s.userId}`, { headers: h })).json();
  const progress = await (await page.request.get(`/api/progreso/usuario/${s.userId}`, { headers: h })).json();
  const games = await (await page.request.get('/api/partidas/resumen', { headers: h })).json();
  return {
    attempts: (results.data as { id_nivel: number; correctas: number; total_preguntas: number; fecha: string }[]).filter((r) => r.id_nivel === levelId),
    level: (progress.data as { id_nivel: number; palabras_vistas: number[] }[]).find((p) => p.id_nivel === levelId) ?? null,
    points: games.data?.puntos?.total as number,
  };
}

/** Answers the Animales quiz: five right (dog, water, lion, the sign tile, the picture), one wrong (bird). */
async function answerQuiz(page: Page) {
  await expect(page.getByTestId('question-card')).toHaveCount(DEMO_QUESTIONS);
  await answerTiles(page, { rabbit: true, cat: true });
  await card(page, DOG).getByLabel('perro').check();
  await card(page, WATER).getByLabel('pez').check();
  await card(page, BIRD).getByLabel('Escribe tu respuesta').fill('gato');
  await card(page, LION).getByLabel('Escribe tu respuesta').fill('león');
}

/** The kinds of the events waiting in the device's queue (IndexedDB 'manitas-outbox'). */
async function waitingKinds(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('manitas-outbox');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('eventos')) return resolve([]);
          const all = db.transaction('eventos').objectStore('eventos').getAll();
          all.onsuccess = () => resolve((all.result as { tipo: string }[]).map((e) => e.tipo).sort());
        };
        open.onerror = () => resolve(['(no se pudo abrir)']);
      }),
  );
}
const pendingInDevice = async (page: Page) => (await waitingKinds(page)).length;

/**
 * A fresh child signs up, the service worker takes charge of the page, and the child opens the
 * level 'Animales' online from /home. Returns the child's session and the level id.
 */
async function childOpensAnimales(page: Page, opts: { gamesTestMode?: boolean } = {}) {
  await signUpChild(page);
  if (opts.gamesTestMode) await page.evaluate((k) => localStorage.setItem(k, '1'), TEST_FLAG_KEY);
  const s = await session(page);
  await page.goto('/home');
  await controlled(page, { reload: true });
  await page.getByRole('button', { name: 'Empezar Animales' }).click();
  await expect(page).toHaveURL(/\/supmenu\/\d+$/);
  return { s, levelId: Number(new URL(page.url()).pathname.split('/').pop()) };
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByText('Sin conexión', { exact: false }).first()).toBeVisible();
}

test('offline: the child watches signs, plays a game and sends the quiz; online again, the server holds it once', async ({ page, context }) => {
  const { s, levelId } = await childOpensAnimales(page, { gamesTestMode: true });
  // The level is made ready for the tablet: every sign and picture downloaded.
  await page.getByRole('button', { name: 'Descargar para usar sin conexión' }).click();
  await expect(page.getByText('Disponible sin conexión')).toBeVisible({ timeout: 60_000 });

  await goOffline(context, page);
  // Signs: two words watched offline, each from its card (the sign plays from the device).
  for (const w of ['gato', 'conejo']) {
    await page.getByRole('button', { name: `Empezar ${w}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: w })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seña' }).getByTestId('sign-canvas')).toBeVisible();
    await page.getByRole('link', { name: 'Volver al nivel' }).click();
  }
  await expect(page.getByTestId('word-card').filter({ hasText: 'gato' })).toHaveAttribute('data-seen', 'true');

  // A game: two rounds of Cartas (20 points), then back to the games: the run is kept on the device.
  await page.goto(`/ruleta-palabras?nivel=${levelId}`);
  await expect(page.getByTestId('game-stage')).toBeVisible({ timeout: 30_000 });
  // Offline, the "Sin conexión" banner comes after the page's load event and takes its room at the
  // top, moving the game down: the child sees it before playing, and the taps aim at where the
  // game is once it has moved (a tap aimed before the move would land beside the start button).
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await waitPhase(page, ['instructions']);
  await clickTarget(page, 'button:start');
  for (let round = 1; round <= 2; round++) {
    const st = await waitPhase<CardsSnapshot>(page, ['pick-card']);
    const feedbacks = await phaseCount(page, 'feedback');
    await clickTarget(page, `card:${st.clueCard}`);
    const found = await waitPhase<CardsSnapshot>(page, ['pick-word']);
    await clickTarget(page, `option:${found.options.findIndex((o) => o.id === st.targetWordId)}`);
    await waitNewPhase<CardsSnapshot>(page, 'feedback', feedbacks, `round ${round}`);
  }
  await page.getByRole('button', { name: 'Volver', exact: true }).click();
  // The run and the words seen wait on the device.
  await expect.poll(() => waitingKinds(page)).toEqual(expect.arrayContaining(['partida', 'visto-nivel', 'visto-palabra']));

  // The quiz, sent offline: kept on the tablet, and the level menu says so.
  await page.goto(`/cuestionario/${levelId}`);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await answerQuiz(page);
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  const queued = page.getByTestId('quiz-queued');
  await expect(queued.getByRole('heading', { name: '¡Respuestas guardadas!' })).toBeVisible();
  await queued.getByRole('button', { name: 'Volver al Nivel' }).click();
  await expect(page.getByTestId('quiz-pending')).toBeVisible();
  // Nothing reached the server yet.
  const before = await serverState(page, s, levelId);
  expect(before.attempts).toHaveLength(0);
  expect(before.points).toBe(0);

  // Online again: everything goes out once, by itself.
  await context.setOffline(false);
  await expect(page.getByTestId('quiz-pending')).toBeHidden({ timeout: 30_000 });
  await expect.poll(() => pendingInDevice(page), { timeout: 30_000 }).toBe(0);
  const after = await serverState(page, s, levelId);
  expect(after.attempts).toHaveLength(1);
  expect(after.attempts[0]).toMatchObject({ correctas: 5, total_preguntas: 6 });
  expect(after.points).toBe(20);
  const seen = after.level?.palabras_vistas ?? [];
  expect(seen.length).toBeGreaterThanOrEqual(2);
  // The level menu shows the result the server gave, as an online submit does.
  await expect(page.getByTestId('last-result')).toContainText('5 de 6');
});

test('the connection drops during the submit: the server got it, the reply was lost; it is stored once', async ({ page, context }) => {
  const { s, levelId } = await childOpensAnimales(page);
  await page.goto(`/cuestionario/${levelId}`);
  await answerQuiz(page);

  // The first send reaches the server, then the connection dies before the reply arrives.
  let sends = 0;
  await context.route('**/api/resultados/save-multiple', async (route) => {
    sends++;
    if (sends === 1) {
      await route.fetch(); // the server stores it…
      await context.setOffline(true);
      return route.abort('internetdisconnected'); // …and the tablet never hears back
    }
    return route.continue();
  });
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByTestId('quiz-queued')).toBeVisible();
  expect((await serverState(page, s, levelId)).attempts).toHaveLength(1);

  await context.setOffline(false);
  await expect.poll(() => pendingInDevice(page), { timeout: 30_000 }).toBe(0);
  expect(sends).toBe(2); // the device sent it again, with the same key…
  const after = await serverState(page, s, levelId);
  expect(after.attempts).toHaveLength(1); // …and the server kept one attempt
  expect(after.attempts[0]).toMatchObject({ correctas: 5, total_preguntas: 6 });
});

test('a logout offline leaves nothing of that child on the tablet for the next one', async ({ page, context }) => {
  const { levelId } = await childOpensAnimales(page);
  await page.goto(`/cuestionario/${levelId}`);
  await expect(page.getByTestId('question-card')).toHaveCount(DEMO_QUESTIONS);
  await goOffline(context, page);
  await answerQuiz(page);
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await page.getByTestId('quiz-queued').getByRole('button', { name: 'Volver al Nivel' }).click();
  expect(await pendingInDevice(page)).toBeGreaterThan(0);

  // 'Salir' asks first: the work would be lost.
  await page.getByRole('button', { name: 'Salir', exact: true }).click();
  const ask = page.getByTestId('logout-unsent');
  await expect(ask.getByRole('heading', { name: 'Hay cosas sin enviar' })).toBeVisible();
  await ask.getByRole('button', { name: 'Quedarme' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/supmenu/${levelId}$`));
  await page.getByRole('button', { name: 'Salir', exact: true }).click();
  await page.getByTestId('logout-unsent').getByRole('button', { name: 'Salir y borrar' }).click();
  await expect(page).toHaveURL(/\/logIn$/);

  // Nothing of the child is readable: no session, no queue, no cached API answers or media.
  const left = await page.evaluate(async () => ({
    storage: Object.keys(localStorage),
    caches: (await caches.keys()).filter((k) => !k.includes('precache')),
  }));
  expect(left.storage).toEqual([]);
  expect(left.caches).toEqual([]);
  expect(await pendingInDevice(page)).toBe(0);
  // And an address of the child's data, asked offline, is not answered from a cache.
  const cached = await page.evaluate(async (lv) => !!(await caches.match(`/api/palabra/nivel/${lv}`)), levelId);
  expect(cached).toBe(false);
});
