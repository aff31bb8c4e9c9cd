import pino from 'pino';
import Fastify, { type FastifyInstance, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db';
import { seedDemo } from './demo/seed';
import authPlugin from './auth/plugin';
import { deviceCookieKey } from './auth/throttle';
import { createMailer, type Mailer } from './mail';
import { UPLOAD_FOLDERS, type Storage } from './storage';
import { storageFor } from './storage/s3';
import { registerBucketUploads, uploadHeaders } from './storage/serve';
import { AppError, REFERENCE_GONE_MSG, type ErrorBody } from './errors';
import { isPgError } from './resources/crud';
import { registerXsrf } from './security';
import { registerSecurityHeaders, securityHeaderOptions, type HeaderApplier } from './headers';
import { registerTextGuard } from './input-text';
import type { AppContext } from './context';
import { registerResources } from './resources';
import { createCache, registerCacheHooks } from './cache';
import { RequestLogController } from './request-log';
import { safeError } from './log-safe';
import { databaseRateStore } from './ratelimit';
import { createJobQueue } from './jobs';
import type { JobTuning } from './jobs/queue';
import { defineMediaJobs } from './maintenance/compact-media';
import { MAX_RESPUESTAS } from '../shared/resources/pregunta';

/** A question's picture and one per answer (pregunta/register and update send them in one form). */
const MAX_FILES_PER_FORM = 1 + MAX_RESPUESTAS;

/** One route as the router registered it (method and URL pattern, e.g. `GET /api/nivel/getNivel/:id`). */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in order; the API tests derive their endpoint lists from it. */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share one). */
  database?: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** Use this file storage instead of the one the config names (tests make a bucket fail). */
  storage?: Storage;
  /** Where logs go (tests capture them to prove no personal data is logged). */
  logStream?: NodeJS.WritableStream;
  /** Retry, expiry and polling times of the job queues (tests shorten them). */
  jobs?: Partial<JobTuning>;
}

function errorBody(err: FastifyError | AppError | Error): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    return { status: err.statusCode, body: { msg: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) } };
  }
  const fe = err as FastifyError & { statusCode?: number };
  if (hasZodFastifySchemaValidationErrors(fe)) {
    const fields: Record<string, string> = {};
    for (const v of fe.validation) {
      const key = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || '_';
      if (!(key in fields)) fields[key] = v.message ?? 'Valor inválido.';
    }
    return { status: 400, body: { msg: Object.values(fields)[0] ?? 'Datos inválidos.', code: 'VALIDATION', fields } };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { msg: 'El cuerpo de la solicitud no es un JSON válido.', code: 'INVALID_JSON' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { msg: 'El cuerpo de la solicitud está vacío.', code: 'INVALID_JSON' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, body: { msg: 'El contenido enviado es demasiado grande.', code: 'PAYLOAD_TOO_LARGE' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { msg: 'Tipo de contenido no admitido.', code: 'UNSUPPORTED_MEDIA_TYPE' } };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, body: { msg: 'Se esperaba un formulario con archivos (multipart).', code: 'UNSUPPORTED_MEDIA_TYPE' } };
    case 'FST_ERR_VALIDATION':
      return { status: 400, body: { msg: 'Datos inválidos.', code: 'VALIDATION' } };
    // Routing failures (frameworkErrors below): a path with a broken %-escape or a very long segment.
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { msg: 'La dirección solicitada no es válida.', code: 'BAD_URL' } };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, body: { msg: 'La dirección solicitada es demasiado larga.', code: 'URI_TOO_LONG' } };
  }
  // A write naming a row that was deleted after the route checked it (an admin removes a level
  // while another adds a word to it): the database refuses the write, so nothing was saved. Routes
  // that expect such a race answer with their own words (clases' tasks, the deletes in
  // resources/define.ts); any other is a conflict the user can resolve by reloading, not a 500.
  if (isPgError(err, '23503')) return { status: 409, body: { msg: REFERENCE_GONE_MSG, code: 'REFERENCE_GONE' } };
  if (fe.statusCode === 429) {
    return { status: 429, body: { msg: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.', code: 'RATE_LIMITED' } };
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, body: { msg: 'La solicitud no es válida.', code: fe.code || 'BAD_REQUEST' } };
  }
  return { status: 500, body: { msg: 'Ocurrió un error interno. Inténtalo de nuevo más tarde.', code: 'INTERNAL' } };
}

