// `npm run backup [archive.tar.gz]`: a consistent dump of the database (embedded or DATABASE_URL)
// and the uploads (the disk folder, or the S3 bucket when S3_BUCKET is set), in one archive. Safe while the app runs on PostgreSQL; with the embedded
// database stop the app first (PGlite is single-process).
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { storageFor } from '../src/server/storage/s3';
import { openDatabase } from '../src/server/db';
import { createBackup } from '../src/server/maintenance/backup';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const archive = path.resolve(process.argv[2] || path.join(config.dataDir ?? '.', '..', 'backups', `manitas-${stamp}.tar.gz`));
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const m = await createBackup(database, storageFor(config), archive);
  console.log(`Respaldo creado: ${archive}`);
  console.log(
    `  filas: ${Object.entries(m.counts)
      .map(([t, n]) => `${t}=${n}`)
      .join(' ')}`,
  );
  console.log(`  archivos: ${m.files}`);
} finally {
  await database.close();
}
