/**
 * Cards ("Cartas", /ruleta-palabras): pure rules. No Phaser, no DOM, no timers, no Math.random.
 * The scene draws `state`, forwards taps, reacts to `events` and waits CARDS_FEEDBACK_DELAY_MS
 * (via `pendingDelayMs`) before calling `advance`.
 *
 * Play: each round first shows the 3 cards face up for CARDS_PREVIEW_MS ('preview', README D-7: a
 * memory step, not luck): the clue card shows the clue (picture, or the sign, of the target word),
 * the other two show that they are empty; taps are ignored meanwhile. Then the cards turn face down
 * ('pick-card') and the child picks cards until the clue is found, then picks the word among up to
 * 3 options.
 *
 * Decisions (docs/product/games.md G-5):
 * - A wrong CARD costs 2 points only (no life); that card turns face up, shows it is empty and
 *   cannot be picked again. A wrong WORD costs 10 points and 1 life. A right word gives +10.
 *   The score never goes below 0.
 * - Words: the list is cleaned (duplicate ids / duplicate Spanish texts dropped). Only words with a
 *   clue (`image` or `sign`) can be round targets; every word can be a distractor. An empty list
 *   of targets throws ('No hay palabras para este nivel.').
 * - Levels: the target words are grouped by `nivelId`; each distinct nivelId is one game level,
 *   in ascending nivelId order, at most 10 (the 10 lowest nivelIds), at least 1. Each level plays a
 *   pool of up to 5 random words of that level (one round per word).
 * - Options: the target + 2 distractors drawn at random from the whole list (any level), in
 *   random order; with fewer than 3 distinct words, fewer options.
 * - The clue's card position is random for every round.
 * - After the answer, 'feedback' lasts CARDS_FEEDBACK_DELAY_MS (1.2 s; the original specification gave
 *   no value, we reuse the order-words delay). Then `advance`: 0 lives → 'lost'; next round; next level
 *   ('level-passed' + 'level-started' events, no overlay); after the last level → 'won'.
 * - End message (both 'won' and 'lost'): score ≥ 70 'excellent', ≥ 60 'good', else 'practice'; when
 *   the rounds played are worth less than 100 points, the same thresholds as a share of what they
 *   were worth (70 %, 60 %), so the message agrees with the stars (src/shared/rules/games/endMessage.ts).
 * - Every round (the first one, each next one, each new level, after `restart`) starts with the
 *   'preview'; `advance` after CARDS_PREVIEW_MS (2 s, decided) turns the cards over ('pick-card').
 *   The scene animates that turn in CARDS_FLIP_MS (one calm flip, never more than 3 per second).
 * - `restart` (any phase): level 1, 3 lives, score 0, new pools, straight to the 'preview'.
 *
 *   instructions --startGame--> preview --advance (after 2000 ms)--> pick-card
 *   pick-card --pickCard(wrong)--> pick-card
 *   pick-card --pickCard(clue)--> pick-word --pickWord--> feedback
 *   feedback --advance (after 1200 ms)--> preview | won | lost
 */
import { type EndMessageKey, type GameWord, type Rng, randomIndex, seedFrom, shuffle, uniqueWords, withSeed } from './types';
import {
  type RunReplay,
  type RunRound,
  refuse,
  RUN_AFTER_END_MSG,
  RUN_BAD_MISSES_MSG,
  RUN_FOREIGN_WORD_MSG,
  RUN_NO_WORDS_MSG,
  RUN_REPEATED_WORD_MSG,
  RUN_WRONG_LEVEL_MSG,
} from './run';
import { type Stars, starsFor, starsForWords } from './stars';
import { endMessageFor } from './endMessage';

export type { EndMessageKey, GameWord, Rng } from './types';

// ---------------------------------------------------------------------------------------------
// Constants (games.md G-5)
// ---------------------------------------------------------------------------------------------

export const CARDS_SHOWN = 3;
export const CARDS_LIVES = 3;
/** Points for the right word (+10). */
export const CARDS_CORRECT_POINTS = 10;
/** Points lost for a wrong word (−10); also costs a life. */
export const CARDS_WRONG_WORD_PENALTY = 10;
/** Points lost for a card without the clue (−2). */
export const CARDS_WRONG_CARD_PENALTY = 2;
/**
 * What the picture hint costs (docs/games.md, "Hints"): the price of a wrong card, 2 points and no
 * life. The sign is the round's clue from its first moment; the picture is shown only when asked.
 */
