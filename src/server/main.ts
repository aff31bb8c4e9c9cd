import cluster from 'node:cluster';
import { loadConfig } from './config';
import { buildApp } from './app';
import { compactMediaJob } from './maintenance/compact-media';

const config = loadConfig();
const app = await buildApp(config);
// Sizes and compact WebP renditions of older or demo media, in the background after listening
// (src/server/maintenance/compact-media.ts); in a cluster, the first worker only.
const media = compactMediaJob(app.ctx, app.log);
app.addHook('onClose', () => media.stop());
try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Manitas escuchando en ${config.publicUrl} (base de datos: ${app.ctx.database.kind})`);
  if (!cluster.isWorker || cluster.worker?.id === 1) void media.start();
} catch (err) {
  app.log.error(err);
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: cerrando`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
