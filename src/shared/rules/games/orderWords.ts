/**
 * Order words ("Ordenar palabras", /memorama): pure rules. No Phaser, no DOM, no timers, no
 * Math.random. The scene draws `state`, forwards taps to these functions, reacts to `events`
 * and waits ORDER_DELAY_MS (via `pendingDelayMs`) before calling `advance`.
 *
 * Play (decided): the child sees the sign GIF / picture of a word and its letters scrambled as
 * tiles, taps tiles in order to fill the word's slots (a placed tile can be taken back with
 * `removeLast` or `clear`), then presses check. The answer is right when the built word equals
 * the word ignoring case (accents must match: the tiles carry the real letters).
 * Right → +10, wrong → −5 (score never below 0) and −1 life. Either way the solved word is shown
 * for 1.2 s ('feedback'), then the next word.
 *
 * Decisions (docs/product/games.md G-4):
 * - Words: the cleaned list (duplicate ids / duplicate Spanish texts dropped, words without any
 *   letter or digit dropped) is shuffled once and the game uses the first min(50, list) words,
 *   split into levels of 5 (so up to 10 levels); review words of other levels (`repaso`, added by the
 *   page when a chosen level is short) come after the level's own words (`runWords`). Words are NOT repeated: when they run out the
 *   game ends ("no words left"). An empty list throws ('No hay palabras para este nivel.').
 * - Tiles: every letter or digit of the word is a tile; spaces, hyphens and other punctuation are
 *   fixed slots shown from the start (never tiles). Only tiles are scrambled.
 * - Typing (`tileForKey` / `typeLetter`): a typed key takes a free tile that is the same letter
 *   ignoring case and accents (src/shared/rules/games/fold.ts: 'a' takes 'a' or 'á'; ñ stays its own
 *   letter, 'n' never takes 'ñ'). Among those it takes the one the answer needs at the next slot,
 *   so typing 'platano' builds 'plátano' and the two a's of 'pájaro' land right; if none is
 *   needed there, the same letter with the same accent, else the first such tile. Tapping a tile
 *   always places that exact tile (accents then must match for a right answer).
 * - Scramble: tiles are shuffled; if the shuffled letters read like the word (case-insensitive)
 *   and the word has at least 2 distinct letters, it is reshuffled (and, as a last resort, rotated
 *   by one), so the scramble is never the word itself.
 * - `check` only works when every slot is filled (`canCheck`); otherwise nothing happens.
 * - Game end: 0 lives → 'lost'; all words played with lives left → 'won'. Both show the end
 *   message chosen by `runEndMessage` (≥ 70 excellent, ≥ 50 good; when the words played are worth
 *   less than 100 points, 70 % and 50 % of what they were worth, src/shared/rules/games/endMessage.ts). The
 *   end happens in `advance`, after the feedback.
 * - `restart` (any phase): new shuffle of the whole list, 3 lives, score 0, straight to 'playing'.
 *
 *   instructions --startGame--> playing --pickTile/removeLast/clear--> playing
 *   playing --check (all slots filled)--> feedback --advance (after 1200 ms)--> playing | won | lost
 */
import { type EndMessageKey, type GameWord, type Rng, runWords, seedFrom, shuffle, uniqueWords, withSeed } from './types';
import { sameFolded } from './fold';
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
import { type Stars, starsFor, starsForWords } from './stars';
import { endMessageFor } from './endMessage';

export type { EndMessageKey, GameWord, Rng } from './types';

// ---------------------------------------------------------------------------------------------
// Constants (games.md G-4)
// ---------------------------------------------------------------------------------------------

export const ORDER_LEVELS = 10;
export const ORDER_WORDS_PER_LEVEL = 5;
/** Words one game can use: 10 levels × 5 words. */
export const ORDER_MAX_WORDS = ORDER_LEVELS * ORDER_WORDS_PER_LEVEL;
export const ORDER_LIVES = 3;
/** Points for a right answer (+10). */
export const ORDER_CORRECT_POINTS = 10;
/** Points lost for a wrong answer (−5, score never below 0). */
export const ORDER_WRONG_PENALTY = 5;
/** Delay after an answer before the next word (1.2 s). */
export const ORDER_DELAY_MS = 1200;
/**
 * What a hint costs (docs/games.md, "Hints"): 2 points for the picture and 2 for a letter (each
 * once a word, score never below 0); a right answer still gives +10.
 */
