import { describe, expect, it } from 'vitest';
import { STARS_MAX, starsFor, starsForWords, starsLabel } from '../../src/shared/rules/games/stars';
import * as Hangman from '../../src/shared/rules/games/hangman';
import * as Order from '../../src/shared/rules/games/orderWords';
import * as Cards from '../../src/shared/rules/games/cards';
import { mulberry32, type GameWord } from '../../src/shared/rules/games/types';
import { createPointsStore } from '../../games/shared/points';
import { createRunTracker, runMaxScore } from '../../src/client/games/runTracker';
import { mergeSummary } from '../../src/client/games/results';

/**
 * Stars: the rule, each game's maximum score, the stars on the rules' events, and what
 * the client reports of a run. Written from the brief: ≥ 90 % of the maximum → 3, ≥ 60 % → 2,
 * else 1; a lost game → 0.
 */
const words = (n: number, nivelId = 1, first = 1): GameWord[] =>
  Array.from({ length: n }, (_, i) => ({ id: first + i, es: `pal${letters(first + i)}`, en: 'x', image: '/p.png', sign: null, nivelId }));
/** A distinct Spanish text per id (the games drop repeated texts). */
const letters = (id: number) => String.fromCharCode(97 + (id % 26), 97 + (Math.floor(id / 26) % 26), 97 + Math.floor(id / 676));

describe('starsFor / starsForWords', () => {
  it('gives 3 from 90 %, 2 from 60 %, 1 below, 0 when not won', () => {
    expect(starsFor(90, 100, true)).toBe(3);
    expect(starsFor(100, 100, true)).toBe(3);
    expect(starsFor(89, 100, true)).toBe(2);
    expect(starsFor(60, 100, true)).toBe(2);
    expect(starsFor(59, 100, true)).toBe(1);
    expect(starsFor(0, 100, true)).toBe(1);
    expect(starsFor(100, 100, false)).toBe(0);
    expect(STARS_MAX).toBe(3);
  });

  it('a won run with no maximum, or bad numbers, still earns 1 star; negative scores count as 0', () => {
    expect(starsFor(0, 0, true)).toBe(1);
    expect(starsFor(Number.NaN, 100, true)).toBe(1);
    expect(starsFor(-20, 100, true)).toBe(1);
  });

  it('counts a level by its words: right over all asked', () => {
    expect(starsForWords(5, 0)).toBe(3);
    expect(starsForWords(4, 1)).toBe(2); // 80 %
    expect(starsForWords(2, 3)).toBe(1); // 40 %
    expect(starsForWords(0, 0)).toBe(1);
    expect(starsForWords(5, 0, false)).toBe(0);
  });

  it('says the count in Spanish, singular and plural', () => {
    expect(starsLabel(1)).toBe('1 estrella');
    expect(starsLabel(0)).toBe('0 estrellas');
    expect(starsLabel(3)).toBe('3 estrellas');
  });
});

describe('maxScore of each game', () => {
  it('hangman: 100 for each level the run has (levels of 5 words, each word once, at most 10)', () => {
    expect(Hangman.maxScore(Hangman.createGame(words(3), mulberry32(1)))).toBe(100);
    expect(Hangman.maxScore(Hangman.createGame(words(6), mulberry32(1)))).toBe(200);
    expect(Hangman.maxScore(Hangman.createGame(words(80), mulberry32(1)))).toBe(1000);
  });

  it('order words: the words of the run × 10 (at most 50 words)', () => {
    expect(Order.maxScore(Order.createGame(words(7), mulberry32(1)))).toBe(70);
    expect(Order.maxScore(Order.createGame(words(80), mulberry32(1)))).toBe(500);
  });

  it('cards: the rounds of every level (up to 5 words with a clue each) × 10', () => {
    const list = [...words(3, 1, 1), ...words(8, 2, 100), { id: 999, es: 'sin', en: 'x', image: null, sign: null, nivelId: 3 }];
    // Level 3 has no word with a clue, so it is no level: 3 + 5 rounds.
    expect(Cards.maxScore(Cards.createGame(list, mulberry32(1)))).toBe(80);
    expect(runMaxScore('cards', list)).toBe(80);
    expect(runMaxScore('orderWords', words(7))).toBe(70);
    expect(runMaxScore('hangman', [])).toBe(0);
  });
});

