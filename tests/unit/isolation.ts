import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which test files need modules of their own (vite.config.ts, projects `unit-isolated` and
 * `api-isolated`); the others share their worker's modules (`isolate: false`).
 *
 * vitest loads every module afresh for each test file by default: for the unit files (most of them
 * pure rules) that load was half the project's CPU, for the API files (Fastify, Drizzle, sharp,
 * PGlite's WASM compiled again in each file) about 40 % (docs/testing.md "How the time is kept
 * down"). Sharing is safe only for a file that leaves the modules and globals as it found them. A
 * file that replaces a module (`vi.mock`), a global, the timers or the environment, or keeps state
 * in one (an IndexedDB stand-in), would leak it into the next file on its worker: it runs
 * isolated. A word list, not a parse: a false alarm costs a file a second, a miss would cost a
 * test its meaning, so the list errs towards isolating.
 */
export const NEEDS_ISOLATION =
  /vi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules|useFakeTimers|spyOn)\(|fake-indexeddb|globalThis\.\w+\s*=[^=]|window\.\w+\s*=[^=]|process\.env\.\w+\s*=[^=]|delete process\.env|defineProperty\(\s*(globalThis|global|window|navigator)/;

/**
 * Files isolated for a reason the word list cannot see, each with it. Shared, these failed or could
 * fail: they read what the process as a whole wrote.
 */
export const ISOLATED_BY_NAME: Record<string, string> = {
  'tests/api/request-log.test.ts': "counts the request log's lines: another file's app on the same worker writes lines too",
  'tests/api/privacy-logs.test.ts': "reads every log line written while it runs: another file's app on the same worker writes lines too",
};

/** The test files under `folder` (e.g. `tests/unit`, relative to `root`) that must run with modules of their own. */
export function filesNeedingIsolation(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .sort()
    .map((f) => ({ file: path.join(folder, f), text: readFileSync(path.join(dir, f), 'utf8') }))
    .filter(({ file, text }) => file in ISOLATED_BY_NAME || NEEDS_ISOLATION.test(text))
    .map(({ file }) => file);
}
