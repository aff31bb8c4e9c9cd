import { describe, expect, it } from 'vitest';
import * as Hangman from '../../../src/shared/rules/games/hangman';
import * as Order from '../../../src/shared/rules/games/orderWords';
import * as Cards from '../../../src/shared/rules/games/cards';
import { mulberry32, type GameWord } from '../../../src/shared/rules/games/types';
import { createRunTracker } from '../../../src/client/games/runTracker';
import { checkRunFigures, replayGameRun, RUN_FIGURES_MSG, type GameRun } from '../../../src/shared/rules/gameRun';
import { RUN_AFTER_END_MSG, RUN_BAD_MISSES_MSG, RUN_FOREIGN_WORD_MSG, RUN_REPEATED_WORD_MSG, RUN_WRONG_LEVEL_MSG } from '../../../src/shared/rules/games/run';

/**
 * A run's figures follow from its rounds by the game's own rules (privacy rule "what feeds a
 * teacher's view follows from what the child did"): games played by the rules with seeded random
 * taps, reported by the page's tracker, are recomputed to exactly the figures the page sends; a
 * report whose figures or rounds are changed is refused.
 */
const NAMES = ['gato', 'perro', 'casa', 'árbol', 'niño', 'sol', 'luna', 'agua', 'pájaro', 'mesa', 'silla', 'flor'];
const list = (nivelId = 1, n = NAMES.length, first = 1): GameWord[] =>
  NAMES.slice(0, n).map((es, i) => ({ id: first + i, es: `${es}${nivelId === 1 ? '' : nivelId}`, en: 'x', image: null, sign: '/s.gif', nivelId }));

type Report = ReturnType<ReturnType<typeof createRunTracker>['take']>;

/** Plays one hangman run with seeded guesses (mostly the word's letters), possibly left half-way. */
function playHangman(words: GameWord[], seed: number, steps: number): Report {
  const rng = mulberry32(seed);
  const tracker = createRunTracker('hangman', 1, words);
  let r = Hangman.startGame(Hangman.createGame(words, rng));
  tracker.onEvents(r.events);
  for (let i = 0; i < steps; i++) {
    const s = r.state;
    if (s.phase === 'won' || s.phase === 'lost') break;
    if (s.phase === 'playing') {
      const needed = Hangman.lettersToGuess(Hangman.currentWord(s)!.es).filter((l) => !s.guessed.includes(l));
      const pool = rng() < 0.8 ? needed : Hangman.HANGMAN_ALPHABET.filter((l) => !s.guessed.includes(l));
      r = Hangman.guessLetter(s, pool[Math.floor(rng() * pool.length)]!);
    } else if (s.phase === 'level-passed') r = Hangman.continueGame(s);
    else r = Hangman.advance(s);
    tracker.onEvents(r.events);
  }
  return tracker.take(r.state.totalScore, r.state.phase === 'won', 'clave-prueba');
}

function playOrder(words: GameWord[], seed: number, steps: number): Report {
  const rng = mulberry32(seed);
  const tracker = createRunTracker('orderWords', 1, words);
  let r = Order.startGame(Order.createGame(words, rng));
  tracker.onEvents(r.events);
  for (let i = 0; i < steps; i++) {
    const s = r.state;
    if (s.phase === 'won' || s.phase === 'lost') break;
    if (s.phase === 'playing') {
      let st = s;
      const right = rng() < 0.85;
      const letters = Order.tileLetters(Order.currentWord(st)!.es);
      for (let k = 0; k < st.tiles.length; k++) {
        const id = right ? Order.tileForKey(st, letters[st.picked.length]!) : st.tiles.findIndex((_, t) => !st.picked.includes(t));
        st = Order.pickTile(st, id!).state;
      }
      r = Order.check(st);
    } else r = Order.advance(s);
    tracker.onEvents(r.events);
  }
  return tracker.take(r.state.totalScore, r.state.phase === 'won', 'clave-prueba');
}

function playCards(words: GameWord[], seed: number, steps: number): Report {
  const rng = mulberry32(seed);
  const tracker = createRunTracker('cards', null, words);
  let r = Cards.startGame(Cards.createGame(words, rng));
  tracker.onEvents(r.events);
  for (let i = 0; i < steps; i++) {
    const s = r.state;
    if (s.phase === 'won' || s.phase === 'lost') break;
    if (s.phase === 'pick-card') r = Cards.pickCard(s, Math.floor(rng() * 3));
    else if (s.phase === 'pick-word') {
      const target = Cards.targetWord(s)!.id;
      r = Cards.pickWord(s, rng() < 0.8 ? target : s.options[Math.floor(rng() * s.options.length)]!.id);
    } else r = Cards.advance(s);
    tracker.onEvents(r.events);
  }
  return tracker.take(r.state.totalScore, r.state.phase === 'won', 'clave-prueba');
}