export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const sendError = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = errorBody(err);
    if (status >= 500) req.log.error({ err }, 'error interno');
    else req.log.info({ code: body.code, status }, 'solicitud rechazada');
    reply.status(status).type('application/json; charset=utf-8').send(body);
  };
  // Set once the security headers are computed (below); routing failures run no hooks.
  let applyHeaders: HeaderApplier = () => undefined;
  // The log goes to stdout through pino's asynchronous destination: lines are buffered and written
  // by the event loop, not one blocking write per line; pino flushes it on exit (and we on close).
  // Tests pass their own stream. Which requests are logged: src/server/request-log.ts.
  const logDestination = opts.logger === false || opts.logStream ? null : pino.destination({ dest: 1, sync: false });
  const app = Fastify({
    // Fastify's two lines per request become one, for the kept classes only (src/server/request-log.ts).
    logController: new RequestLogController(config.slowRequestMs),
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            stream: opts.logStream ?? logDestination!,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
            serializers: {
              // Never the query string (recovery links carry a token) nor headers or bodies.
              req: (req) => ({ method: req.method, url: String(req.url).split('?')[0], remoteAddress: req.ip }),
              // Errors without SQL parameters, quoted values or e-mails (src/server/log-safe.ts).
              err: (err: unknown) => safeError(err),
            },
          },
    bodyLimit: config.maxJsonBytes,
    trustProxy: config.trustProxy,
    // A URL the router cannot read (bad %-escape, 100+ character segment) gets the usual {msg, code}.
    frameworkErrors: (err, req, reply) => {
      applyHeaders(reply.raw, req.url);
      sendError(err, req, reply);
    },
  });
  if (logDestination)
    app.addHook('onClose', async () => {
      try {
        logDestination.flushSync();
      } catch {
        // A busy or closed stdout: pino's own flush on exit tries again; closing must not fail for it.
      }
    });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: collect each one as it registers (HEAD twins and static routes included).
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) registeredRoutes.push(Object.freeze({ method, url: r.url }));
  });
  app.decorate('registeredRoutes', { getter: (): readonly RegisteredRoute[] => Object.freeze([...registeredRoutes]) });

  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  let ready = false;
  await database.migrate();
  if (config.seedDemo) await seedDemo(database, config);
  ready = true;

  const storage = opts.storage ?? storageFor(config);
  if (storage.kind === 'disk') {
    mkdirSync(config.uploadsDir, { recursive: true });
    for (const f of UPLOAD_FOLDERS) mkdirSync(path.join(config.uploadsDir, f), { recursive: true });
  }
  const ctx: AppContext = {
    config,
    database,
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, log: app.log }),
    storage,
    cache: createCache(),
    jobs: createJobQueue(database, config, app.log, opts.jobs),
  };
  app.decorate('ctx', ctx);
  if (database.kind === 'postgres' && config.databaseUrl) await ctx.cache.listen(config.databaseUrl, app.log);
  app.addHook('onClose', async () => ctx.cache.close());
  // Every process works the queues: an upload's compact WebP, the startup backfill (main.ts enqueues it).
  defineMediaJobs(ctx, app.log);
  await ctx.jobs.start();
  // One hook, in this order: the running job ends before its database closes.
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    if (!opts.database) await database.close();
  });
  // Before any route: every write route must declare the cache scopes it empties.
  registerCacheHooks(app, ctx.cache);

  applyHeaders = registerSecurityHeaders(app, securityHeaderOptions(config));
  // Signed cookies: the login device cookie (src/server/auth/throttle.ts).
  await app.register(cookie, { secret: deviceCookieKey(config.jwtSecret) });
  registerXsrf(app, config.publicUrl.startsWith('https:'));
  // Per-address ceilings counted in the database, so every process and host counts together (src/server/ratelimit.ts).
  await app.register(rateLimit, { global: false, store: databaseRateStore(database.db) });
  await app.register(multipart, {
    // The most files one form sends: a question with its picture and a picture on each answer.
    limits: { fileSize: config.maxUploadBytes, files: MAX_FILES_PER_FORM, fields: 30, fieldSize: 64 * 1024, parts: 40 },
  });
  await app.register(authPlugin, { db: database.db, secret: config.jwtSecret });
  // NUL, control characters and lone surrogates in params, query or body: 400 before any handler.
  registerTextGuard(app);

  app.setErrorHandler(sendError);

  app.get('/api/health', async (_req, reply) => {
    if (!ready) return reply.status(503).send({ status: 'starting' });
    return { status: 'ok' };
  });

  // Every entity folder's CRUD and extra routes (src/server/resources/<entity>/, found by listing the folder).
  await registerResources(app, ctx);

  // Uploaded files: never executed, always with their sniffed type and nosniff. In a bucket
  // (S3_BUCKET) they are served through this server too (src/server/storage/serve.ts).
  if (storage.kind === 's3') registerBucketUploads(app, storage);
  else
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      list: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: uploadHeaders,
    });

  const staticDir = config.staticDir && existsSync(path.join(config.staticDir, 'index.html')) ? config.staticDir : null;
  if (staticDir) {
    // The root is a client route too (it redirects to /logIn); a directory answer would be 403.
    app.get('/', (_req, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', staticDir));
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: false,
      wildcard: true,
      // The build writes .br/.gz next to each asset (scripts/build/perf-plugins.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/uploads/')) {
      return reply.status(404).send({ msg: 'No se encontró la ruta solicitada.', code: 'NOT_FOUND' } satisfies ErrorBody);
    }
    if (staticDir && (req.method === 'GET' || req.method === 'HEAD') && !path.extname(url)) {
      // Client routes (/logIn, /admin/nivel, /xyz...) all answer the SPA, which routes them.
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html', staticDir);
    }
    return reply.status(404).send({ msg: 'No se encontró el recurso solicitado.', code: 'NOT_FOUND' } satisfies ErrorBody);
  });

  return app;
}
