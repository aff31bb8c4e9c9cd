import { describe, expect, it } from 'vitest';
import type { GameWord } from '../../../src/shared/rules/games/types';
import { mulberry32 } from '../../../src/shared/rules/games/types';
import {
  ORDER_HINT_COST,
  askHint,
  hintCost,
  hintsOpen,
  ORDER_CORRECT_POINTS,
  ORDER_DELAY_MS,
  ORDER_END_MESSAGES,
  ORDER_EXCELLENT_SCORE,
  ORDER_GOOD_SCORE,
  ORDER_LEVELS,
  ORDER_LIVES,
  ORDER_MAX_WORDS,
  ORDER_WORDS_PER_LEVEL,
  ORDER_WRONG_PENALTY,
  type OrderEvent,
  type OrderWordsState,
  advance,
  builtWord,
  canCheck,
  check,
  clear,
  createGame,
  currentWord,
  missedWord,
  endMessage,
  endMessageText,
  isTileChar,
  isTileUsed,
  pendingDelayMs,
  pickTile,
  playedMaxScore,
  removeLast,
  restart,
  scramble,
  slots,
  snapshot,
  startGame,
  tileLetters,
} from '../../../src/shared/rules/games/orderWords';

const w = (id: number, es: string, nivelId = 1): GameWord => ({
  id,
  es,
  en: `en-${id}`,
  image: `/img/${id}.png`,
  sign: null,
  nivelId,
});

const WORDS: GameWord[] = [w(1, 'sol'), w(2, 'casa'), w(3, 'perro'), w(4, 'gato'), w(5, 'luna'), w(6, 'mesa'), w(7, 'flor')];

const many = (n: number): GameWord[] => Array.from({ length: n }, (_, i) => w(i + 1, `pa${String.fromCharCode(97 + (i % 26))}${i}`));

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

function started(words: GameWord[] = WORDS, seed = 1): OrderWordsState {
  return startGame(createGame(words, mulberry32(seed))).state;
}

function word(state: OrderWordsState): string {
  const cw = currentWord(state);
  if (!cw) throw new Error('no current word');
  return cw.es;
}

/** Tile ids that spell `letters` (each tile used once, exact characters). */
function tilesFor(state: OrderWordsState, letters: string[]): number[] {
  const used = new Set<number>();
  return letters.map((ch) => {
    const t = state.tiles.find((x) => x.char === ch && !used.has(x.id));
    if (!t) throw new Error(`no tile for ${ch}`);
    used.add(t.id);
    return t.id;
  });
}

function pickAll(state: OrderWordsState, ids: number[]): OrderWordsState {
  return ids.reduce((s, id) => pickTile(s, id).state, state);
}

function answerRight(state: OrderWordsState): OrderWordsState {
  return pickAll(state, tilesFor(state, tileLetters(word(state))));
}

/** Fills the slots in a wrong order (the current word must have 2 distinct letters). */
function answerWrong(state: OrderWordsState): OrderWordsState {
  const right = tilesFor(state, tileLetters(word(state)));
  const wrong = [...right.slice(1), ...right.slice(0, 1)];
  return pickAll(state, wrong);
}

function playRight(state: OrderWordsState): { state: OrderWordsState; events: OrderEvent[] } {
  return advance(check(answerRight(state)).state);
}

function playWrong(state: OrderWordsState): { state: OrderWordsState; events: OrderEvent[] } {
  return advance(check(answerWrong(state)).state);
}

