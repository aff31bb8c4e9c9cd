/**
 * Background work (docs/decisions.md "Background jobs"): a job is a name and a small JSON payload,
 * run by a handler in some app process after the request that asked for it has answered. Two
 * implementations share this interface: pg-boss on PostgreSQL (src/server/jobs/pgboss.ts: every
 * process on every host takes jobs from one table; a host that dies mid-job loses nothing, the job
 * expires and another takes it) and, with the embedded database, the in-process runner below.
 */

/** How a queue retries and how long one try may run. */
export interface JobTuning {
  /** Tries after the first (a job is run at most 1 + retryLimit times). */
  retryLimit: number;
  /** Seconds before the first retry; with backoff each later retry waits about twice as long. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A try still running after this long counts as lost (its process died): it is tried again. */
  expireInSeconds: number;
  /** How often an idle worker looks for jobs (pg-boss; the runner is woken by send). */
  pollingIntervalSeconds: number;
  /** How often lost (expired) jobs are looked for (pg-boss's maintenance). */
  maintenanceIntervalSeconds: number;
}

export const DEFAULT_JOB_TUNING: JobTuning = {
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  // The slowest GIF encoded in 6.6 s on the demo media; a try five minutes long is lost, not slow.
  expireInSeconds: 300,
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
};

export interface SendOptions {
  /**
   * At most one job with this key waits in the queue (and one runs) at a time: a second send while
   * one waits is dropped (returns null). How N hosts enqueue one backfill, not N.
   */
  singletonKey?: string;
  /**
   * With singletonKey: at most one job with this key per slot of this many seconds, whatever its
   * state (waiting, running or done). How N hosts starting together enqueue one backfill, not N.
   */
  singletonSeconds?: number;
}

