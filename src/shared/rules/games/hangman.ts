/**
 * Hangman ("Adivina la palabra", /ahorcado): pure rules. No Phaser, no DOM, no timers, no
 * Math.random. The Phaser scene draws `state`, forwards input to these functions, plays sounds /
 * shows cues for the returned `events`, and uses the exported delays with its own timers.
 *
 * Decisions (docs/product/games.md G-3):
 * - Levels: the game receives one flat list of words (one learner level or all of them), shuffles
 *   it once and plays its first min(50, list) words in levels of up to 5 (10 levels at most, as
 *   order words does): each word once per run, so a 6-word list is a level of 5 and a level of 1,
 *   and the run is won when the last level is passed (no 50 rounds of the same six animals). A
 *   level that starts again replays its own words in a new order. Review words of other levels
 *   (`repaso`, added by the page when a chosen level is short) are played after the level's own
 *   words (`runWords`).
 *   The list is cleaned first: duplicate ids / duplicate Spanish texts are dropped and words with
 *   no letter to guess are left out (see `playableWords`). An empty result throws: the page shows
 *   'No hay palabras para este nivel.' instead of starting the game.
 * - Letters: the keyboard is A–Z with Ñ after N (27 keys). Matching ignores case and accents
 *   (src/shared/rules/games/fold.ts): A reveals a and á (à/ä/â too), E reveals é, I í, O ó, U ú and ü. Ñ is
 *   a letter of its own: only the Ñ key (or typing ñ) reveals ñ; N does not. The displayed word
 *   keeps its accents, ñ and case. Characters that are not such letters once accents are removed
 *   (spaces, hyphens, digits...) are shown from the start and need no guessing. Pressing a key
 *   again, or a key that is not a letter, changes nothing (no event). One key press is one guess
 *   however many characters it reveals (a right key never costs anything; a wrong one costs one
 *   attempt, as below).
 * - Scoring: each level starts at 100. A wrong letter costs 1 attempt and 2 points; using the 6th
 *   attempt also costs a life and 5 points and the word counts as failed. The level score never
 *   goes below 0. `totalScore` (points of the whole game, for the page's totals) grows by the
 *   final level score of every PASSED level; failed levels add nothing.
 * - Flow: progress happens only in `advance` (or `continueGame` / `restartLevel` / `restart`), never
 *   directly on a key press, so the scene can show the solved / failed word during the pause:
 *     instructions --startGame--> playing --guessLetter--> word-solved | word-failed
 *     word-solved | word-failed --advance (after 1500 ms)--> playing (next word)
 *                                                          | level-passed | level-failed | won | lost
 *     level-passed --continueGame (button)--> playing (next level, score 100)
 *     level-failed --restartLevel or advance (after 2000 ms)--> playing (same level, new pool, 100)
 *     any phase --restart--> playing, level 1, 3 lives, scores reset (instructions are not shown again)
 *   Zero lives ends the game ('lost') when the failed word's pause is over, even if it was the
 *   last word of a level. Lives carry over between levels and level restarts.
 * - Word font size counts the characters of the displayed word (spaces included).
 * - Hints (docs/games.md, "Hints"): while a word is played the child may ask once for its picture
 *   and once for one of its letters. Each costs what a wrong letter costs (`hintCost`: one attempt,
 *   a petal, and 2 points of the level score), and is offered only while it cannot lose the word
 *   (more than one attempt left; the letter only while two or more letters are hidden). The run
 *   report counts a hint as a miss of its word, so the server's replay needs nothing new.
 */
import { type GameWord, type Rng, runWords, seedFrom, shuffle, uniqueWords, withSeed } from './types';
import { foldLetters } from './fold';
import {
  type RunReplay,
  type RunRound,
  refuse,
  RUN_AFTER_END_MSG,
  RUN_BAD_MISSES_MSG,
  RUN_FOREIGN_WORD_MSG,
  RUN_NO_WORDS_MSG,
  RUN_REPEATED_WORD_MSG,
} from './run';
import { type Stars, starsFor } from './stars';

export type { GameWord, Rng } from './types';

