import { describe, expect, it } from 'vitest';
import { countWord, plural } from '../../../games/shared/plural';

describe('plural', () => {
  it('uses the singular for exactly 1', () => {
    expect(plural(1, 'intento', 'intentos')).toBe('intento');
    expect(plural(1, 'palabra', 'palabras')).toBe('palabra');
    expect(plural(1, 'falta', 'faltan')).toBe('falta');
  });

  it('uses the plural for 0, 2 and more, negatives and fractions', () => {
    for (const n of [0, 2, 5, 100, -1, 1.5]) expect(plural(n, 'punto', 'puntos')).toBe('puntos');
  });
});

describe('countWord', () => {
  it('puts the number before the agreeing word', () => {
    expect(countWord(1, 'vida', 'vidas')).toBe('1 vida');
    expect(countWord(2, 'vida', 'vidas')).toBe('2 vidas');
    expect(countWord(0, 'intento', 'intentos')).toBe('0 intentos');
    expect(countWord(1, 'punto', 'puntos')).toBe('1 punto');
  });
});