const check = (report: Report, words: GameWord[]) => checkRunFigures(report as GameRun, words);

describe('a genuine run is recomputed to the figures the page reports', () => {
  const cardsWords = [...list(1, 7), ...list(2, 3, 50), ...list(3, 6, 80)];
  const games = [
    ['hangman', list(), playHangman],
    ['orderWords', list(), playOrder],
    ['cards', cardsWords, playCards],
  ] as const;
  for (const [name, words, play] of games) {
    it(`${name}: 60 seeded runs (won, lost, left half-way) all agree`, () => {
      const ends = new Set<string>();
      for (let seed = 1; seed <= 60; seed++) {
        const report = play(words, seed, seed % 3 === 0 ? 25 : 5000);
        ends.add(report.ganada ? 'won' : report.rondas.length ? 'other' : 'none');
        expect(check(report, words), `seed ${seed}`).toBeNull();
      }
      expect(ends.has('won')).toBe(true);
      expect(ends.has('other')).toBe(true);
    });
  }

  it('a changed figure is refused, field by field', () => {
    const words = list();
    let report = playOrder(words, 7, 5000);
    for (let seed = 8; !report.ganada; seed++) report = playOrder(words, seed, 5000);
    expect(check(report, words)).toBeNull();
    expect(check({ ...report, puntos: report.puntos + 10 }, words)).toMatchObject({
      msg: RUN_FIGURES_MSG,
      fields: { puntos: `Con estas rondas los puntos son ${report.puntos}.` },
    });
    expect(check({ ...report, puntosMax: 500 }, words)?.fields).toHaveProperty('puntosMax');
    expect(check({ ...report, ganada: false }, words)?.fields).toHaveProperty('ganada');
    expect(check({ ...report, palabrasMal: [1] }, words)?.fields).toHaveProperty('palabrasMal');
    expect(check({ ...report, palabrasBien: [] }, words)?.fields).toHaveProperty('palabrasBien');
  });
});

describe('rounds no game can give are refused', () => {
  const words = list();
  const round = (idPalabra: number, bien = true, fallos = 0) => ({ idPalabra, bien, fallos });
  it("the issue's forged run: 1000 points, won, no rounds", () => {
    // 12 words: levels of 5, 5 and 2, each word once (a run is worth 300).
    expect(replayGameRun('hangman', words, [])).toEqual({ ok: true, puntos: 0, puntosMax: 300, ganada: false });
    const forged = { juego: 'hangman' as const, puntos: 1000, puntosMax: 1000, ganada: true, palabrasBien: [], palabrasMal: [], rondas: [] };
    expect(checkRunFigures(forged, words)?.fields).toMatchObject({
      puntos: 'Con estas rondas los puntos son 0.',
      ganada: 'Con estas rondas la partida no está ganada.',
    });
  });
  it('a word the game did not have, a word repeated, misses out of range, rounds after the end', () => {
    expect(replayGameRun('orderWords', words, [round(999)])).toEqual({ ok: false, msg: RUN_FOREIGN_WORD_MSG });
    expect(replayGameRun('orderWords', words, [round(1), round(1)])).toEqual({ ok: false, msg: RUN_REPEATED_WORD_MSG });
    // A word's misses are its hints: at most the picture and a letter.
    expect(replayGameRun('orderWords', words, [round(1, true, 3)])).toEqual({ ok: false, msg: RUN_BAD_MISSES_MSG });
    expect(replayGameRun('hangman', words, [round(1, true, 6)])).toEqual({ ok: false, msg: RUN_BAD_MISSES_MSG });
    expect(replayGameRun('hangman', words, [round(1, false, 2)])).toEqual({ ok: false, msg: RUN_BAD_MISSES_MSG });
    // Two empty cards and the picture hint at most.
    expect(replayGameRun('cards', words, [round(1, true, 4)])).toEqual({ ok: false, msg: RUN_BAD_MISSES_MSG });
    const lost = [round(1, false), round(2, false), round(3, false)];
    expect(replayGameRun('orderWords', words, lost)).toEqual({ ok: true, puntos: 0, puntosMax: 120, ganada: false });
    expect(replayGameRun('orderWords', words, [...lost, round(4)])).toEqual({ ok: false, msg: RUN_AFTER_END_MSG });
  });
  it('cards: a round of a level that is not the one being played', () => {
    const two = [...list(1, 2), ...list(2, 2, 50)];
    expect(replayGameRun('cards', two, [round(50)])).toEqual({ ok: false, msg: RUN_WRONG_LEVEL_MSG });
    expect(replayGameRun('cards', two, [round(1), round(2, true, 2), round(50), round(51)])).toEqual({ ok: true, puntos: 36, puntosMax: 40, ganada: true });
  });
  it('hangman: a level is scored from its words (2 per wrong letter, 5 more for a failed word) and restarts below 70', () => {
    const five = list(1, 5);
    const level = (fallos: number) => [1, 2, 3, 4, 5].map((id) => round(id, true, fallos));
    // 5 words × 3 wrong letters: 70, passed; × 4: 60, the level starts again and adds nothing.
    expect(replayGameRun('hangman', five, level(3))).toMatchObject({ ok: true, puntos: 70 });
    expect(replayGameRun('hangman', five, [...level(4), ...level(0)])).toMatchObject({ ok: true, puntos: 100 });
    // Five words are one level: passing it ends the run, won; nothing can follow.
    expect(replayGameRun('hangman', five, level(0))).toEqual({ ok: true, puntos: 100, puntosMax: 100, ganada: true });
    expect(replayGameRun('hangman', five, [...level(0), round(1)])).toEqual({ ok: false, msg: RUN_AFTER_END_MSG });
    // 50 words: the spec's 10 levels of 5.
    const fifty = Array.from({ length: 50 }, (_, i) => ({ ...five[0]!, id: 100 + i, es: `${'abcdefghij'[Math.floor(i / 10)]}${'klmnoprstu'[i % 10]}o` }));
    const all = Array.from({ length: 10 }, (_, lv) => Array.from({ length: 5 }, (_, i) => round(100 + lv * 5 + i))).flat();
    expect(replayGameRun('hangman', fifty, all)).toEqual({ ok: true, puntos: 1000, puntosMax: 1000, ganada: true });
  });
});