// ---------------------------------------------------------------------------------------------
// Constants (games.md G-3)
// ---------------------------------------------------------------------------------------------

export const HANGMAN_LEVELS = 10;
/** Words per level: up to 5. */
export const HANGMAN_WORDS_PER_LEVEL = 5;
/** Word pool: up to 5 random words per level. */
export const HANGMAN_WORD_POOL_SIZE = 5;
export const HANGMAN_LIVES = 3;
export const HANGMAN_ATTEMPTS_PER_WORD = 6;
export const HANGMAN_LEVEL_START_SCORE = 100;
/** Points lost per wrong letter (-2). */
export const HANGMAN_WRONG_LETTER_PENALTY = 2;
/** Points lost when a life is lost (-5). */
export const HANGMAN_LIFE_LOST_PENALTY = 5;
export const HANGMAN_PASS_SCORE = 70;
export const HANGMAN_PAUSE_BETWEEN_WORDS_MS = 1500;
export const HANGMAN_PAUSE_BEFORE_RESTART_MS = 2000;
/** On-screen keyboard, A to Z with Ñ after N (27 keys). */
export const HANGMAN_ALPHABET: readonly string[] = Object.freeze([...'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ']);
/** Word font size in rem: 8 up to 4 characters, 6 up to 8, 4 for longer words. */
export const HANGMAN_FONT_REM = Object.freeze({ short: 8, medium: 6, long: 4 });
export const HANGMAN_FONT_SHORT_MAX_LENGTH = 4;
/** Most words one run plays: 10 levels of 5, each word once. */
export const HANGMAN_MAX_WORDS = HANGMAN_LEVELS * HANGMAN_WORDS_PER_LEVEL;

type HangmanHint = 'picture' | 'letter';

/**
 * What a hint costs (docs/games.md, "Hints"): the price of a wrong letter, one attempt and 2 points
 * of the level's score, for the picture and for a letter alike, so a hint is never free and never
 * worse than guessing wrong.
 */
export function hintCost(_kind: HangmanHint): { points: number; attempts: number } {
  return { points: HANGMAN_WRONG_LETTER_PENALTY, attempts: 1 };
}
export const HANGMAN_FONT_MEDIUM_MAX_LENGTH = 8;

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

type HangmanPhase = 'instructions' | 'playing' | 'word-solved' | 'word-failed' | 'level-passed' | 'level-failed' | 'won' | 'lost';

export interface HangmanState {
  /** Playable words (cleaned list). */
  readonly words: readonly GameWord[];
  /** The run's words in play order (up to 50): level n plays words 5(n−1) … 5n−1. */
  readonly order: readonly GameWord[];
  /** Levels of this run: ceil(order / 5), at most 10. */
  readonly levels: number;
  /** Hints asked for the current word. */
  readonly hints: readonly HangmanHint[];
  /** Random seed for the next random choice (see src/shared/rules/games/types.ts). */
  readonly seed: number;
  readonly phase: HangmanPhase;
  /** 1..HANGMAN_LEVELS */
  readonly level: number;
  readonly levelScore: number;
  readonly totalScore: number;
  readonly lives: number;
  /** The words of the current level, in play order (1..5 words). */
  readonly pool: readonly GameWord[];
  /** Index of the current word in `pool`. */
  readonly wordIndex: number;
  readonly attemptsLeft: number;
  /** Keys (A–Z, Ñ) pressed for the current word, in order. */
  readonly guessed: readonly string[];
  readonly solvedInLevel: number;
  readonly failedInLevel: number;
}

export type HangmanEvent =
  | { type: 'level-started'; level: number }
  | { type: 'correct-letter'; letter: string }
  | { type: 'wrong-letter'; letter: string; attemptsLeft: number }
  | { type: 'life-lost'; lives: number }
  | { type: 'word-solved'; word: string; wordId: number }
  | { type: 'word-failed'; word: string; wordId: number }
  | { type: 'next-word'; wordIndex: number }
  | { type: 'hint'; kind: HangmanHint; wordId: number; letter: string | null; points: number; attemptsLeft: number }
  | { type: 'level-passed'; level: number; levelScore: number; stars: Stars }
  | { type: 'level-failed'; level: number; levelScore: number }
  | { type: 'game-won'; totalScore: number; stars: Stars }
  | { type: 'game-over'; totalScore: number; stars: Stars };

