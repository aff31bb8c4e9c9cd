import { describe, expect, it } from 'vitest';
import {
  CHILD_PICTURE_RULE,
  CLASS_PICTURE_RULE,
  KNOWN_DEVICE_PICTURE_RULE,
  PICTURE_PASSWORDS,
  decryptPictures,
  encryptPictures,
  pictureWaitMessage,
  timeToTryAll,
  waitSeconds,
} from '../../src/server/auth/pictureSecret';
import { backoffWaitMs } from '../../src/server/auth/throttle';
import { PICTURE_KEYS, PICTURE_PASSWORD_LENGTH } from '../../src/shared/rules/classes';

const T0 = new Date('2026-03-02T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECRET = 'a-test-secret-of-at-least-32-characters!!';
const DAY = 24 * 3600_000;

describe('picture login waits (per child, unknown devices)', () => {
  it('3 failures are free, then 5 s, 10 s, 20 s … capped at 30 minutes', () => {
    const child = (n: number) => waitSeconds(CHILD_PICTURE_RULE, n, T0, T0);
    expect([0, 1, 2].map(child)).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map(child)).toEqual([5, 10, 20, 40]);
    expect(child(20)).toBe(30 * 60);
    expect(child(200)).toBe(30 * 60);
  });
  it('the wait counts down from the last failure and ends', () => {
    expect(waitSeconds(CHILD_PICTURE_RULE, 4, T0, at(3000))).toBe(7);
    expect(waitSeconds(CHILD_PICTURE_RULE, 4, T0, at(9999))).toBe(1);
    expect(waitSeconds(CHILD_PICTURE_RULE, 4, T0, at(10_000))).toBe(0);
  });
  it('no failure time means no wait', () => {
    expect(waitSeconds(CHILD_PICTURE_RULE, 9, null, T0)).toBe(0);
  });
});

describe('picture login waits (a device the child logged in on; a class per device)', () => {
  it('a known device: 5 free failures, then 5 s doubling up to 30 minutes', () => {
    const dev = (n: number) => waitSeconds(KNOWN_DEVICE_PICTURE_RULE, n, T0, T0);
    expect([4, 5, 6, 30].map(dev)).toEqual([0, 5, 10, 30 * 60]);
  });
  it('a class: 30 free failures, then 5 s doubling up to 15 minutes', () => {
    const cls = (n: number) => waitSeconds(CLASS_PICTURE_RULE, n, T0, T0);
    expect(cls(29)).toBe(0);
    expect([30, 31, 32].map(cls)).toEqual([5, 10, 20]);
    expect(cls(60)).toBe(15 * 60);
  });
});

describe('failures are forgotten a day after the last one, never sooner than the longest wait', () => {
  it('an old series no longer makes anyone wait', () => {
    expect(backoffWaitMs(CHILD_PICTURE_RULE, 50, T0.getTime(), at(DAY).getTime())).toBe(0); // the 30 min wait is long over
    expect(backoffWaitMs(CHILD_PICTURE_RULE, 50, T0.getTime(), at(29 * 60_000).getTime())).toBe(60_000);
    expect(waitSeconds(CLASS_PICTURE_RULE, 100, T0, at(DAY + 1))).toBe(0);
  });
  it('every picture rule forgets later than its longest wait (waiting to be forgotten never beats the cap)', () => {
    for (const r of [CHILD_PICTURE_RULE, KNOWN_DEVICE_PICTURE_RULE, CLASS_PICTURE_RULE]) expect(r.forgetMs).toBeGreaterThan(r.maxMs * 10);
  });
});

describe('504 picture passwords take days to try', () => {
  it('children get 3 different pictures of 9: 9·8·7 = 504 passwords', () => {
    expect(PICTURE_KEYS).toHaveLength(9);
    expect(PICTURE_PASSWORD_LENGTH).toBe(3);
    expect(PICTURE_PASSWORDS).toBe(504);
  });
  it('one child from unknown devices: 2,555 s to the cap, then 492 tries at 30 min: more than 10 days', () => {
    const ms = timeToTryAll(CHILD_PICTURE_RULE, PICTURE_PASSWORDS);
    expect(ms).toBe((2555 + 492 * 1800) * 1000);
    expect(ms / DAY).toBeGreaterThan(10);
  });
  it('one device the child logged in on: also more than 10 days', () => {
    expect(timeToTryAll(KNOWN_DEVICE_PICTURE_RULE, PICTURE_PASSWORDS)).toBe((2555 + 490 * 1800) * 1000);
  });
  it('the time is the rule’s: the waits before each try, summed', () => {
    expect(timeToTryAll({ free: 1, baseMs: 10, maxMs: 40, forgetMs: 1000 }, 5)).toBe(0 + 10 + 20 + 40 + 40);
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
