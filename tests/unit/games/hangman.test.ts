import { describe, expect, it } from 'vitest';
import type { GameWord } from '../../../src/shared/rules/games/types';
import { mulberry32 } from '../../../src/shared/rules/games/types';
import {
  HANGMAN_ALPHABET,
  HANGMAN_ATTEMPTS_PER_WORD,
  HANGMAN_FONT_MEDIUM_MAX_LENGTH,
  HANGMAN_FONT_REM,
  HANGMAN_FONT_SHORT_MAX_LENGTH,
  HANGMAN_LEVELS,
  HANGMAN_LEVEL_START_SCORE,
  HANGMAN_LIFE_LOST_PENALTY,
  HANGMAN_LIVES,
  HANGMAN_PASS_SCORE,
  HANGMAN_PAUSE_BEFORE_RESTART_MS,
  HANGMAN_PAUSE_BETWEEN_WORDS_MS,
  HANGMAN_WORDS_PER_LEVEL,
  HANGMAN_WORD_POOL_SIZE,
  HANGMAN_WRONG_LETTER_PENALTY,
  type HangmanEvent,
  type HangmanState,
  advance,
  continueGame,
  createGame,
  currentWord,
  missedWord,
  guessLetter,
  letterStatus,
  askHint,
  hintCost,
  hintsOpen,
  replayRun,
  lettersToGuess,
  maxScore,
  maskWord,
  normalizeLetter,
  pendingDelayMs,
  restart,
  restartLevel,
  snapshot,
  startGame,
  wordCells,
  wordFontRem,
} from '../../../src/shared/rules/games/hangman';

const w = (id: number, es: string, nivelId = 1): GameWord => ({
  id,
  es,
  en: `en-${id}`,
  image: null,
  sign: null,
  nivelId,
});

const WORDS: GameWord[] = [w(1, 'sol'), w(2, 'casa'), w(3, 'perro'), w(4, 'gato'), w(5, 'luna'), w(6, 'mesa'), w(7, 'flor'), w(8, 'pan')];
/** 50 distinct words: enough for the spec's 10 levels of 5. */
const MANY: GameWord[] = Array.from({ length: 50 }, (_, i) => w(100 + i, `${'abcdefghij'[Math.floor(i / 10)]}${'klmnoprstu'[i % 10]}o`));

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

function started(words: GameWord[] = WORDS, seed = 1): HangmanState {
  return startGame(createGame(words, mulberry32(seed))).state;
}

function word(state: HangmanState): string {
  const cw = currentWord(state);
  if (!cw) throw new Error('no current word');
  return cw.es;
}

/** Letters of the alphabet that are not in the current word. */
function missLetters(state: HangmanState): string[] {
  const needed = lettersToGuess(word(state));
  return HANGMAN_ALPHABET.filter((l) => !needed.includes(l));
}

