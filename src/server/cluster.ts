// `npm run start:cluster`: several app processes on one port against one PostgreSQL
// (docs/performance.md, README "Performance and deployment"). The primary migrates and seeds once,
// then forks WEB_CONCURRENCY workers (default: one per CPU) that share the listening socket; each
// worker is a normal app (src/server/main.ts). Their caches stay correct through PostgreSQL
// LISTEN/NOTIFY (src/server/cache.ts). Uploads live under DATA_DIR, which every worker shares;
// several hosts share an S3-compatible bucket instead (S3_BUCKET; README "Many schools").
import cluster from 'node:cluster';
import os from 'node:os';
import { loadConfig } from './config';

if (cluster.isPrimary) {
  const config = loadConfig();
  const wanted = Math.max(1, Number(process.env.WEB_CONCURRENCY || os.availableParallelism?.() || os.cpus().length));
  if (!config.databaseUrl) {
    // The embedded database lives in one process: a cluster would corrupt it.
    console.warn('start:cluster necesita DATABASE_URL (PostgreSQL); con la base embebida se usa un solo proceso.');
    await import('./main');
  } else {
    const { openDatabase } = await import('./db');
    const { seedDemo } = await import('./demo/seed');
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.migrate();
    if (config.seedDemo) await seedDemo(database, config);
    await database.close();
    let stopping = false;
    const fork = () => cluster.fork();
    for (let i = 0; i < wanted; i++) fork();
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      console.error(`proceso ${worker.process.pid} terminó (${signal ?? code}); se reinicia`);
      setTimeout(fork, 1000);
    });
    for (const sig of ['SIGINT', 'SIGTERM'] as const) {
      process.once(sig, () => {
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(sig);
        const t = setTimeout(() => process.exit(1), 15_000);
        t.unref();
        cluster.on('exit', () => {
          if (!Object.values(cluster.workers ?? {}).some((w) => w && !w.isDead())) process.exit(0);
        });
      });
    }
    console.log(`Manitas: ${wanted} procesos en el puerto ${config.port} (PostgreSQL)`);
  }
} else {
  await import('./main');
}