describe('order words constants (spec section 9)', () => {
  it('has the spec values', () => {
    expect(ORDER_LEVELS).toBe(10);
    expect(ORDER_WORDS_PER_LEVEL).toBe(5);
    expect(ORDER_MAX_WORDS).toBe(50);
    expect(ORDER_LIVES).toBe(3);
    expect(ORDER_CORRECT_POINTS).toBe(10);
    expect(ORDER_WRONG_PENALTY).toBe(5);
    expect(ORDER_DELAY_MS).toBe(1200);
    expect(ORDER_EXCELLENT_SCORE).toBe(70);
    expect(ORDER_GOOD_SCORE).toBe(50);
  });

  it('has the Spanish end messages', () => {
    expect(ORDER_END_MESSAGES).toEqual({
      excellent: '¡Excelente! Eres un experto en palabras.',
      good: '¡Buen trabajo! Sigue así.',
      practice: '¡Sigue practicando! Tú puedes.',
    });
  });
});

describe('order words end message', () => {
  it('a 100-point run keeps the spec thresholds: excellent from 70, good from 50, practice below', () => {
    expect(endMessage(70, 100)).toBe('excellent');
    expect(endMessage(69, 100)).toBe('good');
    expect(endMessage(50, 100)).toBe('good');
    expect(endMessage(49, 100)).toBe('practice');
    expect(endMessage(0, 100)).toBe('practice');
  });

  it('a run worth more than 100 points keeps the absolute thresholds', () => {
    expect(endMessage(500, 500)).toBe('excellent');
    expect(endMessage(70, 500)).toBe('excellent');
    expect(endMessage(69, 500)).toBe('good');
    expect(endMessage(50, 500)).toBe('good');
    expect(endMessage(49, 500)).toBe('practice');
  });

  it('below 100 points the thresholds are shares of the maximum: 70 % and 50 %', () => {
    // 60-point run (6 words): 42 = 70 %, 30 = 50 %.
    expect(endMessage(60, 60)).toBe('excellent');
    expect(endMessage(42, 60)).toBe('excellent');
    expect(endMessage(41, 60)).toBe('good');
    expect(endMessage(30, 60)).toBe('good');
    expect(endMessage(29, 60)).toBe('practice');
    expect(endMessage(7, 10)).toBe('excellent');
    expect(endMessage(5, 10)).toBe('good');
    expect(endMessage(4, 10)).toBe('practice');
  });

  it('gives the Spanish text', () => {
    expect(endMessageText(70, 100)).toBe('¡Excelente! Eres un experto en palabras.');
    expect(endMessageText(50, 100)).toBe('¡Buen trabajo! Sigue así.');
    expect(endMessageText(49, 100)).toBe('¡Sigue practicando! Tú puedes.');
    expect(endMessageText(60, 60)).toBe('¡Excelente! Eres un experto en palabras.');
  });

  it('6 of 6 right: 3 stars and the excellent message', () => {
    let s = started(many(6));
    let last: OrderEvent[] = [];
    for (let i = 0; i < 6; i++) {
      const r = playRight(s);
      s = r.state;
      last = r.events;
    }
    expect(s.phase).toBe('won');
    expect(s.totalScore).toBe(60);
    expect(playedMaxScore(s)).toBe(60);
    expect(last).toContainEqual({ type: 'game-won', totalScore: 60, message: 'excellent', stars: 3 });
    expect(snapshot(s).endMessage).toBe('excellent');
  });
});

