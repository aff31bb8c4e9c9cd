// The class bench's command line and how it spreads a class over several app processes: no I/O, so
// tests/unit/bench-class-plan.test.ts checks the rules without starting anything.

export type DbKind = 'pglite' | 'postgres';
export type StorageKind = 'disk' | 's3';

export interface ClassArgs {
  ns: number[];
  db: DbKind;
  storage: StorageKind;
  /** Run once per entry, in this order, on the same PostgreSQL and bucket (`--processes 1,2`: the pair back to back). */
  processes: number[];
  /** First app port: process k listens on port + k. null: free ports. */
  port: number | null;
  all: boolean;
  stagger: number;
  think: number;
  timeout: number;
  warmup: number;
}

/** More app processes than this would only share the same few cores; the bench's port block is 9 wide (e.g. 3231–3239). */
export const MAX_PROCESSES = 8;

export class ArgError extends Error {}

function list(text: string, name: string, min: number, max: number, what: string): number[] {
  const out = text.split(',').map((s) => (s.trim() === '' ? NaN : Number(s)));
  if (!out.length || out.some((v) => !Number.isInteger(v) || v < min || v > max)) throw new ArgError(`--${name}: de ${min} a ${max} ${what}`);
  return out;
}

function num(text: string | undefined, name: string, def: number, min: number, max: number): number {
  if (text === undefined) return def;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v < min || v > max) throw new ArgError(`--${name}: un número de ${min} a ${max}`);
  return v;
}

/**
 * Reads the options (see the header of class-session.ts). `env` decides the defaults: DATABASE_URL
 * set means PostgreSQL, S3_BUCKET set means the bucket, as the server itself reads them.
 */
export function parseClassArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): ClassArgs {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new ArgError(`--${name}: falta el valor`);
    return v;
  };
  const db = get('db') ?? (env.DATABASE_URL ? 'postgres' : 'pglite');
  if (db !== 'pglite' && db !== 'postgres') throw new ArgError(`--db pglite|postgres (no ${db})`);
  const storage = get('storage') ?? (env.S3_BUCKET ? 's3' : 'disk');
  if (storage !== 'disk' && storage !== 's3') throw new ArgError(`--storage disk|s3 (no ${storage})`);
  const processes = list(get('processes') ?? '1', 'processes', 1, MAX_PROCESSES, 'procesos');
  // Several processes are several hosts of one school: they must share the database and the
  // uploads (README "Many schools"); PGlite is one process's own file, a disk is one host's.
  if (processes.some((p) => p > 1) && (db !== 'postgres' || storage !== 's3'))
    throw new ArgError('--processes mayor que 1 necesita --db postgres y --storage s3 (los procesos comparten la base de datos y los archivos)');
  const portText = get('port');
  const port = portText === undefined ? null : num(portText, 'port', 0, 1024, 65535 - Math.max(...processes) + 1);
  if (port !== null && !Number.isInteger(port)) throw new ArgError('--port: un número entero');
  return {
    ns: list(get('n') ?? '30', 'n', 1, 2000, 'niños'),
    db,
    storage,
    processes,
    port,
    all: argv.includes('--all'),
    stagger: num(get('stagger'), 'stagger', 5, 0, 3600),
    think: num(get('think'), 'think', 250, 0, 60_000),
    timeout: num(get('timeout'), 'timeout', 120, 1, 3600),
    warmup: num(get('warmup'), 'warmup', 2, 0, 100),
  };
}

/**
 * Which process child `i` (0-based, in start order) plays against: round-robin, so consecutive
 * children — who start one stagger step apart — alternate, each process gets the class's children
 * within one of each other, and both see the same ramp over the same seconds (a balancer without
 * sticky sessions would also spread them so).
 */
export function processOf(child: number, processes: number): number {
  if (!Number.isInteger(child) || child < 0) throw new RangeError(`niño ${child}`);
  if (!Number.isInteger(processes) || processes < 1) throw new RangeError(`procesos ${processes}`);
  return child % processes;
}

/** How many of `children` each of `processes` takes (what the report prints next to each process). */
export function childrenPerProcess(children: number, processes: number): number[] {
  const out = Array.from({ length: processes }, () => 0);
  for (let i = 0; i < children; i++) out[processOf(i, processes)]!++;
  return out;
}

/** The ports of a run's processes: consecutive from `--port`, or the free ones found. */
export function portsFor(processes: number, first: number | null, free: () => Promise<number>): Promise<number[]> {
  if (first !== null) return Promise.resolve(Array.from({ length: processes }, (_, k) => first + k));
  return (async () => {
    const out: number[] = [];
    // Bounded: the system hands out a fresh port almost every time; 10 tries per process at most.
    for (let tries = 0; out.length < processes; tries++) {
      if (tries >= processes * 10) throw new Error('no se encontraron puertos libres');
      const p = await free();
      if (!out.includes(p)) out.push(p);
    }
    return out;
  })();
}
