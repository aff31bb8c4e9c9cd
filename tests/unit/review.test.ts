import { describe, expect, it } from 'vitest';
import { isReviewAnswerRight } from '../../src/shared/rules/reviewAnswer';
import {
  composeSession,
  DESIRED_RETENTION,
  gameRunReviews,
  gradeAnswer,
  gradeGameWord,
  gradeQuizAnswer,
  isDue,
  isKnown,
  itemKind,
  linkQuestionToWord,
  newCard,
  orderForPractice,
  pickDistractors,
  Rating,
  recall,
  review,
  reviewAnswerSchema,
  scheduler,
  SESSION_MAX_ITEMS,
  SESSION_MAX_NEW,
  State,
  strengthStars,
  type Card,
} from '../../src/shared/rules/review';

const T0 = new Date('2026-03-02T10:00:00Z');
const days = (n: number) => new Date(T0.getTime() + n * 86_400_000);
/** A card after a sequence of grades, each `gap` days after the previous. */
function after(grades: Rating[], gap = 0): Card {
  let c = newCard(T0);
  grades.forEach((g, i) => (c = review(c, g as never, days(i * gap))));
  return c;
}

describe('grading rule: wrong = Again, right after a replay or a slow view = Hard, right = Good', () => {
  it('grades the three cases, and never Easy', () => {
    expect(gradeAnswer({ correcto: false })).toBe(Rating.Again);
    expect(gradeAnswer({ correcto: false, repetido: true, lento: true })).toBe(Rating.Again);
    expect(gradeAnswer({ correcto: true, repetido: true })).toBe(Rating.Hard);
    expect(gradeAnswer({ correcto: true, lento: true })).toBe(Rating.Hard);
    expect(gradeAnswer({ correcto: true })).toBe(Rating.Good);
    expect(gradeAnswer({ correcto: true, repetido: false, lento: false })).toBe(Rating.Good);
  });
});

describe('event → grade mapping', () => {
  it('a game word: right = Good, right after a miss = Hard, wrong = Again, absent = no review', () => {
    expect(gradeGameWord(true, false)).toBe(Rating.Good);
    expect(gradeGameWord(true, true)).toBe(Rating.Hard);
    expect(gradeGameWord(false, true)).toBe(Rating.Again);
    expect(gradeGameWord(false, false)).toBeNull();
  });
  it('a game run gives one review per distinct word, in id order', () => {
    expect(gameRunReviews([5, 3, 5], [3, 9])).toEqual([
      { idPalabra: 3, grade: Rating.Hard },
      { idPalabra: 5, grade: Rating.Good },
      { idPalabra: 9, grade: Rating.Again },
    ]);
    expect(gameRunReviews([], [])).toEqual([]);
  });
  it('a quiz question linked to a word: right = Good, wrong = Again', () => {
    expect(gradeQuizAnswer(true)).toBe(Rating.Good);
    expect(gradeQuizAnswer(false)).toBe(Rating.Again);
  });
  it('a question is linked to the one level word that is its correct answer (accents and case ignored)', () => {
    const words = [
      { idPalabra: 1, palabraEspanol: 'Perro' },
      { idPalabra: 2, palabraEspanol: 'León' },
      { idPalabra: 3, palabraEspanol: 'pez' },
    ];
    expect(linkQuestionToWord(['perro'], words)).toBe(1);
    expect(linkQuestionToWord([' leon '], words)).toBe(2);
    expect(linkQuestionToWord(['gato'], words)).toBeNull();
    expect(linkQuestionToWord(['perro', 'pez'], words)).toBeNull();
    expect(linkQuestionToWord([], words)).toBeNull();
  });
});

describe('scheduling comes from ts-fsrs at retention 0.9', () => {
  it('uses the desired retention', () => {
    expect(DESIRED_RETENTION).toBe(0.9);
    expect(scheduler.parameters.request_retention).toBe(0.9);
  });
  it('Good pushes the due date later than Hard, Hard later than Again', () => {
    const base = after([Rating.Good, Rating.Good], 1);
    const when = days(10);
    const [a, h, g] = [Rating.Again, Rating.Hard, Rating.Good].map((r) => review(base, r as never, when).due.getTime());
    expect(a).toBeLessThan(h!);
    expect(h).toBeLessThan(g!);
  });
  it('Again on a reviewed word counts a lapse and sends it to relearning', () => {
    const c = review(after([Rating.Good, Rating.Good, Rating.Good], 3), Rating.Again, days(30));
    expect(c.lapses).toBe(1);
    expect(c.state).toBe(State.Relearning);
  });
  it('the same answers give the same schedule (no fuzz)', () => {
    expect(after([Rating.Good, Rating.Hard, Rating.Good], 2)).toEqual(after([Rating.Good, Rating.Hard, Rating.Good], 2));
  });
});

