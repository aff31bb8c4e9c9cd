import type { AppConfig } from './config';
import type { Database } from './db';
import type { Mailer } from './mail';
import type { Storage } from './storage';
import type { Cache } from './cache';
import type { JobQueue } from './jobs/queue';

/** What every route file receives: configuration, the database, mail, file storage, the cache and the job queue. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  /** Read-mostly data (content, sessions) kept in memory; see src/server/cache.ts. */
  cache: Cache;
  /** Background work (src/server/jobs): pg-boss on PostgreSQL, the in-process runner on PGlite. */
  jobs: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
