import type { AppConfig } from './config';
import type { Database } from './db';
import type { Mailer } from './mail';
import type { Storage } from './storage';

/** What every route file receives: configuration, the database, mail and file storage. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
