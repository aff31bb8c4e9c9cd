import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which unit test files need modules of their own (vite.config.ts, project `unit-isolated`).
 *
 * vitest loads every module afresh for each test file by default (`isolate: true`): for the unit
 * files, most of them pure rules, that load was half of the project's CPU (77 files: 29 CPU-s
 * isolated, 14 shared, docs/testing.md "How the time is kept down"). Sharing is safe only for a
 * file that leaves the modules and globals as it found them. A file that replaces a module
 * (`vi.mock`), a global, the timers or the environment, or keeps state in one (an IndexedDB
 * stand-in), would leak that into the next file on its worker: it runs isolated. A word list, not
 * a parse: a false alarm costs a file a few hundred milliseconds, a miss would cost a test its
 * meaning, so the list errs towards isolating.
 */
export const NEEDS_ISOLATION =
  /vi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules|useFakeTimers|spyOn)\(|fake-indexeddb|globalThis\.\w+\s*=[^=]|window\.\w+\s*=[^=]|process\.env\.\w+\s*=[^=]|delete process\.env|defineProperty\(\s*(globalThis|global|window|navigator)/;

/** The unit test files (relative to the project) that must run with modules of their own. */
export function unitFilesNeedingIsolation(root: string): string[] {
  const dir = path.join(root, 'tests', 'unit');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .sort()
    .filter((f) => NEEDS_ISOLATION.test(readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => path.join('tests', 'unit', f));
}
