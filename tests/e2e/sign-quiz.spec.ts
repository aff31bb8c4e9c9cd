import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, loginAs, apiHeaders, signUpChild } from './fixtures';

/**
 * "The sign is the clue": a quiz asked in signs. Staff generate the questions of a throwaway level
 * through the API (three words with their own sign and picture: one question of each kind); a
 * newly signed-up child sees the sign as the biggest thing on its card, chooses a sign tile and a
 * picture (by mouse and by keyboard), and passes, at 768×1024 and then 1280×800.
 */
const WORDS = ['gato', 'perro', 'pez'] as const;
const demo = (w: string, f: string) => readFileSync(path.resolve(`public/demo/palabras/${w}/${f}`));

interface KeyQuestion {
  id_pregunta: number;
  pregunta: string;
  modo: string;
  respuestas: { respuesta: string; valor: boolean }[];
}

async function makeLevel(request: APIRequestContext, headers: Record<string, string>, run: string) {
  const lvl = await request.post('/api/nivel/register', {
    headers,
    multipart: { nombre_nivel: `Señas ${run}`, descripcion: 'Nivel temporal de la prueba del cuestionario con señas.', dificultad: 'Fácil' },
  });
  expect(lvl.status(), await lvl.text()).toBe(201);
  const levelId = ((await lvl.json()) as { data: { id: number } }).data.id;
  for (const w of WORDS) {
    const p = await request.post('/api/palabra/register', { headers, data: { palabraEspanol: w, palabraIngles: w, id_nivel: levelId } });
    expect(p.status(), await p.text()).toBe(201);
    const id = ((await p.json()) as { data: { id_palabra: number } }).data.id_palabra;
    for (const [tipo, descripcion, file, mimeType] of [
      ['gif', 'gifSena', 'sign.gif', 'image/gif'],
      ['imagen', 'imgEspanol', 'img-es.png', 'image/png'],
    ] as const) {
      const m = await request.post('/api/multimedia/register', {
        headers,
        multipart: { tipo, descripcion, id_palabra: String(id), file: { name: `${w}-${file}`, mimeType, buffer: demo(w, file) } },
      });
      expect(m.status(), await m.text()).toBe(201);
    }
  }
  const ev = await request.post('/api/evaluacion/register', { headers, data: { id_nivel: levelId, puntaje: 100 } });
  expect(ev.status(), await ev.text()).toBe(201);
  const gen = await request.post('/api/pregunta/generar-senas', { headers, data: { id_nivel: levelId } });
  expect(gen.status(), await gen.text()).toBe(201);
  const key = (await (await request.get(`/api/evaluacion/detalles?id_nivel=${levelId}`, { headers })).json()).data[0].preguntas as KeyQuestion[];
  return { levelId, key };
}

const rightIndex = (q: KeyQuestion) => q.respuestas.findIndex((r) => r.valor);

async function width(locator: ReturnType<Page['locator']>) {
  return (await locator.boundingBox())!.width;
}

test('a child answers sign questions: a sign tile, a picture and a word, the sign biggest on each card', async ({ page, browser }) => {
  const run = Math.random().toString(36).slice(2, 7);
  await loginAs(page, 'admin');
  const headers = await apiHeaders(page);
  const { levelId, key } = await makeLevel(page.request, headers, run);
  expect(new Set(key.map((q) => q.modo))).toEqual(new Set(['sena-palabra', 'palabra-sena', 'sena-imagen']));
  const byKind = (k: string) => key.find((q) => q.modo === k)!;

  const ctx = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  try {
    const child = await ctx.newPage();
    await signUpChild(child);
    await child.goto(`/cuestionario/${levelId}`);
    const card = (q: KeyQuestion) => child.getByTestId('question-card').filter({ hasText: q.pregunta });
    await expect(child.getByTestId('question-card')).toHaveCount(3);

    // The sign → picture question: the sign is the biggest thing; the pictures have no word under them.
    const pics = card(byKind('sena-imagen'));
    const sign = pics.getByTestId('question-sign');
    await expect(sign.getByTestId('sign-player')).toHaveAttribute('data-ready', 'true');
    const tiles = pics.getByTestId('choice-tile');
    await expect(tiles).toHaveCount(3);
    for (const tile of await tiles.all()) for (const w of WORDS) await expect(tile).not.toContainText(w);
    const signW = await width(sign);
    for (const tile of await tiles.all()) expect(signW).toBeGreaterThan(await width(tile));
    // Each tile is at least a third of the card's content width at 768 px.
    const content = await width(pics.locator('fieldset'));
    for (const tile of await tiles.all()) expect(await width(tile)).toBeGreaterThanOrEqual(content / 3);
    // By keyboard: the tiles are one radio group; arrows move the choice.
    const first = pics.getByRole('radio', { name: 'Imagen 1' });
    await first.focus();
    await child.keyboard.press('Space');
    await expect(first).toBeChecked();
    for (let i = 0; i < rightIndex(byKind('sena-imagen')); i++) await child.keyboard.press('ArrowRight');
    await expect(pics.getByRole('radio', { name: `Imagen ${rightIndex(byKind('sena-imagen')) + 1}` })).toBeChecked();

    // The word → sign question: sign tiles that play and can be enlarged; the child clicks one.
    const signs = card(byKind('palabra-sena'));
    await expect(signs.getByTestId('choice-tile').getByTestId('sign-player')).toHaveCount(3);
    // No word under a sign tile either (the word asked is in the question, not under its sign).
    for (const tile of await signs.getByTestId('choice-tile').all()) for (const w of WORDS) await expect(tile).not.toContainText(w);
    await signs.getByRole('button', { name: 'Ampliar seña 1' }).click();
    const dialog = child.getByRole('dialog');
    await expect(dialog.getByTestId('sign-player')).toHaveAttribute('data-ready', 'true');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
    const n = rightIndex(byKind('palabra-sena')) + 1;
    await signs
      .getByText('Elegir esta seña')
      .nth(n - 1)
      .click();
    await expect(signs.getByRole('radio', { name: `Seña ${n}` })).toBeChecked();

    // The sign → word question: the sign, and words to choose from.
    const words = card(byKind('sena-palabra'));
    await expect(words.getByTestId('question-sign').getByTestId('sign-player')).toHaveAttribute('data-ready', 'true');
    const q = byKind('sena-palabra');
    await words.getByLabel(q.respuestas[rightIndex(q)]!.respuesta, { exact: true }).check();

    await pics.scrollIntoViewIfNeeded();
    await child.setViewportSize({ width: 1280, height: 800 });
    await signs.scrollIntoViewIfNeeded();

    await child.getByRole('button', { name: 'Enviar respuestas' }).click();
    const overlay = child.getByTestId('quiz-result');
    await expect(overlay.getByRole('heading', { name: '¡Excelente trabajo!' })).toBeVisible();
    await expect(overlay.getByTestId('result-correct')).toHaveText('Respuestas correctas: 3 de 3');
  } finally {
    await ctx.close();
  }
});
