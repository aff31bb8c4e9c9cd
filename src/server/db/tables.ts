import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/**
 * Every table the schema declares, parents before children (by their foreign keys), otherwise by
 * the name schema.ts exports it under (a module's exports come sorted). Lists of tables elsewhere (backups, the tests' "nothing
 * changed" checks) are this list minus a named exclusion, so a new table is in them at once.
 */
export const ALL_TABLES: readonly string[] = (() => {
  const configs = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => getTableConfig(t));
  const parents = new Map(
    configs.map((c) => [c.name, c.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((n) => n !== c.name)]),
  );
  const out: string[] = [];
  const done = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    if (path.includes(name)) throw new Error(`Foreign keys in a cycle: ${[...path, name].join(' → ')}`);
    for (const p of parents.get(name) ?? []) visit(p, [...path, name]);
    done.add(name);
    out.push(name);
  };
  for (const c of configs) visit(c.name, []);
  return Object.freeze(out);
})();
