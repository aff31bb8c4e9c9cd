// `npm run restore <archive.tar.gz> [--force]`: brings a backup into a fresh DATA_DIR (or the
// empty PostgreSQL database of DATABASE_URL). Refuses a non-empty database unless --force.
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { storageFor } from '../src/server/storage/s3';
import { openDatabase } from '../src/server/db';
import { restoreBackup } from '../src/server/maintenance/backup';
import { createCache } from '../src/server/cache';

const args = process.argv.slice(2);
const archive = args.find((a) => !a.startsWith('--'));
if (!archive) {
  console.error('Uso: npm run restore -- <respaldo.tar.gz> [--force]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// On PostgreSQL, app processes may still run (--force): tell them to drop their caches (src/server/cache.ts).
const cache = createCache();
try {
  if (config.databaseUrl) await cache.listen(config.databaseUrl);
  const m = await restoreBackup(database, storageFor(config), path.resolve(archive), { force: args.includes('--force'), cache });
  console.log(`Restaurado ${archive} (creado ${m.createdAt}): ${Object.values(m.counts).reduce((a, b) => a + b, 0)} filas, ${m.files} archivos.`);
} catch (err) {
  console.error(`No se pudo restaurar: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await cache.close();
  await database.close();
}
