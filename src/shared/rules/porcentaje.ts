/**
 * The weight of a quiz's questions (pregunta.porcentaje): the questions of one evaluation are meant
 * to add up to 100. Pure, shared by the question form and its tests.
 */

/** Two decimals, as the form and the list show a percentage. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The equal share of a new question when the evaluation already has `others` questions (100 / (others + 1)). */
export function equalShare(others: number): number {
  return round2(100 / (Math.max(0, Math.floor(others)) + 1));
}

/** The total of a quiz's percentages, to two decimals (0.1 + 0.2 sums to 0.3, not 0.30000000000000004). */
export function quizTotal(percentages: readonly number[]): number {
  return round2(percentages.reduce((s, p) => s + (Number.isFinite(p) ? p : 0), 0));
}

/** Equal shares within 0.01 per question still add up to 100 (3 × 33.33 = 99.99). */
export function addsUpTo100(percentages: readonly number[]): boolean {
  return Math.abs(quizTotal(percentages) - 100) <= 0.01 * Math.max(1, percentages.length);
}

/** The form's warning when they do not. */
export const porcentajeNoSuma = (total: number) =>
  `Las preguntas de esta evaluación suman ${total.toLocaleString('es-MX', { maximumFractionDigits: 2 })} %, no 100 %. Ajusta los porcentajes.`;
