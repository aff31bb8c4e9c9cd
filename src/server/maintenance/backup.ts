import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db';
import { MIGRATIONS_DIR } from '../db';
import { ALL_TABLES } from '../db/tables';
import { CACHE_SCOPES, type Cache } from '../cache';
import { createStorage, isUploadFolder, storedName, type Storage } from '../storage';

/** A storage, or a folder of uploads on disk (what older callers pass). */
const storageOf = (uploads: Storage | string): Storage => (typeof uploads === 'string' ? createStorage(uploads) : uploads);

/** Tables a backup leaves out, and why. Every other table of the schema is backed up. */
export const NOT_BACKED_UP: Readonly<Record<string, string>> = {
  intento_conteo: 'counts kept by triggers on intento: a restore re-inserts the attempts and they count again',
  limite_intento: 'guessing counters: a restore starts with no one waiting',
  limite_ventana: 'request ceilings: a restore starts with every window open',
  sesion_revocada: 'logged-out sessions: their tokens expire on their own',
};

/** Tables in foreign-key order (parents first): restore inserts in this order. */
export const BACKUP_TABLES: readonly string[] = ALL_TABLES.filter((t) => !(t in NOT_BACKED_UP));

export const BACKUP_FORMAT = 'manitas-backup-1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  migrations: number;
  counts: Record<string, number>;
  files: number;
}

function migrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Every row of every table as JSON text, read in ONE repeatable-read transaction (a consistent snapshot). */
export async function dumpTables(database: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  await database.db.transaction(
    async (tx) => {
      for (const table of BACKUP_TABLES) {
        const res = await tx.execute(sql.raw(`SELECT row_to_json(t)::text AS j FROM ${table} t ORDER BY 1`));
        const rows = (res as unknown as { rows?: { j: string }[] }).rows ?? (res as unknown as { j: string }[]);
        out[table] = rows.map((r) => r.j);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return out;
}

/** Upload file names referenced by the database (`uploads/<folder>/<name>` or bare names per folder). */
export function referencedFiles(dump: Record<string, string[]>): string[] {
  const refs = new Set<string>();
  const add = (folder: string, v: unknown) => {
    if (typeof v !== 'string' || !v) return;
    if (v.startsWith('uploads/')) refs.add(v.slice('uploads/'.length));
    else if (!v.includes('/')) refs.add(`${folder}/${v}`);
  };
  for (const j of dump.nivel ?? []) add('niveles', JSON.parse(j).imagen);
  for (const j of dump.pregunta ?? []) add('preguntas', JSON.parse(j).imagen);
  for (const j of dump.respuesta ?? []) add('respuestas', JSON.parse(j).imagen);
  for (const j of dump.multimedia ?? []) {
    const m = JSON.parse(j);
    add('multimedia', m.url);
    add('multimedia', m.url_compacta); // the compact WebP of a GIF (migration 0005)
  }
  for (const j of dump.contenido ?? []) add('contenidos', JSON.parse(j).url_archivo);
  return [...refs];
}

/**
 * Writes one .tar.gz with manifest.json, db/<table>.jsonl and uploads/. The database is read
 * first, then the files; if a referenced file vanished in between (deleted by a concurrent
 * write), the whole snapshot is taken again (at most 3 times).
 */
export async function createBackup(database: Database, uploads: Storage | string, archivePath: string): Promise<BackupManifest> {
  const storage = storageOf(uploads);
  for (let attempt = 1; ; attempt++) {
    const dump = await dumpTables(database);
    const stage = mkdtempSync(path.join(tmpdir(), 'manitas-backup-'));
    try {
      mkdirSync(path.join(stage, 'db'));
      for (const [table, rows] of Object.entries(dump)) writeFileSync(path.join(stage, 'db', `${table}.jsonl`), rows.join('\n') + (rows.length ? '\n' : ''));
      const up = path.join(stage, 'uploads');
      mkdirSync(up);
      // Through the storage, so a bucket is backed up the same way as a disk folder; a few files
      // at a time: a bucket answers each request after a round trip, and a backup must not hold the
      // whole media library in memory.
      await inPool(await storage.list(), async (f) => {
        const data = await storage.read(f.folder, f.name);
        if (!data) return; // deleted since the listing; the check below decides if it mattered
        mkdirSync(path.join(up, f.folder), { recursive: true });
        writeFileSync(path.join(up, f.folder, f.name), data);
      });
      const missing = referencedFiles(dump).filter((f) => !existsSync(path.join(up, f)));
      if (missing.length && attempt < 3) continue;
      const files = countFiles(up);
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        migrations: migrationCount(),
        counts: Object.fromEntries(Object.entries(dump).map(([k, v]) => [k, v.length])),
        files,
      };
      writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
      mkdirSync(path.dirname(path.resolve(archivePath)), { recursive: true });
      const tmp = `${archivePath}.partial`;
      execFileSync('tar', ['-czf', tmp, '-C', stage, '.']);
      execFileSync('mv', ['-f', tmp, archivePath]);
      return manifest;
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  }
}

/**
 * Runs `job` on every item, at most `width` at once. A few lines instead of a package: no
 * concurrency limiter is among the dependencies, and this is the only place that needs one.
 */
async function inPool<T>(items: readonly T[], job: (item: T) => Promise<void>, width = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await job(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

function countFiles(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1;
  return n;
}

/**
 * Restores an archive into an EMPTY, migrated database and an uploads folder, in one
 * transaction (all or nothing), then moves each serial sequence past the restored ids.
 * `opts.cache` (scripts/restore.ts, on PostgreSQL: a cache that LISTENs) is bumped after the commit so
 * app processes still running on that database (a `--force` restore) drop what they cached; on
 * PGlite the data directory belongs to one process, so no app can be running and none is needed.
 */
export async function restoreBackup(
  database: Database,
  uploads: Storage | string,
  archivePath: string,
  opts: { force?: boolean; cache?: Pick<Cache, 'bump'> } = {},
): Promise<BackupManifest> {
  const stage = mkdtempSync(path.join(tmpdir(), 'manitas-restore-'));
  try {
    execFileSync('tar', ['-xzf', archivePath, '-C', stage, '--no-same-owner']);
    const manifest = JSON.parse(readFileSync(path.join(stage, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`Formato de respaldo desconocido: ${String(manifest.format)}`);
    if (manifest.migrations > migrationCount()) throw new Error('El respaldo viene de una versión más nueva de Manitas: actualiza antes de restaurar.');
    await database.migrate();
    await database.db.transaction(async (tx) => {
      for (const table of BACKUP_TABLES) {
        const res = await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
        const n = Number(((res as unknown as { rows?: { n: number }[] }).rows ?? (res as unknown as { n: number }[]))[0]!.n);
        if (n > 0 && !opts.force) throw new Error(`La base de datos de destino no está vacía (tabla ${table}). Usa una base nueva o --force.`);
      }
      if (opts.force) await tx.execute(sql.raw(`TRUNCATE ${[...BACKUP_TABLES].join(', ')} RESTART IDENTITY CASCADE`));
      for (const table of BACKUP_TABLES) {
        const file = path.join(stage, 'db', `${table}.jsonl`);
        if (!existsSync(file)) continue;
        const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
        for (let i = 0; i < lines.length; i += 500) {
          const chunk = `[${lines.slice(i, i + 500).join(',')}]`;
          await tx.execute(sql`INSERT INTO ${sql.raw(table)} SELECT * FROM json_populate_recordset(null::${sql.raw(table)}, ${chunk}::json)`);
        }
        const serial = await tx.execute(sql`SELECT a.attname AS col FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          WHERE c.relname = ${table} AND a.attnum > 0 AND NOT a.attisdropped AND pg_get_serial_sequence(${table}, a.attname) IS NOT NULL`);
        for (const r of (serial as unknown as { rows?: { col: string }[] }).rows ?? (serial as unknown as { col: string }[])) {
          await tx.execute(
            sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', '${r.col}'), coalesce((SELECT max(${r.col}) FROM ${table}), 0) + 1, false)`),
          );
        }
      }
    });
    const up = path.join(stage, 'uploads');
    if (existsSync(up)) {
      const storage = storageOf(uploads);
      const files = readdirSync(up)
        .filter(isUploadFolder)
        .flatMap((folder) =>
          readdirSync(path.join(up, folder))
            .filter((name) => storedName(name) === name)
            .map((name) => ({ folder, name })),
        );
      await inPool(files, (f) => storage.restore(f.folder, f.name, readFileSync(path.join(up, f.folder, f.name))));
    }
    await opts.cache?.bump(CACHE_SCOPES);
    return manifest;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
