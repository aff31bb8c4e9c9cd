import type { Page, Response } from '@playwright/test';
import { test, expect, apiHeaders, joinClass, loginAs, profesorClass, signUpChild, axe, AFTER_ACTION } from './fixtures';

/**
 * The review session as a child uses it (learner screens): a new child opens a level and
 * two of its words, /home's "Repaso de hoy" card counts the signs waiting, the session asks them
 * (right, wrong with the correct sign shown, right), a lost answer is retried and a reload resumes
 * without storing anything twice, the summary lists the word to practise, and back on /home the
 * count has dropped. Every state is checked at 768×1024 and 1280×800 (sideways scroll, axe-core).
 */

type Item = { id_palabra: number; palabraEspanol: string; tipo: string; distractores: { id_palabra: number; palabraEspanol: string }[] };

/**
 * The page at both sizes (back at 1280×800 after), each checked for sideways scrolling and for
 * serious or critical accessibility violations (axe-core).
 */
async function shot(page: Page, name: string) {
  for (const [w, h] of [
    [768, 1024],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll, `${name} at ${w}: no sideways scroll`).toBeLessThanOrEqual(client + 1);
    // The resize can leave the pointer over a control whose tooltip is fading in: axe would measure
    // the half-transparent tooltip. Move the pointer off and let every animation end first.
    await page.mouse.move(1, h - 1);
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const found = await axe(page).analyze();
    const serious = found.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, `${name} at ${w}`).toEqual([]);
  }
}

const isPost = (path: string) => (r: Response) => r.url().endsWith(path) && r.request().method() === 'POST';

/** Opens Animales from /home and views its first two words (each view is a POST repaso/visto). */
async function openLevelAndWords(page: Page, shotName?: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Empezar Animales' }).click();
  await expect(page).toHaveURL(/\/supmenu\/\d+$/);
  const levelId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('word-card')).toHaveCount(6);
  // Each word's strength arrives after the menu: a new child's words have no stars yet.
  await expect(page.getByRole('img', { name: '0 de 3 estrellas' })).toHaveCount(6);
  if (shotName) await shot(page, shotName);
  const seen1 = page.waitForResponse(isPost('/api/repaso/visto'), AFTER_ACTION);
  await page.getByRole('button', { name: 'Empezar perro' }).click();
  expect((await seen1).status()).toBe(200);
  const seen2 = page.waitForResponse(isPost('/api/repaso/visto'), AFTER_ACTION);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  expect((await seen2).status()).toBe(200);
  return levelId;
}

const today = async (page: Page) => (await (await page.request.get('/api/repaso/hoy', { headers: await apiHeaders(page) })).json()).data;
const card = (page: Page) => page.getByTestId('review-card');

/** Starts the session from the card; resolves with the items the page got. */
async function startSession(page: Page): Promise<Item[]> {
  const got = page.waitForResponse((r) => r.url().endsWith('/api/repaso/sesion'), AFTER_ACTION);
  await card(page).getByRole('link', { name: 'Repasar' }).click();
  await expect(page).toHaveURL(/\/home\/repaso$/);
  return (await (await got).json()).data as Item[];
}

const choiceOf = (page: Page, id: number) => page.locator(`[data-testid="review-choice"][data-id-palabra="${id}"]`);
const wrongOf = (item: Item) => item.distractores[0]!.id_palabra;

