import { describe, expect, it } from 'vitest';
import { addsUpTo100, equalShare, porcentajeNoSuma, quizTotal } from '../../src/shared/rules/porcentaje';

describe("a quiz's percentages add up to 100", () => {
  it('a new question starts at an equal share of 100 with the questions already there', () => {
    expect(equalShare(0)).toBe(100);
    expect(equalShare(1)).toBe(50);
    expect(equalShare(2)).toBe(33.33);
    expect(equalShare(3)).toBe(25);
    expect(equalShare(-1)).toBe(100);
  });

  it('equal shares count as 100 within a hundredth per question; anything else does not', () => {
    expect(addsUpTo100([33.33, 33.33, 33.33])).toBe(true);
    expect(addsUpTo100([50, 50])).toBe(true);
    expect(addsUpTo100([0, 0, 0])).toBe(false);
    expect(addsUpTo100([50, 50, 33.33])).toBe(false);
    expect(addsUpTo100([])).toBe(false);
    expect(quizTotal([0.1, 0.2])).toBe(0.3);
  });

  it('the warning names the total in Spanish', () => {
    expect(porcentajeNoSuma(133.33)).toBe('Las preguntas de esta evaluación suman 133.33 %, no 100 %. Ajusta los porcentajes.');
  });
});