export interface HangmanResult {
  state: HangmanState;
  events: HangmanEvent[];
}

/** One character of the displayed word. */
interface HangmanCell {
  /** The character as displayed (accents, ñ and case kept). */
  char: string;
  /** The key (A–Z, Ñ) that reveals it, or null when it needs no guessing (space, hyphen...). */
  letter: string | null;
  revealed: boolean;
}

export interface HangmanSnapshot {
  game: 'hangman';
  phase: HangmanPhase;
  level: number;
  levels: number;
  levelScore: number;
  totalScore: number;
  lives: number;
  attemptsLeft: number;
  wordIndex: number;
  wordsInLevel: number;
  currentWord: string | null;
  currentWordId: number | null;
  /** Displayed word with '_' for every letter still hidden. */
  masked: string;
  guessed: string[];
  wrongLetters: string[];
  hints: HangmanHint[];
  /** The hints the child may ask for now. */
  hintsOpen: HangmanHint[];
}

// ---------------------------------------------------------------------------------------------
// Letters and words
// ---------------------------------------------------------------------------------------------

/**
 * The key (A–Z or Ñ) a character is matched by: case and accents removed (á→A, ü→U), ñ kept
 * (ñ→Ñ, never N). Returns null for anything that is not such a letter (space, hyphen, digit,
 * 'ß'...).
 */
export function normalizeLetter(ch: string): string | null {
  const base = foldLetters(ch).toUpperCase();
  return /^[A-ZÑ]$/.test(base) ? base : null;
}

/** Characters of a word as displayed (NFC code points, so 'ñ' and 'á' are one character). */
function chars(word: string): string[] {
  return Array.from(word.normalize('NFC'));
}

/** The distinct keys (A–Z, Ñ) a word needs, in order of first appearance. */
export function lettersToGuess(word: string): string[] {
  const out: string[] = [];
  for (const c of chars(word)) {
    const l = normalizeLetter(c);
    if (l !== null && !out.includes(l)) out.push(l);
  }
  return out;
}

/** The word as cells, each revealed or hidden given the letters guessed so far. */
export function wordCells(word: string, guessed: readonly string[]): HangmanCell[] {
  return chars(word).map((char) => {
    const letter = normalizeLetter(char);
    return { char, letter, revealed: letter === null || guessed.includes(letter) };
  });
}

/** Displayed word with '_' for each hidden letter. */
export function maskWord(word: string, guessed: readonly string[]): string {
  return wordCells(word, guessed)
    .map((c) => (c.revealed ? c.char : '_'))
    .join('');
}

/** Font size in rem for the displayed word: 8 (≤4 characters), 6 (≤8), else 4. */
export function wordFontRem(word: string): number {
  const length = chars(word.trim()).length;
  if (length <= HANGMAN_FONT_SHORT_MAX_LENGTH) return HANGMAN_FONT_REM.short;
  if (length <= HANGMAN_FONT_MEDIUM_MAX_LENGTH) return HANGMAN_FONT_REM.medium;
  return HANGMAN_FONT_REM.long;
}

/** The words the game can use: unique, with at least one letter to guess. */
export function playableWords(words: readonly GameWord[]): GameWord[] {
  return uniqueWords(words).filter((w) => lettersToGuess(w.es).length > 0);
}

// ---------------------------------------------------------------------------------------------
// State machine
// ---------------------------------------------------------------------------------------------

/** The words of `level` (1-based) in a run of `total` words: up to 5, each word once per run. */
export function levelSize(total: number, level: number): number {
  return Math.max(0, Math.min(HANGMAN_WORD_POOL_SIZE, total - (level - 1) * HANGMAN_WORD_POOL_SIZE));
}

/** Levels of a run of `total` words: one per 5 (the last may be shorter), at most 10. */
function levelCount(total: number): number {
  return Math.min(HANGMAN_LEVELS, Math.ceil(Math.min(total, HANGMAN_MAX_WORDS) / HANGMAN_WORD_POOL_SIZE));
}