describe('order words tiles and scramble', () => {
  it('letters and digits are tiles; spaces and punctuation are fixed', () => {
    expect(isTileChar('a')).toBe(true);
    expect(isTileChar('ñ')).toBe(true);
    expect(isTileChar('É')).toBe(true);
    expect(isTileChar('3')).toBe(true);
    expect(isTileChar(' ')).toBe(false);
    expect(isTileChar('-')).toBe(false);
    expect(tileLetters('oso polar')).toEqual(['o', 's', 'o', 'p', 'o', 'l', 'a', 'r']);
    expect(tileLetters('arco-iris')).toHaveLength(8);
    expect(tileLetters('nin\u0303o')).toEqual(['n', 'i', 'ñ', 'o']);
  });

  it('never gives the original order for words with 2+ distinct letters', () => {
    const words = ['ab', 'sol', 'Ana', 'casa', 'perro', 'mamá', 'oso polar', 'papá', 'aab', 'Aa b'];
    for (const word of words) {
      const original = tileLetters(word).join('').toLowerCase();
      for (let seed = 0; seed < 300; seed++) {
        const s = scramble(word, mulberry32(seed));
        expect(s.join('').toLowerCase()).not.toBe(original);
        expect([...s].sort()).toEqual([...tileLetters(word)].sort());
      }
    }
  });

  it('falls back to a rotation when shuffling keeps giving the word', () => {
    const stuck = () => 0.999999; // Fisher–Yates with this rng leaves the order unchanged
    expect(scramble('gato', stuck)).toEqual(['a', 't', 'o', 'g']);
    expect(scramble('ab', stuck)).toEqual(['b', 'a']);
  });

  it('scrambles are really random (not always the same rearrangement)', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 100; seed++) seen.add(scramble('gato', mulberry32(seed)).join(''));
    expect(seen.size).toBe(23); // every order of g,a,t,o except 'gato' itself
  });

  it('a word with one distinct letter cannot be scrambled and is left as is', () => {
    expect(scramble('aaa', mulberry32(1))).toEqual(['a', 'a', 'a']);
  });

  it('a game tile row is never the word itself', () => {
    for (let seed = 0; seed < 50; seed++) {
      const s = createGame([w(1, 'ab')], mulberry32(seed));
      expect(s.tiles.map((t) => t.char)).toEqual(['b', 'a']);
    }
  });
});

describe('order words creation', () => {
  it('starts with instructions, 3 lives, score 0, level 1 and tiles for the first word', () => {
    const s = createGame(WORDS, mulberry32(5));
    expect(s.phase).toBe('instructions');
    expect(s.lives).toBe(3);
    expect(s.totalScore).toBe(0);
    expect(s.level).toBe(1);
    expect(s.wordIndex).toBe(0);
    expect(s.words).toHaveLength(7);
    expect(s.tiles.map((t) => t.id)).toEqual(s.tiles.map((_, i) => i));
    expect(s.tiles.map((t) => t.char).sort()).toEqual(tileLetters(word(s)).sort());
    expect(pickTile(s, 0).state).toBe(s); // no play before the instructions are closed
    const r = startGame(s);
    expect(r.state.phase).toBe('playing');
    expect(r.events).toEqual([{ type: 'level-started', level: 1 }]);
  });

  it('uses at most 50 words, never repeated', () => {
    const s = createGame(many(60), mulberry32(2));
    expect(s.words).toHaveLength(50);
    expect(new Set(s.words.map((x) => x.id)).size).toBe(50);
    expect(s.allWords).toHaveLength(60);
  });

  it('uses the whole list when it is shorter than 50', () => {
    const s = createGame(many(7), mulberry32(2));
    expect(s.words).toHaveLength(7);
    expect(snapshot(s).levels).toBe(2);
  });

  it('drops duplicates and words without letters; throws on an empty list', () => {
    const s = createGame([w(1, 'sol'), w(1, 'luz'), w(2, 'SOL'), w(3, '- -'), w(4, 'pan')], mulberry32(2));
    expect(s.words.map((x) => x.id).sort()).toEqual([1, 4]);
    expect(() => createGame([], mulberry32(1))).toThrow('No hay palabras para este nivel.');
  });

  it('is deterministic for a seed', () => {
    expect(createGame(many(20), mulberry32(9))).toEqual(createGame(many(20), mulberry32(9)));
  });
});

