import { describe, expect, it } from 'vitest';
import { dueReviewFrom, fillWithReview } from '../../../src/client/games/words';
import { REVIEW_FILL_RUN_SIZE } from '../../../src/shared/rules/gameRun';
import { createGame as createHangman, HANGMAN_MAX_WORDS, replayRun as replayHangman, startGame } from '../../../src/shared/rules/games/hangman';
import { createGame as createOrder, ORDER_MAX_WORDS, replayRun as replayOrder } from '../../../src/shared/rules/games/orderWords';
import { mulberry32, runWords, type GameWord } from '../../../src/shared/rules/games/types';

/** Review words of other levels fill a short run (docs/games.md). */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const name = (i: number) => `${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26) % 26]}palabra`;
const word = (id: number, nivelId = 1, extra: Partial<GameWord> = {}): GameWord => ({ id, es: name(id), en: '', nivelId, sign: 's.gif', ...extra });
const level = (n: number) => Array.from({ length: n }, (_, i) => word(i + 1));
const review = (n: number) => Array.from({ length: n }, (_, i) => word(100 + i, 2));

describe('fillWithReview: the page appends due review words after a short level', () => {
  it('appends review words, marked repaso, after the level words, up to the run size', () => {
    const got = fillWithReview(level(3), review(4), 5);
    expect(got.map((w) => w.id)).toEqual([1, 2, 3, 100, 101]);
    expect(got.map((w) => Boolean(w.repaso))).toEqual([false, false, false, true, true]);
  });
  it('leaves a level that already fills the run as it is, and skips review words already in the list (id or text)', () => {
    expect(fillWithReview(level(5), review(3), 5).map((w) => w.id)).toEqual([1, 2, 3, 4, 5]);
    const dupText = word(200, 2, { es: ` ${name(1).toUpperCase()} ` });
    expect(fillWithReview(level(2), [word(1, 2), dupText, word(300, 3)], 50).map((w) => w.id)).toEqual([1, 2, 300]);
  });
  it('fills hangman and order words to their full run (50); cards takes none', () => {
    expect(REVIEW_FILL_RUN_SIZE).toEqual({ hangman: HANGMAN_MAX_WORDS, orderWords: ORDER_MAX_WORDS, cards: 0 });
    expect(HANGMAN_MAX_WORDS).toBe(50);
    expect(fillWithReview(level(48), review(10), REVIEW_FILL_RUN_SIZE.hangman)).toHaveLength(50);
  });
});

describe('dueReviewFrom: which words of GET repaso/sesion fill a run', () => {
  it('keeps the due words (nuevo false) of other levels, in the server order, and ignores the rest', () => {
    const item = (id_palabra: number, id_nivel: number, nuevo: boolean) => ({
      id_palabra,
      palabraEspanol: `p${id_palabra}`,
      palabraIngles: '',
      id_nivel,
      nuevo,
      tipo: 'sena_a_palabra',
    });
    const body = { data: [item(9, 2, false), item(4, 1, false), item(7, 3, false), item(5, 2, true), { id_palabra: 'x' }, null] };
    expect(dueReviewFrom(body, 1).map((p) => p.id_palabra)).toEqual([9, 7]);
    expect(dueReviewFrom(null, 1)).toEqual([]);
    expect(dueReviewFrom({ data: 'no' }, 1)).toEqual([]);
  });
});

describe('runWords: the level’s own words are played first, review words after', () => {
  it('puts every own word before any review word, whatever the seed; without review words it is one shuffle as before', () => {
    const list = [...review(3), ...level(4)].map((w) => (w.nivelId === 2 ? { ...w, repaso: true } : w));
    for (let seed = 1; seed <= 20; seed++) {
      const got = runWords(list, mulberry32(seed), 50);
      expect(got.slice(0, 4).every((w) => !w.repaso)).toBe(true);
      expect(got.slice(4).every((w) => w.repaso)).toBe(true);
      expect(new Set(got.map((w) => w.id)).size).toBe(7);
    }
    expect(runWords(level(60), mulberry32(3), 50)).toHaveLength(50);
  });
  it('hangman: a 3-word level filled with 4 review words is one level of 5 and one of 2, its own words in the first level', () => {
    const words = fillWithReview(level(3), review(4), 50);
    const s = startGame(createHangman(words, mulberry32(7))).state;
    expect(s.levels).toBe(2);
    expect(s.order.slice(0, 3).every((w) => !w.repaso)).toBe(true);
    expect(s.pool.filter((w) => w.nivelId === 1)).toHaveLength(3);
    // The server's replay accepts the same words (order is not part of the replay).
    const rounds = s.order.map((w) => ({ idPalabra: w.id, bien: true, fallos: 0 }));
    expect(replayHangman(words, rounds)).toEqual({ ok: true, puntos: 200, puntosMax: 200, ganada: true });
  });
  it('order words: a 2-word level filled with 3 review words plays its 2 words first, then the review words', () => {
    const words = fillWithReview(level(2), review(3), 50);
    const s = createOrder(words, mulberry32(11));
    expect(s.words.map((w) => w.nivelId)).toEqual([1, 1, 2, 2, 2]);
    const rounds = s.words.map((w) => ({ idPalabra: w.id, bien: true, fallos: 0 }));
    expect(replayOrder(words, rounds)).toEqual({ ok: true, puntos: 50, puntosMax: 50, ganada: true });
  });
});