/**
 * The e2e suite reaches hangman's last level through window.__game.jumpToLevel (Hangman.playToLevel)
 * instead of minutes of play, then plays level 10 on screen: the run it reports must still be one the
 * server keeps (replayed to the same figures), or the e2e's 201 would prove nothing.
 */
describe('hangman playToLevel (the test hook behind window.__game.jumpToLevel)', () => {
  const words = list();
  /** Solves every word of the current level by the rules, as the e2e does on screen. */
  const finishLevel = (r: Hangman.HangmanResult, tracker: ReturnType<typeof createRunTracker>) => {
    while (r.state.phase === 'playing' || r.state.phase === 'word-solved') {
      const s = r.state;
      if (s.phase === 'playing')
        r = Hangman.guessLetter(
          s,
          Hangman.lettersToGuess(Hangman.currentWord(s)!.es).find((l) => !s.guessed.includes(l))!,
        );
      else r = Hangman.advance(s);
      tracker.onEvents(r.events);
    }
    return r;
  };

  it('from the instructions to the last level (3 of 12 words): every earlier level passed with 100, lives kept, only rule events', () => {
    const start = Hangman.createGame(words, mulberry32(3));
    const r = Hangman.playToLevel(start, 3);
    expect(Hangman.snapshot(r.state)).toMatchObject({
      phase: 'playing',
      level: 3,
      levels: 3,
      levelScore: 100,
      totalScore: 200,
      lives: 3,
      wordIndex: 0,
      guessed: [],
    });
    expect(r.events.filter((e) => e.type === 'level-passed')).toHaveLength(2);
    expect(r.events.filter((e) => e.type === 'word-solved')).toHaveLength(10);
    expect(r.events.some((e) => e.type === 'wrong-letter' || e.type === 'life-lost')).toBe(false);
    expect(r.events.at(-1)).toEqual({ type: 'level-started', level: 3 });
  });

  it('a run jumped to the last level mid-word, then finished, is replayed by the server to the same points, won', () => {
    const tracker = createRunTracker('hangman', 1, words);
    let r = Hangman.startGame(Hangman.createGame(words, mulberry32(11)));
    tracker.onEvents(r.events);
    // A wrong letter first: it stays in the run (the round counts 1 miss), as on screen.
    const wrong = Hangman.HANGMAN_ALPHABET.find((l) => !Hangman.lettersToGuess(Hangman.currentWord(r.state)!.es).includes(l))!;
    r = Hangman.guessLetter(r.state, wrong);
    tracker.onEvents(r.events);
    r = Hangman.playToLevel(r.state, 3);
    tracker.onEvents(r.events);
    r = finishLevel(r, tracker);
    expect(r.state).toMatchObject({ phase: 'won', totalScore: 298 });
    const report = tracker.take(r.state.totalScore, true, 'clave-salto');
    expect(report.rondas).toHaveLength(12);
    expect(report).toMatchObject({ puntos: 298, puntosMax: 300, ganada: true });
    expect(check(report, words)).toBeNull();
  });

  it('refuses what is not ahead: the current level, a level past the last, a finished game', () => {
    const playing = Hangman.startGame(Hangman.createGame(words, mulberry32(5))).state;
    for (const level of [1, 0, 11, 2.5, Number.NaN]) expect(Hangman.playToLevel(playing, level).state).toBe(playing);
    const won = { ...playing, phase: 'won' as const };
    expect(Hangman.playToLevel(won, 5).state).toBe(won);
  });
});
