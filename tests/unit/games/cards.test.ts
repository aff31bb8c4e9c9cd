import { describe, expect, it } from 'vitest';
import type { GameWord } from '../../../src/shared/rules/games/types';
import { mulberry32 } from '../../../src/shared/rules/games/types';
import {
  CARDS_HINT_COST,
  CARDS_CLUE_SIGN_SPEED,
  clueSignSpeed,
  missedWord,
  optionPictures,
  askHint,
  hintCost,
  hintOpen,
  replayRun,
  CARDS_CORRECT_POINTS,
  CARDS_END_MESSAGES,
  CARDS_EXCELLENT_SCORE,
  CARDS_FEEDBACK_DELAY_MS,
  CARDS_FLIP_MS,
  CARDS_GOOD_SCORE,
  CARDS_LIVES,
  CARDS_MAX_LEVELS,
  CARDS_MIN_LEVELS,
  CARDS_OPTIONS,
  CARDS_PREVIEW_MS,
  CARDS_PREVIEW_TEXT,
  CARDS_SHOWN,
  CARDS_WORD_POOL_SIZE,
  CARDS_WRONG_CARD_PENALTY,
  CARDS_WRONG_WORD_PENALTY,
  type CardsEvent,
  type CardsState,
  advance,
  createGame,
  endMessage,
  endMessageText,
  hasClue,
  levelIds,
  pendingDelayMs,
  pickCard,
  pickWord,
  playedMaxScore,
  restart,
  snapshot,
  startGame,
  targetWord,
} from '../../../src/shared/rules/games/cards';

let nextId = 1;
const w = (es: string, nivelId = 1, media: Partial<GameWord> = { image: '/img.png' }): GameWord => {
  const id = nextId++;
  return { id, es, en: `en-${id}`, image: null, sign: null, nivelId, ...media };
};

