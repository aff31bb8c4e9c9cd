import { describe, expect, it } from 'vitest';
import {
  tareaEstado,
  TAREA_ESTADO_TEXTO,
  CLASS_CODE_ALPHABET,
  classCodeProblem,
  CLASS_CODE_LENGTH,
  isClassCode,
  isPicturePassword,
  makeClassCode,
  makePicturePassword,
  normalizeClassCode,
  pictureLabel,
  picturePasswordText,
  PICTURE_KEYS,
  PICTURES,
} from '../../src/shared/rules/classes';

/** A deterministic source of numbers in [0, 1) (a small LCG) so the tests repeat exactly. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('class codes', () => {
  it('the alphabet has no look-alike characters and no repeats', () => {
    for (const ch of '0O1IL2Z5S8BQDG') expect(CLASS_CODE_ALPHABET).not.toContain(ch);
    expect(new Set(CLASS_CODE_ALPHABET).size).toBe(CLASS_CODE_ALPHABET.length);
  });

  it('normalises what a child types: case, spaces, dashes, dots, full-width letters', () => {
    expect(normalizeClassCode(' ace-f h.j ')).toBe('ACEFHJ');
    expect(normalizeClassCode('ＡＣＥＦＨＪ')).toBe('ACEFHJ');
    expect(normalizeClassCode('ac_ef·hj')).toBe('ACEFHJ');
  });

  it('isClassCode checks length and alphabet', () => {
    expect(isClassCode('ACEFHJ')).toBe(true);
    expect(isClassCode('ACEFH')).toBe(false);
    expect(isClassCode('ACEFHJK')).toBe(false);
    expect(isClassCode('ACEFH0')).toBe(false);
    expect(isClassCode('acefhj')).toBe(false);
  });

  it('classCodeProblem: a wrong length keeps the spec message; 6 characters name the ones no card carries', () => {
    expect(classCodeProblem('ACEFHJ')).toBeNull();
    expect(classCodeProblem('ACEFH')).toBe('El código de clase tiene 6 letras y números.');
    expect(classCodeProblem('ACEFHJK')).toBe('El código de clase tiene 6 letras y números.');
    expect(classCodeProblem('')).toBe('El código de clase tiene 6 letras y números.');
    // 'abc 123' as typed: 6 characters once normalised; B, 1 and 2 are look-alikes never printed.
    expect(classCodeProblem(normalizeClassCode('abc 123'))).toBe('El código no lleva la letra «B» ni los números «1» y «2»: revisa la tarjeta.');
    expect(classCodeProblem('ACEFH1')).toBe('El código no lleva el número «1»: revisa la tarjeta.');
    expect(classCodeProblem('BCEFHO')).toBe('El código no lleva las letras «B» y «O»: revisa la tarjeta.');
    expect(classCodeProblem('BOSFH0')).toBe('El código no lleva las letras «B», «O» y «S» ni el número «0»: revisa la tarjeta.');
    // A repeated character is named once; a sign is a sign.
    expect(classCodeProblem('BBCEF@')).toBe('El código no lleva la letra «B» ni el signo «@»: revisa la tarjeta.');
    expect(classCodeProblem(normalizeClassCode('acefhñ'))).toBe('El código no lleva la letra «Ñ»: revisa la tarjeta.');
  });

  it('makeClassCode makes valid codes; the extremes of the source map to the first and last characters', () => {
    const r = seeded(7);
    for (let i = 0; i < 200; i++) {
      const c = makeClassCode(r);
      expect(c).toHaveLength(CLASS_CODE_LENGTH);
      expect(isClassCode(c)).toBe(true);
    }
    expect(makeClassCode(() => 0)).toBe(CLASS_CODE_ALPHABET[0]!.repeat(6));
    expect(makeClassCode(() => 0.999999)).toBe(CLASS_CODE_ALPHABET.at(-1)!.repeat(6));
  });
});

describe('picture passwords', () => {
  it('9 pictures with distinct keys and Spanish labels', () => {
    expect(PICTURES).toHaveLength(9);
    expect(new Set(PICTURE_KEYS).size).toBe(9);
    expect(pictureLabel('arbol')).toBe('Árbol');
  });

  it('isPicturePassword: exactly 3 known keys (a repeat allowed)', () => {
    expect(isPicturePassword(['sol', 'luna', 'pez'])).toBe(true);
    expect(isPicturePassword(['sol', 'sol', 'sol'])).toBe(true);
    expect(isPicturePassword(['sol', 'luna'])).toBe(false);
    expect(isPicturePassword(['sol', 'luna', 'pez', 'gato'])).toBe(false);
    expect(isPicturePassword(['sol', 'luna', 'perro'])).toBe(false);
    expect(isPicturePassword('sol-luna-pez')).toBe(false);
  });

  it('makePicturePassword gives 3 different known pictures', () => {
    const r = seeded(3);
    for (let i = 0; i < 200; i++) {
      const p = makePicturePassword(r);
      expect(isPicturePassword(p)).toBe(true);
      expect(new Set(p).size).toBe(3);
    }
    expect(makePicturePassword(() => 0)).toEqual(['sol', 'luna', 'estrella']);
  });

  it('the hashed text is the keys in order', () => {
    expect(picturePasswordText(['gato', 'sol', 'casa'])).toBe('gato-sol-casa');
  });
});

describe("a child's progress on a Tarea (the dashboard)", () => {
  it('done once the latest quiz passes (60 or more), started after a word or a quiz, else not started', () => {
    expect(tareaEstado(undefined)).toBe('sin-empezar');
    expect(tareaEstado({ vistas: 0, puntaje: null })).toBe('sin-empezar');
    expect(tareaEstado({ vistas: 10, puntaje: null })).toBe('empezada');
    expect(tareaEstado({ vistas: 0, puntaje: 59.99 })).toBe('empezada');
    expect(tareaEstado({ vistas: 100, puntaje: 40 })).toBe('empezada');
    expect(tareaEstado({ vistas: 0, puntaje: 60 })).toBe('hecha');
    expect(TAREA_ESTADO_TEXTO.hecha).toBe('Tarea hecha');
  });
});
