import { describe, expect, it } from 'vitest';
import {
  answerFlags,
  choicesOf,
  dueText,
  newClave,
  hasNothingYet,
  nextReviewText,
  START_TEXT,
  readSavedSession,
  signsToReview,
  summaryOf,
  type SessionAnswer,
} from '../../../src/client/learner/repaso/reviewRules';
import { sameTypedWord } from '../../../src/client/learner/repaso/typedAnswer';
import { claveSchema, type ReviewItem } from '../../../src/shared/rules/review';

/** The review session's client rules (src/client/learner/repaso/reviewRules.ts). */
const word = (id: number, es: string) => ({ id_palabra: id, palabraEspanol: es, palabraIngles: es, id_nivel: 1, sena: null, imagen: null });
const item = (id: number, es: string, distractores = [word(id + 100, 'otra'), word(id + 200, 'más')]): ReviewItem => ({
  ...word(id, es),
  tipo: 'sena_a_palabra',
  nuevo: false,
  distractores,
});
const ans = (id: number, correcto: boolean, sent = true, clave = `clave-${id}-x`): SessionAnswer => ({
  id_palabra: id,
  correcto,
  repetido: false,
  lento: false,
  clave,
  sent,
});

describe('the "Repaso de hoy" card', () => {
  it('counts the due signs and the new ones waiting', () => {
    expect(signsToReview({ pendientes: 4, nuevas: 3, proxima: null })).toBe(7);
    expect(signsToReview({ pendientes: 0, nuevas: 0, proxima: null })).toBe(0);
    expect(dueText(5)).toBe('Tienes 5 señas para repasar');
    expect(dueText(1)).toBe('Tienes 1 seña para repasar');
  });
  it('says when the next sign is due in words a child reads: never minutes or clock times', () => {
    const now = new Date(2026, 10, 24, 10, 0);
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(nextReviewText(null, now)).toBeNull();
    expect(nextReviewText('nope', now)).toBeNull();
    // FSRS's first steps after a session are 1 and 10 minutes: "later today", not "en un minuto".
    expect(nextReviewText(at(30_000), now)).toBe('hoy más tarde');
    expect(nextReviewText(at(60_000), now)).toBe('hoy más tarde');
    expect(nextReviewText(at(10 * 60_000), now)).toBe('hoy más tarde');
    expect(nextReviewText(new Date(2026, 10, 24, 16, 5).toISOString(), now)).toBe('hoy más tarde');
    expect(nextReviewText(new Date(2026, 10, 24, 23, 59).toISOString(), now)).toBe('hoy más tarde');
    expect(nextReviewText(at(-5 * 60_000), now)).toBe('hoy más tarde');
    // Calendar days: just after midnight is already "mañana".
    expect(nextReviewText(new Date(2026, 10, 25, 0, 1).toISOString(), now)).toBe('mañana');
    expect(nextReviewText(new Date(2026, 10, 25, 9, 0).toISOString(), now)).toBe('mañana');
    expect(nextReviewText(new Date(2026, 10, 27, 9, 0).toISOString(), now)).toBe('en 3 días');
    expect(nextReviewText(new Date(2026, 10, 28, 9, 0).toISOString(), now)).toBe('en 4 días');
    for (const ms of [1, 59_000, 3_600_000, 5 * 3_600_000]) expect(nextReviewText(at(ms), now)).not.toMatch(/minut|:\d\d/);
  });

  it('a child who has met no word is invited to open a level, never told all is reviewed', () => {
    expect(hasNothingYet({ pendientes: 0, nuevas: 0, proxima: null })).toBe(true);
    expect(hasNothingYet({ pendientes: 0, nuevas: 0, proxima: new Date().toISOString() })).toBe(false);
    expect(hasNothingYet({ pendientes: 0, nuevas: 2, proxima: null })).toBe(false);
    expect(hasNothingYet({ pendientes: 1, nuevas: 0, proxima: null })).toBe(false);
    expect(START_TEXT).toBe('¡Aún no has visto palabras! Abre un nivel para empezar.');
  });
});

