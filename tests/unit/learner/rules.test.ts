import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allWordsSeen,
  EMPTY_LEVEL_DATA,
  mergeLevelData,
  progressColor,
  progressPercent,
  seenInLevel,
  unsyncedWords,
  type LocalLevelData,
  type ServerLevelProgress,
} from '../../../src/shared/rules/progress';
import {
  canRetry,
  formatScore,
  gradeQuiz,
  isAnswerCorrect,
  isPass,
  isTextQuestion,
  MAX_RETRIES,
  PASS_MARK,
  quizScore,
  roundScore,
} from '../../../src/shared/rules/quiz';
import { choiceKey, typedKey } from '../quiz-keys';

describe('progress percent = seen / total, rounded down', () => {
  it('rounds down', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(5, 6)).toBe(83);
    expect(progressPercent(6, 6)).toBe(100);
  });
  it('is 0 for no words or nothing seen, and never above 100', () => {
    expect(progressPercent(0, 6)).toBe(0);
    expect(progressPercent(3, 0)).toBe(0);
    expect(progressPercent(9, 6)).toBe(100);
  });
  it('property: equals floor(100*seen/total) for 0 ≤ seen ≤ total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.nat(), (total, k) => {
        const seen = k % (total + 1);
        expect(progressPercent(seen, total)).toBe(Math.floor((100 * seen) / total));
      }),
    );
  });
  it('counts only distinct words that are still in the level', () => {
    expect(seenInLevel([1, 1, 2, 99], [1, 2, 3])).toEqual([1, 2]);
  });
});

describe('progress colour: red below 50, orange below 80, green otherwise', () => {
  it('at the thresholds', () => {
    expect(progressColor(0)).toBe('red');
    expect(progressColor(49)).toBe('red');
    expect(progressColor(50)).toBe('orange');
    expect(progressColor(79)).toBe('orange');
    expect(progressColor(80)).toBe('green');
    expect(progressColor(100)).toBe('green');
  });
});

describe('game button: once every word is seen', () => {
  it('needs all words; never for an empty level', () => {
    expect(allWordsSeen([1, 2, 3], [1, 2, 3])).toBe(true);
    expect(allWordsSeen([3, 1, 2, 7], [1, 2, 3])).toBe(true);
    expect(allWordsSeen([1, 2], [1, 2, 3])).toBe(false);
    expect(allWordsSeen([], [])).toBe(false);
  });
});

describe('score, pass mark and retries', () => {
  it('score = correct / total * 100', () => {
    expect(quizScore(3, 4)).toBe(75);
    expect(quizScore(0, 4)).toBe(0);
    expect(quizScore(2, 3)).toBeCloseTo(66.6667, 3);
    expect(quizScore(1, 0)).toBe(0);
    expect(roundScore(quizScore(2, 3))).toBe(66.67);
    expect(formatScore(quizScore(2, 3))).toBe('66.67');
    expect(formatScore(100)).toBe('100.00');
    expect(formatScore(0)).toBe('0.00');
  });
  it('pass mark is 60 (inclusive)', () => {
    expect(PASS_MARK).toBe(60);
    expect(isPass(60)).toBe(true);
    expect(isPass(59.99)).toBe(false);
    expect(isPass(100)).toBe(true);
  });
  it('retry offered below 60 while retries used are under 2', () => {
    expect(MAX_RETRIES).toBe(2);
    expect(canRetry(50, 0)).toBe(true);
    expect(canRetry(50, 1)).toBe(true);
    expect(canRetry(50, 2)).toBe(false);
    expect(canRetry(60, 0)).toBe(false);
  });
});

describe('answer correctness', () => {
  const choice = choiceKey;
  const text = typedKey;
  it('multiple choice: correct when the chosen option has valor true', () => {
    expect(isAnswerCorrect(choice, { id_respuesta: 11 })).toBe(true);
    expect(isAnswerCorrect(choice, { id_respuesta: 10 })).toBe(false);
    expect(isAnswerCorrect(choice, { id_respuesta: 99 })).toBe(false);
    expect(isAnswerCorrect(choice, { respuesta: 'perro' })).toBe(false);
  });
  it('text: equal to the FIRST answer after trimming, ignoring case', () => {
    expect(isAnswerCorrect(text, { respuesta: '  pájaro ' })).toBe(true);
    expect(isAnswerCorrect(text, { respuesta: 'PÁJARO' })).toBe(true);
    expect(isAnswerCorrect(text, { respuesta: 'pajaro' })).toBe(false);
    expect(isAnswerCorrect(text, { respuesta: 'ave' })).toBe(false);
    expect(isAnswerCorrect(text, { respuesta: '' })).toBe(false);
    expect(isAnswerCorrect({ ...text, respuestas: [] }, { respuesta: 'x' })).toBe(false);
  });
  it('Opción Múltiple is answered by choosing; every other Tipo by typing', () => {
    expect(isTextQuestion('Texto')).toBe(true);
    expect(isTextQuestion('Opción Múltiple')).toBe(false);
    expect(isTextQuestion('Opción Múltiple'.normalize('NFD'))).toBe(false);
    expect(isTextQuestion('Imagen')).toBe(true);
  });
  it('grades a whole quiz; an unanswered question is wrong', () => {
    const g = gradeQuiz([choice, text], new Map([[1, { id_respuesta: 11 }]]));
    expect(g).toEqual({ correctas: 1, total_preguntas: 2, puntaje: 50, correct: [true, false] });
  });
});

