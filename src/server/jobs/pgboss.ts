import PgBoss from 'pg-boss';
import { DEFAULT_JOB_TUNING, IdleTimeout, type JobHandler, type JobQueue, type JobState, type JobTuning, type JobView, type RetryOutcome } from './queue';

/** pg-boss's own schema in the app's database (tests drop it with the rest). */
export const PGBOSS_SCHEMA = 'pgboss';

const BOSS_STATE: Record<JobState, string[]> = { pendiente: ['created', 'retry'], en_curso: ['active'], fallido: ['failed'] };

interface Log {
  error(obj: unknown, msg?: string): void;
}

/** pg-boss's job ids are UUIDs; anything else names no job (and would be a SQL error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The queue on PostgreSQL: pg-boss 10 (docs/decisions.md "Background jobs" says why this line).
 * Every app process on every host runs a worker; pg-boss hands each job to one of them (SELECT …
 * FOR UPDATE SKIP LOCKED), retries a failed try with backoff, and a try whose process died expires
 * and is tried again by another. Queues use the 'stately' policy: with a singleton key, at most one
 * job waits and one runs per key, so N hosts enqueueing the same work make one job.
 */
export function createPgBossQueue(databaseUrl: string, log: Log, tuning: JobTuning = DEFAULT_JOB_TUNING): JobQueue {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: PGBOSS_SCHEMA,
    application_name: 'manitas-trabajos',
    // Its own small pool: jobs never take a connection a request needs.
    max: 3,
    maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds,
    // The per-queue state counts are not used.
    monitorStateIntervalSeconds: 3600,
    // Scheduling (cron) is not used; its clock check would only add queries.
    schedule: false,
  });
  boss.on('error', (err) => log.error({ err }, 'trabajos: error de pg-boss'));
  const handlers = new Map<string, JobHandler<object>>();
  const workerIds = new Map<string, string>();
  let started = false;

  return {
    kind: 'pg-boss',
    define(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async start() {
      await boss.start();
      started = true;
      for (const name of handlers.keys()) {
        // createQueue is idempotent; updateQueue makes a changed tuning count on a queue made before.
        const queue = {
          name,
          policy: 'stately' as const,
          retryLimit: tuning.retryLimit,
          retryDelay: tuning.retryDelaySeconds,
          retryBackoff: tuning.retryBackoff,
          expireInSeconds: tuning.expireInSeconds,
        };
        await boss.createQueue(name, queue);
        await boss.updateQueue(name, queue);
        const id = await boss.work<object>(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: tuning.pollingIntervalSeconds },
          async ([job]) => {
            // Looked up per job: a queue's handler may be replaced while running (tests hold one back).
            if (job) await handlers.get(name)!(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
          },
        );
        workerIds.set(name, id);
      }
    },
    async send(name, data, opts = {}) {
      const id = await boss.send(name, data, {
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.singletonKey && opts.singletonSeconds ? { singletonSeconds: opts.singletonSeconds } : {}),
      });
      // This process's worker looks at once instead of at its next poll (others poll as usual).
      const worker = workerIds.get(name);
      if (id && worker) boss.notifyWorker(worker);
      return id;
    },
    async list(state, limit = 100) {
      const { rows } = await boss.getDb().executeSql(
        `SELECT id, name, state, data, retry_count, output, created_on, completed_on
           FROM ${PGBOSS_SCHEMA}.job
          WHERE name = ANY($1) AND state::text = ANY($2)
          ORDER BY created_on DESC, id
          LIMIT $3`,
        [[...handlers.keys()], BOSS_STATE[state], limit],
      );
      return rows.map((r): JobView => ({
        id: String(r.id),
        cola: String(r.name),
        estado: state,
        datos: r.data,
        // retry_count counts the tries after the first; a job still waiting has made retry_count tries.
        intentos: Number(r.retry_count) + (state === 'pendiente' ? 0 : 1),
        error: (r.output as { message?: string } | null)?.message ?? null,
        creado: new Date(r.created_on as string).toISOString(),
        terminado: r.completed_on ? new Date(r.completed_on as string).toISOString() : null,
      }));
    },
    async retry(id, seen): Promise<RetryOutcome> {
      if (!UUID.test(id)) return 'no-existe';
      const db = boss.getDb();
      const { rows } = await db.executeSql(`SELECT name, singleton_key FROM ${PGBOSS_SCHEMA}.job WHERE id = $1 AND name = ANY($2)`, [id, [...handlers.keys()]]);
      const name = rows[0]?.name as string | undefined;
      if (!name) return 'no-existe';
      const key = rows[0]?.singleton_key as string | null;
      if (key) {
        const waiting = await db.executeSql(
          `SELECT 1 FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < 'active' AND id <> $3 LIMIT 1`,
          [name, key, id],
        );
        if (waiting.rows.length) return 'en-espera';
      }
      try {
        // pg-boss's own retry plan (plans.js retryJobs: state 'failed' → 'retry', one more try in
        // retry_limit) with one condition added: the failure is the one the admin saw (retry_count
        // counts the tries after the first). boss.retry cannot take it, and without it a job that
        // fails again within milliseconds is retried again by a second click sent at the same time.
        const done = await db.executeSql(
          `UPDATE ${PGBOSS_SCHEMA}.job SET state = 'retry', retry_limit = retry_limit + 1
            WHERE name = $1 AND id = $2 AND state = 'failed' AND retry_count + 1 = $3
            RETURNING 1`,
          [name, id, seen],
        );
        if (!done.rows.length) return 'no-fallido';
      } catch (err) {
        // The stately policy's unique index: an equal job (same singleton key) started waiting meanwhile.
        if ((err as { code?: string }).code === '23505') return 'en-espera';
        throw err;
      }
      const worker = workerIds.get(name);
      if (worker) boss.notifyWorker(worker);
      return 'reintentado';
    },
    async idle(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await boss
          .getDb()
          .executeSql(`SELECT count(*)::int AS n FROM ${PGBOSS_SCHEMA}.job WHERE name = ANY($1) AND state < 'completed'`, [[...handlers.keys()]]);
        const left = Number(rows[0]?.n ?? 0);
        if (!left) return;
        if (Date.now() > until) throw new IdleTimeout(timeoutMs, left);
        await sleep(50);
      }
    },
    async stop(graceMs = 5000) {
      if (!started) return;
      started = false;
      // Waits for the running job (up to graceMs); a job still running after that expires and is retried elsewhere.
      await boss.stop({ graceful: true, wait: true, timeout: graceMs });
    },
  };
}
