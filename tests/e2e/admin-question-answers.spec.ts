import type { Page } from '@playwright/test';
import { test, expect, loginAs, apiHeaders, pickOption, signUpChild } from './fixtures';

/**
 * A question's answers are edited from its own form. A profesor (no Respuestas screen)
 * creates a Texto question with its expected answer and a choice question with 3 answers (one
 * with a picture), then edits an answer; an admin does the same from the verevaluacion panel; an
 * answer opened from a question returns there; a child who types the expected answer passes.
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1f0b10000000049454e44ae426082',
  'hex',
);

type Answer = { id_respuesta: number; respuesta: string; valor: boolean; imagen: string | null };
type Question = { id_pregunta: number; pregunta: string; Tipo: string; respuestas: Answer[] };

async function questionsOf(page: Page, headers: Record<string, string>, evaluacionId: number): Promise<Question[]> {
  const r = await page.request.get(`/api/pregunta/getPreguntas?id_evaluacion=${evaluacionId}&perPage=100`, { headers });
  expect(r.status()).toBe(200);
  return ((await r.json()) as { data: Question[] }).data;
}

test('a question form edits its answers (profesor in Preguntas, admin in the panel); a child passes with the expected text', async ({ page, browser }) => {
  const run = Math.random().toString(36).slice(2, 7);
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await loginAs(admin, 'admin');
  const aHeaders = await apiHeaders(admin);
  let levelId: number | null = null;
  let evaluacionId: number | null = null;
  const levelName = `Preguntas ${run}`;
  try {
    const lvl = await admin.request.post('/api/nivel/register', {
      headers: aHeaders,
      multipart: { nombre_nivel: levelName, descripcion: 'Nivel temporal de la prueba de respuestas.', dificultad: 'Fácil' },
    });
    expect(lvl.status(), await lvl.text()).toBe(201);
    levelId = ((await lvl.json()) as { data: { id: number } }).data.id;
    const ev = await admin.request.post('/api/evaluacion/register', { headers: aHeaders, data: { id_nivel: levelId, puntaje: 100 } });
    expect(ev.status(), await ev.text()).toBe(201);
    evaluacionId = ((await ev.json()) as { data: { id_evaluacion: number } }).data.id_evaluacion;
    const evOption = `${levelName} (#${evaluacionId})`;

    // ── A profesor, in /admin/pregunta: a Texto question with its expected answer.
    await loginAs(page, 'profesor');
    const headers = await apiHeaders(page);
    await page.goto('/admin/pregunta/create');
    await pickOption(page, page.getByRole('combobox', { name: /^Tipo/ }), 'Texto', 'Tipo');
    await page.getByLabel('Pregunta', { exact: false }).first().fill(`¿Cómo se escribe la seña? ${run}`);
    await page.getByLabel(/^Porcentaje/).fill('25');
    // Searchable by the level's name: typed, then picked in the list the search found.
    await pickOption(page, page.getByRole('combobox', { name: /^Evaluación/ }), evOption, 'Evaluación', levelName);
    const expected = page.getByLabel(/^Respuesta esperada/);
    await expect(expected).toBeVisible();
    // Saving without it says why, on the field.
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('La respuesta es obligatoria.')).toBeVisible();
    await expected.fill('gato');
    for (const [w, h] of [
      [768, 1024],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
    }
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Pregunta creada correctamente.')).toBeVisible();
    let qs = await questionsOf(page, headers, evaluacionId);
    const texto = qs.find((q) => q.Tipo === 'Texto')!;
    expect(texto.respuestas.map((a) => [a.respuesta, a.valor])).toEqual([['gato', true]]);
    // Its detail shows the expected answer and leads to the form that edits it.
    await page.goto(`/admin/pregunta/${texto.id_pregunta}`);
    await expect(page.getByTestId('pregunta-respuesta-esperada')).toHaveText('Respuesta esperada: gato');
    await page.getByRole('link', { name: 'Editar pregunta y respuestas' }).click();
    await expect(page.getByLabel(/^Respuesta esperada/)).toHaveValue('gato');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A choice question with 3 answers, the second with a picture.
    await page.goto('/admin/pregunta/create');
    await pickOption(page, page.getByRole('combobox', { name: /^Tipo/ }), 'Opción Múltiple', 'Tipo');
    await page.getByLabel('Pregunta', { exact: false }).first().fill(`¿Qué fruta es roja? ${run}`);
    await page.getByLabel(/^Porcentaje/).fill('25');
    // Searchable by the level's name: typed, then picked in the list the search found.
    await pickOption(page, page.getByRole('combobox', { name: /^Evaluación/ }), evOption, 'Evaluación', levelName);
    const rows = page.locator('.RaSimpleFormIterator-line');
    await expect(rows).toHaveCount(1);
    const add = page.getByRole('button', { name: 'Añadir respuesta' });
    await add.click();
    await add.click();
    await expect(rows).toHaveCount(3);
    for (const [i, text] of ['fresa', 'plátano', 'pera'].entries())
      await rows
        .nth(i)
        .getByLabel(/^Respuesta/)
        .fill(text);
    await rows.nth(0).getByLabel('Correcta').check();
    await rows.nth(1).locator('input[type=file]').setInputFiles({ name: 'platano.png', mimeType: 'image/png', buffer: PNG });
    for (const [w, h] of [
      [768, 1024],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
    }
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Pregunta creada correctamente.')).toBeVisible();
    qs = await questionsOf(page, headers, evaluacionId);
    const choice = qs.find((q) => q.Tipo === 'Opción Múltiple')!;
    expect(choice.respuestas.map((a) => [a.respuesta, a.valor, !!a.imagen])).toEqual([
      ['fresa', true, false],
      ['plátano', false, true],
      ['pera', false, false],
    ]);

    // Edit shows the answers; one is changed.
    await page.goto(`/admin/pregunta/${choice.id_pregunta}/editar`);
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2).getByLabel(/^Respuesta/)).toHaveValue('pera');
    await rows
      .nth(2)
      .getByLabel(/^Respuesta/)
      .fill('manzana');
    await rows.nth(2).getByLabel('Correcta').check();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Pregunta actualizada correctamente.')).toBeVisible();
    const edited = (await questionsOf(page, headers, evaluacionId)).find((q) => q.id_pregunta === choice.id_pregunta)!;
    expect(edited.respuestas.map((a) => [a.id_respuesta, a.respuesta, a.valor])).toEqual([
      [choice.respuestas[0]!.id_respuesta, 'fresa', true],
      [choice.respuestas[1]!.id_respuesta, 'plátano', false],
      [choice.respuestas[2]!.id_respuesta, 'manzana', true],
    ]);
    expect(edited.respuestas[1]!.imagen).toBe(choice.respuestas[1]!.imagen);

    // ── An admin, in the verevaluacion panel: a Texto and a choice question, then an edit.
    await admin.goto('/admin/verevaluacion');
    const card = admin.getByTestId(`evaluacion-${evaluacionId}`);
    await card.getByRole('button', { name: 'Nueva pregunta' }).click();
    const panel = card.getByRole('form', { name: 'Nueva pregunta' });
    await panel.getByLabel(/^Pregunta/).fill(`Escribe el animal ${run}`);
    await pickOption(admin, panel.getByRole('combobox', { name: /^Tipo/ }), 'Texto', 'Tipo');
    await panel.getByLabel(/^Respuesta esperada/).fill('perro');
    await panel.getByLabel(/^Porcentaje/).fill('25');
    await panel.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(admin.getByText('Pregunta creada correctamente.')).toBeVisible();
    await expect(card.getByRole('cell', { name: `Escribe el animal ${run}` })).toBeVisible();

    await card.getByRole('button', { name: 'Nueva pregunta' }).click();
    await panel.getByLabel(/^Pregunta/).fill(`¿Cuál vuela? ${run}`);
    await pickOption(admin, panel.getByRole('combobox', { name: /^Tipo/ }), 'Opción Múltiple', 'Tipo');
    await panel.getByRole('button', { name: 'Agregar respuesta' }).click();
    await panel.getByRole('button', { name: 'Agregar respuesta' }).click();
    for (const [i, text] of ['pájaro', 'pez', 'perro'].entries()) await panel.getByRole('textbox', { name: `Respuesta ${i + 1}` }).fill(text);
    await panel.getByRole('checkbox').first().check();
    await panel.getByLabel(/^Porcentaje/).fill('25');
    await admin.setViewportSize({ width: 768, height: 1024 });
    await panel.scrollIntoViewIfNeeded();
    await panel.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(admin.getByText('Pregunta creada correctamente.')).toBeVisible();
    await admin.setViewportSize({ width: 1280, height: 800 });

    let all = await questionsOf(admin, aHeaders, evaluacionId);
    const panelChoice = all.find((q) => q.pregunta === `¿Cuál vuela? ${run}`)!;
    expect(panelChoice.respuestas.map((a) => [a.respuesta, a.valor])).toEqual([
      ['pájaro', true],
      ['pez', false],
      ['perro', false],
    ]);
    const panelText = all.find((q) => q.pregunta === `Escribe el animal ${run}`)!;
    expect(panelText.respuestas.map((a) => [a.respuesta, a.valor])).toEqual([['perro', true]]);

    // Edit in the panel shows the answers; one changes, one is removed.
    const row = card.getByRole('row').filter({ hasText: `¿Cuál vuela? ${run}` });
    await row.getByRole('button', { name: 'Editar' }).click();
    const editPanel = card.getByRole('form', { name: 'Editar pregunta' });
    await expect(editPanel.getByRole('textbox', { name: 'Respuesta 3' })).toHaveValue('perro');
    await editPanel.getByRole('textbox', { name: 'Respuesta 2' }).fill('pez volador');
    await editPanel.getByRole('button', { name: 'Quitar respuesta 3' }).click();
    await editPanel.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(admin.getByText('Pregunta actualizada correctamente.')).toBeVisible();
    all = await questionsOf(admin, aHeaders, evaluacionId);
    expect(all.find((q) => q.id_pregunta === panelChoice.id_pregunta)!.respuestas.map((a) => [a.id_respuesta, a.respuesta])).toEqual([
      [panelChoice.respuestas[0]!.id_respuesta, 'pájaro'],
      [panelChoice.respuestas[1]!.id_respuesta, 'pez volador'],
    ]);

    // ── An answer opened from a question returns there (detail: Guardar; panel: Cancelar).
    await admin.goto(`/admin/pregunta/${choice.id_pregunta}`);
    await admin.getByTestId(`respuesta-${choice.respuestas[1]!.id_respuesta}`).getByRole('link', { name: 'Editar' }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/respuesta/${choice.respuestas[1]!.id_respuesta}$`));
    await admin
      .getByLabel(/^Respuesta/)
      .first()
      .fill('banana');
    await admin.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/pregunta/${choice.id_pregunta}$`));
    await expect(admin.getByTestId(`respuesta-${choice.respuestas[1]!.id_respuesta}`)).toContainText('banana');

    await admin.goto('/admin/verevaluacion');
    await card
      .getByRole('row')
      .filter({ hasText: `¿Cuál vuela? ${run}` })
      .getByRole('button', { name: 'Ver respuestas' })
      .click();
    await card.getByRole('row', { name: 'pez volador Incorrecta Editar' }).getByRole('link', { name: 'Editar' }).click();
    await expect(admin).toHaveURL(/\/admin\/respuesta\/\d+$/);
    await admin.getByRole('button', { name: 'Cancelar' }).click();
    await expect(admin).toHaveURL(/\/admin\/verevaluacion$/);
    // From the answers list it still returns to the list.
    await admin.goto(`/admin/respuesta/${choice.respuestas[0]!.id_respuesta}`);
    await admin.getByRole('button', { name: 'Cancelar' }).click();
    await expect(admin).toHaveURL(/\/admin\/respuesta(\?.*)?$/);

    // ── A second evaluation for the level is refused with the server's reason.
    const dup = await page.request.post('/api/evaluacion/register', { headers, data: { id_nivel: levelId, puntaje: 50 } });
    expect(dup.status()).toBe(409);
    expect(((await dup.json()) as { msg: string }).msg).toBe('Ese nivel ya tiene una evaluación. Edita la existente.');
    // The create form says so too.
    await page.goto('/admin/evaluacion/create');
    const nivel = page.getByRole('combobox', { name: /^Nivel/ });
    await nivel.fill(levelName);
    await page.getByRole('option', { name: levelName }).click();
    await page.getByLabel(/^Puntaje/).fill('50');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Ese nivel ya tiene una evaluación. Edita la existente.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/evaluacion\/create$/);

    // ── A child who types the expected answers (and picks the right options) passes.
    const childCtx = await browser.newContext();
    try {
      const child = await childCtx.newPage();
      await signUpChild(child);
      await child.goto(`/cuestionario/${levelId}`);
      const qcard = (text: string) => child.getByTestId('question-card').filter({ hasText: text });
      await qcard(`¿Cómo se escribe la seña? ${run}`).getByLabel('Escribe tu respuesta').fill('GATO ');
      await qcard(`Escribe el animal ${run}`).getByLabel('Escribe tu respuesta').fill('perro');
      await qcard(`¿Qué fruta es roja? ${run}`).getByLabel('fresa').check();
      await qcard(`¿Cuál vuela? ${run}`).getByLabel('pájaro').check();
      await child.getByRole('button', { name: 'Enviar respuestas' }).click();
      const overlay = child.getByTestId('quiz-result');
      await expect(overlay.getByRole('heading', { name: '¡Excelente trabajo!' })).toBeVisible();
      await expect(overlay.getByTestId('result-correct')).toHaveText('Respuestas correctas: 4 de 4');
    } finally {
      await childCtx.close();
    }
  } finally {
    if (evaluacionId !== null) {
      for (const q of await questionsOf(admin, aHeaders, evaluacionId))
        expect((await admin.request.delete(`/api/pregunta/delete/${q.id_pregunta}`, { headers: aHeaders })).status()).toBe(200);
      expect((await admin.request.delete(`/api/evaluacion/delete/${evaluacionId}`, { headers: aHeaders })).status()).toBe(200);
    }
    // The child's result keeps the level (its delete is refused with 409 then): only cleanup.
    if (levelId !== null) expect([200, 409]).toContain((await admin.request.delete(`/api/nivel/delete/${levelId}`, { headers: aHeaders })).status());
    await adminCtx.close();
  }
});
