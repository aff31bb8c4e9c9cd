/**
 * Singular / plural agreement for Spanish child-facing messages built with a number
 * (e.g. games.md G-7.2's `{n} estrella(s)`): `plural(1, 'intento', 'intentos')` → 'intento', any other count → 'intentos'
 * (0, 2, -1, 1.5...). Only exactly 1 takes the singular, as in Spanish ('0 intentos',
 * '1 intento', '2 intentos'). Returns the word only, so the caller places the number.
 */
export function plural(n: number, singular: string, pluralForm: string): string {
  return n === 1 ? singular : pluralForm;
}

/** The number and the agreeing word: `countWord(1, 'vida', 'vidas')` → '1 vida'. */
export function countWord(n: number, singular: string, pluralForm: string): string {
  return `${n} ${plural(n, singular, pluralForm)}`;
}