test('a child reviews: the card counts, a session with a miss, a lost answer and a reload, the summary, a lower count', async ({ page, request }) => {
  await signUpChild(page);
  const me = await page.evaluate(() => Number(JSON.parse(localStorage.getItem('user') || '{}').id));
  // She is in the demo profesor's class (joined with its code), so her teacher may follow her memory at the end.
  await joinClass(page, (await profesorClass(request)).codigo);

  // Nothing met yet: invited to open a level (never "¡Todo repasado por hoy!"), no Repasar button.
  await page.goto('/home');
  await expect(card(page)).toHaveAttribute('data-state', 'start');
  // Every state's text is drawn (hidden) to keep the card's height: the one shown is the visible one.
  await expect(card(page).getByText('¡Aún no has visto palabras! Abre un nivel para empezar.')).toBeVisible();
  await expect(card(page).getByText('¡Todo repasado por hoy!')).toBeHidden();
  await expect(card(page).getByRole('link', { name: 'Repasar' })).toHaveCount(0);

  await openLevelAndWords(page);
  await page.goto('/home');
  const before = await today(page);
  const n0 = before.pendientes + before.nuevas;
  expect(n0).toBeGreaterThan(0);
  await expect(card(page).getByTestId('review-due')).toHaveText(`Tienes ${n0} ${n0 === 1 ? 'seña' : 'señas'} para repasar`);

  // Every answer the page sends, in order (a retry shows as the same clave twice).
  const sent: { id_palabra: number; elegida?: number; escrita?: string; correcto?: boolean; clave: string }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/repaso/respuesta') && r.method() === 'POST') sent.push(r.postDataJSON());
  });
  // The first answer reaches the server but its reply is lost (as on a dropped connection).
  let lost = false;
  await page.route('**/api/repaso/respuesta', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });

  const items = await startSession(page);
  expect(items.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('review-progress')).toHaveText(`1 de ${items.length}`);

  // 1: right. Its reply is lost; the page retries once with the same clave and the server keeps one.
  const retried = page.waitForResponse((r) => r.url().endsWith('/api/repaso/respuesta') && r.status() === 200, AFTER_ACTION);
  await choiceOf(page, items[0]!.id_palabra).click();
  await expect(page.getByTestId('review-feedback')).toHaveAttribute('data-correct', 'true');
  await expect(page.getByTestId('review-feedback')).toContainText('¡Muy bien!');
  // After the answer, the word's sign can be practised with the camera before going on.
  await expect(page.getByTestId('review-ahora-tu').getByRole('button', { name: '¡Ahora tú!' })).toBeVisible();
  await retried;
  expect(sent).toHaveLength(2);
  expect(sent[1]!.clave).toBe(sent[0]!.clave);
  // The page sends the answer itself (the word chosen), never a verdict: the server grades it.
  expect(sent[0]).toMatchObject({ id_palabra: items[0]!.id_palabra, elegida: items[0]!.id_palabra });
  expect(sent[0]).not.toHaveProperty('correcto');

  // A reload mid-session resumes at the next item (nothing asked again, nothing stored twice).
  await page.reload();
  await expect(page.getByTestId('review-progress')).toHaveText(`2 de ${items.length}`);

  // 2: wrong (with the keyboard: its number), then the correct sign with its word.
  const wrongIndex = await page
    .getByTestId('review-choice')
    .evaluateAll((els, id) => els.findIndex((e) => e.getAttribute('data-id-palabra') === String(id)), wrongOf(items[1]!));
  await page.keyboard.press(String(wrongIndex + 1));
  const fb = page.getByTestId('review-feedback');
  await expect(fb).toHaveAttribute('data-correct', 'false');
  // The question gives way to what the child chose and the correct sign.
  await expect(page.getByTestId('review-choice')).toHaveCount(0);
  await expect(fb.getByTestId('review-said')).toHaveText(`Elegiste «${items[1]!.distractores[0]!.palabraEspanol}».`);
  await expect(fb).toContainText(`Esta es la seña de ${items[1]!.palabraEspanol}`);
  await expect(fb.getByTestId('review-correct-sign')).toContainText(items[1]!.palabraEspanol);
  // Enter goes on (the button has the focus).
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('review-progress')).toHaveText(`3 de ${items.length}`);

  // The rest: right.
  for (let i = 2; i < items.length; i++) {
    await choiceOf(page, items[i]!.id_palabra).click();
    await expect(page.getByTestId('review-feedback')).toHaveAttribute('data-correct', 'true');
    await page.getByRole('button', { name: i === items.length - 1 ? 'Ver resultado' : 'Siguiente' }).click();
  }
  const summary = page.getByTestId('review-summary');
  await expect(summary.getByTestId('review-score')).toHaveText(`Acertaste ${items.length - 1} de ${items.length}.`);
  await expect(summary.getByRole('list', { name: 'Señas para seguir practicando' })).toHaveText(items[1]!.palabraEspanol);

  // Every answer stored once: the child's own summary counts today's reviews.
  await expect
    .poll(async () => {
      const r = await page.request.get(`/api/repaso/alumno/${me}`, { headers: await apiHeaders(page) });
      return ((await r.json()).data.por_dia as { repasos: number }[]).reduce((s, d) => s + d.repasos, 0);
    })
    .toBe(items.length);

  // Back on /home the card says what is left, which is less than before when the level's other words are done too.
  await summary.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const after = await today(page);
  const n1 = after.pendientes + after.nuevas;
  if (n1 > 0) await expect(card(page).getByTestId('review-due')).toHaveText(`Tienes ${n1} ${n1 === 1 ? 'seña' : 'señas'} para repasar`);

  // A second session (the level's other new words), all right with the keyboard.
  const items2 = await startSession(page);
  for (const [i, it] of items2.entries()) {
    // A slow network for the last answer: it is still on its way when the child goes home, and the
    // card must count it all the same (it waits for the device's queue before asking).
    if (i === items2.length - 1)
      await page.route('**/api/repaso/respuesta', async (route) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await route.continue();
      });
    const k = await page
      .getByTestId('review-choice')
      .evaluateAll((els, id) => els.findIndex((e) => e.getAttribute('data-id-palabra') === String(id)), it.id_palabra);
    await page.keyboard.press(String(k + 1));
    await expect(page.getByTestId('review-feedback')).toHaveAttribute('data-correct', 'true');
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('review-score')).toHaveText(`Acertaste ${items2.length} de ${items2.length}.`);
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(card(page)).not.toHaveAttribute('data-state', 'loading');
  await page.unroute('**/api/repaso/respuesta');
  const last = await today(page);
  const n2 = last.pendientes + last.nuevas;
  expect(n2).toBeLessThan(n0);
  if (n2 === 0) {
    await expect(card(page)).toHaveAttribute('data-state', 'calm');
    await expect(card(page).getByText(/^Tu próximo repaso: /)).toBeVisible();
  } else await expect(card(page).getByTestId('review-due')).toHaveText(`Tienes ${n2} ${n2 === 1 ? 'seña' : 'señas'} para repasar`);
  await shot(page, 'card-after');

  // The teacher's view shows it: a profesor opens this child's memory (one review per answered item).
  await loginAs(page, 'profesor');
  await page.goto(`/admin/memoria/${me}`);
  await expect(page.getByTestId('repasos-30')).toHaveText(String(items.length + items2.length));
});