describe('order words building a word', () => {
  it('pickTile fills the next slot, used tiles are ignored', () => {
    const s = started([w(1, 'sol')]);
    const [a, b] = [0, 1];
    const r = pickTile(s, a);
    expect(r.events).toEqual([{ type: 'tile-picked', tileId: a, char: s.tiles[a]?.char }]);
    expect(r.state.picked).toEqual([a]);
    expect(isTileUsed(r.state, a)).toBe(true);
    expect(pickTile(r.state, a).state).toBe(r.state);
    expect(pickTile(r.state, 99).state).toBe(r.state);
    expect(pickTile(r.state, -1).state).toBe(r.state);
    const r2 = pickTile(r.state, b).state;
    expect(builtWord(r2)).toBe(`${s.tiles[a]?.char}${s.tiles[b]?.char}_`);
  });

  it('removeLast and clear take tiles back', () => {
    const s = pickAll(started([w(1, 'sol')]), [2, 0]);
    const r = removeLast(s);
    expect(r.events).toEqual([{ type: 'tile-removed', tileId: 0 }]);
    expect(r.state.picked).toEqual([2]);
    const c = clear(s);
    expect(c.events).toEqual([{ type: 'cleared' }]);
    expect(c.state.picked).toEqual([]);
    expect(removeLast(c.state).state).toBe(c.state);
    expect(clear(c.state).state).toBe(c.state);
  });

  it('check works only when every slot is filled', () => {
    const s = pickAll(started([w(1, 'sol')]), [0, 1]);
    expect(canCheck(s)).toBe(false);
    expect(check(s)).toEqual({ state: s, events: [] });
    const full = pickTile(s, 2).state;
    expect(canCheck(full)).toBe(true);
    expect(pickTile(full, 0).state).toBe(full);
  });

  it('spaces are fixed slots that need no tile', () => {
    const s = started([w(1, 'oso polar')]);
    expect(s.tiles).toHaveLength(8);
    expect(builtWord(s)).toBe('___ _____');
    expect(slots(s)[3]).toEqual({ char: ' ', fixed: true, tileId: null });
    const built = answerRight(s);
    expect(builtWord(built)).toBe('oso polar');
    expect(check(built).state.lastResult).toBe('correct');
  });

  it('does not mutate the state it is given', () => {
    const s = deepFreeze(started());
    const copy = structuredClone(s);
    const full = answerRight(s);
    deepFreeze(full);
    check(full);
    removeLast(full);
    clear(full);
    expect(s).toEqual(copy);
  });
});

describe('order words checking', () => {
  it('a right answer gives +10 and shows feedback for 1.2 s', () => {
    const s = answerRight(started());
    const r = check(s);
    expect(r.events).toEqual([{ type: 'correct', word: word(s), wordId: snapshot(s).currentWordId, points: 10 }]);
    expect(r.state.phase).toBe('feedback');
    expect(r.state.lastResult).toBe('correct');
    expect(r.state.totalScore).toBe(10);
    expect(r.state.lives).toBe(3);
    expect(pendingDelayMs(r.state)).toBe(1200);
    expect(pickTile(r.state, 0).state).toBe(r.state);
  });

  it('compares case-insensitively (tiles of the same letter in another case are interchangeable)', () => {
    const s = started([w(1, 'Ana')]);
    const built = pickAll(s, tilesFor(s, ['a', 'n', 'A']));
    expect(builtWord(built)).toBe('anA');
    expect(check(built).state.lastResult).toBe('correct');
  });

  it('accents must be in the right place', () => {
    const s = started([w(1, 'mamá')]);
    const wrong = pickAll(s, tilesFor(s, ['m', 'á', 'm', 'a']));
    expect(check(wrong).state.lastResult).toBe('wrong');
    const right = pickAll(s, tilesFor(s, ['m', 'a', 'm', 'á']));
    expect(check(right).state.lastResult).toBe('correct');
  });

  it('a wrong answer costs 5 points and a life; the score never goes below 0', () => {
    const s0 = started();
    const atZero = check(answerWrong(s0));
    expect(atZero.state.totalScore).toBe(0);
    expect(atZero.state.lives).toBe(2);
    expect(atZero.state.lastResult).toBe('wrong');
    expect(atZero.events).toEqual([
      { type: 'wrong', word: word(s0), wordId: snapshot(s0).currentWordId, built: builtWord(answerWrong(s0)), points: 0 },
      { type: 'life-lost', lives: 2 },
    ]);

    const at10 = check(answerWrong({ ...s0, totalScore: 10 }));
    expect(at10.state.totalScore).toBe(5);
    expect(at10.events[0]).toMatchObject({ type: 'wrong', points: -5 });

    const at3 = check(answerWrong({ ...s0, totalScore: 3 }));
    expect(at3.state.totalScore).toBe(0);
  });

  it('after the feedback the next word comes with new tiles', () => {
    const s = started();
    const r = playRight(s);
    expect(r.events).toEqual([{ type: 'next-word', wordIndex: 1 }]);
    expect(r.state.phase).toBe('playing');
    expect(r.state.wordIndex).toBe(1);
    expect(r.state.picked).toEqual([]);
    expect(r.state.lastResult).toBeNull();
    expect(r.state.tiles.map((t) => t.char).sort()).toEqual(tileLetters(word(r.state)).sort());
    const after = playWrong(r.state);
    expect(after.state.wordIndex).toBe(2);
    expect(after.state.lives).toBe(2);
  });

  it('advance does nothing outside the feedback', () => {
    const s = started();
    expect(advance(s)).toEqual({ state: s, events: [] });
  });
});

