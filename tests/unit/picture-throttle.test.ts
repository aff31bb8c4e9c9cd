import { describe, expect, it } from 'vitest';
import {
  CHILD_PICTURE_RULE,
  CLASS_PICTURE_RULE,
  classWaitSeconds,
  decryptPictures,
  encryptPictures,
  nextFailureCount,
  pictureWaitMessage,
  pictureWaitSeconds,
} from '../../src/server/auth/pictureSecret';
import { backoffWaitMs } from '../../src/server/auth/throttle';

const T0 = new Date('2026-03-02T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECRET = 'a-test-secret-of-at-least-32-characters!!';

describe('picture login waits (per child)', () => {
  it('3 failures are free, then 5 s, 10 s, 20 s … capped at 15 minutes', () => {
    const child = (n: number) => pictureWaitSeconds({ claveFallos: n, claveUltimoFallo: T0 }, T0);
    expect([0, 1, 2].map(child)).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map(child)).toEqual([5, 10, 20, 40]);
    expect(child(20)).toBe(15 * 60);
    expect(child(200)).toBe(15 * 60);
  });
  it('the wait counts down from the last failure and ends', () => {
    const row = { claveFallos: 4, claveUltimoFallo: T0 };
    expect(pictureWaitSeconds(row, at(3000))).toBe(7);
    expect(pictureWaitSeconds(row, at(9999))).toBe(1);
    expect(pictureWaitSeconds(row, at(10_000))).toBe(0);
  });
  it('no failure time means no wait', () => {
    expect(pictureWaitSeconds({ claveFallos: 9, claveUltimoFallo: null }, T0)).toBe(0);
  });
});

describe('picture login waits (per class)', () => {
  it('30 failures are free, then 5 s doubling up to 10 minutes', () => {
    const cls = (n: number) => classWaitSeconds({ fallos: n, ultimoFallo: T0 }, T0);
    expect(cls(29)).toBe(0);
    expect([30, 31, 32].map(cls)).toEqual([5, 10, 20]);
    expect(cls(60)).toBe(10 * 60);
  });
});

describe('failures are forgotten an hour after the last one', () => {
  it('the count restarts at 1 after an hour, and keeps growing within it', () => {
    expect(nextFailureCount(CHILD_PICTURE_RULE, 7, T0, at(60 * 60_000))).toBe(8);
    expect(nextFailureCount(CHILD_PICTURE_RULE, 7, T0, at(60 * 60_000 + 1))).toBe(1);
    expect(nextFailureCount(CLASS_PICTURE_RULE, 0, null, T0)).toBe(1);
  });
  it('an old series no longer makes anyone wait', () => {
    expect(backoffWaitMs(CHILD_PICTURE_RULE, 50, T0.getTime(), at(60 * 60_000 + 1).getTime())).toBe(0);
    expect(classWaitSeconds({ fallos: 100, ultimoFallo: T0 }, at(61 * 60_000))).toBe(0);
  });
});

describe('the wait message', () => {
  it('names the seconds in Spanish and the teacher', () => {
    expect(pictureWaitMessage(5)).toBe('Espera 5 segundos e inténtalo de nuevo. Tu profesor puede desbloquearte.');
    expect(pictureWaitMessage(1)).toBe('Espera 1 segundo e inténtalo de nuevo. Tu profesor puede desbloquearte.');
  });
});

describe('the teacher-readable copy of the pictures', () => {
  it('round-trips, with a fresh IV each time', () => {
    const a = encryptPictures(['sol', 'gato', 'casa'], SECRET);
    const b = encryptPictures(['sol', 'gato', 'casa'], SECRET);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(decryptPictures(a, SECRET)).toEqual(['sol', 'gato', 'casa']);
    expect(decryptPictures(b, SECRET)).toEqual(['sol', 'gato', 'casa']);
  });
  it('the stored text does not show the pictures', () => {
    const a = encryptPictures(['estrella', 'luna', 'pez'], SECRET);
    expect(a).not.toMatch(/estrella|luna|pez/);
  });
  it('a tampered, truncated or foreign cipher gives null', () => {
    const a = encryptPictures(['flor', 'arbol', 'coche'], SECRET);
    const [v, iv, tag, ct] = a.split('.') as [string, string, string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(decryptPictures([v, iv, tag, flip(ct)].join('.'), SECRET)).toBeNull();
    expect(decryptPictures([v, iv, flip(tag), ct].join('.'), SECRET)).toBeNull();
    expect(decryptPictures([v, flip(iv), tag, ct].join('.'), SECRET)).toBeNull();
    expect(decryptPictures(['v2', iv, tag, ct].join('.'), SECRET)).toBeNull();
    expect(decryptPictures([v, iv, tag].join('.'), SECRET)).toBeNull();
    expect(decryptPictures(a, `${SECRET}x`)).toBeNull();
    expect(decryptPictures(null, SECRET)).toBeNull();
    expect(decryptPictures('', SECRET)).toBeNull();
  });
});
