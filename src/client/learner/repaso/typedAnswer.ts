/**
 * The typed-answer rule of the review session (issue 20), in a module of its own so that only the
 * session screen brings the games' folding (keeps /home's and the entry chunk's file lists short).
 */
import { foldLetters } from '../../../../games/shared/fold';

/**
 * A typed word matches when equal once trimmed, with inner spaces collapsed, lower-cased and
 * folded like the word games (games/shared/fold.ts: accents optional, ñ still a letter).
 */
export function sameTypedWord(typed: string, expected: string): boolean {
  const norm = (s: string) => foldLetters(s.trim().replace(/\s+/g, ' '));
  return norm(typed) !== '' && norm(typed) === norm(expected);
}
