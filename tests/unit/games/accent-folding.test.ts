/**
 * Accent folding in the word games. Hangman: a base letter reveals its accented forms,
 * ñ has its own key (N does not reveal it). Order words: typed keys take tiles ignoring accents,
 * the tile needed at the next slot first.
 */
import { describe, expect, it } from 'vitest';
import type { GameWord } from '../../../src/shared/rules/games/types';
import { mulberry32 } from '../../../src/shared/rules/games/types';
import { foldLetters, sameFolded } from '../../../src/shared/rules/games/fold';
import * as H from '../../../src/shared/rules/games/hangman';
import * as O from '../../../src/shared/rules/games/orderWords';

const w = (id: number, es: string): GameWord => ({ id, es, en: `en-${id}`, image: null, sign: null, nivelId: 1 });

describe('foldLetters', () => {
  it('drops accents and diaeresis, lower-cases, keeps ñ', () => {
    expect(foldLetters('Plátano')).toBe('platano');
    expect(foldLetters('PINGÜINO')).toBe('pinguino');
    expect(foldLetters('àäâéíóú')).toBe('aaaeiou');
    expect(foldLetters('Niño')).toBe('niño');
    expect(foldLetters('nin\u0303o')).toBe('niño');
    expect(sameFolded('a', 'á')).toBe(true);
    expect(sameFolded('U', 'ü')).toBe(true);
    expect(sameFolded('n', 'ñ')).toBe(false);
  });
});

describe('hangman: base letters reveal accented ones, ñ has its own key', () => {
  const play = (es: string): H.HangmanState => H.startGame(H.createGame([w(1, es)], mulberry32(3))).state;
  const press = (s: H.HangmanState, keys: string[]): H.HangmanResult => {
    let r: H.HangmanResult = { state: s, events: [] };
    for (const k of keys) {
      const next = H.guessLetter(r.state, k);
      r = { state: next.state, events: [...r.events, ...next.events] };
    }
    return r;
  };

  it('A reveals á and a together, as one right guess (no cost)', () => {
    const r = H.guessLetter(play('pájaro'), 'A');
    expect(r.events).toEqual([{ type: 'correct-letter', letter: 'A' }]);
    expect(H.snapshot(r.state).masked).toBe('_á_a__');
    expect(r.state).toMatchObject({ attemptsLeft: 6, levelScore: 100, guessed: ['A'] });
    expect(H.letterStatus(r.state, 'A')).toBe('correct');
  });

  it('E, I, O, U reveal é, í, ó, ú and ü', () => {
    expect(H.snapshot(press(play('bebé'), ['E']).state).masked).toBe('_e_é');
    expect(H.snapshot(press(play('maíz'), ['I']).state).masked).toBe('__í_');
    expect(H.snapshot(press(play('limón'), ['O']).state).masked).toBe('___ó_');
    expect(H.snapshot(press(play('pingüino'), ['U']).state).masked).toBe('____ü___');
    expect(H.snapshot(press(play('ñandú'), ['U']).state).masked).toBe('____ú');
  });

  it('N does not reveal ñ: in a word with ñ only, N is a wrong key with the usual cost', () => {
    const r = H.guessLetter(play('piña'), 'N');
    expect(r.events).toEqual([{ type: 'wrong-letter', letter: 'N', attemptsLeft: 5 }]);
    expect(r.state).toMatchObject({ attemptsLeft: 5, levelScore: 98 });
    expect(H.snapshot(r.state).masked).toBe('____');
    expect(H.snapshot(r.state).wrongLetters).toEqual(['N']);
  });

  it('Ñ (on-screen key or typed ñ) reveals ñ, not n', () => {
    const key = H.guessLetter(play('niño'), 'Ñ');
    expect(key.events).toEqual([{ type: 'correct-letter', letter: 'Ñ' }]);
    expect(H.snapshot(key.state).masked).toBe('__ñ_');
    const typed = H.guessLetter(play('niño'), 'ñ');
    expect(typed.events).toEqual([{ type: 'correct-letter', letter: 'Ñ' }]);
    expect(H.snapshot(typed.state).masked).toBe('__ñ_');
    expect(H.lettersToGuess('niño')).toEqual(['N', 'I', 'Ñ', 'O']);
  });

  it('typing an accented key counts as its base letter; pressing it again changes nothing', () => {
    const s = H.guessLetter(play('mamá'), 'á').state;
    expect(s.guessed).toEqual(['A']);
    expect(H.snapshot(s).masked).toBe('_a_á');
    expect(H.guessLetter(s, 'a').state).toBe(s);
    expect(H.guessLetter(s, 'A').events).toEqual([]);
  });

  it('the word is solved once every letter is revealed, typed without accents', () => {
    const r = press(play('plátano'), ['p', 'l', 'a', 't', 'n', 'o']);
    expect(r.state.phase).toBe('word-solved');
    expect(r.events.at(-1)).toEqual({ type: 'word-solved', word: 'plátano', wordId: 1 });
    expect(r.state).toMatchObject({ attemptsLeft: 6, levelScore: 100, solvedInLevel: 1 });
    expect(H.snapshot(r.state).masked).toBe('plátano');
  });

  it('a word with ñ is not solved by N; it needs Ñ', () => {
    let r = press(play('piña'), ['P', 'I', 'A']);
    expect(r.state.phase).toBe('playing');
    r = press(r.state, ['N']);
    expect(r.state.phase).toBe('playing');
    expect(r.state.attemptsLeft).toBe(5);
    r = press(r.state, ['Ñ']);
    expect(r.state.phase).toBe('word-solved');
    expect(r.state.levelScore).toBe(98);
  });
});