test('every item kind, typed answers without accents, the miss and the summary, at both sizes', async ({ page }) => {
  await signUpChild(page);
  await page.goto('/home');
  await expect(card(page)).toHaveAttribute('data-state', 'start');
  await shot(page, 'card-start');
  await openLevelAndWords(page, 'levelmenu-stars');
  await page.goto('/home');
  await expect(card(page)).toHaveAttribute('data-state', 'due');
  await shot(page, 'card-due');

  // A new child's items are all sign → word: here the session is given one of each kind (the
  // server asks the other two once words are reviewed or known), with the real words.
  await page.route('**/api/repaso/sesion', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    const kinds = ['palabra_a_sena', 'escribir', 'sena_a_palabra'];
    body.data = body.data.slice(0, 3).map((it: Item, i: number) => ({ ...it, tipo: kinds[i], distractores: kinds[i] === 'escribir' ? [] : it.distractores }));
    await route.fulfill({ response: res, json: body });
  });
  const items = await startSession(page);
  expect(items.map((i) => i.tipo)).toEqual(['palabra_a_sena', 'escribir', 'sena_a_palabra']);

  // Word and picture → pick the sign among 3 big tiles, each a playing sign with its pick button.
  await expect(page.getByText(`${items[0]!.palabraEspanol}?`)).toBeVisible();
  await expect(page.getByTestId('review-choice')).toHaveCount(3);
  const tiles = page.getByTestId('review-choice-tile');
  await expect(tiles.locator('[data-testid="sign-player"]')).toHaveCount(3);
  await expect(page.locator('[data-testid="sign-player"][data-ready="true"]').first()).toBeVisible();
  await shot(page, 'item-palabra-a-sena');
  // The sign is the clue: at 768 px each tile, and the sign in it, is at least a third of the content's width.
  await page.setViewportSize({ width: 768, height: 1024 });
  const contentWidth = await page.locator('main').evaluate((m) => {
    const cs = getComputedStyle(m);
    return m.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  });
  for (let i = 0; i < 3; i++) {
    const tile = (await tiles.nth(i).boundingBox())!;
    const sign = (await tiles.nth(i).getByTestId('sign-player').boundingBox())!;
    expect(tile.width, `tile ${i + 1} of ${contentWidth}`).toBeGreaterThanOrEqual(contentWidth / 3);
    expect(sign.width, `sign ${i + 1} of ${contentWidth}`).toBeGreaterThanOrEqual(contentWidth / 3);
    expect(sign.height, `sign ${i + 1}: a sign, not a thumbnail`).toBeGreaterThanOrEqual(160);
  }
  // 'Ver grande' shows the sign at the dialog's full width; Escape closes it and the focus is back on the tile.
  const enlarge = page.getByRole('button', { name: 'Ver grande la seña 2' });
  await enlarge.click();
  const big = page.getByRole('dialog', { name: 'Seña 2' });
  await expect(big.getByTestId('sign-player')).toBeVisible();
  const bigSign = (await big.getByTestId('sign-player').boundingBox())!;
  expect(bigSign.width, 'the enlarged sign is wider than the tile').toBeGreaterThan(contentWidth * 0.8);
  // A number key does not pick a choice behind the dialog.
  await page.keyboard.press('1');
  await page.keyboard.press('Escape');
  await expect(big).toBeHidden();
  await expect(enlarge).toBeFocused();
  await expect(page.getByTestId('review-feedback')).toHaveCount(0);
  // With the keyboard too, and closed with its big 'Cerrar'.
  await page.keyboard.press('Enter');
  await expect(big).toBeVisible();
  await big.getByRole('button', { name: 'Cerrar' }).click();
  await expect(big).toBeHidden();
  await expect(enlarge).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });
  // Arrows move between the choices, Enter picks.
  await page.getByTestId('review-choice').first().focus();
  const right = await page
    .getByTestId('review-choice')
    .evaluateAll((els, id) => els.findIndex((e) => e.getAttribute('data-id-palabra') === String(id)), items[0]!.id_palabra);
  for (let i = 0; i < right; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('review-feedback')).toHaveAttribute('data-correct', 'true');
  await shot(page, 'feedback-right');
  await page.keyboard.press('Enter');

  // Sign → type the word: accents optional, Enter sends.
  await expect(page.getByTestId('review-progress')).toHaveText('2 de 3');
  const field = page.getByRole('textbox', { name: 'Escribe la palabra' });
  await expect(field).toBeFocused();
  await shot(page, 'item-escribir');
  const plain = items[1]!.palabraEspanol
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  await field.fill(` ${plain} `);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('review-feedback')).toHaveAttribute('data-correct', 'true');
  await page.keyboard.press('Enter');

  // Sign → pick the word among 3 (picture + text): a miss shows the correct sign with its word.
  await expect(page.getByTestId('review-sign').getByTestId('sign-player')).toBeVisible();
  await shot(page, 'item-sena-a-palabra');
  await choiceOf(page, wrongOf(items[2]!)).click();
  await expect(page.getByTestId('review-feedback')).toHaveAttribute('data-correct', 'false');
  await expect(page.getByTestId('review-correct-sign').getByTestId('sign-player')).toBeVisible();
  await shot(page, 'feedback-miss');
  await page.getByRole('button', { name: 'Ver resultado' }).click();
  await expect(page.getByTestId('review-score')).toHaveText('Acertaste 2 de 3.');
  await shot(page, 'summary');
});