/** `perLevel` words with a picture in each of the given nivelIds. */
function wordsFor(nivelIds: number[], perLevel = 6): GameWord[] {
  return nivelIds.flatMap((n) => Array.from({ length: perLevel }, (_, i) => w(`n${n}w${i}`, n)));
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** Past the memory preview: the cards are face down ('pick-card'). */
function reveal(s: CardsState): CardsState {
  return s.phase === 'preview' ? advance(s).state : s;
}

function started(words: GameWord[], seed = 1): CardsState {
  return reveal(startGame(createGame(words, mulberry32(seed))).state);
}

function target(state: CardsState): GameWord {
  const t = targetWord(state);
  if (!t) throw new Error('no target');
  return t;
}

const wrongCards = (s: CardsState): number[] => [0, 1, 2].filter((c) => c !== s.clueCard);
const wrongOption = (s: CardsState): GameWord => {
  const o = s.options.find((x) => x.id !== target(s).id);
  if (!o) throw new Error('no wrong option');
  return o;
};

function roundRight(s0: CardsState): { state: CardsState; events: CardsEvent[] } {
  const s = reveal(s0);
  const found = pickCard(s, s.clueCard).state;
  return advance(pickWord(found, target(s).id).state);
}

function roundWrong(s0: CardsState): { state: CardsState; events: CardsEvent[] } {
  const s = reveal(s0);
  const found = pickCard(s, s.clueCard).state;
  return advance(pickWord(found, wrongOption(s).id).state);
}

describe('cards constants (spec section 9)', () => {
  it('has the spec values', () => {
    expect(CARDS_SHOWN).toBe(3);
    expect(CARDS_LIVES).toBe(3);
    expect(CARDS_CORRECT_POINTS).toBe(10);
    expect(CARDS_WRONG_WORD_PENALTY).toBe(10);
    expect(CARDS_WRONG_CARD_PENALTY).toBe(2);
    expect(CARDS_WORD_POOL_SIZE).toBe(5);
    expect(CARDS_MAX_LEVELS).toBe(10);
    expect(CARDS_MIN_LEVELS).toBe(1);
    expect(CARDS_OPTIONS).toBe(3);
    expect(CARDS_EXCELLENT_SCORE).toBe(70);
    expect(CARDS_GOOD_SCORE).toBe(60);
    expect(CARDS_FEEDBACK_DELAY_MS).toBe(1200);
  });

  it('has Spanish end messages', () => {
    expect(CARDS_END_MESSAGES).toEqual({
      excellent: '¡Excelente! Encontraste las pistas y las palabras.',
      good: '¡Muy bien! Vas por buen camino.',
      practice: '¡Sigue practicando! Cada intento te hace mejor.',
    });
  });
});

describe('cards end message', () => {
  // [score, the run's maximum, message]. A run of 100 points or more keeps the absolute thresholds
  // (excellent from 70, good from 60); below 100 they are shares of the maximum, 70 % and 60 %
  // (one level of 5 is worth 50: 35 = 70 %, 30 = 60 %; 70 % of 10 is exactly 7, no 69.999…).
  it.each([
    [70, 100, 'excellent'],
    [69, 100, 'good'],
    [60, 100, 'good'],
    [59, 100, 'practice'],
    [0, 100, 'practice'],
    [70, 500, 'excellent'],
    [69, 500, 'good'],
    [60, 500, 'good'],
    [59, 500, 'practice'],
    [50, 50, 'excellent'],
    [35, 50, 'excellent'],
    [34, 50, 'good'],
    [30, 50, 'good'],
    [29, 50, 'practice'],
    [7, 10, 'excellent'],
    [18, 30, 'good'],
    [17, 30, 'practice'],
  ] as const)('%i of %i points → %s, with its text', (score, max, key) => {
    expect(endMessage(score, max)).toBe(key);
    expect(endMessageText(score, max)).toBe(CARDS_END_MESSAGES[key]);
  });

  it('5 of 5 right with no life lost: 3 stars and the excellent message, never "practice"', () => {
    let s = started(wordsFor([1], 5));
    let last: CardsEvent[] = [];
    for (let i = 0; i < 5; i++) {
      const r = roundRight(s);
      s = r.state;
      last = r.events;
    }
    expect(s.phase).toBe('won');
    expect(s.totalScore).toBe(50);
    expect(playedMaxScore(s)).toBe(50);
    expect(last).toContainEqual({ type: 'game-won', totalScore: 50, message: 'excellent', stars: 3 });
    expect(snapshot(s).endMessage).toBe('excellent');
  });

  it('the maximum is the rounds played, from the real level sizes (2 levels of 3 and 5)', () => {
    let s = started([...wordsFor([1], 3), ...wordsFor([2], 5)]);
    for (let i = 0; i < 8; i++) {
      if (i < 7) {
        s = roundRight(s).state;
        continue;
      }
      // Last round: two empty cards first (−4), then right: 80 − 4 = 76 of 80 (95 %).
      const r = reveal(s);
      const [a, b] = wrongCards(r);
      let t = pickCard(pickCard(r, a as number).state, b as number).state;
      t = pickCard(t, t.clueCard).state;
      s = advance(pickWord(t, target(r).id).state).state;
    }
    expect(s.phase).toBe('won');
    expect(s.totalScore).toBe(76);
    expect(playedMaxScore(s)).toBe(80);
    expect(snapshot(s).endMessage).toBe('excellent');
  });
});

describe('cards levels', () => {
  it('one distinct nivelId gives 1 level', () => {
    expect(levelIds(wordsFor([7]))).toEqual([7]);
    expect(createGame(wordsFor([7]), mulberry32(1)).levels).toEqual([7]);
  });

  it('10 distinct nivelIds give 10 levels, in ascending order', () => {
    const ids = [10, 3, 8, 1, 2, 9, 4, 7, 5, 6];
    expect(levelIds(wordsFor(ids))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('12 distinct nivelIds are capped to the 10 lowest', () => {
    const ids = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    const levels = levelIds(wordsFor(ids));
    expect(levels).toHaveLength(10);
    expect(levels).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('a level whose words have no picture or sign is not a level', () => {
    const words = [...wordsFor([1]), w('sinpista', 2, { image: null, sign: '  ' })];
    expect(levelIds(words)).toEqual([1]);
    expect(hasClue(w('gif', 3, { sign: '/s.gif' }))).toBe(true);
    expect(hasClue(w('nada', 3, {}))).toBe(false);
  });

  it('throws when no word has a clue', () => {
    expect(() => createGame([], mulberry32(1))).toThrow('No hay palabras para este nivel.');
    expect(() => createGame([w('x', 1, {})], mulberry32(1))).toThrow(RangeError);
  });

  it('each level plays up to 5 random words of that level', () => {
    const s = createGame(wordsFor([4, 9], 8), mulberry32(3));
    expect(s.pool).toHaveLength(5);
    expect(s.pool.every((x) => x.nivelId === 4)).toBe(true);
    expect(new Set(s.pool.map((x) => x.id)).size).toBe(5);
    const small = createGame(wordsFor([4], 2), mulberry32(3));
    expect(small.pool).toHaveLength(2);
  });
});

describe('cards creation and rounds', () => {
  it('starts with instructions, 3 lives, score 0, 3 face-down cards', () => {
    const s = createGame(wordsFor([1]), mulberry32(2));
    expect(s.phase).toBe('instructions');
    expect(s.lives).toBe(3);
    expect(s.totalScore).toBe(0);
    expect(s.levelIndex).toBe(0);
    expect(s.roundIndex).toBe(0);
    expect(s.flipped).toEqual([false, false, false]);
    expect(s.clueCard).toBeGreaterThanOrEqual(0);
    expect(s.clueCard).toBeLessThan(3);
    expect(pickCard(s, s.clueCard).state).toBe(s);
    const r = startGame(s);
    expect(r.state.phase).toBe('preview');
    expect(r.events).toEqual([{ type: 'level-started', level: 1, nivelId: 1 }]);
  });

  it('the clue card position varies', () => {
    const positions = new Set(Array.from({ length: 30 }, (_, seed) => createGame(wordsFor([1]), mulberry32(seed)).clueCard));
    expect(positions).toEqual(new Set([0, 1, 2]));
  });

  it('offers the target and 2 other distinct words', () => {
    for (let seed = 0; seed < 20; seed++) {
      const s = createGame(wordsFor([1, 2]), mulberry32(seed));
      expect(s.options).toHaveLength(3);
      expect(s.options.map((x) => x.id)).toContain(target(s).id);
      expect(new Set(s.options.map((x) => x.es)).size).toBe(3);
    }
  });

  it('offers fewer options when the list has fewer than 3 distinct words', () => {
    const two = createGame([w('sol'), w('pan'), w('Sol')], mulberry32(1));
    expect(two.options).toHaveLength(2);
    const one = createGame([w('sol')], mulberry32(1));
    expect(one.options.map((x) => x.es)).toEqual(['sol']);
  });

  it('words without a clue can still be distractors', () => {
    const words = [w('sol'), w('pan', 1, {}), w('mar', 1, {})];
    const s = createGame(words, mulberry32(1));
    expect(s.pool.map((x) => x.es)).toEqual(['sol']);
    expect(s.options.map((x) => x.es).sort()).toEqual(['mar', 'pan', 'sol']);
  });

  it('is deterministic for a seed', () => {
    const words = wordsFor([1, 2, 3]);
    expect(createGame(words, mulberry32(8))).toEqual(createGame(words, mulberry32(8)));
  });
});

describe('cards picking', () => {
  it('a wrong card costs 2 points (no life), flips and cannot be picked again', () => {
    const s = { ...started(wordsFor([1])), totalScore: 10 };
    const bad = wrongCards(s)[0] as number;
    const r = pickCard(s, bad);
    expect(r.events).toEqual([{ type: 'wrong-card', card: bad, points: -2 }]);
    expect(r.state.totalScore).toBe(8);
    expect(r.state.lives).toBe(3);
    expect(r.state.phase).toBe('pick-card');
    expect(r.state.flipped[bad]).toBe(true);
    expect(pickCard(r.state, bad).state).toBe(r.state);
    expect(pendingDelayMs(r.state)).toBeNull();
  });

  it('a wrong card at score 0 stays at 0', () => {
    const s = started(wordsFor([1]));
    const r = pickCard(s, wrongCards(s)[0] as number);
    expect(r.state.totalScore).toBe(0);
    expect(r.events).toEqual([{ type: 'wrong-card', card: wrongCards(s)[0], points: 0 }]);
  });

  it('cards outside 0..2 are ignored', () => {
    const s = started(wordsFor([1]));
    for (const c of [-1, 3, 1.5, Number.NaN]) expect(pickCard(s, c).state).toBe(s);
  });

  it('the clue card flips and asks for the word', () => {
    const s = started(wordsFor([1]));
    const r = pickCard(s, s.clueCard);
    expect(r.events).toEqual([{ type: 'clue-found', card: s.clueCard }]);
    expect(r.state.phase).toBe('pick-word');
    expect(r.state.flipped[s.clueCard]).toBe(true);
    expect(r.state.totalScore).toBe(0);
    expect(pickCard(r.state, wrongCards(s)[0] as number).state).toBe(r.state);
  });

  it('words cannot be picked before the clue is found', () => {
    const s = started(wordsFor([1]));
    expect(pickWord(s, target(s).id).state).toBe(s);
  });

  it('the right word gives +10 and shows feedback for 1.2 s', () => {
    const s = pickCard(started(wordsFor([1])), 0).state;
    const found = pickCard(s, s.clueCard).state;
    const before = found.totalScore;
    const r = pickWord(found, target(found).id);
    expect(r.events).toEqual([{ type: 'correct-word', wordId: target(found).id, points: 10 }]);
    expect(r.state.phase).toBe('feedback');
    expect(r.state.lastResult).toBe('correct');
    expect(r.state.chosenWordId).toBe(target(found).id);
    expect(r.state.totalScore).toBe(before + 10);
    expect(r.state.lives).toBe(3);
    expect(pendingDelayMs(r.state)).toBe(1200);
  });

  it('a wrong word costs 10 points and a life; score never below 0', () => {
    const s = started(wordsFor([1]));
    const found = pickCard({ ...s, totalScore: 25 }, s.clueCard).state;
    const bad = wrongOption(found);
    const r = pickWord(found, bad.id);
    expect(r.events).toEqual([
      { type: 'wrong-word', wordId: bad.id, correctWordId: target(found).id, points: -10 },
      { type: 'life-lost', lives: 2 },
    ]);
    expect(r.state.totalScore).toBe(15);
    expect(r.state.lives).toBe(2);
    expect(r.state.lastResult).toBe('wrong');

    const low = pickWord({ ...found, totalScore: 4 }, bad.id);
    expect(low.state.totalScore).toBe(0);
    expect(low.events[0]).toMatchObject({ type: 'wrong-word', points: -4 });
  });

  it('a word that is not an option is ignored', () => {
    const s = started(wordsFor([1, 2, 3]));
    const found = pickCard(s, s.clueCard).state;
    expect(pickWord(found, 99999).state).toBe(found);
  });

  it('does not mutate the state it is given', () => {
    const s = deepFreeze(started(wordsFor([1])));
    const copy = structuredClone(s);
    pickCard(s, 0);
    pickCard(s, 1);
    pickCard(s, 2);
    const found = deepFreeze(pickCard(s, s.clueCard).state);
    pickWord(found, target(s).id);
    pickWord(found, wrongOption(s).id);
    expect(s).toEqual(copy);
  });
});

describe('cards flow', () => {
  it('after the feedback the next round has fresh cards', () => {
    const s = started(wordsFor([1]));
    const r = roundRight(s);
    expect(r.events).toEqual([{ type: 'next-round', roundIndex: 1 }]);
    expect(r.state.phase).toBe('preview');
    expect(r.state.roundIndex).toBe(1);
    expect(r.state.flipped).toEqual([false, false, false]);
    expect(r.state.lastResult).toBeNull();
    expect(r.state.chosenWordId).toBeNull();
    expect(r.state.options.map((x) => x.id)).toContain(target(r.state).id);
  });

  it('advance does nothing outside the feedback', () => {
    const s = started(wordsFor([1]));
    expect(advance(s)).toEqual({ state: s, events: [] });
  });

  it('after the 5 rounds of a level the next level starts', () => {
    let s = started(wordsFor([3, 8]));
    for (let i = 0; i < 4; i++) s = roundRight(s).state;
    const r = roundRight(s);
    expect(r.events).toEqual([
      { type: 'level-passed', level: 1, stars: 3 },
      { type: 'level-started', level: 2, nivelId: 8 },
    ]);
    expect(r.state.phase).toBe('preview');
    expect(r.state.levelIndex).toBe(1);
    expect(r.state.roundIndex).toBe(0);
    expect(r.state.pool.every((x) => x.nivelId === 8)).toBe(true);
    expect(r.state.totalScore).toBe(50);
  });

  it('wins after the last level (10 levels of 5 words)', () => {
    let s = started(wordsFor([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    let last: CardsEvent[] = [];
    for (let i = 0; i < 50; i++) {
      expect(s.phase).toBe(i === 0 ? 'pick-card' : 'preview');
      const r = roundRight(s);
      s = r.state;
      last = r.events;
    }
    expect(s.phase).toBe('won');
    expect(s.totalScore).toBe(500);
    expect(last).toEqual([
      { type: 'level-passed', level: 10, stars: 3 },
      { type: 'game-won', totalScore: 500, message: 'excellent', stars: 3 },
    ]);
    expect(snapshot(s).endMessage).toBe('excellent');
  });

  it('a single level of one word is won after one round', () => {
    const r = roundRight(started([w('sol')]));
    expect(r.state.phase).toBe('won');
    expect(r.events).toEqual([
      { type: 'level-passed', level: 1, stars: 3 },
      { type: 'game-won', totalScore: 10, message: 'excellent', stars: 3 },
    ]);
  });

  it('loses at zero lives, after the feedback', () => {
    let s = started(wordsFor([1, 2, 3]));
    for (let i = 0; i < 7; i++) s = roundRight(s).state; // 70
    s = roundWrong(s).state; // 60
    s = reveal(roundWrong(s).state); // 50
    const found = pickCard(s, s.clueCard).state;
    const third = pickWord(found, wrongOption(found).id);
    expect(third.state.lives).toBe(0);
    expect(third.state.phase).toBe('feedback');
    const r = advance(third.state);
    expect(r.state.phase).toBe('lost');
    expect(r.events).toEqual([{ type: 'game-over', totalScore: 40, message: 'practice', stars: 0 }]);
    expect(pickCard(r.state, 0).state).toBe(r.state);
    expect(pendingDelayMs(r.state)).toBeNull();
  });

  it('restart resets everything', () => {
    let s = started(wordsFor([2, 5]));
    for (let i = 0; i < 5; i++) s = roundRight(s).state;
    s = roundWrong(s).state;
    s = reveal(s);
    s = pickCard(s, wrongCards(s)[0] as number).state;
    expect(s.levelIndex).toBe(1);
    const r = restart(s);
    expect(r.events).toEqual([{ type: 'level-started', level: 1, nivelId: 2 }]);
    expect(r.state.phase).toBe('preview');
    expect(r.state.levelIndex).toBe(0);
    expect(r.state.roundIndex).toBe(0);
    expect(r.state.lives).toBe(3);
    expect(r.state.totalScore).toBe(0);
    expect(r.state.flipped).toEqual([false, false, false]);
    expect(r.state.pool.every((x) => x.nivelId === 2)).toBe(true);
  });
});

describe('cards snapshot', () => {
  it('is plain JSON with the test-mode fields', () => {
    const words = [w('sol', 4), w('pan', 4, {}), w('mar', 4, {})];
    const s0 = started(words);
    const s = pickCard(s0, s0.clueCard).state;
    const snap = snapshot(s);
    expect(snap).toEqual({
      game: 'cards',
      phase: 'pick-word',
      level: 1,
      levels: 1,
      nivelId: 4,
      roundIndex: 0,
      roundsInLevel: 1,
      lives: 3,
      totalScore: 0,
      targetWord: 'sol',
      targetWordId: words[0]?.id,
      clueCard: s0.clueCard,
      flipped: [0, 1, 2].map((c) => c === s0.clueCard),
      options: s.options.map((x) => ({ id: x.id, es: x.es })),
      lastResult: null,
      chosenWordId: null,
      endMessage: null,
      hinted: false,
      hintOpen: true,
    });
    expect(snap.options).toHaveLength(3);
    expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('cards memory preview', () => {
  const previewing = (words: GameWord[], seed = 1): CardsState => startGame(createGame(words, mulberry32(seed))).state;

  it('has its constants: 2 s face up, a calm flip, a Spanish instruction with a full stop', () => {
    expect(CARDS_PREVIEW_MS).toBe(2000);
    expect(CARDS_PREVIEW_TEXT).toBe('¡Mira bien! Recuerda qué carta esconde la pista.');
    expect(CARDS_PREVIEW_TEXT.startsWith('¡Mira bien!')).toBe(true);
    expect(CARDS_PREVIEW_TEXT.endsWith('.')).toBe(true);
    // One flip per round, lasting at least 1/3 s: never more than 3 flashes per second.
    expect(CARDS_FLIP_MS).toBeGreaterThanOrEqual(1000 / 3);
    expect(CARDS_FLIP_MS).toBeLessThan(CARDS_PREVIEW_MS);
  });

  it('the game starts with the preview, which lasts CARDS_PREVIEW_MS', () => {
    const s = previewing(wordsFor([1]));
    expect(s.phase).toBe('preview');
    expect(snapshot(s).phase).toBe('preview');
    expect(pendingDelayMs(s)).toBe(2000);
    expect(s.flipped).toEqual([false, false, false]);
  });

  it('taps (cards or words) during the preview change nothing, the clue card included', () => {
    const s = deepFreeze(previewing(wordsFor([1]), 4));
    for (const c of [0, 1, 2]) expect(pickCard(s, c)).toEqual({ state: s, events: [] });
    expect(pickCard(s, s.clueCard).state).toBe(s);
    expect(pickWord(s, target(s).id).state).toBe(s);
    expect(startGame(s).state).toBe(s);
  });

  it('after the preview the cards are face down and the pick phase starts, same clue card', () => {
    const s = previewing(wordsFor([1]), 5);
    const r = advance(s);
    expect(r.events).toEqual([{ type: 'cards-hidden' }]);
    expect(r.state.phase).toBe('pick-card');
    expect(r.state.clueCard).toBe(s.clueCard);
    expect(r.state.options).toEqual(s.options);
    expect(r.state.flipped).toEqual([false, false, false]);
    expect(r.state.totalScore).toBe(s.totalScore);
    expect(pendingDelayMs(r.state)).toBeNull();
    expect(pickCard(r.state, r.state.clueCard).state.phase).toBe('pick-word');
  });

  it('a wrong card after the preview still costs 2 points and no life', () => {
    const s = { ...advance(previewing(wordsFor([1]), 6)).state, totalScore: 20 };
    const bad = wrongCards(s)[0] as number;
    const r = pickCard(s, bad);
    expect(r.events).toEqual([{ type: 'wrong-card', card: bad, points: -CARDS_WRONG_CARD_PENALTY }]);
    expect(r.state.totalScore).toBe(18);
    expect(r.state.lives).toBe(3);
  });

  it('every next round, new level and restart begin with a preview', () => {
    let s = started(wordsFor([3, 8]));
    s = roundRight(s).state;
    expect(s.phase).toBe('preview');
    expect(pickCard(s, s.clueCard).state).toBe(s);
    for (let i = 0; i < 4; i++) s = roundRight(s).state;
    expect(s.levelIndex).toBe(1);
    expect(s.phase).toBe('preview');
    expect(restart(s).state.phase).toBe('preview');
    expect(pendingDelayMs(restart(s).state)).toBe(CARDS_PREVIEW_MS);
  });
});

describe('cards picture hint (docs/games.md, "Hints")', () => {
  it('costs what a wrong card costs, never below 0', () => {
    expect(CARDS_HINT_COST).toBe(2);
    expect(hintCost(10)).toBe(2);
    expect(hintCost(1)).toBe(1);
    expect(hintCost(0)).toBe(0);
  });

  it('is open from the preview to the answer, once a round, and is paid as a miss of the round', () => {
    const words = wordsFor([1], 5);
    const preview = startGame(createGame(words, mulberry32(2))).state;
    expect(preview.phase).toBe('preview');
    expect(hintOpen(preview)).toBe(true);
    let s = reveal(preview);
    s = { ...s, totalScore: 10 };
    const r = askHint(s);
    expect(r.events).toEqual([{ type: 'hint', kind: 'picture', wordId: target(s).id, points: -2 }]);
    expect(r.state).toMatchObject({ hinted: true, totalScore: 8 });
    expect(askHint(r.state).state).toBe(r.state);
    // The server: 2 wrong cards and the hint are 3 misses of one round, 6 points.
    const round = { idPalabra: words[0]!.id, bien: true, fallos: 3 };
    expect(replayRun(words, [round])).toMatchObject({ ok: true, puntos: 10 });
    expect(replayRun(words, [{ ...round, fallos: 4 }])).toMatchObject({ ok: false });
  });
});

describe('cards: the clue, the options and the missed word (docs/games.md, "Cartas: the sign is the clue")', () => {
  it('the ★ card replays the sign slowed once found, and only then', () => {
    expect(CARDS_CLUE_SIGN_SPEED).toBe(0.5);
    const instructions = createGame(wordsFor([1]), mulberry32(3));
    expect(clueSignSpeed(instructions)).toBeNull();
    const preview = startGame(instructions).state;
    expect(preview.phase).toBe('preview');
    expect(clueSignSpeed(preview)).toBeNull();
    const s = reveal(preview);
    expect(clueSignSpeed(s)).toBeNull();
    const wrong = pickCard(s, wrongCards(s)[0]!).state;
    expect(clueSignSpeed(wrong)).toBeNull();
    const found = pickCard(s, s.clueCard).state;
    expect(found.phase).toBe('pick-word');
    expect(clueSignSpeed(found)).toBe(0.5);
    const answered = pickWord(found, target(s).id).state;
    expect(answered.phase).toBe('feedback');
    expect(clueSignSpeed(answered)).toBe(0.5);
    expect(clueSignSpeed(advance(answered).state)).toBeNull();
  });

  it('the options carry pictures only when every option has one', () => {
    const s = reveal(startGame(createGame(wordsFor([1]), mulberry32(5))).state);
    const found = pickCard(s, s.clueCard).state;
    expect(found.options).toHaveLength(3);
    expect(optionPictures(found)).toBe(true);
    // One option without a picture would stand out: then none shows one.
    const bare = { ...found, options: found.options.map((o, i) => (i === 1 ? { ...o, image: null } : o)) };
    expect(optionPictures(bare)).toBe(false);
    const blank = { ...found, options: found.options.map((o) => ({ ...o, image: '  ' })) };
    expect(optionPictures(blank)).toBe(false);
    // A level of signs only: the written words alone.
    const signsOnly = Array.from({ length: 4 }, (_, i) => w(`s${i}`, 1, { sign: '/s.gif' }));
    const t = reveal(startGame(createGame(signsOnly, mulberry32(2))).state);
    expect(optionPictures(pickCard(t, t.clueCard).state)).toBe(false);
    expect(optionPictures({ ...found, options: [] })).toBe(false);
  });

  it('names the target the run was lost on, and nothing before the loss', () => {
    let s = started(wordsFor([1]));
    s = roundWrong(s).state;
    s = roundWrong(s).state;
    const last = reveal(s);
    const found = pickCard(last, last.clueCard).state;
    const answered = pickWord(found, wrongOption(last).id).state;
    expect(missedWord(answered)).toBeNull();
    const lost = advance(answered).state;
    expect(lost.phase).toBe('lost');
    expect(missedWord(lost)).toEqual(target(last));
  });
});