function guessAll(state: HangmanState, letters: string[]): { state: HangmanState; events: HangmanEvent[] } {
  let s = state;
  const events: HangmanEvent[] = [];
  for (const l of letters) {
    const r = guessLetter(s, l);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** Makes `misses` wrong guesses (misses < 6), then solves the current word. */
function solveWithMisses(state: HangmanState, misses: number): HangmanState {
  const s = guessAll(state, missLetters(state).slice(0, misses)).state;
  return guessAll(s, lettersToGuess(word(s))).state;
}

function failWord(state: HangmanState): { state: HangmanState; events: HangmanEvent[] } {
  return guessAll(state, missLetters(state).slice(0, HANGMAN_ATTEMPTS_PER_WORD));
}

/** Solves every word of the current level without a miss and advances after each one. */
function passLevelPerfectly(state: HangmanState): { state: HangmanState; events: HangmanEvent[] } {
  let s = state;
  let events: HangmanEvent[] = [];
  while (s.phase === 'playing') {
    s = solveWithMisses(s, 0);
    const r = advance(s);
    s = r.state;
    events = r.events;
  }
  return { state: s, events };
}

describe('hangman constants (spec section 9)', () => {
  it('has the spec values', () => {
    expect(HANGMAN_LEVELS).toBe(10);
    expect(HANGMAN_WORDS_PER_LEVEL).toBe(5);
    expect(HANGMAN_WORD_POOL_SIZE).toBe(5);
    expect(HANGMAN_LIVES).toBe(3);
    expect(HANGMAN_ATTEMPTS_PER_WORD).toBe(6);
    expect(HANGMAN_LEVEL_START_SCORE).toBe(100);
    expect(HANGMAN_WRONG_LETTER_PENALTY).toBe(2);
    expect(HANGMAN_LIFE_LOST_PENALTY).toBe(5);
    expect(HANGMAN_PASS_SCORE).toBe(70);
    expect(HANGMAN_PAUSE_BETWEEN_WORDS_MS).toBe(1500);
    expect(HANGMAN_PAUSE_BEFORE_RESTART_MS).toBe(2000);
    expect(HANGMAN_FONT_REM).toEqual({ short: 8, medium: 6, long: 4 });
    expect(HANGMAN_FONT_SHORT_MAX_LENGTH).toBe(4);
    expect(HANGMAN_FONT_MEDIUM_MAX_LENGTH).toBe(8);
  });

  it('keyboard is the letters A to Z in order, with Ñ after N (27 keys)', () => {
    expect(HANGMAN_ALPHABET).toHaveLength(27);
    expect(HANGMAN_ALPHABET.join('')).toBe('ABCDEFGHIJKLMNÑOPQRSTUVWXYZ');
    expect(HANGMAN_ALPHABET.indexOf('Ñ')).toBe(HANGMAN_ALPHABET.indexOf('N') + 1);
  });
});

describe('hangman word font size', () => {
  it('is 8 rem up to 4 characters, 6 up to 8, 4 beyond', () => {
    expect(wordFontRem('sol')).toBe(8);
    expect(wordFontRem('casa')).toBe(8); // 4
    expect(wordFontRem('perro')).toBe(6); // 5
    expect(wordFontRem('elefante')).toBe(6); // 8
    expect(wordFontRem('chocolate')).toBe(4); // 9
    expect(wordFontRem('murciélago')).toBe(4); // 10
  });

  it('counts ñ and accented letters as one character, even when decomposed', () => {
    expect(wordFontRem('niño')).toBe(8);
    expect(wordFontRem('nin\u0303o')).toBe(8);
    expect(wordFontRem('canción')).toBe(6);
  });

  it('counts spaces of the displayed word', () => {
    expect(wordFontRem('oso polar')).toBe(4); // 9 characters
    expect(wordFontRem('ma sa')).toBe(6); // 5 characters
  });
});

describe('hangman letter matching (accents and ñ)', () => {
  it('normalises accents and ü to A–Z and ñ to Ñ, case-insensitively', () => {
    expect(['á', 'à', 'ä', 'â', 'Á', 'a', 'A'].map(normalizeLetter)).toEqual(Array(7).fill('A'));
    expect(normalizeLetter('é')).toBe('E');
    expect(normalizeLetter('í')).toBe('I');
    expect(normalizeLetter('ó')).toBe('O');
    expect(normalizeLetter('ú')).toBe('U');
    expect(normalizeLetter('ü')).toBe('U');
    expect(normalizeLetter('ñ')).toBe('Ñ');
    expect(normalizeLetter('Ñ')).toBe('Ñ');
    expect(normalizeLetter('n\u0303')).toBe('Ñ'); // decomposed ñ
    expect(normalizeLetter('n')).toBe('N');
    expect(normalizeLetter('b')).toBe('B');
  });

  it('treats spaces, hyphens and digits as non-letters', () => {
    expect(normalizeLetter(' ')).toBeNull();
    expect(normalizeLetter('-')).toBeNull();
    expect(normalizeLetter('3')).toBeNull();
    expect(normalizeLetter('ab')).toBeNull();
    expect(normalizeLetter('')).toBeNull();
  });

  it('lists the distinct letters to guess', () => {
    expect(lettersToGuess('Ñandú')).toEqual(['Ñ', 'A', 'N', 'D', 'U']);
    expect(lettersToGuess('pingüino')).toEqual(['P', 'I', 'N', 'G', 'U', 'O']);
    expect(lettersToGuess('oso-polar 2')).toEqual(['O', 'S', 'P', 'L', 'A', 'R']);
  });

  it('N reveals n only and Ñ reveals ñ only, keeping the displayed accents and case', () => {
    expect(maskWord('Ñandú', [])).toBe('_____');
    expect(maskWord('Ñandú', ['N'])).toBe('__n__');
    expect(maskWord('Ñandú', ['Ñ'])).toBe('Ñ____');
    expect(maskWord('Ñandú', ['N', 'U'])).toBe('__n_ú');
    expect(maskWord('Ñandú', ['N', 'U', 'A', 'D'])).toBe('_andú');
    expect(maskWord('Ñandú', ['N', 'U', 'A', 'D', 'Ñ'])).toBe('Ñandú');
  });

  it('shows spaces and hyphens from the start', () => {
    expect(maskWord('oso polar', [])).toBe('___ _____');
    expect(maskWord('arco-iris', ['I'])).toBe('____-i_i_');
    expect(wordCells('a b', [])).toEqual([
      { char: 'a', letter: 'A', revealed: false },
      { char: ' ', letter: null, revealed: true },
      { char: 'b', letter: 'B', revealed: false },
    ]);
  });

  it('a game word with ñ and accents is solved with the A–Z and Ñ keys', () => {
    let s = started([w(1, 'Ñandú')]);
    const r1 = guessLetter(s, 'n');
    expect(r1.events).toEqual([{ type: 'correct-letter', letter: 'N' }]);
    expect(snapshot(r1.state).masked).toBe('__n__');
    s = guessAll(r1.state, ['ñ', 'a', 'D']).state;
    const r2 = guessLetter(s, 'ú'); // a physical keyboard key is normalised too
    expect(r2.events).toEqual([
      { type: 'correct-letter', letter: 'U' },
      { type: 'word-solved', word: 'Ñandú', wordId: 1 },
    ]);
    expect(r2.state.phase).toBe('word-solved');
    expect(r2.state.levelScore).toBe(100);
  });

  it('a word with a space only needs its letters', () => {
    const s = started([w(1, 'oso polar')]);
    const r = guessAll(s, ['O', 'S', 'P', 'L', 'A', 'R']);
    expect(r.state.phase).toBe('word-solved');
    expect(snapshot(r.state).masked).toBe('oso polar');
  });
});

describe('hangman creation and instructions', () => {
  it('starts in the instructions phase with the level 1 pool drawn', () => {
    const s = createGame(WORDS, mulberry32(7));
    expect(s.phase).toBe('instructions');
    expect(s.level).toBe(1);
    expect(s.levelScore).toBe(100);
    expect(s.totalScore).toBe(0);
    expect(s.lives).toBe(3);
    expect(s.attemptsLeft).toBe(6);
    expect(s.pool).toHaveLength(5);
    expect(new Set(s.pool.map((x) => x.id)).size).toBe(5);
    for (const p of s.pool) expect(WORDS.map((x) => x.id)).toContain(p.id);
  });

  it('ignores key presses during the instructions', () => {
    const s = createGame(WORDS, mulberry32(7));
    expect(guessLetter(s, 'A')).toEqual({ state: s, events: [] });
  });

  it('startGame goes instructions → playing once', () => {
    const s = createGame(WORDS, mulberry32(7));
    const r = startGame(s);
    expect(r.state.phase).toBe('playing');
    expect(r.events).toEqual([{ type: 'level-started', level: 1 }]);
    expect(startGame(r.state)).toEqual({ state: r.state, events: [] });
  });

  it('uses fewer than 5 words per level when the list is short', () => {
    const s = createGame([w(1, 'sol'), w(2, 'pan')], mulberry32(3));
    expect(s.pool).toHaveLength(2);
  });

  it('drops duplicate words and words without letters; throws when nothing is playable', () => {
    const s = createGame([w(1, 'sol'), w(1, 'otra'), w(2, ' Sol '), w(3, '123'), w(4, '  '), w(5, 'pan')], mulberry32(3));
    expect(s.words.map((x) => x.id).sort()).toEqual([1, 5]);
    expect(() => createGame([], mulberry32(1))).toThrow(RangeError);
    expect(() => createGame([w(1, '12-3')], mulberry32(1))).toThrow('No hay palabras para este nivel.');
  });

  it('is deterministic for a seed', () => {
    expect(createGame(WORDS, mulberry32(42))).toEqual(createGame(WORDS, mulberry32(42)));
    const pools = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) =>
        createGame(WORDS, mulberry32(seed))
          .pool.map((x) => x.id)
          .join(),
      ),
    );
    expect(pools.size).toBeGreaterThan(1);
  });
});