/** A new run's words: the list shuffled once (the level's own words before review words), its first 50. */
function runOrder(words: readonly GameWord[], seed: number): [GameWord[], number] {
  return withSeed(seed, (rng) => runWords(words, rng, HANGMAN_MAX_WORDS));
}

/** State at the start of `level` (its own words in a new order, score 100, first word). */
function levelStart(base: HangmanState, level: number, phase: HangmanPhase): HangmanState {
  const from = (level - 1) * HANGMAN_WORD_POOL_SIZE;
  const own = base.order.slice(from, from + levelSize(base.order.length, level));
  const [pool, seed] = withSeed(base.seed, (rng) => shuffle(own, rng));
  return {
    ...base,
    seed,
    phase,
    level,
    hints: [],
    levelScore: HANGMAN_LEVEL_START_SCORE,
    pool,
    wordIndex: 0,
    attemptsLeft: HANGMAN_ATTEMPTS_PER_WORD,
    guessed: [],
    solvedInLevel: 0,
    failedInLevel: 0,
  };
}

/**
 * New game in phase 'instructions' (level 1's pool already drawn).
 * Throws a RangeError when no word is playable (the page should show
 * 'No hay palabras para este nivel.' instead).
 */
export function createGame(words: readonly GameWord[], rng: Rng): HangmanState {
  const playable = playableWords(words);
  if (playable.length === 0) throw new RangeError('No hay palabras para este nivel.');
  const [order, seed] = runOrder(playable, seedFrom(rng));
  const empty: HangmanState = {
    words: playable,
    order,
    levels: levelCount(order.length),
    hints: [],
    seed,
    phase: 'instructions',
    level: 1,
    levelScore: HANGMAN_LEVEL_START_SCORE,
    totalScore: 0,
    lives: HANGMAN_LIVES,
    pool: [],
    wordIndex: 0,
    attemptsLeft: HANGMAN_ATTEMPTS_PER_WORD,
    guessed: [],
    solvedInLevel: 0,
    failedInLevel: 0,
  };
  return levelStart(empty, 1, 'instructions');
}

/** The word being played (null only if the pool is empty, which createGame prevents). */
export function currentWord(state: HangmanState): GameWord | null {
  return state.pool[state.wordIndex] ?? null;
}

/**
 * The word the run was lost on (the word being played when the last life went), for the loss
 * panel: its picture and the word, so a child who does not read sees what they missed. Null unless lost.
 */
export function missedWord(state: HangmanState): GameWord | null {
  return state.phase === 'lost' ? currentWord(state) : null;
}

function unchanged(state: HangmanState): HangmanResult {
  return { state, events: [] };
}

/** Closes the instructions overlay: 'instructions' → 'playing'. */
export function startGame(state: HangmanState): HangmanResult {
  if (state.phase !== 'instructions') return unchanged(state);
  return {
    state: { ...state, phase: 'playing' },
    events: [{ type: 'level-started', level: state.level }],
  };
}

/**
 * A key press ('a', 'A', 'ñ', 'á'... are accepted and normalised: 'á' counts as A, 'ñ' as Ñ).
 * Only in phase 'playing'. Already-guessed letters and non-letters change nothing.
 */
export function guessLetter(state: HangmanState, key: string): HangmanResult {
  if (state.phase !== 'playing') return unchanged(state);
  const letter = normalizeLetter(key);
  const word = currentWord(state);
  if (letter === null || word === null || state.guessed.includes(letter)) return unchanged(state);

  const guessed = [...state.guessed, letter];
  const needed = lettersToGuess(word.es);

  if (needed.includes(letter)) {
    const events: HangmanEvent[] = [{ type: 'correct-letter', letter }];
    const solved = needed.every((l) => guessed.includes(l));
    if (!solved) return { state: { ...state, guessed }, events };
    events.push({ type: 'word-solved', word: word.es, wordId: word.id });
    return {
      state: { ...state, guessed, phase: 'word-solved', solvedInLevel: state.solvedInLevel + 1 },
      events,
    };
  }

  const attemptsLeft = state.attemptsLeft - 1;
  let levelScore = Math.max(0, state.levelScore - HANGMAN_WRONG_LETTER_PENALTY);
  const events: HangmanEvent[] = [{ type: 'wrong-letter', letter, attemptsLeft }];
  if (attemptsLeft > 0) {
    return { state: { ...state, guessed, attemptsLeft, levelScore }, events };
  }
  const lives = Math.max(0, state.lives - 1);
  levelScore = Math.max(0, levelScore - HANGMAN_LIFE_LOST_PENALTY);
  events.push({ type: 'life-lost', lives }, { type: 'word-failed', word: word.es, wordId: word.id });
  return {
    state: {
      ...state,
      guessed,
      attemptsLeft,
      levelScore,
      lives,
      phase: 'word-failed',
      failedInLevel: state.failedInLevel + 1,
    },
    events,
  };
}