/** Plays one cards round: finds the clue, then picks the target or another option. */
function cardsRound(s0: Cards.CardsState, right: boolean) {
  let s = Cards.advance(s0).state; // preview → pick-card
  s = Cards.pickCard(s, s.clueCard).state;
  const target = Cards.targetWord(s)!;
  const choice = right ? target : s.options.find((o) => o.id !== target.id)!;
  const picked = Cards.pickWord(s, choice.id);
  const after = Cards.advance(picked.state);
  return { state: after.state, events: [...picked.events, ...after.events] };
}

describe('stars on the rules events', () => {
  it('cards: a level with 4 right words and 1 wrong passes with 2 stars; the game carries its stars', () => {
    const list = [...words(5, 1, 1), ...words(5, 2, 100)];
    let s = Cards.startGame(Cards.createGame(list, mulberry32(3))).state;
    let events: Cards.CardsEvent[] = [];
    for (let i = 0; i < 5; i++) ({ state: s, events } = cardsRound(s, i !== 2));
    expect(events).toContainEqual({ type: 'level-passed', level: 1, stars: 2 });
    for (let i = 0; i < 5; i++) ({ state: s, events } = cardsRound(s, true));
    expect(events).toContainEqual({ type: 'level-passed', level: 2, stars: 3 });
    // +10 +10 −10 +10 +10, then 5 × +10: 80 of the 100 the run could score → 2 stars for the game.
    expect(events).toContainEqual({ type: 'game-won', totalScore: 80, message: 'excellent', stars: 2 });
  });

  it('cards: a wrong word reports the target word it hid (wordId of the answer, correctWordId)', () => {
    let s = Cards.startGame(Cards.createGame(words(5), mulberry32(2))).state;
    s = Cards.advance(s).state;
    s = Cards.pickCard(s, s.clueCard).state;
    const target = Cards.targetWord(s)!;
    const wrong = s.options.find((o) => o.id !== target.id)!;
    expect(Cards.pickWord(s, wrong.id).events[0]).toMatchObject({ type: 'wrong-word', wordId: wrong.id, correctWordId: target.id });
  });

  it('order words: a level ending with lives left passes with the stars of its answers', () => {
    let s = Order.startGame(Order.createGame(words(10), mulberry32(5))).state;
    const play = (right: boolean) => {
      const word = Order.currentWord(s)!;
      const letters = Order.tileLetters(word.es);
      const ids: number[] = [];
      for (const ch of letters) ids.push(s.tiles.find((t) => t.char === ch && !ids.includes(t.id))!.id);
      const order = right ? ids : s.tiles.map((t) => t.id); // the scramble is never the word
      for (const id of order) s = Order.pickTile(s, id).state;
      const checked = Order.check(s);
      const next = Order.advance(checked.state);
      s = next.state;
      return [...checked.events, ...next.events];
    };
    const first = play(false);
    expect(first[0]).toMatchObject({ type: 'wrong', wordId: expect.any(Number) });
    let last: Order.OrderEvent[] = [];
    for (let i = 0; i < 4; i++) last = play(true);
    expect(last).toContainEqual({ type: 'level-passed', level: 1, stars: 2 }); // 4 of 5
    expect(last.map((e) => e.type)).toEqual(['correct', 'next-word', 'level-passed', 'level-started']);
    for (let i = 0; i < 5; i++) last = play(true);
    expect(last).toContainEqual({ type: 'level-passed', level: 2, stars: 3 });
    // 90 points of 100 at the end (the wrong answer at 0 cost nothing) → 3 stars; the level's stars
    // come before the game's.
    expect(last.map((e) => e.type)).toEqual(['correct', 'level-passed', 'game-won']);
    expect(last.at(-1)).toMatchObject({ type: 'game-won', totalScore: 90, stars: 3 });
  });

  it('hangman: a passed level earns stars from its score; word events name the word', () => {
    // Ten words: two levels, so passing the first is only that (a run of one level also ends the game).
    let s = Hangman.startGame(Hangman.createGame(words(10), mulberry32(1))).state;
    let events: Hangman.HangmanEvent[] = [];
    for (let i = 0; i < 5; i++) {
      const word = Hangman.currentWord(s)!;
      // One miss on the first word only: 98 of 100 → 3 stars.
      if (i === 0) {
        const miss = Hangman.HANGMAN_ALPHABET.find((l) => !Hangman.lettersToGuess(word.es).includes(l))!;
        s = Hangman.guessLetter(s, miss).state;
      }
      for (const l of Hangman.lettersToGuess(word.es)) {
        const r = Hangman.guessLetter(s, l);
        s = r.state;
        events = r.events;
      }
      expect(events).toContainEqual({ type: 'word-solved', word: word.es, wordId: word.id });
      const r = Hangman.advance(s);
      s = r.state;
      events = r.events;
    }
    expect(events).toEqual([{ type: 'level-passed', level: 1, levelScore: 98, stars: 3 }]);
  });
});

