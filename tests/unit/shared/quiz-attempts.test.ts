/**
 * The quiz's attempt rules beside the spec's (docs/decisions.md "The quiz"): the child's result is
 * the best attempt, a submit after a pass is practice, and the quiz screen opens on the result, the
 * "no attempts left" notice or the form.
 */
import { describe, expect, it } from 'vitest';
import { attemptsAllowed, bestAttempt, quizOpening, submitOutcome } from '../../../src/shared/rules/quizRules';
import { EMPTY_LEVEL_DATA, mergeLevelData, type ServerLevelProgress } from '../../../src/shared/rules/progress';
import { parseLevelData } from '../../../src/client/learner/model/levelStorage';

const at = (puntaje: number, day: number) => ({ puntaje, fecha: `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z` });

describe('bestAttempt: the highest score, the most recent among equals', () => {
  it('a pass followed by a worse attempt: the pass', () => {
    expect(bestAttempt([at(100, 1), at(0, 2)])).toEqual(at(100, 1));
    expect(bestAttempt([at(0, 2), at(100, 1)])).toEqual(at(100, 1));
  });
  it('equal scores: the later one; none: null; a broken score is skipped', () => {
    expect(bestAttempt([at(50, 1), at(50, 3), at(50, 2)])).toEqual(at(50, 3));
    expect(bestAttempt([])).toBeNull();
    expect(bestAttempt([{ puntaje: Number.NaN, fecha: at(0, 1).fecha }, at(10, 1)])).toEqual(at(10, 1));
  });
});

describe('submitOutcome: practice after a pass, then the limit', () => {
  it('passed before: practice, even with every attempt used', () => {
    expect(submitOutcome(1, 0, true)).toBe('practica');
    expect(submitOutcome(attemptsAllowed(0), 0, true)).toBe('practica');
  });
  it('not passed: stored while an attempt is left (1 + 2 retries + granted), refused after', () => {
    expect(submitOutcome(0, 0, false)).toBe('guardado');
    expect(submitOutcome(2, 0, false)).toBe('guardado');
    expect(submitOutcome(3, 0, false)).toBe('sin-intentos');
    expect(submitOutcome(3, 1, false)).toBe('guardado');
  });
});

describe('quizOpening: what the quiz screen shows first', () => {
  it('passed: the result (whatever is left); none left: the notice; otherwise the form', () => {
    expect(quizOpening({ aprobado: true, intentosRestantes: 0 })).toBe('resultado');
    expect(quizOpening({ aprobado: true, intentosRestantes: 2 })).toBe('resultado');
    expect(quizOpening({ aprobado: false, intentosRestantes: 0 })).toBe('sin-intentos');
    expect(quizOpening({ aprobado: false, intentosRestantes: 1 })).toBe('formulario');
  });
  it('unknown state (offline, a failed read): the form, the server keeps its rules', () => {
    expect(quizOpening(null)).toBe('formulario');
    expect(quizOpening(undefined)).toBe('formulario');
  });
});

describe('the level data keeps the best result beside the latest', () => {
  const server: ServerLevelProgress = { id_nivel: 1, estado: 'completado', palabras_vistas: [], reintentos: 1, ultimo_resultado: null };
  const wire = (puntaje: number, correctas: number, day: number) => ({ puntaje, correctas, total_preguntas: 4, fecha: at(puntaje, day).fecha });
  it("the server's best is kept even when a later, worse result is the latest", () => {
    const m = mergeLevelData(EMPTY_LEVEL_DATA, { ...server, ultimo_resultado: wire(0, 0, 2), mejor_resultado: wire(100, 4, 1) });
    expect(m.ultimoResultado!.puntaje).toBe(0);
    expect(m.mejorResultado).toEqual({ puntaje: 100, correctas: 4, totalPreguntas: 4, fecha: at(100, 1).fecha });
  });
  it('a better result only this browser knows stays the best; an older server without the field still gives one', () => {
    const local = { ...EMPTY_LEVEL_DATA, mejorResultado: { puntaje: 75, correctas: 3, totalPreguntas: 4, fecha: at(75, 1).fecha } };
    expect(mergeLevelData(local, { ...server, ultimo_resultado: wire(25, 1, 2) }).mejorResultado!.puntaje).toBe(75);
    expect(mergeLevelData(EMPTY_LEVEL_DATA, { ...server, ultimo_resultado: wire(25, 1, 2) }).mejorResultado!.puntaje).toBe(25);
  });
  it('the stored level data reads the best back, and ignores a broken one', () => {
    const best = { puntaje: 100, correctas: 4, totalPreguntas: 4, fecha: at(100, 1).fecha };
    expect(parseLevelData(JSON.stringify({ ...EMPTY_LEVEL_DATA, mejorResultado: best })).mejorResultado).toEqual(best);
    expect(parseLevelData(JSON.stringify({ ...EMPTY_LEVEL_DATA, mejorResultado: { puntaje: 'x' } })).mejorResultado).toBeUndefined();
  });
});