/**
 * Timed step, called by the scene after `pendingDelayMs(state)`:
 * - 'word-solved' / 'word-failed' → game over at 0 lives, else next word, else end of level
 *   (score ≥ 70 → 'level-passed', or 'won' after the last level; otherwise 'level-failed');
 * - 'level-failed' → same as `restartLevel`.
 * Any other phase: unchanged.
 */
export function advance(state: HangmanState): HangmanResult {
  if (state.phase === 'level-failed') return restartLevel(state);
  if (state.phase !== 'word-solved' && state.phase !== 'word-failed') return unchanged(state);

  if (state.lives <= 0) {
    return {
      state: { ...state, phase: 'lost' },
      events: [{ type: 'game-over', totalScore: state.totalScore, stars: 0 }],
    };
  }

  if (state.wordIndex + 1 < state.pool.length) {
    const wordIndex = state.wordIndex + 1;
    return {
      state: {
        ...state,
        phase: 'playing',
        wordIndex,
        attemptsLeft: HANGMAN_ATTEMPTS_PER_WORD,
        guessed: [],
        hints: [],
      },
      events: [{ type: 'next-word', wordIndex }],
    };
  }

  if (state.levelScore >= HANGMAN_PASS_SCORE) {
    const totalScore = state.totalScore + state.levelScore;
    const passed: HangmanEvent = {
      type: 'level-passed',
      level: state.level,
      levelScore: state.levelScore,
      stars: starsFor(state.levelScore, HANGMAN_LEVEL_START_SCORE, true),
    };
    if (state.level >= state.levels) {
      return {
        state: { ...state, phase: 'won', totalScore },
        events: [passed, { type: 'game-won', totalScore, stars: starsFor(totalScore, maxScore(state), true) }],
      };
    }
    return { state: { ...state, phase: 'level-passed', totalScore }, events: [passed] };
  }

  return {
    state: { ...state, phase: 'level-failed' },
    events: [{ type: 'level-failed', level: state.level, levelScore: state.levelScore }],
  };
}

/** Continue button after a passed level: 'level-passed' → next level, score 100. */
export function continueGame(state: HangmanState): HangmanResult {
  if (state.phase !== 'level-passed') return unchanged(state);
  const level = state.level + 1;
  return {
    state: levelStart(state, level, 'playing'),
    events: [{ type: 'level-started', level }],
  };
}

/** After a failed level (2 s): same level again, new random pool, score 100, lives kept. */
export function restartLevel(state: HangmanState): HangmanResult {
  if (state.phase !== 'level-failed') return unchanged(state);
  return {
    state: levelStart(state, state.level, 'playing'),
    events: [{ type: 'level-started', level: state.level }],
  };
}

/**
 * Asks for a hint for the current word (see the header): the picture, or the first letter still
 * hidden (revealed as if guessed). Costs `hintCost`; refused (unchanged) when already asked, when it
 * could lose the word (one attempt left) or, for a letter, when fewer than two letters are hidden.
 */