describe('order words levels and end', () => {
  it('every 5 words start a new level', () => {
    let s = started(many(12));
    for (let i = 0; i < 4; i++) s = playRight(s).state;
    expect(s.level).toBe(1);
    const r = playRight(s);
    expect(r.events).toEqual([
      { type: 'next-word', wordIndex: 5 },
      { type: 'level-passed', level: 1, stars: 3 },
      { type: 'level-started', level: 2 },
    ]);
    expect(r.state.level).toBe(2);
    // The next level's stars count only its own answers.
    expect(r.state).toMatchObject({ correctInLevel: 0, wrongInLevel: 0 });
  });

  it('ends after level 10 (50 words) with everything right', () => {
    let s = started(many(60));
    let last: OrderEvent[] = [];
    for (let i = 0; i < 50; i++) {
      expect(s.phase).toBe('playing');
      const r = playRight(s);
      s = r.state;
      last = r.events;
    }
    expect(s.phase).toBe('won');
    expect(s.level).toBe(10);
    expect(s.totalScore).toBe(500);
    expect(last).toEqual([
      { type: 'level-passed', level: 10, stars: 3 },
      { type: 'game-won', totalScore: 500, message: 'excellent', stars: 3 },
    ]);
    expect(snapshot(s).endMessage).toBe('excellent');
  });

  it('ends when no words are left', () => {
    let s = started([w(1, 'sol'), w(2, 'pan')]);
    s = playRight(s).state;
    const r = playRight(s);
    expect(r.state.phase).toBe('won');
    expect(r.state.totalScore).toBe(20);
    expect(r.events).toEqual([
      { type: 'level-passed', level: 1, stars: 3 },
      { type: 'game-won', totalScore: 20, message: 'excellent', stars: 3 },
    ]);
    expect(pendingDelayMs(r.state)).toBeNull();
  });

  it('ends at zero lives, after the feedback', () => {
    let s = started(many(20));
    for (let i = 0; i < 7; i++) s = playRight(s).state; // 70
    s = playWrong(s).state; // 65
    s = playWrong(s).state; // 60
    const third = check(answerWrong(s));
    expect(third.state.lives).toBe(0);
    expect(third.state.phase).toBe('feedback');
    const r = advance(third.state);
    expect(r.state.phase).toBe('lost');
    expect(r.state.totalScore).toBe(55);
    expect(r.events).toEqual([{ type: 'game-over', totalScore: 55, message: 'good', stars: 0 }]);
    expect(snapshot(r.state).endMessage).toBe('good');
    expect(check(r.state).state).toBe(r.state);
  });

  it('names the word the run was lost on (the loss panel shows it), and none before the loss', () => {
    let s = started(many(20));
    s = playWrong(s).state;
    s = playWrong(s).state;
    const third = check(answerWrong(s)).state;
    expect(missedWord(third)).toBeNull();
    const lost = advance(third).state;
    expect(lost.phase).toBe('lost');
    expect(missedWord(lost)).toEqual(currentWord(third));
  });

  it('restart resets everything and reshuffles the words', () => {
    let s = started(many(20));
    s = playRight(s).state;
    s = playWrong(s).state;
    s = pickTile(s, 0).state;
    const r = restart(s);
    expect(r.events).toEqual([{ type: 'level-started', level: 1 }]);
    expect(r.state.phase).toBe('playing');
    expect(r.state.lives).toBe(3);
    expect(r.state.totalScore).toBe(0);
    expect(r.state.wordIndex).toBe(0);
    expect(r.state.level).toBe(1);
    expect(r.state.picked).toEqual([]);
    expect(r.state.correctCount).toBe(0);
    expect(r.state.wrongCount).toBe(0);
    expect(r.state.words).toHaveLength(20);
    expect(r.state.words.map((x) => x.id)).not.toEqual(s.words.map((x) => x.id));
  });
});