test('a failed card or session says so calmly and the session can be asked again', async ({ page }) => {
  await signUpChild(page);
  await page.route('**/api/repaso/hoy', (route) => route.fulfill({ status: 500, json: { msg: 'Error interno.' } }));
  await page.goto('/home');
  await expect(card(page)).toHaveAttribute('data-state', 'error');
  await expect(card(page).getByText('No se pudo cargar tu repaso. Inténtalo más tarde.')).toBeVisible();
  await expect(card(page).getByText('Cargando tu repaso...')).toBeHidden();
  // The levels are there all the same.
  await expect(page.getByTestId('level-card').first()).toBeVisible();

  await page.route('**/api/repaso/sesion', (route) => route.abort('connectionreset'));
  await page.goto('/home/repaso');
  await expect(page.getByRole('alert')).toContainText('No se pudo cargar el repaso. Revisa tu conexión.');
  await page.unroute('**/api/repaso/sesion');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  // Nothing met yet: an empty session is the calm state, with the way home.
  await expect(page.getByTestId('review-empty')).toContainText('¡Todo repasado por hoy!');
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // /home/repaso is the only panel of /home.
  await page.goto('/home/otra');
  await expect(page).toHaveURL(/\/errorPage$/);
});

test('the card keeps one height in every state, so the levels under it never move (375, 768 px)', async ({ page }) => {
  await loginAs(page, 'nina');
  const states: Record<string, { status: number; json: unknown } | null> = {
    loading: null,
    error: { status: 500, json: { msg: 'Error interno.' } },
    due: { status: 200, json: { data: { pendientes: 12, nuevas: 3, proxima: null } } },
    calm: { status: 200, json: { data: { pendientes: 0, nuevas: 0, proxima: new Date(Date.now() + 3 * 86_400_000).toISOString() } } },
    start: { status: 200, json: { data: { pendientes: 0, nuevas: 0, proxima: null } } },
  };
  // What the child sees in each state, and nothing else (the other states' texts only hold the room).
  const seen: Record<string, string[]> = {
    loading: ['Cargando tu repaso...'],
    error: ['No se pudo cargar tu repaso. Inténtalo más tarde.'],
    due: ['Tienes 15 señas para repasar'],
    calm: ['¡Todo repasado por hoy!', 'Tu próximo repaso: en 3 días.'],
    start: ['¡Aún no has visto palabras! Abre un nivel para empezar.'],
  };
  const visibleTexts = (page: Page) =>
    card(page)
      .locator('[role="status"] p')
      .evaluateAll((ps) => ps.filter((p) => p.checkVisibility({ visibilityProperty: true })).map((p) => p.textContent));
  for (const width of [375, 768]) {
    await page.setViewportSize({ width, height: 900 });
    const heights: Record<string, number> = {};
    for (const [state, reply] of Object.entries(states)) {
      await page.unroute('**/api/repaso/hoy');
      // 'loading' never answers: the card stays in its first state.
      await page.route('**/api/repaso/hoy', (route) => (reply ? route.fulfill(reply) : undefined));
      await page.goto('/home');
      await expect(card(page)).toHaveAttribute('data-state', state.startsWith('calm') ? 'calm' : state);
      await expect.poll(() => visibleTexts(page)).toEqual(seen[state]);
      await expect(card(page).getByRole('link', { name: 'Repasar' })).toHaveCount(state === 'due' ? 1 : 0);
      heights[state] = await card(page).evaluate((e) => Math.round(e.getBoundingClientRect().height));
    }
    expect(new Set(Object.values(heights)), `${width} px: ${JSON.stringify(heights)}`).toEqual(new Set([heights.loading]));
  }
});