describe('hangman guessing', () => {
  it('a wrong letter costs 1 attempt and 2 points', () => {
    const s = started();
    const miss = missLetters(s)[0] as string;
    const r = guessLetter(s, miss.toLowerCase());
    expect(r.events).toEqual([{ type: 'wrong-letter', letter: miss, attemptsLeft: 5 }]);
    expect(r.state.attemptsLeft).toBe(5);
    expect(r.state.levelScore).toBe(98);
    expect(r.state.lives).toBe(3);
    expect(r.state.phase).toBe('playing');
    expect(letterStatus(r.state, miss)).toBe('wrong');
  });

  it('a right letter costs nothing', () => {
    const s = started();
    const hit = lettersToGuess(word(s))[0] as string;
    const r = guessLetter(s, hit);
    expect(r.state.levelScore).toBe(100);
    expect(r.state.attemptsLeft).toBe(6);
    expect(r.events).toEqual([{ type: 'correct-letter', letter: hit }]);
    expect(letterStatus(r.state, hit)).toBe('correct');
    expect(letterStatus(r.state, missLetters(s)[0] as string)).toBe('unused');
  });

  it('guessing an already-guessed letter (any case) changes nothing', () => {
    const s = started();
    const miss = missLetters(s)[0] as string;
    const once = guessLetter(s, miss).state;
    const again = guessLetter(once, miss.toLowerCase());
    expect(again.state).toBe(once);
    expect(again.events).toEqual([]);
    const hit = lettersToGuess(word(s))[0] as string;
    const h1 = guessLetter(once, hit).state;
    expect(guessLetter(h1, hit).state).toBe(h1);
  });

  it('non-letter keys change nothing', () => {
    const s = started();
    for (const k of [' ', '-', '7', 'Enter', '']) expect(guessLetter(s, k)).toEqual({ state: s, events: [] });
  });

  it('the 6th wrong letter costs a life (−5) and fails the word', () => {
    const s = started();
    const misses = missLetters(s);
    const five = guessAll(s, misses.slice(0, 5)).state;
    expect(five.attemptsLeft).toBe(1);
    expect(five.levelScore).toBe(90);
    const r = guessLetter(five, misses[5] as string);
    expect(r.events).toEqual([
      { type: 'wrong-letter', letter: misses[5], attemptsLeft: 0 },
      { type: 'life-lost', lives: 2 },
      { type: 'word-failed', word: word(s), wordId: snapshot(s).currentWordId },
    ]);
    expect(r.state.phase).toBe('word-failed');
    expect(r.state.attemptsLeft).toBe(0);
    expect(r.state.lives).toBe(2);
    expect(r.state.levelScore).toBe(100 - 6 * 2 - 5); // 83
    expect(r.state.failedInLevel).toBe(1);
    // no more guesses on a failed word
    expect(guessLetter(r.state, misses[6] as string).state).toBe(r.state);
  });

  it('the level score never goes below 0', () => {
    const s = started();
    const misses = missLetters(s);
    const low: HangmanState = { ...s, levelScore: 1 };
    expect(guessLetter(low, misses[0] as string).state.levelScore).toBe(0);
    const lastAttempt: HangmanState = { ...s, levelScore: 3, attemptsLeft: 1 };
    const r = guessLetter(lastAttempt, misses[0] as string);
    expect(r.state.levelScore).toBe(0);
    expect(r.state.phase).toBe('word-failed');
  });

  it('does not mutate the state it is given', () => {
    const s = deepFreeze(started());
    const copy = structuredClone(s);
    guessLetter(s, missLetters(s)[0] as string);
    guessLetter(s, lettersToGuess(word(s))[0] as string);
    expect(s).toEqual(copy);
  });
});

