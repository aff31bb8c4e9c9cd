import { describe, expect, it } from 'vitest';
import { practiceFrom, practiceWords, PRACTICE_SET_SIZE, type PracticeEntry } from '../../../src/client/games/words';
import { HANGMAN_MAX_WORDS, HANGMAN_WORD_POOL_SIZE, createGame as createHangman } from '../../../src/shared/rules/games/hangman';
import { CARDS_WORD_POOL_SIZE } from '../../../src/shared/rules/games/cards';
import { ORDER_MAX_WORDS } from '../../../src/shared/rules/games/orderWords';
import { mulberry32 } from '../../../src/shared/rules/games/types';

const words = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
const ids = (ws: readonly { id: number }[]) => ws.map((w) => w.id);
const e = (id_palabra: number, estrellas: number, pendiente = false): PracticeEntry => ({ id_palabra, estrellas, pendiente });
/** A deterministic rng so a shuffle can be compared between two calls. */
const seeded = mulberry32;

describe('games practise what is due', () => {
  it('puts the due words first (server order), then the weak ones (fewest stars first), then the rest, cut to the size', () => {
    const practice = [e(7, 0, true), e(3, 1, true), e(12, 2), e(5, 1), e(9, 3), e(2, 0)];
    const got = practiceWords(words(20), practice, 10, seeded(1));
    expect(got).toHaveLength(10);
    expect(ids(got).slice(0, 4)).toEqual([7, 3, 5, 12]);
    expect(new Set(ids(got)).size).toBe(10);
  });

  it('fills the rest at random: strong (3 stars) and new words are not favoured, and two draws differ', () => {
    const practice = [e(1, 0, true), e(2, 3), e(3, 0)];
    const a = ids(practiceWords(words(30), practice, 10, seeded(1)));
    const b = ids(practiceWords(words(30), practice, 10, seeded(2)));
    expect(a[0]).toBe(1);
    expect(b[0]).toBe(1);
    expect(a.slice(1)).not.toEqual(b.slice(1));
    // Over many draws every other word shows up: the rest is a shuffle, not a fixed order.
    const seen = new Set<number>();
    for (let s = 0; s < 200; s++) practiceWords(words(30), practice, 10, seeded(s)).forEach((w) => seen.add(w.id));
    expect(seen.size).toBe(30);
  });

  it('keeps more due words than the size in the server order, due before weak', () => {
    const practice = [...words(12).map((w) => e(w.id, 0, true)), e(13, 1)];
    expect(ids(practiceWords(words(40), practice, 10, seeded(3)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('changes nothing when nothing is due or weak, when the level is small, or for words the level does not have', () => {
    const list = words(20);
    expect(practiceWords(list, [e(1, 3), e(2, 0)], 10)).toEqual(list);
    expect(practiceWords(list, [], 10)).toEqual(list);
    expect(practiceWords(list, [e(99, 0, true)], 10)).toEqual(list);
    expect(practiceWords(words(8), [e(8, 0, true)], 10)).toEqual(words(8));
  });

  it('keeps the spec counts: the game sizes follow the rules’ pools, and hangman still draws 5 per level', () => {
    expect(PRACTICE_SET_SIZE.cards).toBe(CARDS_WORD_POOL_SIZE);
    expect(PRACTICE_SET_SIZE.hangman).toBe(HANGMAN_MAX_WORDS);
    expect(PRACTICE_SET_SIZE.orderWords).toBe(ORDER_MAX_WORDS);
    const gw = Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      es: `palabra${String.fromCharCode(97 + i)}`,
      en: '',
      nivelId: 1,
      image: null,
      sign: 's.gif',
      signCompact: null,
    }));
    // A level of 20 words: the run gets all of them (the due word among them), 4 levels of 5.
    const set = practiceWords(gw, [e(4, 0, true)], PRACTICE_SET_SIZE.hangman, seeded(4));
    expect(set.map((x) => x.id)).toContain(4);
    expect(set).toHaveLength(20);
    const game = createHangman(set, seeded(42));
    expect(game.pool.length).toBe(HANGMAN_WORD_POOL_SIZE);
    expect(game.levels).toBe(4);
  });

  it('reads GET repaso/juego/{id} and drops malformed rows', () => {
    expect(practiceFrom({ data: [e(1, 2, true), { id_palabra: 'x' }, null, { id_palabra: 2, estrellas: 1 }] })).toEqual([e(1, 2, true)]);
    expect(practiceFrom([e(1, 2)])).toEqual([]);
    expect(practiceFrom(null)).toEqual([]);
  });
});
