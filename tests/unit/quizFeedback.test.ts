import { describe, expect, it } from 'vitest';
import { quizFeedback, revealSolutions } from '../../src/shared/rules/quizRules';
import { choiceKey, typedKey } from './quiz-keys';
import { ACCENT_LETTERS, hasUnsentAnswers, insertAtCaret, solutionText } from '../../src/client/learner/quiz/feedback';

const choice = choiceKey;
const typed = typedKey;

describe('revealSolutions: only after a pass or the last attempt', () => {
  it('reveals on a pass, or when no attempt is left; not while a retry remains', () => {
    expect(revealSolutions(true, 2)).toBe(true);
    expect(revealSolutions(false, 0)).toBe(true);
    expect(revealSolutions(false, 1)).toBe(false);
    expect(revealSolutions(false, 2)).toBe(false);
  });
});

describe('quizFeedback', () => {
  const answers = new Map([
    [1, { id_respuesta: 10 }],
    [2, { respuesta: '  PÁJARO ' }],
  ]);
  it('marks each question right or wrong (text trimmed, case ignored) and reveals nothing without reveal', () => {
    expect(quizFeedback([choice, typed], answers, false)).toEqual([
      { id_pregunta: 1, acierto: false },
      { id_pregunta: 2, acierto: true },
    ]);
  });
  it('with reveal, a wrong choice gets the options with valor true; a right answer gets none', () => {
    expect(quizFeedback([choice, typed], answers, true)).toEqual([
      { id_pregunta: 1, acierto: false, solucion: [{ id_respuesta: 11, texto: 'perro' }] },
      { id_pregunta: 2, acierto: true },
    ]);
  });
  it('a wrong typed answer gets the first answer only (the one the spec compares with); accents count', () => {
    expect(quizFeedback([typed], new Map([[2, { respuesta: 'pajaro' }]]), true)).toEqual([
      { id_pregunta: 2, acierto: false, solucion: [{ id_respuesta: 20, texto: 'pájaro' }] },
    ]);
    expect(quizFeedback([typed], new Map(), true)[0]!.acierto).toBe(false);
  });
});

describe('solutionText', () => {
  const q = {
    Tipo: 'Opción Múltiple',
    respuestas: [
      { id_respuesta: 10, respuesta: 'gato' },
      { id_respuesta: 11, respuesta: '' },
      { id_respuesta: 12, respuesta: 'perro' },
    ],
  };
  it('is null for a right answer, no feedback, or no solution sent', () => {
    expect(solutionText(q, undefined)).toBeNull();
    expect(solutionText(q, { id_pregunta: 1, acierto: true })).toBeNull();
    expect(solutionText(q, { id_pregunta: 1, acierto: false })).toBeNull();
  });
  it('names options by the quiz label (picture-only options as "Opción N"), several joined with "o"', () => {
    expect(solutionText(q, { id_pregunta: 1, acierto: false, solucion: [{ id_respuesta: 12, texto: 'perro' }] })).toBe('perro');
    expect(
      solutionText(q, {
        id_pregunta: 1,
        acierto: false,
        solucion: [
          { id_respuesta: 11, texto: '' },
          { id_respuesta: 12, texto: 'perro' },
        ],
      }),
    ).toBe('Opción 2 o perro');
  });
  it('a typed question shows the trimmed text', () => {
    expect(
      solutionText(
        { Tipo: 'Texto', respuestas: [{ id_respuesta: 20 }] },
        { id_pregunta: 2, acierto: false, solucion: [{ id_respuesta: 20, texto: ' león ' }] },
      ),
    ).toBe('león');
  });
});

describe('insertAtCaret', () => {
  it('inserts at the caret and moves the caret after the letter', () => {
    expect(insertAtCaret('len', 2, 2, 'ó')).toEqual({ value: 'león', caret: 3 });
    expect(insertAtCaret('', 0, 0, 'ñ')).toEqual({ value: 'ñ', caret: 1 });
  });
  it('replaces a selection', () => {
    expect(insertAtCaret('pXXjaro', 1, 3, 'á')).toEqual({ value: 'pájaro', caret: 2 });
  });
  it('an unknown or out-of-range caret means the end', () => {
    expect(insertAtCaret('caf', null, null, 'é')).toEqual({ value: 'café', caret: 4 });
    expect(insertAtCaret('caf', 9, 12, 'é')).toEqual({ value: 'café', caret: 4 });
    expect(insertAtCaret('caf', 1, 0, 'é')).toEqual({ value: 'céaf', caret: 2 });
  });
  it('respects the maximum length', () => {
    expect(insertAtCaret('abc', 1, 1, 'á', 3)).toEqual({ value: 'abc', caret: 1 });
  });
  it('offers á é í ó ú ñ', () => {
    expect([...ACCENT_LETTERS]).toEqual(['á', 'é', 'í', 'ó', 'ú', 'ñ']);
  });
});

describe('hasUnsentAnswers', () => {
  it('is true once an option is chosen or non-blank text typed', () => {
    expect(hasUnsentAnswers({})).toBe(false);
    expect(hasUnsentAnswers({ 1: { respuesta: '   ' } })).toBe(false);
    expect(hasUnsentAnswers({ 1: { respuesta: 'a' } })).toBe(true);
    expect(hasUnsentAnswers({ 1: { id_respuesta: 3 } })).toBe(true);
  });
});