describe('hangman word and level flow', () => {
  it('after a word, waits 1.5 s then moves to the next word with fresh attempts', () => {
    const s = solveWithMisses(started(), 2);
    expect(s.phase).toBe('word-solved');
    expect(s.levelScore).toBe(96);
    expect(pendingDelayMs(s)).toBe(1500);
    const r = advance(s);
    expect(r.events).toEqual([{ type: 'next-word', wordIndex: 1 }]);
    expect(r.state.phase).toBe('playing');
    expect(r.state.wordIndex).toBe(1);
    expect(r.state.attemptsLeft).toBe(6);
    expect(r.state.guessed).toEqual([]);
    expect(r.state.levelScore).toBe(96);
    expect(pendingDelayMs(r.state)).toBeNull();
  });

  it('a failed word also moves on to the next word', () => {
    const f = failWord(started()).state;
    expect(pendingDelayMs(f)).toBe(1500);
    const r = advance(f);
    expect(r.state.phase).toBe('playing');
    expect(r.state.wordIndex).toBe(1);
    expect(r.state.lives).toBe(2);
  });

  it('advance does nothing while a word is being played', () => {
    const s = started();
    expect(advance(s)).toEqual({ state: s, events: [] });
  });

  it('passes the level at exactly 70 (5 words × 3 misses)', () => {
    let s = started();
    for (let i = 0; i < 5; i++) {
      s = solveWithMisses(s, 3);
      if (i < 4) s = advance(s).state;
    }
    expect(s.levelScore).toBe(70);
    const r = advance(s);
    // 70 of the level's 100 → 2 stars.
    expect(r.events).toEqual([{ type: 'level-passed', level: 1, levelScore: 70, stars: 2 }]);
    expect(r.state.phase).toBe('level-passed');
    expect(r.state.totalScore).toBe(70);
    expect(pendingDelayMs(r.state)).toBeNull();
  });

  it('fails the level at 69 (one failed word −17, then 7 misses −14) and restarts it after 2 s', () => {
    let s = started();
    s = advance(failWord(s).state).state; // 83, 2 lives
    const misses = [2, 2, 2, 1];
    for (let i = 0; i < misses.length; i++) {
      s = solveWithMisses(s, misses[i] as number);
      if (i < misses.length - 1) s = advance(s).state;
    }
    expect(s.levelScore).toBe(69);
    const r = advance(s);
    expect(r.events).toEqual([{ type: 'level-failed', level: 1, levelScore: 69 }]);
    expect(r.state.phase).toBe('level-failed');
    expect(r.state.totalScore).toBe(0);
    expect(pendingDelayMs(r.state)).toBe(2000);
    expect(continueGame(r.state).state).toBe(r.state);

    const again = restartLevel(r.state);
    expect(again.events).toEqual([{ type: 'level-started', level: 1 }]);
    expect(again.state.phase).toBe('playing');
    expect(again.state.level).toBe(1);
    expect(again.state.levelScore).toBe(100);
    expect(again.state.lives).toBe(2); // lives carry over
    expect(again.state.wordIndex).toBe(0);
    expect(again.state.attemptsLeft).toBe(6);
    expect(again.state.guessed).toEqual([]);
    expect(again.state.solvedInLevel).toBe(0);
    expect(again.state.failedInLevel).toBe(0);
    expect(again.state.seed).not.toBe(r.state.seed); // new random pool
    // advance from 'level-failed' is the same as restartLevel
    expect(advance(r.state)).toEqual(again);
  });

  it('continue after a passed level goes to the next level with score 100', () => {
    const passed = passLevelPerfectly(started()).state;
    expect(passed.phase).toBe('level-passed');
    expect(passed.totalScore).toBe(100);
    expect(restartLevel(passed).state).toBe(passed);
    const r = continueGame(passed);
    expect(r.events).toEqual([{ type: 'level-started', level: 2 }]);
    expect(r.state.phase).toBe('playing');
    expect(r.state.level).toBe(2);
    expect(r.state.levelScore).toBe(100);
    expect(r.state.totalScore).toBe(100);
    expect(r.state.lives).toBe(3);
    // 8 words: a level of 5, then the 3 left.
    expect(r.state.pool).toHaveLength(3);
    expect(new Set([...passed.pool, ...r.state.pool].map((x) => x.id)).size).toBe(8);
  });

  it('50 words give the spec’s 10 levels of 5, each word once per run', () => {
    let s = started(MANY, 11);
    const seen: number[] = [];
    for (let level = 1; level <= 10; level++) {
      expect(s.level).toBe(level);
      expect(s.levels).toBe(10);
      expect(s.pool).toHaveLength(5);
      seen.push(...s.pool.map((x) => x.id));
      s = passLevelPerfectly(s).state;
      if (level < 10) s = continueGame(s).state;
    }
    expect(new Set(seen).size).toBe(50);
  });

  it('a 6-word level: a level of 5 and a level of 1, and the run ends (won) when the words are used', () => {
    const six = WORDS.slice(0, 6);
    let s = started(six, 3);
    expect(s.levels).toBe(2);
    expect(maxScore(s)).toBe(200);
    expect(s.pool).toHaveLength(5);
    const first = s.pool.map((x) => x.id);
    s = continueGame(passLevelPerfectly(s).state).state;
    expect(s.level).toBe(2);
    expect(s.pool).toHaveLength(1);
    expect(first).not.toContain(s.pool[0]!.id);
    const end = passLevelPerfectly(s);
    expect(end.state.phase).toBe('won');
    expect(end.events.map((e) => e.type)).toEqual(['level-passed', 'game-won']);
    expect(end.state.totalScore).toBe(200);
  });

  it('a level that starts again replays its own words', () => {
    let s = started(MANY, 5);
    const own = s.pool.map((x) => x.id).sort();
    // 4 misses in each of the 5 words: 100 − 40 = 60, under the pass mark of 70.
    for (let i = 0; i < 5; i++) s = advance(solveWithMisses(s, 4)).state;
    expect(s.phase).toBe('level-failed');
    s = advance(s).state;
    expect(s.level).toBe(1);
    expect(s.pool.map((x) => x.id).sort()).toEqual(own);
  });

  it('wins after passing level 10 (not before)', () => {
    let s = started(MANY);
    let last: HangmanEvent[] = [];
    for (let level = 1; level <= 10; level++) {
      const r = passLevelPerfectly(s);
      last = r.events;
      if (level < 10) {
        expect(r.state.phase).toBe('level-passed');
        s = continueGame(r.state).state;
      } else {
        s = r.state;
      }
    }
    expect(s.phase).toBe('won');
    expect(s.level).toBe(10);
    expect(s.totalScore).toBe(1000);
    expect(last).toEqual([
      { type: 'level-passed', level: 10, levelScore: 100, stars: 3 },
      { type: 'game-won', totalScore: 1000, stars: 3 },
    ]);
    expect(continueGame(s).state).toBe(s);
    expect(pendingDelayMs(s)).toBeNull();
  });

  it('loses when the third life is lost (after the pause)', () => {
    let s = started();
    s = advance(failWord(s).state).state;
    s = advance(failWord(s).state).state;
    const third = failWord(s);
    expect(third.state.lives).toBe(0);
    expect(third.state.phase).toBe('word-failed');
    const r = advance(third.state);
    expect(r.events).toEqual([{ type: 'game-over', totalScore: 0, stars: 0 }]);
    expect(r.state.phase).toBe('lost');
    expect(guessLetter(r.state, 'A').state).toBe(r.state);
    expect(advance(r.state).state).toBe(r.state);
  });

  it('names the word the run was lost on (the loss panel shows it), and none before the loss', () => {
    let s = started();
    s = advance(failWord(s).state).state;
    s = advance(failWord(s).state).state;
    const third = failWord(s).state;
    expect(missedWord(third)).toBeNull();
    const lost = advance(third).state;
    expect(missedWord(lost)).toEqual(currentWord(third));
    expect(missedWord(lost)?.es).toBe(word(third));
  });

  it('losing the last life on the last word of a level is a defeat, not a level result', () => {
    let s = started([w(1, 'sol'), w(2, 'pan'), w(3, 'mar')]);
    s = advance(failWord(s).state).state;
    s = advance(failWord(s).state).state;
    s = failWord(s).state;
    expect(s.wordIndex).toBe(2);
    expect(advance(s).state.phase).toBe('lost');
  });

  it('restart goes back to level 1 with everything reset', () => {
    let s = started();
    s = continueGame(passLevelPerfectly(s).state).state;
    s = advance(failWord(s).state).state;
    s = guessLetter(s, missLetters(s)[0] as string).state;
    expect(s.level).toBe(2);
    const r = restart(s);
    expect(r.events).toEqual([{ type: 'level-started', level: 1 }]);
    expect(r.state.phase).toBe('playing');
    expect(r.state.level).toBe(1);
    expect(r.state.lives).toBe(3);
    expect(r.state.levelScore).toBe(100);
    expect(r.state.totalScore).toBe(0);
    expect(r.state.wordIndex).toBe(0);
    expect(r.state.attemptsLeft).toBe(6);
    expect(r.state.guessed).toEqual([]);
    expect(r.state.pool).toHaveLength(5);
  });

  it('restart also works from defeat', () => {
    let s = started();
    for (let i = 0; i < 3; i++) s = advance(failWord(s).state).state;
    expect(s.phase).toBe('lost');
    const r = restart(s).state;
    expect(r.phase).toBe('playing');
    expect(r.lives).toBe(3);
  });
});

