import { describe, expect, it } from 'vitest';
import { Throttle, formatDevice, parseDevice, rememberAccount, waitMessage, DEVICE_MAX_ACCOUNTS } from '../../../src/server/auth/throttle';

const rule = { free: 3, baseMs: 1000, maxMs: 8000, forgetMs: 60_000 };

describe('login throttle: a growing wait, never a hard lock', () => {
  it('lets the free failures through, then doubles the wait per failure up to the cap', () => {
    const t = new Throttle(rule);
    let now = 0;
    for (let i = 0; i < 3; i++) {
      expect(t.waitMs('a', now)).toBe(0);
      t.fail('a', now);
    }
    expect(t.waitMs('a', now)).toBe(1000);
    now += 1000;
    expect(t.waitMs('a', now)).toBe(0);
    t.fail('a', now);
    expect(t.waitMs('a', now)).toBe(2000);
    for (let i = 0; i < 5; i++) t.fail('a', now);
    expect(t.waitMs('a', now)).toBe(8000); // capped
    expect(t.waitMs('a', now + 8000)).toBe(0); // then it may try again: never locked for good
  });

  it('counts keys apart, forgets after a quiet while, and resets on success', () => {
    const t = new Throttle(rule);
    for (let i = 0; i < 4; i++) t.fail('a', 0);
    expect(t.waitMs('b', 0)).toBe(0);
    expect(t.waitMs('a', 0)).toBeGreaterThan(0);
    expect(t.waitMs('a', 60_001)).toBe(0);
    for (let i = 0; i < 4; i++) t.fail('c', 0);
    t.reset('c');
    expect(t.waitMs('c', 0)).toBe(0);
  });

  it('stays bounded under a flood of made-up keys', () => {
    const t = new Throttle(rule, 100);
    for (let i = 0; i < 1000; i++) t.fail(`k${i}`, 0);
    expect(t.waitMs('k999', 0)).toBe(0); // fewer than `free` failures
    expect((t as unknown as { state: Map<string, unknown> }).state.size).toBeLessThanOrEqual(101);
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
