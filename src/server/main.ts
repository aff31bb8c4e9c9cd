import { loadConfig } from './config';
import { buildApp } from './app';
import { enqueueReview } from './maintenance/compact-media';

const config = loadConfig();
const app = await buildApp(config, config.jobRetryDelaySeconds ? { jobs: { retryDelaySeconds: config.jobRetryDelaySeconds } } : {});
try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Manitas escuchando en ${config.publicUrl} (base de datos: ${app.ctx.database.kind}, trabajos: ${app.ctx.jobs.kind})`);
  // Sizes and compact WebP copies of older or demo media, on the job queue after listening
  // (src/server/maintenance/compact-media.ts). Every process and host asks; one singleton job runs.
  await enqueueReview(app.ctx.jobs).catch((err: unknown) => app.log.error({ err }, 'multimedia: no se pudo encolar la revisión de archivos'));
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
