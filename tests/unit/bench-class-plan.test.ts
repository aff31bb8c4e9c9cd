// The class bench's options and how it spreads a class over several app processes
// (scripts/bench/class-plan.ts; the bench itself is a load script, not run here).
import { describe, expect, it } from 'vitest';
import { ArgError, childrenPerProcess, parseClassArgs, portsFor, processOf } from '../../scripts/bench/class-plan';

describe('parseClassArgs', () => {
  it('keeps the single-process defaults the existing figures were measured with', () => {
    expect(parseClassArgs([])).toEqual({
      ns: [30],
      db: 'pglite',
      storage: 'disk',
      processes: [1],
      port: null,
      all: false,
      stagger: 5,
      think: 250,
      timeout: 120,
      warmup: 2,
    });
  });

  it('reads the several-processes run: processes as a list (run back to back), PostgreSQL, the bucket, the first port', () => {
    const a = parseClassArgs(['--n', '300', '--processes', '1,2', '--db', 'postgres', '--storage', 's3', '--stagger', '60', '--port', '3231']);
    expect(a).toMatchObject({ ns: [300], processes: [1, 2], db: 'postgres', storage: 's3', stagger: 60, port: 3231 });
  });

  it('takes the database and the storage from the environment the wrappers set, as the server does', () => {
    expect(parseClassArgs([], { DATABASE_URL: 'postgres://x', S3_BUCKET: 'manitas' })).toMatchObject({ db: 'postgres', storage: 's3' });
  });

  it('refuses several processes without a shared database and a shared bucket', () => {
    expect(() => parseClassArgs(['--processes', '2'])).toThrow(ArgError);
    expect(() => parseClassArgs(['--processes', '2', '--db', 'postgres'])).toThrow(/--storage s3/);
    expect(() => parseClassArgs(['--processes', '1,2', '--db', 'pglite', '--storage', 's3'])).toThrow(/--db postgres/);
    expect(parseClassArgs(['--processes', '1', '--db', 'pglite']).processes).toEqual([1]);
  });

  it.each([
    [['--processes', '0'], /--processes/],
    [['--processes', '9', '--db', 'postgres', '--storage', 's3'], /--processes/],
    [['--processes', '1.5'], /--processes/],
    [['--processes', ''], /--processes/],
    [['--n', '0'], /--n/],
    [['--n', '30,'], /--n/],
    [['--storage', 'ftp'], /--storage/],
    [['--db', 'mysql'], /--db/],
    [['--stagger', 'x'], /--stagger/],
    [['--stagger', '--think', '3'], /falta el valor/],
    [['--port', '80'], /--port/],
    [['--port', '65535', '--processes', '2', '--db', 'postgres', '--storage', 's3'], /--port/],
    [['--port', '3231.5'], /--port/],
  ])('refuses %j', (argv, msg) => {
    expect(() => parseClassArgs(argv)).toThrow(msg);
  });
});

describe('processOf: round-robin', () => {
  it('one process takes every child', () => {
    expect([0, 1, 2, 299].map((i) => processOf(i, 1))).toEqual([0, 0, 0, 0]);
  });

  it('consecutive children alternate, so each process sees the same ramp', () => {
    expect(Array.from({ length: 6 }, (_, i) => processOf(i, 2))).toEqual([0, 1, 0, 1, 0, 1]);
    expect(Array.from({ length: 7 }, (_, i) => processOf(i, 3))).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it.each([
    [300, 2, [150, 150]],
    [301, 2, [151, 150]],
    [300, 8, [38, 38, 38, 38, 37, 37, 37, 37]],
    [1, 2, [1, 0]],
  ])('%i children on %i processes: %j, never more than one apart', (children, processes, expected) => {
    const counts = childrenPerProcess(children, processes);
    expect(counts).toEqual(expected);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(children);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('refuses a negative child or no process', () => {
    expect(() => processOf(-1, 2)).toThrow(RangeError);
    expect(() => processOf(0, 0)).toThrow(RangeError);
  });
});

describe('portsFor', () => {
  it('consecutive ports from --port', async () => {
    expect(await portsFor(2, 3231, () => Promise.reject(new Error('unused')))).toEqual([3231, 3232]);
  });

  it('distinct free ports, and gives up instead of looping when none are new', async () => {
    const seq = [4000, 4000, 4001];
    expect(await portsFor(2, null, () => Promise.resolve(seq.shift()!))).toEqual([4000, 4001]);
    await expect(portsFor(2, null, () => Promise.resolve(4000))).rejects.toThrow(/puertos libres/);
  });
});
