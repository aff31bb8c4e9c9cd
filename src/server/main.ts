import { loadConfig } from './config';
import { buildApp } from './app';

const config = loadConfig();
const app = await buildApp(config);
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