/** What a handler is told about the try it runs. */
export interface JobInfo {
  id: string;
  /** 0 on the first try. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, info: JobInfo) => Promise<void>;

/** The states a job list can be asked for (Spanish, as the admin route spells them). */
export const JOB_STATES = ['pendiente', 'en_curso', 'fallido'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job as the admin route shows it. */
export interface JobView {
  id: string;
  cola: string;
  estado: JobState;
  datos: unknown;
  /** Tries made so far (the first included). */
  intentos: number;
  /** The last failure's message, if any. */
  error: string | null;
  creado: string;
  terminado: string | null;
}

/**
 * What asking to retry a failed job did: 'reintentado' (it waits for one more try), 'no-existe'
 * (no job with that id in this app's queues), 'no-fallido' (it waits, runs or is done: nothing to
 * retry, e.g. a second admin's click on the same job) or 'en-espera' (an equal job, same singleton
 * key, already waits: that one will do the work).
 */
export type RetryOutcome = 'reintentado' | 'no-existe' | 'no-fallido' | 'en-espera';

export interface JobQueue {
  readonly kind: 'pg-boss' | 'en-proceso';
  /** Declares a queue and the handler that runs its jobs (before start). */
  define<T extends object>(name: string, handler: JobHandler<T>): void;
  /** Installs what it needs and starts taking jobs. */
  start(): Promise<void>;
  /** Enqueues a job; its id, or null when a job with the same singletonKey already waits. */
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<string | null>;
  /** Jobs in one state, newest first. */
  list(state: JobState, limit?: number): Promise<JobView[]>;
  /**
   * Gives a failed job one more try (an admin's "Reintentar"), if it is still the failure the admin
   * saw: `seen` is the `intentos` of the job as listed. Of several asks sent together for the same
   * failure only one retries it; the others get 'no-fallido', even when the new try has already
   * failed again by the time they arrive.
   */
  retry(id: string, seen: number): Promise<RetryOutcome>;
  /** Resolves once no job waits, runs or waits for a retry (tests; bounded by timeoutMs). */
  idle(timeoutMs?: number): Promise<void>;
  /** Stops taking jobs and waits for the running one (at most graceMs). */
  stop(graceMs?: number): Promise<void>;
}

export class IdleTimeout extends Error {
  constructor(ms: number, left: number) {
    super(`jobs: ${left} job(s) still pending after ${ms} ms`);
  }
}

/** The wait before retry number `retryCount + 1`: pg-boss's formula (plans.js), so both runners agree. */
export function retryWaitMs(t: Pick<JobTuning, 'retryDelaySeconds' | 'retryBackoff'>, retryCount: number, random = Math.random()): number {
  if (!t.retryBackoff) return t.retryDelaySeconds * 1000;
  const base = (t.retryDelaySeconds * 2 ** Math.min(16, retryCount + 1)) / 2;
  return (base + base * random) * 1000;
}

interface LocalJob {
  id: string;
  name: string;
  data: object;
  state: 'created' | 'retry' | 'active' | 'failed';
  retryCount: number;
  /** Tries an admin added by asking for a retry (pg-boss raises the job's retry_limit alike). */
  extraTries: number;
  startAfter: number;
  singletonKey: string | null;
  error: string | null;
  createdOn: Date;
  completedOn: Date | null;
}

const LOCAL_STATE: Record<JobState, LocalJob['state'][]> = { pendiente: ['created', 'retry'], en_curso: ['active'], fallido: ['failed'] };
/** Failed jobs kept for the admin (the oldest go first): memory stays bounded. */
const KEEP_FAILED = 200;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The in-process runner, for the embedded database (PGlite). Why not pg-boss there: pg-boss needs a
 * real PostgreSQL server (its own connection pool, LISTEN, advisory locks and a schema of its own),
 * and the embedded database lives inside this one process anyway, so there is no other host to
 * share jobs with. Same interface and the same rules as pg-boss's queues used here: one job at a
 * time, retries with pg-boss's backoff, one waiting job per singleton key, failed jobs listed. Jobs
 * live in memory: one lost when the process stops is found again by the startup backfill, which
 * enqueues every GIF still without its compact copy.
 */
export function createLocalQueue(tuning: JobTuning = DEFAULT_JOB_TUNING): JobQueue {
  const handlers = new Map<string, JobHandler<object>>();
  const jobs: LocalJob[] = [];
  const failed: LocalJob[] = [];
  let started = false;
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let seq = 0;
  /** Singleton slots taken (name, key, slot number); a few per day at most. */
  const slots = new Set<string>();

  function schedule() {
    if (!started || stopped || running) return;
    if (timer) clearTimeout(timer);
    timer = null;
    const now = Date.now();
    const due = jobs.filter((j) => j.state !== 'active').sort((a, b) => a.startAfter - b.startAfter)[0];
    if (!due) return;
    if (due.startAfter > now) {
      timer = setTimeout(schedule, due.startAfter - now);
      return;
    }
    running = runOne(due).finally(() => {
      running = null;
      schedule();
    });
  }

  async function runOne(job: LocalJob) {
    job.state = 'active';
    const handler = handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no hay quien ejecute la cola ${job.name}`);
      await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: tuning.retryLimit });
      jobs.splice(jobs.indexOf(job), 1);
    } catch (err) {
      job.error = err instanceof Error ? err.message : String(err);
      if (job.retryCount < tuning.retryLimit + job.extraTries && !stopped) {
        job.startAfter = Date.now() + retryWaitMs(tuning, job.retryCount);
        job.retryCount++;
        job.state = 'retry';
      } else {
        jobs.splice(jobs.indexOf(job), 1);
        job.state = 'failed';
        job.completedOn = new Date();
        failed.unshift(job);
        failed.length = Math.min(failed.length, KEEP_FAILED);
      }
    }
  }

  const view = (j: LocalJob): JobView => ({
    id: j.id,
    cola: j.name,
    estado: (Object.keys(LOCAL_STATE) as JobState[]).find((s) => LOCAL_STATE[s].includes(j.state))!,
    datos: j.data,
    intentos: j.retryCount + (j.state === 'created' || j.state === 'retry' ? 0 : 1),
    error: j.error,
    creado: j.createdOn.toISOString(),
    terminado: j.completedOn?.toISOString() ?? null,
  });

  return {
    kind: 'en-proceso',
    define(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async start() {
      started = true;
      schedule();
    },
    async send(name, data, opts = {}) {
      if (stopped) return null;
      const key = opts.singletonKey ?? null;
      if (key && jobs.some((j) => j.name === name && j.singletonKey === key && j.state !== 'active')) return null;
      if (key && opts.singletonSeconds) {
        const slot = `${name}|${key}|${Math.floor(Date.now() / 1000 / opts.singletonSeconds)}`;
        if (slots.has(slot)) return null;
        slots.add(slot);
      }
      const job: LocalJob = {
        id: `local-${++seq}`,
        name,
        data,
        state: 'created',
        retryCount: 0,
        extraTries: 0,
        startAfter: Date.now(),
        singletonKey: key,
        error: null,
        createdOn: new Date(),
        completedOn: null,
      };
      jobs.push(job);
      // Not from inside the caller's await: the request answers first, the job runs after.
      setImmediate(schedule);
      return job.id;
    },
    async list(state, limit = 100) {
      const states = LOCAL_STATE[state];
      const all = state === 'fallido' ? failed : [...jobs].reverse().filter((j) => states.includes(j.state));
      return all.slice(0, limit).map(view);
    },
    async retry(id, seen) {
      // Synchronous from the lookup to the move: asks that arrive together cannot both find it failed.
      const at = failed.findIndex((j) => j.id === id && j.retryCount + 1 === seen);
      if (at < 0) return jobs.some((j) => j.id === id) || failed.some((j) => j.id === id) ? 'no-fallido' : 'no-existe';
      const job = failed[at]!;
      if (job.singletonKey && jobs.some((j) => j.name === job.name && j.singletonKey === job.singletonKey && j.state !== 'active')) return 'en-espera';
      failed.splice(at, 1);
      // As pg-boss: one more try allowed, counted as a retry (the worker raises retry_count when it takes it).
      job.extraTries++;
      job.retryCount++;
      job.state = 'retry';
      job.startAfter = Date.now();
      job.completedOn = null;
      jobs.push(job);
      setImmediate(schedule);
      return 'reintentado';
    },
    async idle(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (jobs.length || running) {
        if (Date.now() > until) throw new IdleTimeout(timeoutMs, jobs.length);
        await sleep(20);
      }
    },
    async stop(graceMs = 5000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await Promise.race([running, sleep(graceMs)]);
    },
  };
}
