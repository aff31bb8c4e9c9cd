import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which API test files run a second time on PostgreSQL (`.ci/run`, scripts/with-postgres.sh).
 * docs/testing.md, "The PostgreSQL pass", says why:
 *
 * PGlite is PostgreSQL itself (same parser, planner, SQL), so the second pass proves what differs
 * between the two ways the app reaches it: real connections and a pool, transactions and row locks
 * meeting (requests sent together), the pg-boss queue, the cache's LISTEN/NOTIFY, a database per
 * app and per process (backups, restarts, crashes), node-postgres' reading of numbers and dates,
 * and the server's collation (sorting). Every file runs on both unless it carries the mark
 * `@pglite-suffices: <why>` near its top; a marked file may not exercise any of those things
 * (`POSTGRES_ONLY`, checked by tests/unit/postgres-pass.test.ts), so a mark cannot drop a race or a
 * sort from the PostgreSQL pass, and a new file runs on both until someone marks it.
 */
export const MARK = '@pglite-suffices:';

/**
 * What a marked file may not contain: each is a sign that the file exercises something only the
 * PostgreSQL pass proves (a word list rather than a parse of the tests: a false alarm costs a file
 * its mark, a miss would cost a race its test).
 */
export const POSTGRES_ONLY: { what: string; re: RegExp }[] = [
  { what: 'requests at the same time (pool, locks)', re: /Promise\.all|allSettled/ },
  { what: 'transactions and row locks', re: /transaction|FOR UPDATE|SKIP LOCKED|advisory/i },
  { what: 'a database of its own, another process or host', re: /DATABASE_URL|pgTemplate|freshPostgres|spawn|fork\(|openDatabase|buildApp\(/ },
  { what: 'the job queue (pg-boss)', re: /boss|jobs|trabajos/i },
  { what: "the cache's LISTEN/NOTIFY", re: /NOTIFY|LISTEN|cache|invalidat/i },
  { what: 'backup and restore', re: /backup|restore|dump/i },
  { what: 'the collation (sorting)', re: /sort=|order=|orderBy|sort:/ },
  { what: 'numbers and dates read back through the driver', re: /porcentaje|puntaje|count\(|avg\(|sum\(|fecha|Date\(|timestamp/i },
  { what: 'scale (query plans)', re: /scale|escala/i },
];

/** The `@pglite-suffices` reason of a file's text, or null when it is not marked (looked for in its first 2,000 characters). */
export function pgliteReason(text: string): string | null {
  const head = text.slice(0, 2000);
  const at = head.indexOf(MARK);
  if (at < 0) return null;
  return head
    .slice(at + MARK.length)
    .split('\n')[0]!
    .replace(/\*\/.*$/, '')
    .trim();
}

/** The API test files (paths relative to the project) and their text. */
export function apiTestFiles(root: string): { file: string; text: string }[] {
  const dir = path.join(root, 'tests', 'api');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => ({ file: path.join('tests', 'api', f), text: readFileSync(path.join(dir, f), 'utf8') }));
}

/** The files the PostgreSQL pass leaves out: the marked ones. */
export function pgliteOnlyFiles(root: string): string[] {
  return apiTestFiles(root)
    .filter((f) => pgliteReason(f.text) !== null)
    .map((f) => f.file);
}