describe('order words: typed keys take tiles ignoring accents', () => {
  const play = (es: string, seed = 5): O.OrderWordsState => O.startGame(O.createGame([w(1, es)], mulberry32(seed))).state;
  const type = (s: O.OrderWordsState, text: string): O.OrderWordsState => {
    let state = s;
    for (const k of Array.from(text)) state = O.typeLetter(state, k).state;
    return state;
  };

  it("typing 'platano' builds 'plátano' and it checks right", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const s = type(play('plátano', seed), 'platano');
      expect(O.builtWord(s)).toBe('plátano');
      const r = O.check(s);
      expect(r.state.lastResult).toBe('correct');
      expect(r.state.totalScore).toBe(10);
    }
  });

  it('a letter that appears twice takes the tile needed at the next slot', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      // pájaro: the first 'a' typed must take 'á', the second one 'a'.
      let s = type(play('pájaro', seed), 'pa');
      expect(O.builtWord(s)).toBe('pá____');
      s = type(s, 'jaro');
      expect(O.builtWord(s)).toBe('pájaro');
      // mamá: 'a' then 'á' at the end.
      expect(O.builtWord(type(play('mamá', seed), 'mama'))).toBe('mamá');
      expect(O.builtWord(type(play('papá', seed), 'papa'))).toBe('papá');
    }
  });

  it('a key the next slot does not need takes the same accent first, else any folded match', () => {
    let s = play('pájaro');
    s = type(s, 'j'); // not the next letter: placed anyway
    expect(O.builtWord(s)).toBe('j_____');
    // After 'j' the next slot needs 'á': the key 'a' takes it.
    const afterJ = type(play('pájaro'), 'j');
    expect(afterJ.tiles[O.tileForKey(afterJ, 'a') as number]?.char).toBe('á');
    // After 'oj' the next slot needs 'j' (no a fits): 'a' takes 'a', 'á' takes 'á'.
    s = type(play('pájaro'), 'oj');
    expect(O.builtWord(s)).toBe('oj____');
    expect(s.tiles[O.tileForKey(s, 'a') as number]?.char).toBe('a');
    expect(s.tiles[O.tileForKey(s, 'á') as number]?.char).toBe('á');
    expect(s.tiles[O.tileForKey(s, 'A') as number]?.char).toBe('a');
  });

  it('n does not take ñ; ñ does; unknown letters take nothing', () => {
    const s = play('piña');
    expect(O.tileForKey(s, 'n')).toBeNull();
    expect(O.typeLetter(s, 'n').state).toBe(s);
    expect(O.tileForKey(s, 'x')).toBeNull();
    expect(O.builtWord(type(s, 'piña'))).toBe('piña');
    expect(O.builtWord(type(s, 'PIÑA'))).toBe('piña');
  });

  it('tapping still places the exact tile', () => {
    const s = play('mamá');
    const plainA = s.tiles.find((t) => t.char === 'a') as O.OrderTile;
    const r = O.pickTile(s, plainA.id);
    expect(r.state.picked).toEqual([plainA.id]);
    expect(O.builtWord(r.state)).toBe('a___');
  });

  it('typing does nothing outside play or once every tile is used', () => {
    const instr = O.createGame([w(1, 'sol')], mulberry32(1));
    expect(O.tileForKey(instr, 's')).toBeNull();
    const full = type(play('sol'), 'sol');
    expect(O.tileForKey(full, 's')).toBeNull();
  });
});
