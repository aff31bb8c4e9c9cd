import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from './schema';

const RESOURCES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'resources');

/**
 * The files under `resourcesDir` that declare a resource's own table: `<entity>/table.ts`, found by
 * listing the folder the way the server finds the bindings (src/server/resources/index.ts).
 */
export function tableFilesIn(resourcesDir: string): string[] {
  return readdirSync(resourcesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(resourcesDir, d.name, 'table.ts')))
    .map((d) => path.join(resourcesDir, d.name, 'table.ts'))
    .sort();
}

/**
 * The table objects of schema.ts (the shared tables) and of every `table.ts` under `resourcesDir`
 * (docs/adding-a-resource.md, "0. The table"), schema.ts's first, each once (a folder's module may
 * re-export a shared one). drizzle.config.ts globs the same files for the migrations.
 */
export async function loadTables(resourcesDir: string): Promise<PgTable[]> {
  const modules = await Promise.all(tableFilesIn(resourcesDir).map(async (f) => (await import(pathToFileURL(f).href)) as Record<string, unknown>));
  const all = [schema as Record<string, unknown>, ...modules].flatMap((m) => Object.values(m)).filter((v): v is PgTable => is(v, PgTable));
  return [...new Map(all.map((t) => [getTableConfig(t).name, t] as const)).values()];
}

/** Table names, parents before children (by their foreign keys), otherwise in the order given. */
export function parentsFirst(tables: readonly PgTable[]): string[] {
  const configs = tables.map((t) => getTableConfig(t));
  const parents = new Map(
    configs.map((c) => [c.name, c.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((n) => n !== c.name)]),
  );
  const out: string[] = [];
  const done = new Set<string>();
  const visit = (name: string, trail: string[]) => {
    if (done.has(name)) return;
    if (trail.includes(name)) throw new Error(`Foreign keys in a cycle: ${[...trail, name].join(' → ')}`);
    for (const p of parents.get(name) ?? []) visit(p, [...trail, name]);
    done.add(name);
    out.push(name);
  };
  for (const c of configs) visit(c.name, []);
  return out;
}

// Top-level await: ALL_TABLES is read synchronously by its importers (backups, the tests' checks),
// and an ES module's importers wait for its top-level await.
/** Every table the app declares (see loadTables). */
export const TABLES: readonly PgTable[] = Object.freeze(await loadTables(RESOURCES_DIR));

/**
 * Every table the app declares, parents before children (by their foreign keys), otherwise in the
 * order TABLES has them (a module's exports come sorted). Lists of tables elsewhere (backups, the
 * tests' "nothing changed" checks) are this list minus a named exclusion, so a new table is in them at once.
 */
export const ALL_TABLES: readonly string[] = Object.freeze(parentsFirst(TABLES));