export const ORDER_HINT_COST = 2;

type OrderHint = 'picture' | 'letter';

/** The points a hint takes from a run's score of `score` (never below 0). */
export function hintCost(score: number, _kind: OrderHint): number {
  return Math.min(Math.max(0, score), ORDER_HINT_COST);
}
/** End message 'excellent' from this score. */
export const ORDER_EXCELLENT_SCORE = 70;
/** End message 'good' from this score (below: 'practice'). */
export const ORDER_GOOD_SCORE = 50;
export const ORDER_END_MESSAGES: Readonly<Record<EndMessageKey, string>> = Object.freeze({
  excellent: '¡Excelente! Eres un experto en palabras.',
  good: '¡Buen trabajo! Sigue así.',
  practice: '¡Sigue practicando! Tú puedes.',
});

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

type OrderPhase = 'instructions' | 'playing' | 'feedback' | 'won' | 'lost';

export interface OrderTile {
  /** Position of the tile in the scrambled row (tiles[i].id === i). */
  id: number;
  /** The real letter, as written in the word (case and accents kept). */
  char: string;
}

interface OrderSlot {
  /** Character shown in the slot: a fixed character, the placed tile's letter, or null. */
  char: string | null;
  /** Fixed character (space, hyphen...) that is not a tile. */
  fixed: boolean;
  /** Id of the tile placed here, or null. */
  tileId: number | null;
}

export interface OrderWordsState {
  /** The words of this game in play order (up to 50, no repeats). */
  readonly words: readonly GameWord[];
  /** All playable words, reshuffled by `restart`. */
  readonly allWords: readonly GameWord[];
  readonly seed: number;
  readonly phase: OrderPhase;
  /** Index of the current word in `words`. */
  readonly wordIndex: number;
  /** 1-based level of the current word: floor(wordIndex / 5) + 1. */
  readonly level: number;
  readonly lives: number;
  readonly totalScore: number;
  /** Scrambled tiles of the current word. */
  readonly tiles: readonly OrderTile[];
  /** Ids of the tiles placed, in slot order. */
  readonly picked: readonly number[];
  /** Result of the last check (shown during 'feedback'). */
  readonly lastResult: 'correct' | 'wrong' | null;
  readonly correctCount: number;
  readonly wrongCount: number;
  /** Right / wrong answers in the current level (for the level's stars, G-7.2). */
  readonly correctInLevel: number;
  readonly wrongInLevel: number;
  /** Hints asked for the current word. */
  readonly hints: readonly OrderHint[];
}

export type OrderEvent =
  | { type: 'level-started'; level: number }
  | { type: 'tile-picked'; tileId: number; char: string }
  | { type: 'tile-removed'; tileId: number }
  | { type: 'cleared' }
  | { type: 'correct'; word: string; wordId: number; points: number }
  | { type: 'wrong'; word: string; wordId: number; built: string; points: number }
  | { type: 'life-lost'; lives: number }
  | { type: 'hint'; kind: OrderHint; wordId: number; char: string | null; points: number }
  | { type: 'next-word'; wordIndex: number }
  /** A level of words ended with lives left (G-7.2: its stars); no flow change. */
  | { type: 'level-passed'; level: number; stars: Stars }
  | { type: 'game-won'; totalScore: number; message: EndMessageKey; stars: Stars }
  | { type: 'game-over'; totalScore: number; message: EndMessageKey; stars: Stars };

interface OrderResult {
  state: OrderWordsState;
  events: OrderEvent[];
}