export const CARDS_HINT_COST = CARDS_WRONG_CARD_PENALTY;

/** The points the picture hint takes from a run's score (never below 0). */
export function hintCost(score: number): number {
  return Math.min(Math.max(0, score), CARDS_HINT_COST);
}
/** Rounds (words) per level: a pool of up to 5. */
export const CARDS_WORD_POOL_SIZE = 5;
export const CARDS_MAX_LEVELS = 10;
export const CARDS_MIN_LEVELS = 1;
/** Word options offered once the clue is found (target + 2 distractors). */
export const CARDS_OPTIONS = 3;
/** Pause after an answer before the next round (decided here; now games.md G-5). */
export const CARDS_FEEDBACK_DELAY_MS = 1200;
/** How long the cards stay face up at the start of a round (memory step, README D-7; decided). */
export const CARDS_PREVIEW_MS = 2000;
/** How long the cards take to turn over after the preview: one flip, well under 3 per second. */
export const CARDS_FLIP_MS = 400;
/** Instruction shown while the cards are face up. */
export const CARDS_PREVIEW_TEXT = '¡Mira bien! Recuerda qué carta esconde la pista.';
export const CARDS_EXCELLENT_SCORE = 70;
export const CARDS_GOOD_SCORE = 60;
export const CARDS_END_MESSAGES: Readonly<Record<EndMessageKey, string>> = Object.freeze({
  excellent: '¡Excelente! Encontraste las pistas y las palabras.',
  good: '¡Muy bien! Vas por buen camino.',
  practice: '¡Sigue practicando! Cada intento te hace mejor.',
});

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

type CardsPhase = 'instructions' | 'preview' | 'pick-card' | 'pick-word' | 'feedback' | 'won' | 'lost';

export interface CardsState {
  /** Every usable word (targets and distractors). */
  readonly allWords: readonly GameWord[];
  /** nivelIds of the game levels, ascending (1..10 entries). */
  readonly levels: readonly number[];
  readonly seed: number;
  readonly phase: CardsPhase;
  /** 0-based index into `levels`. */
  readonly levelIndex: number;
  /** Target words of the current level, in play order (1..5). */
  readonly pool: readonly GameWord[];
  /** Index of the current round in `pool`. */
  readonly roundIndex: number;
  /** Card (0..2) hiding the clue. */
  readonly clueCard: number;
  /** Cards turned face up this round. */
  readonly flipped: readonly boolean[];
  /** Word options of this round (target included), in display order. */
  readonly options: readonly GameWord[];
  readonly lives: number;
  readonly totalScore: number;
  readonly lastResult: 'correct' | 'wrong' | null;
  /** Word chosen in this round (shown during 'feedback'). */
  readonly chosenWordId: number | null;
  /** Words right / wrong in the current level (for the level's stars, G-7.2). */
  readonly rightInLevel: number;
  readonly wrongInLevel: number;
  /** The picture hint was asked in this round. */
  readonly hinted: boolean;
}

export type CardsEvent =
  | { type: 'level-started'; level: number; nivelId: number }
  | { type: 'cards-hidden' }
  | { type: 'wrong-card'; card: number; points: number }
  | { type: 'clue-found'; card: number }
  | { type: 'correct-word'; wordId: number; points: number }
  | { type: 'wrong-word'; wordId: number; correctWordId: number; points: number }
  | { type: 'life-lost'; lives: number }
  | { type: 'hint'; kind: 'picture'; wordId: number; points: number }
  | { type: 'next-round'; roundIndex: number }
  | { type: 'level-passed'; level: number; stars: Stars }
  | { type: 'game-won'; totalScore: number; message: EndMessageKey; stars: Stars }
  | { type: 'game-over'; totalScore: number; message: EndMessageKey; stars: Stars };

interface CardsResult {
  state: CardsState;
  events: CardsEvent[];
}