describe('a typed answer', () => {
  it('ignores accents, case and spaces but keeps ñ a letter of its own', () => {
    expect(sameTypedWord('platano', 'Plátano')).toBe(true);
    expect(sameTypedWord('  PLÁTANO ', 'plátano')).toBe(true);
    expect(sameTypedWord('oso  polar', 'Oso polar')).toBe(true);
    expect(sameTypedWord('nino', 'Niño')).toBe(false);
    expect(sameTypedWord('niño', 'Niño')).toBe(true);
    expect(sameTypedWord('gata', 'gato')).toBe(false);
    expect(sameTypedWord('   ', '')).toBe(false);
  });
});

describe('repetido and lento from the sign player', () => {
  it('a plain look (or only pausing, the mirror, the loop, a speed of 1×) is no help', () => {
    expect(answerFlags([])).toEqual({ repetido: false, lento: false });
    expect(answerFlags([{ kind: 'pause' }, { kind: 'mirror' }, { kind: 'loop' }, { kind: 'speed', speed: 1 }])).toEqual({ repetido: false, lento: false });
  });
  it('playing again or stepping frames is a replay; slowing below 1× is lento', () => {
    expect(answerFlags([{ kind: 'pause' }, { kind: 'play' }])).toEqual({ repetido: true, lento: false });
    expect(answerFlags([{ kind: 'step' }])).toEqual({ repetido: true, lento: false });
    expect(answerFlags([{ kind: 'speed', speed: 0.5 }])).toEqual({ repetido: false, lento: true });
    expect(answerFlags([{ kind: 'speed', speed: 0.75 }, { kind: 'play' }])).toEqual({ repetido: true, lento: true });
  });
});

describe('the session kept for a reload', () => {
  const items = [item(1, 'gato'), item(2, 'perro')];
  it('resumes a session with answers to give or to send', () => {
    expect(readSavedSession(JSON.stringify({ items, answers: [ans(1, true)] }))?.answers).toHaveLength(1);
    expect(readSavedSession(JSON.stringify({ items, answers: [ans(1, true), ans(2, false, false)] }))?.answers[1]?.sent).toBe(false);
  });
  it('forgets a finished session with every answer stored, and anything broken', () => {
    expect(readSavedSession(JSON.stringify({ items, answers: [ans(1, true), ans(2, false)] }))).toBeNull();
    expect(readSavedSession(null)).toBeNull();
    expect(readSavedSession('{')).toBeNull();
    expect(readSavedSession(JSON.stringify({ items: [], answers: [] }))).toBeNull();
    expect(readSavedSession(JSON.stringify({ items, answers: [ans(2, true)] }))).toBeNull(); // answer of another word
  });
});

describe('choices and summary', () => {
  it('puts the right word among its distractors in an order that a reload keeps', () => {
    const it1 = item(7, 'sol');
    const a = choicesOf(it1).map((w) => w.id_palabra);
    expect([...a].sort((x, y) => x - y)).toEqual([7, 107, 207]);
    expect(choicesOf(it1).map((w) => w.id_palabra)).toEqual(a);
    // Not always first: across several words the right one lands in more than one place.
    const places = new Set([1, 2, 3, 4, 5, 6, 8, 9].map((id) => choicesOf(item(id, 'x')).findIndex((w) => w.id_palabra === id)));
    expect(places.size).toBeGreaterThan(1);
  });
  it('counts the right answers and lists the missed words once', () => {
    const items = [item(1, 'gato'), item(2, 'perro'), item(3, 'sol')];
    expect(summaryOf(items, [ans(1, true), ans(2, false), ans(3, true)])).toEqual({ right: 2, total: 3, practise: ['perro'] });
  });
  it('makes claves the server accepts, a new one each time', () => {
    const a = newClave();
    expect(claveSchema.safeParse(a).success).toBe(true);
    expect(newClave()).not.toBe(a);
  });
});