export interface OrderSnapshot {
  game: 'order-words';
  phase: OrderPhase;
  level: number;
  levels: number;
  wordIndex: number;
  wordsTotal: number;
  lives: number;
  totalScore: number;
  currentWord: string | null;
  currentWordId: number | null;
  tiles: string[];
  picked: number[];
  built: string;
  lastResult: 'correct' | 'wrong' | null;
  endMessage: EndMessageKey | null;
  hints: OrderHint[];
  hintsOpen: OrderHint[];
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Letters and digits become tiles; spaces, hyphens and punctuation are fixed slots. */
export function isTileChar(ch: string): boolean {
  return /^[\p{L}\p{N}]$/u.test(ch);
}

function chars(word: string): string[] {
  return Array.from(word.normalize('NFC'));
}

/** The tile letters of a word, in the word's order. */
export function tileLetters(word: string): string[] {
  return chars(word).filter(isTileChar);
}

function lower(s: string): string {
  return s.toLocaleLowerCase('es');
}

/**
 * Scrambles the tile letters of `word`. Never returns the word's own order (compared
 * case-insensitively) when it has at least 2 distinct letters.
 */
export function scramble(word: string, rng: Rng): string[] {
  const letters = tileLetters(word);
  const original = lower(letters.join(''));
  const distinct = new Set(letters.map(lower)).size;
  if (distinct < 2) return shuffle(letters, rng);
  for (let i = 0; i < 20; i++) {
    const s = shuffle(letters, rng);
    if (lower(s.join('')) !== original) return s;
  }
  // Last resort (practically never reached): a rotation by one of a sequence with two distinct
  // letters is never equal to the sequence itself.
  return [...letters.slice(1), ...letters.slice(0, 1)];
}

/**
 * Score of a run whose words played were worth `maxScore` → end message key: ≥70 'excellent',
 * ≥50 'good', else 'practice'; below a 100-point maximum, 70 % and 50 % of it.
 */
export function endMessage(score: number, maxScore: number): EndMessageKey {
  return endMessageFor(score, maxScore, { excellent: ORDER_EXCELLENT_SCORE, good: ORDER_GOOD_SCORE });
}

/** Score → Spanish end message text (see `endMessage`). */
export function endMessageText(score: number, maxScore: number): string {
  return ORDER_END_MESSAGES[endMessage(score, maxScore)];
}

/** What the words answered so far were worth (+10 each): right and wrong ones alike. */
export function playedMaxScore(state: OrderWordsState): number {
  return (state.correctCount + state.wrongCount) * ORDER_CORRECT_POINTS;
}

/** The end message of the run as it stands (the words played are its maximum). */
export function runEndMessage(state: OrderWordsState): EndMessageKey {
  return endMessage(state.totalScore, playedMaxScore(state));
}

/** The words the game can use: unique, with at least one tile. */
export function playableWords(words: readonly GameWord[]): GameWord[] {
  return uniqueWords(words).filter((w) => tileLetters(w.es).length > 0);
}

function levelOf(wordIndex: number): number {
  return Math.floor(wordIndex / ORDER_WORDS_PER_LEVEL) + 1;
}

// ---------------------------------------------------------------------------------------------
// State machine
// ---------------------------------------------------------------------------------------------

/** State for word `wordIndex` with freshly scrambled tiles. */
function atWord(base: OrderWordsState, wordIndex: number, phase: OrderPhase): OrderWordsState {
  const word = base.words[wordIndex];
  const [letters, seed] = withSeed(base.seed, (rng) => (word ? scramble(word.es, rng) : []));
  return {
    ...base,
    seed,
    phase,
    wordIndex,
    level: levelOf(wordIndex),
    tiles: letters.map((char, id) => ({ id, char })),
    picked: [],
    lastResult: null,
    hints: [],
  };
}

function newRun(allWords: readonly GameWord[], seed: number, phase: OrderPhase): OrderWordsState {
  const [words, next] = withSeed(seed, (rng) => runWords(allWords, rng, ORDER_MAX_WORDS));
  const base: OrderWordsState = {
    words,
    allWords,
    seed: next,
    phase,
    wordIndex: 0,
    level: 1,
    lives: ORDER_LIVES,
    totalScore: 0,
    tiles: [],
    picked: [],
    lastResult: null,
    correctCount: 0,
    wrongCount: 0,
    correctInLevel: 0,
    wrongInLevel: 0,
    hints: [],
  };
  return atWord(base, 0, phase);
}

/** New game in phase 'instructions'. Throws a RangeError when no word is playable. */
export function createGame(words: readonly GameWord[], rng: Rng): OrderWordsState {
  const allWords = playableWords(words);
  if (allWords.length === 0) throw new RangeError('No hay palabras para este nivel.');
  return newRun(allWords, seedFrom(rng), 'instructions');
}

export function currentWord(state: OrderWordsState): GameWord | null {
  return state.words[state.wordIndex] ?? null;
}

/**
 * The word the run was lost on (the word being played when the last life went), for the loss
 * panel: its picture and the word, so a child who does not read sees what they missed. Null unless lost.
 */
export function missedWord(state: OrderWordsState): GameWord | null {
  return state.phase === 'lost' ? currentWord(state) : null;
}

/** Slots of the current word: fixed characters, placed tiles, empty slots. */
export function slots(state: OrderWordsState): OrderSlot[] {
  const word = currentWord(state);
  if (!word) return [];
  let next = 0;
  return chars(word.es).map((ch) => {
    if (!isTileChar(ch)) return { char: ch, fixed: true, tileId: null };
    const tileId = state.picked[next++];
    if (tileId === undefined) return { char: null, fixed: false, tileId: null };
    return { char: state.tiles[tileId]?.char ?? null, fixed: false, tileId };
  });
}

/** The word as built so far ('_' for empty slots). */
export function builtWord(state: OrderWordsState): string {
  return slots(state)
    .map((s) => s.char ?? '_')
    .join('');
}

/** True when every tile is placed (the check button can be enabled). */
export function canCheck(state: OrderWordsState): boolean {
  return state.phase === 'playing' && state.tiles.length > 0 && state.picked.length === state.tiles.length;
}

/** Whether a tile of the row is already placed. */
export function isTileUsed(state: OrderWordsState, tileId: number): boolean {
  return state.picked.includes(tileId);
}

function unchanged(state: OrderWordsState): OrderResult {
  return { state, events: [] };
}

/** How many placed tiles, from the first, are the word's own letters in order. */
function rightPrefix(state: OrderWordsState, word: GameWord): number {
  const want = tileLetters(word.es);
  let n = 0;
  while (n < state.picked.length && state.tiles[state.picked[n]!]?.char === want[n]) n++;
  return n;
}

/** The hints the child may ask for now: each once a word; a letter only while it cannot finish the word. */
export function hintsOpen(state: OrderWordsState): OrderHint[] {
  const word = currentWord(state);
  if (state.phase !== 'playing' || !word) return [];
  const open: OrderHint[] = [];
  if (!state.hints.includes('picture')) open.push('picture');
  if (!state.hints.includes('letter') && rightPrefix(state, word) + 1 < state.tiles.length) open.push('letter');
  return open;
}

/**
 * A hint for `hintCost`: the picture, or the next letter of the word placed for the child (tiles
 * placed wrongly after the right start go back to the row first).
 */
export function askHint(state: OrderWordsState, kind: OrderHint): OrderResult {
  if (!hintsOpen(state).includes(kind)) return unchanged(state);
  const word = currentWord(state)!;
  const points = hintCost(state.totalScore, kind);
  let picked = state.picked;
  let char: string | null = null;
  if (kind === 'letter') {
    const keep = rightPrefix(state, word);
    const need = tileLetters(word.es)[keep]!;
    const kept = state.picked.slice(0, keep);
    const tile = state.tiles.find((t) => t.char === need && !kept.includes(t.id))!;
    picked = [...kept, tile.id];
    char = need;
  }
  return {
    state: { ...state, picked, hints: [...state.hints, kind], totalScore: state.totalScore - points },
    events: [{ type: 'hint', kind, wordId: word.id, char, points: -points }],
  };
}

/** Closes the instructions: 'instructions' → 'playing'. */
export function startGame(state: OrderWordsState): OrderResult {
  if (state.phase !== 'instructions') return unchanged(state);
  return {
    state: { ...state, phase: 'playing' },
    events: [{ type: 'level-started', level: state.level }],
  };
}

/** Places tile `tileId` in the next empty slot (ignored if used, unknown or not 'playing'). */
export function pickTile(state: OrderWordsState, tileId: number): OrderResult {
  if (state.phase !== 'playing') return unchanged(state);
  const tile = state.tiles[tileId];
  if (!tile || state.picked.includes(tileId)) return unchanged(state);
  return {
    state: { ...state, picked: [...state.picked, tileId] },
    events: [{ type: 'tile-picked', tileId, char: tile.char }],
  };
}

/**
 * The free tile a typed key takes (see the header: same letter ignoring case and accents, the
 * one needed at the next slot first), or null when none matches or not 'playing'.
 */
export function tileForKey(state: OrderWordsState, key: string): number | null {
  const word = currentWord(state);
  if (state.phase !== 'playing' || !word || chars(key).length !== 1) return null;
  const matching = state.tiles.filter((t) => !state.picked.includes(t.id) && sameFolded(t.char, key));
  if (matching.length === 0) return null;
  const needed = tileLetters(word.es)[state.picked.length];
  const forNextSlot = needed === undefined ? undefined : matching.find((t) => lower(t.char) === lower(needed));
  const sameAccent = matching.find((t) => lower(t.char) === lower(key.normalize('NFC')));
  return (forNextSlot ?? sameAccent ?? (matching[0] as OrderTile)).id;
}

/** A typed key: places the tile chosen by `tileForKey` (nothing when none matches). */
export function typeLetter(state: OrderWordsState, key: string): OrderResult {
  const tileId = tileForKey(state, key);
  return tileId === null ? unchanged(state) : pickTile(state, tileId);
}

/** Takes back the last placed tile. */
export function removeLast(state: OrderWordsState): OrderResult {
  if (state.phase !== 'playing' || state.picked.length === 0) return unchanged(state);
  const tileId = state.picked[state.picked.length - 1] as number;
  return {
    state: { ...state, picked: state.picked.slice(0, -1) },
    events: [{ type: 'tile-removed', tileId }],
  };
}

/** Takes back every placed tile. */
export function clear(state: OrderWordsState): OrderResult {
  if (state.phase !== 'playing' || state.picked.length === 0) return unchanged(state);
  return { state: { ...state, picked: [] }, events: [{ type: 'cleared' }] };
}

/** Checks the built word (only when `canCheck`). Goes to 'feedback'. */
export function check(state: OrderWordsState): OrderResult {
  const word = currentWord(state);
  if (!canCheck(state) || !word) return unchanged(state);
  const built = builtWord(state);
  if (lower(built) === lower(word.es)) {
    return {
      state: {
        ...state,
        phase: 'feedback',
        lastResult: 'correct',
        totalScore: state.totalScore + ORDER_CORRECT_POINTS,
        correctCount: state.correctCount + 1,
        correctInLevel: state.correctInLevel + 1,
      },
      events: [{ type: 'correct', word: word.es, wordId: word.id, points: ORDER_CORRECT_POINTS }],
    };
  }
  const totalScore = Math.max(0, state.totalScore - ORDER_WRONG_PENALTY);
  const lives = Math.max(0, state.lives - 1);
  return {
    state: {
      ...state,
      phase: 'feedback',
      lastResult: 'wrong',
      totalScore,
      lives,
      wrongCount: state.wrongCount + 1,
      wrongInLevel: state.wrongInLevel + 1,
    },
    events: [
      { type: 'wrong', word: word.es, wordId: word.id, built, points: totalScore - state.totalScore },
      { type: 'life-lost', lives },
    ],
  };
}

/**
 * After the feedback delay: 0 lives → 'lost'; no words left → 'won'; else the next word
 * (with a 'level-started' event when it begins a new level of 5). Other phases: unchanged.
 */
export function advance(state: OrderWordsState): OrderResult {
  if (state.phase !== 'feedback') return unchanged(state);
  const message = runEndMessage(state);
  if (state.lives <= 0) {
    return {
      state: { ...state, phase: 'lost' },
      events: [{ type: 'game-over', totalScore: state.totalScore, message, stars: 0 }],
    };
  }
  const passed: OrderEvent = {
    type: 'level-passed',
    level: state.level,
    stars: starsForWords(state.correctInLevel, state.wrongInLevel),
  };
  const wordIndex = state.wordIndex + 1;
  if (wordIndex >= state.words.length) {
    const stars = starsFor(state.totalScore, maxScore(state), true);
    return {
      state: { ...state, phase: 'won' },
      events: [passed, { type: 'game-won', totalScore: state.totalScore, message, stars }],
    };
  }
  const next = atWord(state, wordIndex, 'playing');
  if (next.level === state.level) return { state: next, events: [{ type: 'next-word', wordIndex }] };
  return {
    state: { ...next, correctInLevel: 0, wrongInLevel: 0 },
    events: [{ type: 'next-word', wordIndex }, passed, { type: 'level-started', level: next.level }],
  };
}

/** Restart button (any phase): everything reset, new word order, straight to 'playing'. */
export function restart(state: OrderWordsState): OrderResult {
  const next = newRun(state.allWords, state.seed, 'playing');
  return { state: next, events: [{ type: 'level-started', level: 1 }] };
}

/** The most this run can score (G-7): every word of the run right. */
export function maxScore(state: OrderWordsState): number {
  return state.words.length * ORDER_CORRECT_POINTS;
}

/** How long the scene waits before calling `advance`, or null. */
export function pendingDelayMs(state: OrderWordsState): number | null {
  return state.phase === 'feedback' ? ORDER_DELAY_MS : null;
}

/** Plain JSON view of the state for test mode (window.__game). */
export function snapshot(state: OrderWordsState): OrderSnapshot {
  const word = currentWord(state);
  const over = state.phase === 'won' || state.phase === 'lost';
  return {
    game: 'order-words',
    phase: state.phase,
    level: state.level,
    levels: Math.ceil(state.words.length / ORDER_WORDS_PER_LEVEL),
    wordIndex: state.wordIndex,
    wordsTotal: state.words.length,
    lives: state.lives,
    totalScore: state.totalScore,
    currentWord: word ? word.es : null,
    currentWordId: word ? word.id : null,
    tiles: state.tiles.map((t) => t.char),
    picked: [...state.picked],
    built: builtWord(state),
    lastResult: state.lastResult,
    endMessage: over ? runEndMessage(state) : null,
    hints: [...state.hints],
    hintsOpen: hintsOpen(state),
  };
}

/**
 * The figures of a run from its rounds (the server's recomputation, src/shared/rules/games/run.ts), by the
 * rules above: min(50, playable words) distinct words, +10 right, −5 wrong (never below 0) and a
 * life; 0 lives ends the run, every word played with lives left wins it.
 */
/** Most hints one word can have: the picture and a letter. */
const ORDER_MAX_HINTS = 2;

export function replayRun(words: readonly GameWord[], rounds: readonly RunRound[], openMisses = 0): RunReplay {
  // A round's misses are its hints (at most the picture and a letter), paid when asked.
  if (!Number.isInteger(openMisses) || openMisses < 0 || openMisses > ORDER_MAX_HINTS) return refuse(RUN_BAD_MISSES_MSG);
  const playable = playableWords(words);
  if (playable.length === 0) return refuse(RUN_NO_WORDS_MSG);
  const ids = new Set(playable.map((w) => w.id));
  const total = Math.min(ORDER_MAX_WORDS, playable.length);
  const seen = new Set<number>();
  let lives = ORDER_LIVES;
  let score = 0;
  let end: 'won' | 'lost' | null = null;
  for (const r of rounds) {
    if (end) return refuse(RUN_AFTER_END_MSG);
    if (!ids.has(r.idPalabra)) return refuse(RUN_FOREIGN_WORD_MSG);
    if (seen.has(r.idPalabra)) return refuse(RUN_REPEATED_WORD_MSG);
    if (!Number.isInteger(r.fallos) || r.fallos < 0 || r.fallos > ORDER_MAX_HINTS) return refuse(RUN_BAD_MISSES_MSG);
    seen.add(r.idPalabra);
    for (let i = 0; i < r.fallos; i++) score -= hintCost(score, 'picture');
    if (r.bien) score += ORDER_CORRECT_POINTS;
    else {
      score = Math.max(0, score - ORDER_WRONG_PENALTY);
      lives -= 1;
    }
    if (lives <= 0) end = 'lost';
    else if (seen.size >= total) end = 'won';
  }
  if (end && openMisses > 0) return refuse(RUN_BAD_MISSES_MSG);
  for (let i = 0; i < openMisses; i++) score -= hintCost(score, 'picture');
  return { ok: true, puntos: score, puntosMax: total * ORDER_CORRECT_POINTS, ganada: end === 'won' };
}