export interface CardsSnapshot {
  game: 'cards';
  phase: CardsPhase;
  /** 1-based game level. */
  level: number;
  levels: number;
  nivelId: number | null;
  roundIndex: number;
  roundsInLevel: number;
  lives: number;
  totalScore: number;
  targetWord: string | null;
  targetWordId: number | null;
  clueCard: number;
  flipped: boolean[];
  options: { id: number; es: string }[];
  lastResult: 'correct' | 'wrong' | null;
  chosenWordId: number | null;
  endMessage: EndMessageKey | null;
  hinted: boolean;
  hintOpen: boolean;
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** A word can be a round target when it has a picture or a sign to hide under a card. */
export function hasClue(word: GameWord): boolean {
  return Boolean(word.image?.trim()) || Boolean(word.sign?.trim());
}

/** The target words: unique words with a clue. */
export function playableWords(words: readonly GameWord[]): GameWord[] {
  return uniqueWords(words).filter(hasClue);
}

/** Game levels: distinct nivelIds of the target words, ascending, at most 10. */
export function levelIds(words: readonly GameWord[]): number[] {
  const ids = [...new Set(playableWords(words).map((w) => w.nivelId))];
  return ids.sort((a, b) => a - b).slice(0, CARDS_MAX_LEVELS);
}

/**
 * Score of a run whose rounds played were worth `maxScore` → end message key: ≥70 'excellent',
 * ≥60 'good', else 'practice'; below a 100-point maximum, 70 % and 60 % of it.
 */
export function endMessage(score: number, maxScore: number): EndMessageKey {
  return endMessageFor(score, maxScore, { excellent: CARDS_EXCELLENT_SCORE, good: CARDS_GOOD_SCORE });
}

/** Score → Spanish end message text (see `endMessage`). */
export function endMessageText(score: number, maxScore: number): string {
  return CARDS_END_MESSAGES[endMessage(score, maxScore)];
}

// ---------------------------------------------------------------------------------------------
// State machine
// ---------------------------------------------------------------------------------------------

function setUpRound(base: CardsState, roundIndex: number, phase: CardsPhase): CardsState {
  const target = base.pool[roundIndex];
  const [round, seed] = withSeed(base.seed, (rng) => {
    const clueCard = randomIndex(rng, CARDS_SHOWN);
    if (!target) return { clueCard, options: [] as GameWord[] };
    const others = shuffle(
      base.allWords.filter((w) => w.id !== target.id),
      rng,
    ).slice(0, CARDS_OPTIONS - 1);
    return { clueCard, options: shuffle([target, ...others], rng) };
  });
  return {
    ...base,
    seed,
    phase,
    roundIndex,
    clueCard: round.clueCard,
    options: round.options,
    flipped: Array.from({ length: CARDS_SHOWN }, () => false),
    lastResult: null,
    chosenWordId: null,
    hinted: false,
  };
}

function setUpLevel(base: CardsState, levelIndex: number, phase: CardsPhase): CardsState {
  const nivelId = base.levels[levelIndex];
  const [pool, seed] = withSeed(base.seed, (rng) =>
    shuffle(
      base.allWords.filter((w) => w.nivelId === nivelId && hasClue(w)),
      rng,
    ).slice(0, CARDS_WORD_POOL_SIZE),
  );
  return setUpRound({ ...base, seed, levelIndex, pool, rightInLevel: 0, wrongInLevel: 0 }, 0, phase);
}

function newRun(allWords: readonly GameWord[], levels: readonly number[], seed: number, phase: CardsPhase): CardsState {
  const base: CardsState = {
    allWords,
    levels,
    seed,
    phase,
    levelIndex: 0,
    pool: [],
    roundIndex: 0,
    clueCard: 0,
    flipped: [],
    options: [],
    lives: CARDS_LIVES,
    totalScore: 0,
    lastResult: null,
    chosenWordId: null,
    rightInLevel: 0,
    wrongInLevel: 0,
    hinted: false,
  };
  return setUpLevel(base, 0, phase);
}

/** New game in phase 'instructions'. Throws a RangeError when no word has a clue. */
export function createGame(words: readonly GameWord[], rng: Rng): CardsState {
  const allWords = uniqueWords(words);
  const levels = levelIds(allWords);
  if (levels.length < CARDS_MIN_LEVELS) throw new RangeError('No hay palabras para este nivel.');
  return newRun(allWords, levels, seedFrom(rng), 'instructions');
}

/** The word whose clue hides under a card this round. */
export function targetWord(state: CardsState): GameWord | null {
  return state.pool[state.roundIndex] ?? null;
}

/**
 * The word the run was lost on (the last round's target), for the loss panel: a child who does not
 * read sees the word they missed (its picture and the word), not only "no lives left". Null unless lost.
 */
export function missedWord(state: CardsState): GameWord | null {
  return state.phase === 'lost' ? targetWord(state) : null;
}

/**
 * The answer options carry the words' pictures (docs/games.md, "Cartas: the options") only when
 * every option has one: a single option without a picture would stand out and give the answer
 * away, and a level without pictures keeps the written words alone. The question stays the sign.
 */
export function optionPictures(state: CardsState): boolean {
  return state.options.length > 0 && state.options.every((w) => Boolean(w.image?.trim()));
}

/**
 * The ★ card's clue (docs/games.md): once found, the round's sign plays again from its start at
 * this speed (one of the sign player's own speeds), so finding the card helps to read the sign.
 */
export const CARDS_CLUE_SIGN_SPEED = 0.5;

/** The speed the sign plays at: slowed once the clue card is found (its clue), else the child's own (null). */
export function clueSignSpeed(state: CardsState): number | null {
  return state.phase === 'pick-word' || state.phase === 'feedback' ? CARDS_CLUE_SIGN_SPEED : null;
}

/** Current nivelId. */
function currentNivelId(state: CardsState): number | null {
  return state.levels[state.levelIndex] ?? null;
}

function unchanged(state: CardsState): CardsResult {
  return { state, events: [] };
}

/** Closes the instructions: 'instructions' → 'preview'. */
export function startGame(state: CardsState): CardsResult {
  if (state.phase !== 'instructions') return unchanged(state);
  return {
    state: { ...state, phase: 'preview' },
    events: [{ type: 'level-started', level: state.levelIndex + 1, nivelId: currentNivelId(state) ?? 0 }],
  };
}

/** Taps card `card` (0..2); ignored outside 'pick-card' (so during the preview). Wrong card: −2, flips empty. Clue card: flips, → 'pick-word'. */
export function pickCard(state: CardsState, card: number): CardsResult {
  if (state.phase !== 'pick-card') return unchanged(state);
  if (!Number.isInteger(card) || card < 0 || card >= CARDS_SHOWN || state.flipped[card]) {
    return unchanged(state);
  }
  const flipped = state.flipped.map((f, i) => f || i === card);
  if (card === state.clueCard) {
    return {
      state: { ...state, flipped, phase: 'pick-word' },
      events: [{ type: 'clue-found', card }],
    };
  }
  const totalScore = Math.max(0, state.totalScore - CARDS_WRONG_CARD_PENALTY);
  return {
    state: { ...state, flipped, totalScore },
    events: [{ type: 'wrong-card', card, points: totalScore - state.totalScore }],
  };
}

/** Whether the picture hint can be asked now: once a round, from its first moment until the answer. */
export function hintOpen(state: CardsState): boolean {
  return !state.hinted && (state.phase === 'preview' || state.phase === 'pick-card' || state.phase === 'pick-word') && targetWord(state) !== null;
}

/** Shows the target's picture for `hintCost` (2 points, no life); once a round. */
export function askHint(state: CardsState): CardsResult {
  if (!hintOpen(state)) return unchanged(state);
  const points = hintCost(state.totalScore);
  return {
    state: { ...state, hinted: true, totalScore: state.totalScore - points },
    events: [{ type: 'hint', kind: 'picture', wordId: targetWord(state)!.id, points: -points }],
  };
}

/** Chooses word option `wordId`. Right: +10. Wrong: −10 and −1 life. → 'feedback'. */
export function pickWord(state: CardsState, wordId: number): CardsResult {
  const target = targetWord(state);
  if (state.phase !== 'pick-word' || !target) return unchanged(state);
  if (!state.options.some((w) => w.id === wordId)) return unchanged(state);
  if (wordId === target.id) {
    return {
      state: {
        ...state,
        phase: 'feedback',
        lastResult: 'correct',
        chosenWordId: wordId,
        totalScore: state.totalScore + CARDS_CORRECT_POINTS,
        rightInLevel: state.rightInLevel + 1,
      },
      events: [{ type: 'correct-word', wordId, points: CARDS_CORRECT_POINTS }],
    };
  }
  const totalScore = Math.max(0, state.totalScore - CARDS_WRONG_WORD_PENALTY);
  const lives = Math.max(0, state.lives - 1);
  return {
    state: {
      ...state,
      phase: 'feedback',
      lastResult: 'wrong',
      chosenWordId: wordId,
      totalScore,
      lives,
      wrongInLevel: state.wrongInLevel + 1,
    },
    events: [
      {
        type: 'wrong-word',
        wordId,
        correctWordId: target.id,
        points: totalScore - state.totalScore,
      },
      { type: 'life-lost', lives },
    ],
  };
}

/**
 * After the preview: the cards turn face down ('pick-card'). After the feedback delay: 0 lives →
 * 'lost'; next round; next level (both start with a preview); after the last level → 'won'.
 * Other phases: unchanged.
 */
export function advance(state: CardsState): CardsResult {
  if (state.phase === 'preview') {
    return { state: { ...state, phase: 'pick-card' }, events: [{ type: 'cards-hidden' }] };
  }
  if (state.phase !== 'feedback') return unchanged(state);
  const message = runEndMessage(state);
  if (state.lives <= 0) {
    return {
      state: { ...state, phase: 'lost' },
      events: [{ type: 'game-over', totalScore: state.totalScore, message, stars: 0 }],
    };
  }
  if (state.roundIndex + 1 < state.pool.length) {
    const roundIndex = state.roundIndex + 1;
    return {
      state: setUpRound(state, roundIndex, 'preview'),
      events: [{ type: 'next-round', roundIndex }],
    };
  }
  const passed: CardsEvent = {
    type: 'level-passed',
    level: state.levelIndex + 1,
    stars: starsForWords(state.rightInLevel, state.wrongInLevel),
  };
  if (state.levelIndex + 1 >= state.levels.length) {
    const stars = starsFor(state.totalScore, maxScore(state), true);
    return {
      state: { ...state, phase: 'won' },
      events: [passed, { type: 'game-won', totalScore: state.totalScore, message, stars }],
    };
  }
  const next = setUpLevel(state, state.levelIndex + 1, 'preview');
  return {
    state: next,
    events: [passed, { type: 'level-started', level: next.levelIndex + 1, nivelId: currentNivelId(next) ?? 0 }],
  };
}

/** Restart button (any phase): level 1, 3 lives, score 0, new pools, straight to the 'preview'. */
export function restart(state: CardsState): CardsResult {
  const next = newRun(state.allWords, state.levels, state.seed, 'preview');
  return {
    state: next,
    events: [{ type: 'level-started', level: 1, nivelId: currentNivelId(next) ?? 0 }],
  };
}

/**
 * The most this run can score (G-7): one right word (+10) per round of every level, a level
 * playing up to 5 of its words with a clue. Wrong cards only ever lower the score.
 */
export function maxScore(state: CardsState): number {
  const rounds = state.levels.reduce((sum, nivelId) => {
    const targets = state.allWords.filter((w) => w.nivelId === nivelId && hasClue(w)).length;
    return sum + Math.min(CARDS_WORD_POOL_SIZE, targets);
  }, 0);
  return rounds * CARDS_CORRECT_POINTS;
}

/** Rounds of a level: up to 5 of its words with a clue. */
function poolSize(state: CardsState, nivelId: number): number {
  const targets = state.allWords.filter((w) => w.nivelId === nivelId && hasClue(w)).length;
  return Math.min(CARDS_WORD_POOL_SIZE, targets);
}

/**
 * What the rounds answered so far were worth (+10 each): every round of the levels before this one
 * and this level's rounds up to the current one once it is answered (feedback, won, lost).
 */
export function playedMaxScore(state: CardsState): number {
  const before = state.levels.slice(0, state.levelIndex).reduce((sum, nivelId) => sum + poolSize(state, nivelId), 0);
  const answered = state.phase === 'feedback' || state.phase === 'won' || state.phase === 'lost';
  return (before + state.roundIndex + (answered ? 1 : 0)) * CARDS_CORRECT_POINTS;
}

/** The end message of the run as it stands (the rounds played are its maximum). */
export function runEndMessage(state: CardsState): EndMessageKey {
  return endMessage(state.totalScore, playedMaxScore(state));
}

/** How long the scene waits before calling `advance`, or null. */
export function pendingDelayMs(state: CardsState): number | null {
  if (state.phase === 'preview') return CARDS_PREVIEW_MS;
  return state.phase === 'feedback' ? CARDS_FEEDBACK_DELAY_MS : null;
}

/** Plain JSON view of the state for test mode (window.__game). */
export function snapshot(state: CardsState): CardsSnapshot {
  const target = targetWord(state);
  const over = state.phase === 'won' || state.phase === 'lost';
  return {
    game: 'cards',
    phase: state.phase,
    level: state.levelIndex + 1,
    levels: state.levels.length,
    nivelId: currentNivelId(state),
    roundIndex: state.roundIndex,
    roundsInLevel: state.pool.length,
    lives: state.lives,
    totalScore: state.totalScore,
    targetWord: target ? target.es : null,
    targetWordId: target ? target.id : null,
    clueCard: state.clueCard,
    flipped: [...state.flipped],
    options: state.options.map((w) => ({ id: w.id, es: w.es })),
    lastResult: state.lastResult,
    chosenWordId: state.chosenWordId,
    endMessage: over ? runEndMessage(state) : null,
    hinted: state.hinted,
    hintOpen: hintOpen(state),
  };
}

/**
 * The figures of a run from its rounds (the server's recomputation, src/shared/rules/games/run.ts), by the
 * rules above: the levels in ascending nivelId order, each playing min(5, its targets) distinct
 * targets of that level; a wrong card or the picture hint −2 (a round's misses: up to 2 wrong
 * cards and 1 hint), a right word +10, a wrong word −10 and a life (never below 0); 0 lives ends
 * the run, the last level finished wins it. `openMisses`: the misses of the round the child left
 * unfinished.
 */
/** Most misses one round can have: every empty card and the picture hint. */
const CARDS_MAX_MISSES = CARDS_SHOWN - 1 + 1;

export function replayRun(words: readonly GameWord[], rounds: readonly RunRound[], openMisses = 0): RunReplay {
  const all = uniqueWords(words);
  const levels = levelIds(all);
  if (levels.length < CARDS_MIN_LEVELS) return refuse(RUN_NO_WORDS_MSG);
  const targets = new Map(all.filter(hasClue).map((w) => [w.id, w.nivelId]));
  const poolOf = (nivelId: number) => Math.min(CARDS_WORD_POOL_SIZE, all.filter((w) => w.nivelId === nivelId && hasClue(w)).length);
  let levelIndex = 0;
  let inLevel = new Set<number>();
  let lives = CARDS_LIVES;
  let score = 0;
  let end: 'won' | 'lost' | null = null;
  for (const r of rounds) {
    if (end) return refuse(RUN_AFTER_END_MSG);
    const nivelId = targets.get(r.idPalabra);
    if (nivelId === undefined) return refuse(RUN_FOREIGN_WORD_MSG);
    if (nivelId !== levels[levelIndex]) return refuse(RUN_WRONG_LEVEL_MSG);
    if (inLevel.has(r.idPalabra)) return refuse(RUN_REPEATED_WORD_MSG);
    if (!Number.isInteger(r.fallos) || r.fallos < 0 || r.fallos > CARDS_MAX_MISSES) return refuse(RUN_BAD_MISSES_MSG);
    inLevel.add(r.idPalabra);
    score = Math.max(0, score - r.fallos * CARDS_WRONG_CARD_PENALTY);
    if (r.bien) score += CARDS_CORRECT_POINTS;
    else {
      score = Math.max(0, score - CARDS_WRONG_WORD_PENALTY);
      lives -= 1;
    }
    if (lives <= 0) {
      end = 'lost';
      continue;
    }
    if (inLevel.size < poolOf(nivelId)) continue;
    levelIndex += 1;
    inLevel = new Set();
    if (levelIndex >= levels.length) end = 'won';
  }
  // Wrong cards of a round left unfinished (the run left half-way) have already cost their points.
  if (!Number.isInteger(openMisses) || openMisses < 0 || openMisses > CARDS_MAX_MISSES || (end && openMisses > 0)) return refuse(RUN_BAD_MISSES_MSG);
  score = Math.max(0, score - openMisses * CARDS_WRONG_CARD_PENALTY);
  const puntosMax = levels.reduce((sum, nivelId) => sum + poolOf(nivelId), 0) * CARDS_CORRECT_POINTS;
  return { ok: true, puntos: score, puntosMax, ganada: end === 'won' };
}
