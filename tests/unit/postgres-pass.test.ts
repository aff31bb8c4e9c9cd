import { describe, expect, it } from 'vitest';
import { MARK, POSTGRES_ONLY, apiTestFiles, pgliteOnlyFiles, pgliteReason } from '../api/postgres-pass';
import { PROJECT_ROOT } from '../../src/server/config';

/**
 * The PostgreSQL pass leaves out only the API files marked `@pglite-suffices`, and a marked file
 * exercises nothing that only PostgreSQL proves (docs/testing.md, "The PostgreSQL pass").
 */
describe('the PostgreSQL pass', () => {
  const files = apiTestFiles(PROJECT_ROOT);

  it('a marked file says why, and exercises nothing that only PostgreSQL proves', () => {
    const wrong: string[] = [];
    for (const { file, text } of files) {
      const reason = pgliteReason(text);
      if (reason === null) continue;
      if (reason.length < 20) wrong.push(`${file}: ${MARK} sin razón`);
      for (const { what, re } of POSTGRES_ONLY) {
        const hit = re.exec(text.replace(/^.*@pglite-suffices:.*$/m, ''));
        if (hit) wrong.push(`${file}: «${hit[0]}» (${what}) — debe correr también en PostgreSQL`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every file runs on both unless marked; the races, the queue, the cache, backups and sorting stay on PostgreSQL', () => {
    const skipped = new Set(pgliteOnlyFiles(PROJECT_ROOT));
    // A file is left out only by its own mark: a new file runs on both.
    for (const { file, text } of files) expect(skipped.has(file), file).toBe(pgliteReason(text) !== null);
    for (const must of ['guessing-limits', 'trabajos', 'cache', 'backup', 'crash', 'teacher-results-scale', 'list-filters-sort', 'shared-limits', 'partidas'])
      expect(skipped.has(`tests/api/${must}.test.ts`), must).toBe(false);
    expect(skipped.size).toBeGreaterThan(0);
  });

  it('reads the mark and its reason, and only near the top of a file', () => {
    expect(pgliteReason(`// ${MARK} validated before any SQL\nimport x from 'y';`)).toBe('validated before any SQL');
    expect(pgliteReason(`/** ${MARK} only headers */\n`)).toBe('only headers');
    expect(pgliteReason('import x from "y";\n')).toBeNull();
    expect(pgliteReason(`${'x'.repeat(2500)}\n// ${MARK} too far down`)).toBeNull();
    // The guard sees a race in a marked file.
    const race = `// ${MARK} something long enough to count\nawait Promise.all([a(), b()]);`;
    expect(POSTGRES_ONLY.some(({ re }) => re.test(race.replace(/^.*@pglite-suffices:.*$/m, '')))).toBe(true);
  });
});
