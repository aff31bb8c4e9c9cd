import { describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../../../src/server/db/schema';
import { ALL_TABLES } from '../../../src/server/db/tables';
import { BACKUP_TABLES, NOT_BACKED_UP } from '../../../src/server/maintenance/backup';

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => getTableConfig(t));

describe('the table lists come from the schema', () => {
  it('ALL_TABLES has every table of the schema once, each parent before its children', () => {
    expect([...ALL_TABLES].sort()).toEqual(tables.map((t) => t.name).sort());
    for (const t of tables) {
      for (const fk of t.foreignKeys) {
        const parent = getTableConfig(fk.reference().foreignTable).name;
        if (parent !== t.name) expect(ALL_TABLES.indexOf(parent), `${parent} before ${t.name}`).toBeLessThan(ALL_TABLES.indexOf(t.name));
      }
    }
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
