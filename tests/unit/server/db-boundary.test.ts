import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The database layer (src/server/db) imports no server code from outside it: the demo
 * seed, config, auth and storage depend on the database, never the other way round. Imports are
 * read with TypeScript's own pre-processor (static, re-exports and dynamic `import()` alike).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(ROOT, 'src', 'server');
const DB = path.join(SERVER, 'db');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The imports of `file` (its text `source`) that reach server code outside src/server/db. */
function outsideImports(file: string, source: string): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .filter((spec) => {
      const target = path.resolve(path.dirname(file), spec);
      return target.startsWith(SERVER + path.sep) && !(target + path.sep).startsWith(DB + path.sep);
    });
}

describe('src/server/db imports nothing of the server outside it', () => {
  it('tells an import leaving the folder from one staying in it', () => {
    const file = path.join(DB, 'index.ts');
    const source = [
      "import * as schema from './schema';",
      "import { migrate } from 'drizzle-orm/pglite/migrator';",
      "import {\n  PROJECT_ROOT,\n} from '../config';",
      "export { hashPassword } from '../auth/password';",
      "const seed = () => import('../demo/seed');",
    ].join('\n');
    expect(outsideImports(file, source)).toEqual(['../config', '../auth/password', '../demo/seed']);
  });

  it('holds for every file of src/server/db', () => {
    const files = tsFiles(DB);
    expect(files.map((f) => path.relative(DB, f))).toEqual(expect.arrayContaining(['index.ts', 'schema.ts']));
    const found = files.flatMap((f) => outsideImports(f, readFileSync(f, 'utf8')).map((spec) => `${path.relative(ROOT, f)}: ${spec}`));
    expect(found).toEqual([]);
  });
});
