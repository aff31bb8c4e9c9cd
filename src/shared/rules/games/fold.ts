/**
 * Accent folding shared by the word games (no Phaser, unit-tested).
 *
 * Spanish readers see á, é, í, ó, ú and ü as the vowel with a mark, but ñ as a letter of its own
 * (it has its own key on Spanish keyboards). So folding lower-cases and removes accents and
 * diaeresis (á/à/ä/â→a, é→e, í→i, ó→o, ú/ü→u) and keeps ñ: 'Plátano' → 'platano', 'Niño' → 'niño'.
 * Decomposed input ('n' + U+0303) is composed first, so it folds like 'ñ'.
 */
export function foldLetters(text: string): string {
  return Array.from(text.normalize('NFC').toLocaleLowerCase('es'))
    .map((c) => (c === 'ñ' ? c : c.normalize('NFD').replace(/\p{M}/gu, '')))
    .join('');
}

/** True when two texts are the same once folded ('a' and 'á' match; 'n' and 'ñ' do not). */
export function sameFolded(a: string, b: string): boolean {
  return foldLetters(a) === foldLetters(b);
}