export function askHint(state: HangmanState, kind: HangmanHint): HangmanResult {
  if (!hintsOpen(state).includes(kind)) return unchanged(state);
  const word = currentWord(state)!;
  const cost = hintCost(kind);
  const letter = kind === 'letter' ? lettersToGuess(word.es).find((l) => !state.guessed.includes(l))! : null;
  const attemptsLeft = state.attemptsLeft - cost.attempts;
  const levelScore = Math.max(0, state.levelScore - cost.points);
  return {
    state: { ...state, attemptsLeft, levelScore, hints: [...state.hints, kind], guessed: letter ? [...state.guessed, letter] : state.guessed },
    events: [{ type: 'hint', kind, wordId: word.id, letter, points: cost.points, attemptsLeft }],
  };
}

/** The hints the child may ask for now (see `askHint`). */
export function hintsOpen(state: HangmanState): HangmanHint[] {
  const word = currentWord(state);
  if (state.phase !== 'playing' || !word || state.attemptsLeft <= hintCost('picture').attempts) return [];
  const hidden = lettersToGuess(word.es).filter((l) => !state.guessed.includes(l)).length;
  const open: HangmanHint[] = [];
  if (!state.hints.includes('picture')) open.push('picture');
  if (!state.hints.includes('letter') && hidden >= 2) open.push('letter');
  return open;
}

/** Restart button (any phase): level 1, full lives, scores reset, straight to 'playing'. */
export function restart(state: HangmanState): HangmanResult {
  const [order, seed] = runOrder(state.words, state.seed);
  const reset: HangmanState = { ...state, order, seed, levels: levelCount(order.length), totalScore: 0, lives: HANGMAN_LIVES };
  return {
    state: levelStart(reset, 1, 'playing'),
    events: [{ type: 'level-started', level: 1 }],
  };
}

/**
 * Test hook (window.__game.jumpToLevel, test mode only): plays on from `state` by these same rules,
 * every word solved with its own letters, until `level` starts ('playing'). The events are every
 * step's, in order, so the page's run tracker records each word as a round and the run stays one
 * the server's replay (replayRun) accepts. From 'instructions' the game is started first.
 * Unchanged when `level` is not ahead of the current one, past the last level, or the game is over.
 */
export function playToLevel(state: HangmanState, level: number): HangmanResult {
  if (!Number.isInteger(level) || level <= state.level || level > state.levels) return unchanged(state);
  if (state.phase === 'won' || state.phase === 'lost') return unchanged(state);
  const events: HangmanEvent[] = [];
  let s = state;
  const step = (r: HangmanResult) => {
    s = r.state;
    events.push(...r.events);
  };
  // Bounded: one step per letter, pause and level of a perfect game, with room to spare.
  for (let guard = 0; guard < 10_000 && !(s.phase === 'playing' && s.level === level); guard++) {
    if (s.phase === 'instructions') step(startGame(s));
    else if (s.phase === 'level-passed') step(continueGame(s));
    else if (s.phase === 'playing') {
      const needed = lettersToGuess(currentWord(s)!.es).filter((l) => !s.guessed.includes(l));
      step(guessLetter(s, needed[0]!));
    } else if (s.phase === 'won' || s.phase === 'lost') break;
    else step(advance(s));
  }
  return { state: s, events };
}

/**
 * The most a run can score (games.md G-7: stars and the server's plausibility check): every level
 * of the run passed with its full starting score (1000 from 50 words; a 6-word list has 2 levels).
 */
export function maxScore(state?: HangmanState): number {
  return (state ? state.levels : HANGMAN_LEVELS) * HANGMAN_LEVEL_START_SCORE;
}

/** How long the scene waits before calling `advance`, or null when it waits for the child. */
export function pendingDelayMs(state: HangmanState): number | null {
  if (state.phase === 'word-solved' || state.phase === 'word-failed') {
    return HANGMAN_PAUSE_BETWEEN_WORDS_MS;
  }
  if (state.phase === 'level-failed') return HANGMAN_PAUSE_BEFORE_RESTART_MS;
  return null;
}

/** Keyboard key colour: not pressed yet, pressed and in the word, pressed and not in the word. */
export function letterStatus(state: HangmanState, letter: string): 'unused' | 'correct' | 'wrong' {
  const l = normalizeLetter(letter);
  const word = currentWord(state);
  if (l === null || word === null || !state.guessed.includes(l)) return 'unused';
  return lettersToGuess(word.es).includes(l) ? 'correct' : 'wrong';
}