describe('order words snapshot', () => {
  it('is plain JSON with the test-mode fields', () => {
    const s0 = started([w(3, 'sol')]);
    const s = pickTile(s0, 1).state;
    const snap = snapshot(s);
    expect(snap).toEqual({
      game: 'order-words',
      phase: 'playing',
      level: 1,
      levels: 1,
      wordIndex: 0,
      wordsTotal: 1,
      lives: 3,
      totalScore: 0,
      currentWord: 'sol',
      currentWordId: 3,
      tiles: s0.tiles.map((t) => t.char),
      picked: [1],
      built: `${s0.tiles[1]?.char}__`,
      lastResult: null,
      endMessage: null,
      hints: [],
      hintsOpen: ['picture', 'letter'],
    });
    expect(snap.tiles.join('')).not.toBe('sol');
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('order words hints (docs/games.md, "Hints")', () => {
  it('each hint costs 2 points, never below 0', () => {
    expect(ORDER_HINT_COST).toBe(2);
    expect(hintCost(10, 'picture')).toBe(2);
    expect(hintCost(10, 'letter')).toBe(2);
    expect(hintCost(1, 'letter')).toBe(1);
    expect(hintCost(0, 'picture')).toBe(0);
  });

  it('the letter hint puts the next right letter after the right start (a wrong tile goes back)', () => {
    let s = started([w(3, 'gato')]);
    s = { ...s, totalScore: 10 };
    const wrong = s.tiles.find((t) => t.char !== 'g')!;
    s = pickTile(s, wrong.id).state;
    const r = askHint(s, 'letter');
    expect(r.state.picked.map((id) => r.state.tiles[id]!.char)).toEqual(['g']);
    expect(r.state.totalScore).toBe(8);
    expect(r.events).toEqual([{ type: 'hint', kind: 'letter', wordId: 3, char: 'g', points: -2 }]);
    expect(hintsOpen(r.state)).toEqual(['picture']);
    const p = askHint(r.state, 'picture');
    expect(p.state.totalScore).toBe(6);
    expect(hintsOpen(p.state)).toEqual([]);
  });

  it('never finishes the word for the child', () => {
    let s = started([w(3, 'sol')]);
    s = pickTile(s, s.tiles.find((t) => t.char === 's')!.id).state;
    s = pickTile(s, s.tiles.find((t) => t.char === 'o')!.id).state;
    expect(hintsOpen(s)).toEqual(['picture']);
    expect(askHint(s, 'letter').state).toBe(s);
  });
});
