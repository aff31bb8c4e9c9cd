import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../../../src/server/db/schema';
import { ALL_TABLES, TABLES, loadTables, parentsFirst, tableFilesIn } from '../../../src/server/db/tables';
import { BACKUP_TABLES, NOT_BACKED_UP } from '../../../src/server/maintenance/backup';
import drizzleConfig from '../../../drizzle.config';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..', '..');
const schemaTables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => getTableConfig(t));

function expectParentsFirst(order: readonly string[], tables: readonly PgTable[]) {
  for (const t of tables.map((x) => getTableConfig(x))) {
    for (const fk of t.foreignKeys) {
      const parent = getTableConfig(fk.reference().foreignTable).name;
      if (parent !== t.name) expect(order.indexOf(parent), `${parent} before ${t.name}`).toBeLessThan(order.indexOf(t.name));
    }
  }
}

describe('the table lists come from the schema', () => {
  it('ALL_TABLES has every table of schema.ts and of the resource folders once, each parent before its children', () => {
    const folderTables = tableFilesIn(path.join(root, 'src', 'server', 'resources'));
    expect(TABLES.length).toBeGreaterThanOrEqual(schemaTables.length);
    expect([...ALL_TABLES].sort()).toEqual(TABLES.map((t) => getTableConfig(t).name).sort());
    for (const t of schemaTables) expect(ALL_TABLES).toContain(t.name);
    // With no folder table, the list is exactly schema.ts's.
    if (folderTables.length === 0) expect([...ALL_TABLES].sort()).toEqual(schemaTables.map((t) => t.name).sort());
    expectParentsFirst(ALL_TABLES, TABLES);
  });

  it("a resource folder's table.ts is found without a list, after the shared tables it references", async () => {
    const dir = path.join(here, 'fixtures', 'resources');
    expect(tableFilesIn(dir).map((f) => path.relative(dir, f))).toEqual([path.join('aviso', 'table.ts')]);
    const tables = await loadTables(dir);
    const names = tables.map((t) => getTableConfig(t).name);
    expect(names).toContain('aviso_prueba');
    // schema.ts's nivel, re-exported by the folder, is listed once.
    expect(names.filter((n) => n === 'nivel')).toHaveLength(1);
    expect(names.length).toBe(schemaTables.length + 1);
    const order = parentsFirst(tables);
    expect(order.indexOf('nivel')).toBeLessThan(order.indexOf('aviso_prueba'));
    expectParentsFirst(order, tables);
  });

  it('drizzle-kit reads the same files: schema.ts and every resource folder table.ts', () => {
    expect(drizzleConfig.schema).toEqual(['./src/server/db/schema.ts', './src/server/resources/*/table.ts']);
  });

  it('a backup holds every table but the ones it names, with a reason each, in the same order', () => {
    expect(BACKUP_TABLES).toEqual(ALL_TABLES.filter((t) => !(t in NOT_BACKED_UP)));
    for (const [name, why] of Object.entries(NOT_BACKED_UP)) {
      expect(ALL_TABLES, `${name} is a table`).toContain(name);
      expect(why.length).toBeGreaterThan(10);
    }
    // The tables a restore must bring back are in it (a new table is too, unless named above).
    for (const t of ['usuario', 'nivel', 'intento', 'memoria', 'clase_invitacion', 'tarea', 'app_meta']) expect(BACKUP_TABLES).toContain(t);
  });
});
