import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, loginAs, apiHeaders, signUpChild } from './fixtures';

const SIGN_GIF = readFileSync(path.resolve('public/demo/palabras/gato/sign.gif'));

// A question of Tipo 'Video' shows its sign (a GIF or video as the question's imagen)
// in the sign player; the child types the word. Everything is created on a throwaway level.
test('a Video question shows its sign in the quiz; the admin form previews it', async ({ page, browser }) => {
  const run = Math.random().toString(36).slice(2, 7);
  await loginAs(page, 'admin');
  const headers = await apiHeaders(page);
  let levelId: number | null = null;
  let evaluacionId: number | null = null;
  let preguntaId: number | null = null;
  try {
    const lvl = await page.request.post('/api/nivel/register', {
      headers,
      multipart: { nombre_nivel: `Señas ${run}`, descripcion: 'Nivel temporal de la prueba de preguntas con seña.', dificultad: 'Fácil' },
    });
    expect(lvl.status(), await lvl.text()).toBe(201);
    levelId = ((await lvl.json()) as { data: { id: number } }).data.id;
    const ev = await page.request.post('/api/evaluacion/register', { headers, data: { id_nivel: levelId, puntaje: 100 } });
    expect(ev.status(), await ev.text()).toBe(201);
    evaluacionId = ((await ev.json()) as { data: { id_evaluacion: number } }).data.id_evaluacion;
    const q = await page.request.post('/api/pregunta/register', {
      headers,
      multipart: {
        pregunta: '¿Qué palabra es esta seña?',
        Tipo: 'Video',
        porcentaje: '100',
        id_evaluacion: String(evaluacionId),
        respuestas: JSON.stringify([{ respuesta: 'gato', valor: true }]),
        imagen: { name: 'sena.gif', mimeType: 'image/gif', buffer: SIGN_GIF },
      },
    });
    expect(q.status(), await q.text()).toBe(201);
    const created = ((await q.json()) as { data: { id_pregunta: number; imagen: string } }).data;
    preguntaId = created.id_pregunta;
    expect(created.imagen).toMatch(/\.gif$/);

    // The admin form: the field says it takes a sign, and previews the stored GIF in the sign player.
    await page.goto(`/admin/pregunta/${preguntaId}/editar`);
    await expect(page.getByText('Imagen o seña (JPG, PNG, GIF, MP4 o WEBM)').first()).toBeVisible();
    const preview = page.getByTestId('pregunta-imagen-preview').getByTestId('sign-player');
    await preview.scrollIntoViewIfNeeded();
    await expect(preview).toHaveAttribute('data-variant', 'preview');
    await expect(preview).toHaveAttribute('data-ready', 'true');
    // A GIF just picked (not saved) is previewed as an animated picture (a blob: URL).
    await page.locator('input[type=file]').setInputFiles({ name: 'otra-sena.gif', mimeType: 'image/gif', buffer: SIGN_GIF });
    await expect(page.getByTestId('pregunta-imagen-preview').locator('img[src^="blob:"]')).toBeVisible();
    await expect(page.getByTestId('pregunta-imagen-preview').getByTestId('sign-player')).toHaveCount(0);

    // A newly signed-up child opens the level's questionnaire and sees the sign playing.
    const childContext = await browser.newContext();
    try {
      const child = await childContext.newPage();
      await signUpChild(child);
      await child.goto(`/cuestionario/${levelId}`);
      const card = child.getByTestId('question-card').filter({ hasText: '¿Qué palabra es esta seña?' });
      await expect(card).toHaveCount(1);
      const player = card.getByTestId('sign-player');
      await expect(player).toHaveAttribute('data-variant', 'overlay');
      await expect(player).toHaveAttribute('data-ready', 'true');
      await expect(card.getByTestId('sign-canvas')).toHaveAttribute('data-kind', 'gif');
      // Tipo Video is answered by typing the word.
      await expect(card.getByLabel('Escribe tu respuesta')).toBeVisible();
    } finally {
      await childContext.close();
    }
  } finally {
    if (preguntaId !== null) expect((await page.request.delete(`/api/pregunta/delete/${preguntaId}`, { headers })).status()).toBe(200);
    if (evaluacionId !== null) expect((await page.request.delete(`/api/evaluacion/delete/${evaluacionId}`, { headers })).status()).toBe(200);
    if (levelId !== null) expect((await page.request.delete(`/api/nivel/delete/${levelId}`, { headers })).status()).toBe(200);
  }
});
