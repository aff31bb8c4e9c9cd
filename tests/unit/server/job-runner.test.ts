import { afterEach, describe, expect, it } from 'vitest';
import { createLocalQueue, DEFAULT_JOB_TUNING, IdleTimeout, retryWaitMs, type JobQueue } from '../../../src/server/jobs/queue';

/** The in-process runner (embedded database): the same rules as the pg-boss queues. */
const quick = { ...DEFAULT_JOB_TUNING, retryLimit: 2, retryDelaySeconds: 0.05, retryBackoff: true };
let q: JobQueue;
afterEach(async () => q?.stop());

describe('in-process job runner', () => {
  it('runs a job after send returns, one at a time, and idle() waits for them', async () => {
    q = createLocalQueue(quick);
    const log: string[] = [];
    let running = 0;
    let most = 0;
    q.define<{ n: number }>('cola', async ({ n }) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 10));
      log.push(`hecho ${n}`);
      running--;
    });
    await q.start();
    const ids = await Promise.all([1, 2, 3].map((n) => q.send('cola', { n })));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    // send does not run the job inside the caller's await.
    expect(log).toEqual([]);
    await q.idle(5000);
    expect(log).toEqual(['hecho 1', 'hecho 2', 'hecho 3']);
    expect(most).toBe(1);
  });

  it('retries a failing job with backoff, then lists it as failed with its last error', async () => {
    q = createLocalQueue(quick);
    const tries: number[] = [];
    q.define('cola', async (_data, info) => {
      tries.push(Date.now());
      expect(info.retryCount).toBe(tries.length - 1);
      throw new Error(`falla ${tries.length}`);
    });
    await q.start();
    await q.send('cola', { x: 1 });
    await q.idle(5000);
    expect(tries).toHaveLength(1 + quick.retryLimit);
    // The second wait is longer than the first's minimum (backoff).
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(retryWaitMs(quick, 0, 0) - 5);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(retryWaitMs(quick, 1, 0) - 5);
    const failed = await q.list('fallido');
    expect(failed).toEqual([
      expect.objectContaining({ cola: 'cola', estado: 'fallido', datos: { x: 1 }, intentos: 3, error: 'falla 3', terminado: expect.any(String) }),
    ]);
    expect(await q.list('pendiente')).toEqual([]);
  });

  it('a job that fails once and then succeeds is not listed as failed', async () => {
    q = createLocalQueue(quick);
    let n = 0;
    q.define('cola', async () => {
      if (++n === 1) throw new Error('una vez');
    });
    await q.start();
    await q.send('cola', {});
    await q.idle(5000);
    expect(n).toBe(2);
    expect(await q.list('fallido')).toEqual([]);
  });

  it('a singleton key keeps one waiting job per key; singletonSeconds keeps one per slot, done or not', async () => {
    q = createLocalQueue(quick);
    const seen: unknown[] = [];
    q.define<{ k: string }>('cola', async (d) => void seen.push(d.k));
    q.define('revision', async () => undefined);
    const a = await Promise.all(Array.from({ length: 5 }, () => q.send('cola', { k: 'a' }, { singletonKey: 'a' })));
    expect(a.filter(Boolean)).toHaveLength(1);
    expect(await q.send('cola', { k: 'b' }, { singletonKey: 'b' })).not.toBeNull();
    expect((await q.list('pendiente')).map((j) => j.datos)).toEqual([{ k: 'b' }, { k: 'a' }]);
    await q.start();
    await q.idle(5000);
    expect(seen).toEqual(['a', 'b']);
    // Done: the key is free again.
    expect(await q.send('cola', { k: 'a' }, { singletonKey: 'a' })).not.toBeNull();
    // One per slot, even once done.
    expect(await q.send('revision', {}, { singletonKey: 'r', singletonSeconds: 600 })).not.toBeNull();
    await q.idle(5000);
    expect(await q.send('revision', {}, { singletonKey: 'r', singletonSeconds: 600 })).toBeNull();
  });

  it('idle() is bounded: it throws when jobs are still pending after its timeout', async () => {
    q = createLocalQueue(quick);
    q.define('cola', () => new Promise((r) => setTimeout(r, 500)));
    await q.start();
    await q.send('cola', {});
    await expect(q.idle(50)).rejects.toBeInstanceOf(IdleTimeout);
  });

  it('stop() waits for the running job and takes no more', async () => {
    q = createLocalQueue(quick);
    const done: number[] = [];
    q.define<{ n: number }>('cola', async ({ n }) => {
      await new Promise((r) => setTimeout(r, 30));
      done.push(n);
    });
    await q.start();
    await q.send('cola', { n: 1 });
    await q.send('cola', { n: 2 });
    await new Promise((r) => setTimeout(r, 5));
    await q.stop();
    expect(done).toEqual([1]);
    expect(await q.send('cola', { n: 3 })).toBeNull();
  });
});
