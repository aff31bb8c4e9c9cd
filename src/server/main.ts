import { loadConfig } from './config';
import { buildApp } from './app';

const config = loadConfig();
const app = await buildApp(config);
// PGlite has no autovacuum: the planner's statistics are refreshed at start and every 6 hours, so
// the paged lists keep their index plans as a school's attempts grow (PostgreSQL does it itself).
if (app.ctx.database.kind === 'pglite') {
  const analyze = () => app.ctx.database.raw('ANALYZE').then(() => undefined, (err: unknown) => app.log.warn({ err }, 'ANALYZE falló'));
  await analyze();
  setInterval(analyze, 6 * 3600_000).unref();
}
try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Manitas escuchando en ${config.publicUrl} (base de datos: ${app.ctx.database.kind})`);
} catch (err) {
  app.log.error(err);
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: cerrando`);
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