describe('merge of local and server progress', () => {
  const local: LocalLevelData = { palabrasVistas: [1, 2], mostrarCuestionario: true, reintentos: 1, ultimoResultado: null };
  const server: ServerLevelProgress = { id_nivel: 1, estado: 'en progreso', palabras_vistas: [2, 3], reintentos: 0, ultimo_resultado: null };
  it('words seen are the union; retries the larger', () => {
    const m = mergeLevelData(local, server);
    expect([...m.palabrasVistas].sort()).toEqual([1, 2, 3]);
    expect(m.reintentos).toBe(1);
    expect(m.mostrarCuestionario).toBe(true);
  });
  it('a server result (another device) hides the questionnaire button and shows that result', () => {
    const m = mergeLevelData(EMPTY_LEVEL_DATA, {
      ...server,
      reintentos: 1,
      ultimo_resultado: { puntaje: 75, correctas: 3, total_preguntas: 4, fecha: '2026-01-02T10:00:00.000Z' },
    });
    expect(m.mostrarCuestionario).toBe(false);
    expect(m.ultimoResultado).toEqual({ puntaje: 75, correctas: 3, totalPreguntas: 4, fecha: '2026-01-02T10:00:00.000Z' });
    expect(m.reintentos).toBe(1);
  });
  it('the more recent result wins', () => {
    const newerLocal = { ...local, ultimoResultado: { puntaje: 100, correctas: 4, totalPreguntas: 4, fecha: '2026-03-01T00:00:00.000Z' } };
    const older = { ...server, ultimo_resultado: { puntaje: 25, correctas: 1, total_preguntas: 4, fecha: '2026-02-01T00:00:00.000Z' } };
    expect(mergeLevelData(newerLocal, older).ultimoResultado!.puntaje).toBe(100);
    const newer = { ...server, ultimo_resultado: { puntaje: 25, correctas: 1, total_preguntas: 4, fecha: '2026-04-01T00:00:00.000Z' } };
    expect(mergeLevelData(newerLocal, newer).ultimoResultado!.puntaje).toBe(25);
  });
  it('retries are capped at the maximum; no server data keeps the local data', () => {
    expect(mergeLevelData(local, { ...server, reintentos: 7 }).reintentos).toBe(MAX_RETRIES);
    expect(mergeLevelData(local, null)).toEqual(local);
    expect(mergeLevelData(null, null)).toEqual(EMPTY_LEVEL_DATA);
  });
  it("a teacher's new grant lowers the retries used once; after that the larger count wins again", () => {
    const used = { ...local, reintentos: 2 };
    const granted = { ...server, reintentos: 1, intentos_extra: 1 };
    const m = mergeLevelData(used, granted);
    expect(m.reintentos).toBe(1);
    expect(m.intentosExtra).toBe(1);
    // The same grant read again (another load) is not a new one.
    expect(mergeLevelData({ ...m, reintentos: 2 }, granted).reintentos).toBe(2);
    // A second grant is.
    expect(mergeLevelData({ ...m, reintentos: 2 }, { ...granted, intentos_extra: 2 }).reintentos).toBe(1);
  });
  it('a locally used questionnaire button stays hidden', () => {
    expect(mergeLevelData({ ...local, mostrarCuestionario: false }, server).mostrarCuestionario).toBe(false);
  });
  it('unsynced words: seen locally but unknown to the server', () => {
    expect(unsyncedWords([1, 2, 2, 5], [2, 3])).toEqual([1, 5]);
  });
  it('property: merge never loses a word from either side', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 })), fc.array(fc.integer({ min: 1, max: 50 })), (a, b) => {
        const m = mergeLevelData({ ...local, palabrasVistas: a }, { ...server, palabras_vistas: b });
        for (const w of [...a, ...b]) expect(m.palabrasVistas).toContain(w);
        expect(new Set(m.palabrasVistas).size).toBe(m.palabrasVistas.length);
      }),
    );
  });
});
