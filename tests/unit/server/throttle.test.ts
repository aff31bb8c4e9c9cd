import { describe, expect, it } from 'vitest';
import { backoffWaitMs, formatDevice, parseDevice, rememberAccount, waitMessage, DEVICE_MAX_ACCOUNTS } from '../../../src/server/auth/throttle';

const rule = { free: 3, baseMs: 1000, maxMs: 8000, forgetMs: 60_000 };

describe('login backoff rule (backoffWaitMs): a growing wait, never a hard lock', () => {
  it('lets the free failures through, then doubles the wait per failure up to the cap', () => {
    expect([0, 1, 2].map((n) => backoffWaitMs(rule, n, 0, 0))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 20].map((n) => backoffWaitMs(rule, n, 0, 0))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoffWaitMs(rule, 1000, 0, 0)).toBe(8000); // no overflow far past the cap
  });

  it('counts down from the last failure, and then the next attempt may go: never locked for good', () => {
    expect(backoffWaitMs(rule, 4, 10_000, 10_500)).toBe(1500);
    expect(backoffWaitMs(rule, 4, 10_000, 12_000)).toBe(0);
    expect(backoffWaitMs(rule, 50, 10_000, 18_000)).toBe(0);
  });

  it('forgets the failures after a quiet while', () => {
    expect(backoffWaitMs(rule, 50, 0, 60_000)).toBe(0); // the 8 s wait is long over
    expect(backoffWaitMs({ ...rule, maxMs: 120_000 }, 50, 0, 60_000)).toBe(60_000);
    expect(backoffWaitMs({ ...rule, maxMs: 120_000 }, 50, 0, 60_001)).toBe(0);
  });
});

describe('device cookie value', () => {
  it('round-trips, remembers the newest accounts and refuses anything else', () => {
    const d = { id: 'AbCdEfGhIjKlMnOp', accounts: [3, 7] };
    expect(parseDevice(formatDevice(d))).toEqual(d);
    expect(rememberAccount(d, 3).accounts).toEqual([7, 3]);
    let many = { id: d.id, accounts: [] as number[] };
    for (let i = 1; i <= DEVICE_MAX_ACCOUNTS + 5; i++) many = rememberAccount(many, i);
    expect(many.accounts).toHaveLength(DEVICE_MAX_ACCOUNTS);
    expect(many.accounts.at(-1)).toBe(DEVICE_MAX_ACCOUNTS + 5);
    for (const bad of ['', 'short.1', 'AbCdEfGhIjKlMnOp.1-x', 'AbCdEfGhIjKlMnOp.1--2', null]) expect(parseDevice(bad)).toBeNull();
    expect(parseDevice('AbCdEfGhIjKlMnOp.')).toEqual({ id: 'AbCdEfGhIjKlMnOp', accounts: [] });
  });

  it('says how long to wait, in Spanish, singular and plural', () => {
    expect(waitMessage(1000)).toBe('Demasiados intentos de inicio de sesión. Espera 1 segundo e inténtalo de nuevo.');
    expect(waitMessage(4500)).toBe('Demasiados intentos de inicio de sesión. Espera 5 segundos e inténtalo de nuevo.');
    expect(waitMessage(10 * 60_000)).toBe('Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.');
  });
});
