import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig, PROJECT_ROOT } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { seedDemo } from '../../src/server/demo/seed';
import { adminQuery } from './pg-admin';

/**
 * Once per run: a database migrated and seeded with the demo, beside the demo files it names. Each
 * API test's database starts from a copy (tests/api/helpers.ts makeTestApp) instead of running the
 * migrations and the seed again (about 1 s per test database, some 70 of them per run):
 * - embedded (PGlite): the data directory saved as a tar, loaded by each test database;
 * - PostgreSQL (DATABASE_URL, scripts/with-postgres.sh): a database `<name>_plantilla` that each
 *   test database is created from with `CREATE DATABASE … TEMPLATE` (PostgreSQL's own file copy);
 *   `<name>_plantilla_<project>`.
 */
export default async function setup(project: TestProject) {
  // One per project (api and api-isolated run this each, at the same time): a folder and a
  // template database of its own, so neither removes or replaces what the other's files copy.
  const suffix = project.name.replace(/\W/g, '_');
  const dir = path.join(PROJECT_ROOT, '.tmp', `api-template-${process.pid}-${suffix}`);
  const config = loadConfig({} as NodeJS.ProcessEnv, { dataDir: null, seedDemo: true, staticDir: null, logLevel: 'silent' });
  const uploadsDir = path.join(dir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  const base = process.env.DATABASE_URL;
  let pgTemplate: string | null = null;
  let templateUrl: string | null = null;
  if (base) {
    const url = new URL(base);
    pgTemplate = `${url.pathname.slice(1)}_plantilla_${suffix}`;
    await adminQuery(base, [`DROP DATABASE IF EXISTS "${pgTemplate}" WITH (FORCE)`, `CREATE DATABASE "${pgTemplate}"`]);
    url.pathname = `/${pgTemplate}`;
    templateUrl = url.toString();
  }
  // Closed before any copy is made: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ databaseUrl: templateUrl, dataDir: null });
  try {
    await database.migrate();
    await seedDemo(database, { ...config, uploadsDir });
    if (!templateUrl) {
      const tar = await database.dump!();
      await writeFile(path.join(dir, 'pgdata.tar'), Buffer.from(await tar.arrayBuffer()));
    }
  } finally {
    await database.close();
  }
  project.provide('apiTemplate', dir);
  project.provide('pgTemplate', pgTemplate);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder with the seeded demo's uploads (and, embedded, its data-directory tar). */
    apiTemplate: string | null;
    /** On PostgreSQL: the seeded database each test database is copied from. */
    pgTemplate: string | null;
  }
}