describe('strength stars 0–3 from the predicted recall', () => {
  it('a word never reviewed has 0 stars and 0 recall', () => {
    expect(strengthStars(newCard(T0), T0)).toBe(0);
    expect(recall(newCard(T0), T0)).toBe(0);
  });
  it('a word just learnt is capped at 1 star while in learning steps', () => {
    const c = after([Rating.Good]);
    expect(c.state).toBe(State.Learning);
    expect(strengthStars(c, T0)).toBeLessThanOrEqual(1);
  });
  it('a well-known word has 3 stars on its last review and fewer as recall falls', () => {
    const c = after([Rating.Good, Rating.Good, Rating.Good, Rating.Good, Rating.Good], 8);
    expect(c.stability).toBeGreaterThan(7);
    const reviewed = c.last_review!;
    expect(strengthStars(c, reviewed)).toBe(3);
    const later = new Date(reviewed.getTime() + c.stability * 500 * 86_400_000);
    expect(recall(c, later)).toBeLessThan(0.5);
    expect(strengthStars(c, later)).toBe(0);
  });
  it('a word with low stability gets at most 2 stars', () => {
    const c = after([Rating.Good, Rating.Good], 1);
    if (c.state === State.Review && c.stability < 7) expect(strengthStars(c, c.last_review!)).toBeLessThanOrEqual(2);
    else expect(strengthStars(c, c.last_review!)).toBeGreaterThanOrEqual(0);
  });
});

describe('due, known and item kinds', () => {
  it('a new card is not due; a reviewed one is due once its date comes', () => {
    expect(isDue(newCard(T0), days(100))).toBe(false);
    const c = after([Rating.Good, Rating.Good], 1);
    expect(isDue(c, new Date(c.due.getTime() - 1))).toBe(false);
    expect(isDue(c, c.due)).toBe(true);
  });
  it('a known word is typed; new words start with sign → word; the choosing kinds alternate', () => {
    const known = { state: State.Review, stability: 30 };
    expect(isKnown(known)).toBe(true);
    expect(itemKind(known, 0)).toBe('escribir');
    expect(itemKind({ state: State.New, stability: 0 }, 1)).toBe('sena_a_palabra');
    expect(itemKind({ state: State.Review, stability: 2 }, 0)).toBe('sena_a_palabra');
    expect(itemKind({ state: State.Review, stability: 2 }, 1)).toBe('palabra_a_sena');
    expect(itemKind({ state: State.Relearning, stability: 30 }, 1)).toBe('palabra_a_sena');
  });
});

describe('session composition: every due word, then every word seen, then at most 3 never seen; 10 in all', () => {
  const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);
  it("many due and many new: the 10 most overdue, no new word takes a due word's place", () => {
    const s = composeSession(range(20), range(20, 100));
    expect(s).toHaveLength(SESSION_MAX_ITEMS);
    expect(s.map((x) => x.item)).toEqual(range(10));
    expect(s.some((x) => x.nuevo)).toBe(false);
  });
  it('7 due: all of them, then 3 never-seen words in the room left', () => {
    expect(composeSession(range(7), range(20, 100)).map((x) => [x.item, x.nuevo])).toEqual([
      ...range(7).map((i) => [i, false]),
      [100, true],
      [101, true],
      [102, true],
    ]);
  });
  it('nothing due: only the few never-seen words (a short session)', () => {
    expect(composeSession([], range(20, 100)).map((x) => x.item)).toEqual([100, 101, 102]);
    expect(SESSION_MAX_NEW).toBe(3);
  });
  it('6 words seen and never reviewed: all 6 (they are owed their first review), before any never-seen word', () => {
    const s = composeSession([], range(20, 100), { seen: range(6, 50) });
    expect(s.map((x) => x.item)).toEqual([...range(6, 50), 100, 101, 102]);
    expect(s.every((x) => x.nuevo)).toBe(true);
  });
  it('12 seen: the first 10; due words first, then seen ones, never more than 10', () => {
    expect(composeSession([], [], { seen: range(12, 50) }).map((x) => x.item)).toEqual(range(10, 50));
    expect(composeSession([1, 2], [100], { seen: range(12, 50) }).map((x) => x.item)).toEqual([1, 2, ...range(8, 50)]);
  });
  it('nothing new: up to 10 due', () => {
    expect(composeSession(range(15), [])).toHaveLength(10);
  });
  it('nothing at all: an empty session', () => {
    expect(composeSession([], [])).toEqual([]);
  });
  it('few due: all of them plus the new ones', () => {
    expect(composeSession([1, 2], [9]).map((x) => [x.item, x.nuevo])).toEqual([
      [1, false],
      [2, false],
      [9, true],
    ]);
  });
});