describe('hangman snapshot', () => {
  it('is plain JSON with the test-mode fields', () => {
    const s0 = started([w(9, 'Ñandú', 4)]);
    const s = guessAll(s0, ['Ñ', 'X']).state;
    const snap = snapshot(s);
    expect(snap).toEqual({
      game: 'hangman',
      phase: 'playing',
      level: 1,
      levels: 1,
      levelScore: 98,
      totalScore: 0,
      lives: 3,
      attemptsLeft: 5,
      wordIndex: 0,
      wordsInLevel: 1,
      currentWord: 'Ñandú',
      currentWordId: 9,
      masked: 'Ñ____',
      guessed: ['Ñ', 'X'],
      wrongLetters: ['X'],
      hints: [],
      hintsOpen: ['picture', 'letter'],
    });
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
  });

  it('the whole state is serialisable too', () => {
    const s = started();
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('hangman hints (docs/games.md, "Hints")', () => {
  it('each hint costs what a wrong letter costs: one attempt and 2 points', () => {
    expect(hintCost('picture')).toEqual({ points: 2, attempts: 1 });
    expect(hintCost('letter')).toEqual({ points: 2, attempts: 1 });
  });

  it('the picture is shown only when asked, once a word, for its price', () => {
    const s = started([w(1, 'gato')]);
    expect(s.hints).toEqual([]);
    expect(hintsOpen(s)).toEqual(['picture', 'letter']);
    const r = askHint(s, 'picture');
    expect(r.events).toEqual([{ type: 'hint', kind: 'picture', wordId: 1, letter: null, points: 2, attemptsLeft: 5 }]);
    expect(r.state).toMatchObject({ levelScore: 98, attemptsLeft: 5, hints: ['picture'], guessed: [] });
    expect(askHint(r.state, 'picture').state).toBe(r.state);
  });

  it('the letter hint reveals the first hidden letter, never the last one', () => {
    let s = started([w(1, 'gato')]);
    s = guessAll(s, ['G']).state;
    const r = askHint(s, 'letter');
    expect(r.events[0]).toMatchObject({ type: 'hint', kind: 'letter', letter: 'A' });
    expect(r.state.guessed).toEqual(['G', 'A']);
    expect(r.state.phase).toBe('playing');
    const oneLeft = guessAll(started([w(1, 'gato')]), ['G', 'A', 'T']).state;
    expect(hintsOpen(oneLeft)).toEqual(['picture']);
    expect(askHint(oneLeft, 'letter').state).toBe(oneLeft);
  });

  it('no hint when it could lose the word (one attempt left) nor outside play', () => {
    const s = started([w(1, 'gato')]);
    const last = guessAll(s, ['Q', 'W', 'X', 'Y', 'Z']).state;
    expect(last.attemptsLeft).toBe(1);
    expect(hintsOpen(last)).toEqual([]);
    expect(askHint(last, 'picture').state).toBe(last);
    const inst = createGame([w(1, 'gato')], mulberry32(1));
    expect(askHint(inst, 'picture').state).toBe(inst);
  });

  it('the next word starts without hints; the server replays a hint as a miss of its word', () => {
    let s = started([w(1, 'sol'), w(2, 'mar')]);
    const first = currentWord(s)!;
    s = askHint(s, 'picture').state;
    s = guessAll(s, lettersToGuess(first.es)).state;
    s = advance(s).state;
    expect(s.hints).toEqual([]);
    const second = currentWord(s)!;
    s = advance(guessAll(s, lettersToGuess(second.es)).state).state;
    expect(s.phase).toBe('won');
    const rounds = [
      { idPalabra: first.id, bien: true, fallos: 1 },
      { idPalabra: second.id, bien: true, fallos: 0 },
    ];
    expect(replayRun([w(1, 'sol'), w(2, 'mar')], rounds)).toEqual({ ok: true, puntos: s.totalScore, puntosMax: 100, ganada: true });
    expect(s.totalScore).toBe(98);
  });
});
