/**
 * The seed's 'Animales' quiz as the e2e specs answer it, all asked in signs (src/server/demo/content.ts):
 * DOG: perro's sign → word choices gato, perro, conejo; BIRD: pájaro's sign → typed;
 * WATER: pez's sign → word choices pez, león, gato; LION: león's sign → typed;
 * RABBIT: the word 'conejo' → sign tiles of gato, conejo, perro (Seña 2 is right);
 * CAT: gato's sign → pictures of pez, pájaro, gato (Imagen 3 is right).
 */
import type { Page } from '@playwright/test';

export const card = (page: Page, name: string) => page.getByTestId('question-card').filter({ hasText: name });
export const DOG = '¿Qué palabra dice esta seña?';
export const BIRD = 'Mira la seña y escribe la palabra.';
export const WATER = '¿Qué animal es esta seña?';
export const LION = '¿Qué seña es esta? Escríbela.';
export const RABBIT = '¿Cuál es la seña de «conejo»?';
export const CAT = '¿Qué imagen muestra esta seña?';
/** Questions in the demo quiz. */
export const DEMO_QUESTIONS = 6;

/** The sign-tile and picture questions, answered right or wrong (by tile: the child reads the sign, not a word). */
export async function answerTiles(page: Page, right: { rabbit: boolean; cat: boolean }) {
  await card(page, RABBIT)
    .getByRole('radio', { name: right.rabbit ? 'Seña 2' : 'Seña 1' })
    .check();
  await card(page, CAT)
    .getByRole('radio', { name: right.cat ? 'Imagen 3' : 'Imagen 1' })
    .check();
}

/** Answers all six (every one right, or 2 of 6: perro and pájaro only) and sends. */
export async function answerQuiz(page: Page, right: boolean) {
  await card(page, DOG).getByLabel('perro').check();
  await card(page, BIRD).getByLabel('Escribe tu respuesta').fill('pájaro');
  await card(page, WATER)
    .getByLabel(right ? 'pez' : 'gato')
    .check();
  await card(page, LION)
    .getByLabel('Escribe tu respuesta')
    .fill(right ? 'león' : 'tigre');
  await answerTiles(page, { rabbit: right, cat: right });
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
}