describe('run report (client)', () => {
  it('collects the rounds (word, right, misses inside it) and the words right and wrong, and starts afresh after each run', () => {
    const list = [...words(3, 4, 1), ...words(1, 4, 9)];
    const t = createRunTracker('cards', 4, list);
    t.onEvents([
      { type: 'correct-word', wordId: 1 },
      { type: 'wrong-card' },
      { type: 'wrong-word', wordId: 9, correctWordId: 2 },
      { type: 'next-round' },
      { type: 'correct-word', wordId: 3 },
      { type: 'life-lost' },
    ]);
    expect(t.take(30, false, 'clave-1234')).toEqual({
      clave: 'clave-1234',
      juego: 'cards',
      idNivel: 4,
      puntos: 30,
      puntosMax: 40,
      ganada: false,
      palabrasBien: [1, 3],
      palabrasMal: [2],
      palabras: [1, 2, 3, 9],
      rondas: [
        { idPalabra: 1, bien: true, fallos: 0 },
        { idPalabra: 2, bien: false, fallos: 1 },
        { idPalabra: 3, bien: true, fallos: 0 },
      ],
    });
    const h = createRunTracker('hangman', null, list);
    h.onEvents([
      { type: 'wrong-letter' },
      { type: 'wrong-letter' },
      { type: 'word-solved', wordId: 5 },
      { type: 'next-word' },
      { type: 'wrong-letter' },
      { type: 'word-solved', wordId: 6 },
    ]);
    // Hangman: a word counts once the game has moved past it (its level's score is added then).
    expect(h.take(0, false, 'clave-5678')).toMatchObject({
      palabrasBien: [5],
      palabrasMal: [],
      rondas: [{ idPalabra: 5, bien: true, fallos: 2 }],
    });
    h.onEvents([{ type: 'wrong-letter' }]);
    expect(h.take(0, false, 'clave-5679')).toMatchObject({ rondas: [], fallosRondaAbierta: 1 });
    expect(h.take(0, false, 'clave-9999')).toMatchObject({ rondas: [], palabrasBien: [], palabrasMal: [] });
  });

  it('seeds the points from the server totals plus the runs the server does not have yet', () => {
    const merged = mergeSummary({ puntos: { total: 60, byGame: { hangman: 0, orderWords: 20, cards: 40 } }, estrellas: [] }, [
      { clave: 'abcdefgh', juego: 'cards', idNivel: 1, puntos: 15, puntosMax: 50, ganada: true, palabrasBien: [], palabrasMal: [], palabras: [1], rondas: [] },
    ]);
    expect(merged).toEqual({ total: 75, byGame: { hangman: 0, orderWords: 20, cards: 55 } });
    const store = createPointsStore();
    store.add('hangman', 300); // this session's runs, already in the server's totals
    store.seed(merged);
    expect(store.get()).toEqual(merged);
    store.seed({ total: 1, byGame: { hangman: -5, orderWords: Number.NaN, cards: 2.7 } });
    expect(store.get()).toEqual({ total: 2, byGame: { hangman: 0, orderWords: 0, cards: 2 } });
  });
});
