import type { Page } from '@playwright/test';
import { test, expect, signUpChild, apiHeaders } from './fixtures';
import { DEMO_QUESTIONS, WATER, answerQuiz, card } from './quiz-helpers';

/**
 * Quiz attempts (docs/decisions.md "The quiz", screens-learner.md L-14.6): a child who passed and goes
 * Back sees the best result and 'Practicar otra vez', not a fresh form, and practice never replaces
 * the result; a child with no attempt left is told before any question. A child of its own per test.
 * Level 'Animales' (seed, asked in signs): see quiz-helpers.ts.
 */

const NO_ATTEMPTS = 'Ya usaste todos tus intentos de este cuestionario. Pide a tu profesor que te dé otro intento.';

async function animales(page: Page): Promise<number> {
  const res = await page.request.get('/api/nivel/getNivels', { headers: await apiHeaders(page) });
  const lvl = ((await res.json()).data as { id_nivel: number; nombre_nivel: string }[]).find((l) => l.nombre_nivel === 'Animales');
  expect(lvl).toBeTruthy();
  return lvl!.id_nivel;
}

test('after a pass, Back shows the result and "Practicar otra vez"; practice never replaces the result', async ({ page }) => {
  await signUpChild(page);
  const id = await animales(page);
  await page.goto(`/supmenu/${id}`);
  await page.getByRole('button', { name: 'Hacer el cuestionario' }).click();
  await expect(page).toHaveURL(new RegExp(`/cuestionario/${id}$`));
  await expect(page.getByTestId('question-card')).toHaveCount(DEMO_QUESTIONS);
  await answerQuiz(page, true);
  const overlay = page.getByTestId('quiz-result');
  await expect(overlay.getByRole('heading', { name: '¡Excelente trabajo!' })).toBeVisible();
  await overlay.getByRole('button', { name: 'Volver al Nivel' }).click();
  await expect(page).toHaveURL(new RegExp(`/supmenu/${id}$`));
  await expect(page.getByTestId('last-result')).toContainText('Muy bien hecho');

  // Back: the result, not a fresh form.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/cuestionario/${id}$`));
  const best = page.getByTestId('quiz-best');
  await expect(best.getByRole('heading', { name: '¡Excelente trabajo!' })).toBeVisible();
  await expect(best.getByTestId('result-correct')).toHaveText('Respuestas correctas: 6 de 6');
  await expect(best.getByTestId('result-score')).toHaveText('Puntaje: 100.00');
  await expect(page.getByTestId('question-card')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar respuestas' })).toHaveCount(0);

  // Practice: a worse run is graded and shown, with the correct answers, and changes nothing.
  await best.getByRole('button', { name: 'Practicar otra vez' }).click();
  await expect(page.getByTestId('quiz-practice-note')).toHaveText('Estás practicando: este intento no cambia tu mejor resultado.');
  await answerQuiz(page, false);
  await expect(overlay.getByRole('heading', { name: '¡Sigue practicando!' })).toBeVisible();
  await expect(overlay.getByTestId('result-correct')).toHaveText('Respuestas correctas: 2 de 6');
  await expect(overlay.getByRole('button', { name: 'Practicar otra vez' })).toBeVisible();
  await overlay.getByRole('button', { name: 'Ver mis respuestas' }).click();
  await expect(card(page, WATER).getByTestId('question-solution')).toHaveText('Respuesta correcta: pez');
  await page.getByRole('button', { name: 'Volver al Nivel' }).click();
  await expect(page).toHaveURL(new RegExp(`/supmenu/${id}$`));
  const menu = page.getByTestId('last-result');
  await expect(menu).toContainText('Muy bien hecho');
  await expect(menu).toContainText('Tu último resultado: 6 de 6 correctas');
  await expect(menu).toContainText('Calificación: 100.00%');
  await expect(page.getByRole('button', { name: /Intentar de nuevo/ })).toHaveCount(0);

  // The server agrees: one stored attempt, the pass.
  const me = await page.evaluate(() => localStorage.getItem('userId'));
  const hist = await page.request.get(`/api/evaluacion/resultados/usuario/${me}`, { headers: await apiHeaders(page) });
  expect(((await hist.json()).data as { puntaje: number }[]).map((h) => h.puntaje)).toEqual([100]);
});

test('no attempt left: the child is told before any question, with a way back to the level', async ({ page }) => {
  await signUpChild(page);
  const id = await animales(page);
  // Failed attempts through the API (the typed answers wrong: at most 2 of 4).
  const det = await page.request.get('/api/evaluacion/detalles', { headers: await apiHeaders(page) });
  const ev = (
    (await det.json()).data as { id_nivel: number; preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number }[] }[] }[]
  ).find((e) => e.id_nivel === id)!;
  const respuestas = ev.preguntas.map((p) =>
    p.Tipo === 'Opción Múltiple'
      ? { id_pregunta: p.id_pregunta, id_nivel: id, id_respuesta: p.respuestas[0]!.id_respuesta }
      : { id_pregunta: p.id_pregunta, id_nivel: id, respuesta: 'no sé' },
  );
  const fail = async () => {
    const r = await page.request.post('/api/resultados/save-multiple', { data: { respuestas }, headers: await apiHeaders(page) });
    expect(r.status(), await r.text()).toBe(201);
    expect((await r.json()).data.puntaje).toBeLessThan(60);
  };
  await fail();
  await fail();
  // One attempt left: the form opens. Another tab uses the last attempt meanwhile: this stale form's
  // submit is refused by the server and the screen says so and returns to the level.
  await page.goto(`/cuestionario/${id}`);
  await expect(page.getByTestId('question-card')).toHaveCount(DEMO_QUESTIONS);
  await fail();
  await answerQuiz(page, false);
  await expect(page.getByTestId('alert-modal')).toContainText(NO_ATTEMPTS);
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page).toHaveURL(new RegExp(`/supmenu/${id}$`));

  await page.goto(`/cuestionario/${id}`);
  const notice = page.getByTestId('quiz-no-attempts');
  await expect(notice.getByRole('alert')).toHaveText(NO_ATTEMPTS);
  await expect(page.getByTestId('question-card')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar respuestas' })).toHaveCount(0);
  await notice.getByRole('button', { name: 'Volver al Nivel' }).click();
  await expect(page).toHaveURL(new RegExp(`/supmenu/${id}$`));
  await expect(page.getByTestId('last-result')).toContainText('Sigue practicando');
});