/** Plain JSON view of the state for test mode (window.__game). */
export function snapshot(state: HangmanState): HangmanSnapshot {
  const word = currentWord(state);
  const needed = word ? lettersToGuess(word.es) : [];
  return {
    game: 'hangman',
    phase: state.phase,
    level: state.level,
    levels: state.levels,
    levelScore: state.levelScore,
    totalScore: state.totalScore,
    lives: state.lives,
    attemptsLeft: state.attemptsLeft,
    wordIndex: state.wordIndex,
    wordsInLevel: state.pool.length,
    currentWord: word ? word.es : null,
    currentWordId: word ? word.id : null,
    masked: word ? maskWord(word.es, state.guessed) : '',
    guessed: [...state.guessed],
    wrongLetters: state.guessed.filter((l) => !needed.includes(l)),
    hints: [...state.hints],
    hintsOpen: hintsOpen(state),
  };
}

/**
 * The figures of a run from its rounds (the server's recomputation, src/shared/rules/games/run.ts), by the
 * rules above: the run plays min(50, playable words) words in levels of up to 5 (the last level the
 * rest), each level's words distinct; a word costs 2 per miss (a wrong letter or a hint) and,
 * failed (the 6th), 5 more and a life; a level ending at ≥ 70 adds its score and moves on (won
 * after the run's last level), below 70 it starts again; 0 lives ends the run.
 * A word counts once the game has moved past it (the page records it at the next word / level
 * event), as the run's score does: a level's score is added when the pause after its last word ends.
 */
export function replayRun(words: readonly GameWord[], rounds: readonly RunRound[], openMisses = 0): RunReplay {
  const playable = playableWords(words);
  if (playable.length === 0) return refuse(RUN_NO_WORDS_MSG);
  const ids = new Set(playable.map((w) => w.id));
  const total = Math.min(HANGMAN_MAX_WORDS, playable.length);
  const levels = levelCount(total);
  let level = 1;
  let lives = HANGMAN_LIVES;
  let levelScore = HANGMAN_LEVEL_START_SCORE;
  let points = 0;
  let inLevel = new Set<number>();
  let end: 'won' | 'lost' | null = null;
  for (const r of rounds) {
    if (end) return refuse(RUN_AFTER_END_MSG);
    if (!ids.has(r.idPalabra)) return refuse(RUN_FOREIGN_WORD_MSG);
    if (inLevel.has(r.idPalabra)) return refuse(RUN_REPEATED_WORD_MSG);
    // Solved with at most 5 wrong letters; failed exactly at the 6th.
    if (!Number.isInteger(r.fallos) || r.fallos < 0 || r.fallos > HANGMAN_ATTEMPTS_PER_WORD || r.bien !== r.fallos < HANGMAN_ATTEMPTS_PER_WORD) {
      return refuse(RUN_BAD_MISSES_MSG);
    }
    inLevel.add(r.idPalabra);
    levelScore = Math.max(0, levelScore - r.fallos * HANGMAN_WRONG_LETTER_PENALTY - (r.bien ? 0 : HANGMAN_LIFE_LOST_PENALTY));
    if (!r.bien) lives -= 1;
    if (lives <= 0) {
      end = 'lost';
      continue;
    }
    if (inLevel.size < levelSize(total, level)) continue;
    if (levelScore >= HANGMAN_PASS_SCORE) {
      points += levelScore;
      if (level >= levels) end = 'won';
      else level += 1;
    }
    levelScore = HANGMAN_LEVEL_START_SCORE;
    inLevel = new Set();
  }
  // Wrong letters of a word left unfinished cost nothing the run keeps (only passed levels count),
  // but they must be possible: fewer than the attempts, and only while the run goes on.
  if (!Number.isInteger(openMisses) || openMisses < 0 || openMisses >= HANGMAN_ATTEMPTS_PER_WORD || (end && openMisses > 0)) return refuse(RUN_BAD_MISSES_MSG);
  return { ok: true, puntos: points, puntosMax: levels * HANGMAN_LEVEL_START_SCORE, ganada: end === 'won' };
}
