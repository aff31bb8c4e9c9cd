import type { AppConfig } from '../config';
import type { Database } from '../db';
import { createPgBossQueue } from './pgboss';
import { createLocalQueue, DEFAULT_JOB_TUNING, type JobQueue, type JobTuning } from './queue';

/** pg-boss when the app runs on PostgreSQL (DATABASE_URL), the in-process runner on the embedded database. */
export function createJobQueue(
  database: Database,
  config: Pick<AppConfig, 'databaseUrl'>,
  log: { error(obj: unknown, msg?: string): void },
  tuning: Partial<JobTuning> = {},
): JobQueue {
  const t = { ...DEFAULT_JOB_TUNING, ...tuning };
  return database.kind === 'postgres' && config.databaseUrl ? createPgBossQueue(config.databaseUrl, log, t) : createLocalQueue(t);
}
