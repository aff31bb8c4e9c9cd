import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig, PROJECT_ROOT } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { seedDemo } from '../../src/server/demo/seed';

/**
 * Once per run: an embedded database migrated and seeded with the demo, saved as a data-directory
 * tar beside the demo files it names. Each API test's database starts from a copy
 * (tests/api/helpers.ts makeTestApp) instead of running initdb, the migrations and the seed again:
 * about 1 s less per test database, some 70 of them per run. Not used on PostgreSQL (DATABASE_URL),
 * where every test database is emptied and built as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('apiTemplate', null);
    return;
  }
  const dir = path.join(PROJECT_ROOT, '.tmp', `api-template-${process.pid}`);
  const config = loadConfig({} as NodeJS.ProcessEnv, { dataDir: null, seedDemo: true, staticDir: null, logLevel: 'silent' });
  const uploadsDir = path.join(dir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    await database.migrate();
    await seedDemo(database, { ...config, uploadsDir });
    const tar = await database.dump!();
    await writeFile(path.join(dir, 'pgdata.tar'), Buffer.from(await tar.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('apiTemplate', dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplate: string | null;
  }
}
