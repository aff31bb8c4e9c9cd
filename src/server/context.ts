import type { AppConfig } from './config';
import type { Database } from './db';
import type { Mailer } from './mail';
import type { Storage } from './storage';
import type { Cache } from './cache';

/** What every route file receives: configuration, the database, mail, file storage and the cache. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  /** Read-mostly data (content, sessions) kept in memory; see src/server/cache.ts. */
  cache: Cache;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