describe('distractors and the games order', () => {
  const w = (idPalabra: number, idNivel: number) => ({ idPalabra, idNivel });
  it('picks 2 other words, its own level first', () => {
    const pool = [w(1, 1), w(2, 1), w(3, 1), w(4, 2), w(5, 2)];
    const d = pickDistractors(w(1, 1), pool, () => 0.5);
    expect(d).toHaveLength(2);
    expect(d.every((x) => x.idNivel === 1 && x.idPalabra !== 1)).toBe(true);
  });
  it('fills from other levels when its own has too few, and never repeats the word', () => {
    const d = pickDistractors(w(1, 1), [w(1, 1), w(2, 1), w(4, 2)], () => 0.5);
    expect(d.map((x) => x.idPalabra).sort()).toEqual([2, 4]);
    expect(pickDistractors(w(1, 1), [w(1, 1)])).toEqual([]);
  });
  it('orders a level due first (most overdue first), then weakest, never-reviewed counting as weakest', () => {
    const strong = after([Rating.Good, Rating.Good, Rating.Good, Rating.Good], 8);
    const now = strong.last_review!;
    const dueOld = { ...after([Rating.Good, Rating.Good], 1), due: days(-5) };
    const dueNew = { ...after([Rating.Good, Rating.Good], 1), due: days(-1) };
    const cards = new Map<number, Card>([
      [1, strong],
      [2, dueNew],
      [3, dueOld],
    ]);
    const words = [1, 2, 3, 4].map((idPalabra) => ({ idPalabra }));
    expect(orderForPractice(words, cards, now).map((x) => x.idPalabra)).toEqual([3, 2, 4, 1]);
  });
});

describe('answer schema: Spanish messages, no schedule fields', () => {
  it('accepts a well-formed answer and refuses anything that would set the schedule', () => {
    expect(reviewAnswerSchema.safeParse({ id_palabra: 1, elegida: 2, clave: 'abcdefgh' }).success).toBe(true);
    expect(reviewAnswerSchema.safeParse({ id_palabra: 1, escrita: 'gato', clave: 'abcdefgh' }).success).toBe(true);
    const r = reviewAnswerSchema.safeParse({ id_palabra: 1, elegida: 1, clave: 'abcdefgh', vence: '2030-01-01' });
    expect(r.success).toBe(false);
    // A verdict alone is no answer: the server grades what the child chose or typed.
    expect(reviewAnswerSchema.safeParse({ id_palabra: 1, correcto: true, clave: 'abcdefgh' }).success).toBe(false);
    expect(reviewAnswerSchema.safeParse({ id_palabra: 1, elegida: 1, escrita: 'gato', clave: 'abcdefgh' }).success).toBe(false);
  });
  it('grades the answer given: the chosen word, or the typed word (case, spaces and accents aside; ñ kept)', () => {
    const word = { idPalabra: 7, palabraEspanol: 'Niño' };
    expect(isReviewAnswerRight(word, { elegida: 7 })).toBe(true);
    expect(isReviewAnswerRight(word, { elegida: 8 })).toBe(false);
    expect(isReviewAnswerRight(word, { escrita: '  NIÑO ' })).toBe(true);
    expect(isReviewAnswerRight(word, { escrita: 'nino' })).toBe(false);
    expect(isReviewAnswerRight(word, { escrita: '' })).toBe(false);
  });
  it('names what is wrong in Spanish', () => {
    const r = reviewAnswerSchema.safeParse({ id_palabra: 'x', elegida: 'sí', correcto: 'sí', clave: 'a b' });
    expect(r.success).toBe(false);
    const msgs = r.error!.issues.map((i) => i.message);
    expect(msgs).toContain('El identificador de la palabra no es válido.');
    expect(msgs).toContain('Indica si la respuesta fue correcta.');
    expect(msgs).toContain('El identificador de la palabra elegida no es válido.');
    expect(msgs).toContain('La clave de la respuesta no es válida.');
  });
});
