/**
 * How a review-session answer is graded (docs/product/constants.md C-7, and the privacy rule "what feeds a teacher's
 * view follows from what the child did"): from the answer the child gave, never from a `correcto`
 * a client claims. Shared by the session screen (its instant feedback) and the server (the grade it
 * stores), so both judge the same way. Pure: no DOM, no database.
 */
import { foldLetters } from './games/fold';

/**
 * A typed word matches when equal once trimmed, with inner spaces collapsed, lower-cased and
 * folded like the word games (src/shared/rules/games/fold.ts: accents optional, ñ still a letter).
 */
export function sameTypedWord(typed: string, expected: string): boolean {
  const norm = (s: string) => foldLetters(s.trim().replace(/\s+/g, ' '));
  return norm(typed) !== '' && norm(typed) === norm(expected);
}

/** What the child answered: the word chosen among the options, or the word typed. */
type GivenReviewAnswer = { elegida: number; escrita?: undefined } | { escrita: string; elegida?: undefined };

/** Right when the chosen option is the item's word, or the typed text is that word. */
export function isReviewAnswerRight(word: { idPalabra: number; palabraEspanol: string }, given: GivenReviewAnswer): boolean {
  if (given.elegida !== undefined) return given.elegida === word.idPalabra;
  return sameTypedWord(given.escrita, word.palabraEspanol);
}
