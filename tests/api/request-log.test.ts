import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { signToken } from '../../src/server/auth/jwt';
import { usuario } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';

/**
 * The request log keeps errors, refusals (4xx), slow requests and writes, each with its
 * request id; successful fast reads are written only at debug (src/server/request-log.ts).
 * The app's pino output is captured through its logStream.
 */
interface Line {
  level: number;
  msg: string;
  reqId?: string;
  kind?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

async function logged(overrides: Partial<AppConfig>) {
  const lines: Line[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      partial += chunk.toString();
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      for (const p of parts) if (p) lines.push(JSON.parse(p) as Line);
      cb();
    },
  });
  const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL } as NodeJS.ProcessEnv, {
    dataDir: null,
    seedDemo: !process.env.DATABASE_URL,
    staticDir: null,
    logLevel: 'info',
    ...overrides,
  });
  const app = await buildApp(config, { logStream: stream });
  const [nino] = await app.ctx.database.db.select().from(usuario).where(eq(usuario.email, 'nino@manitas.test'));
  const token = nino ? await signToken({ sub: nino.id, tv: nino.tokenVersion }, config.jwtSecret, 600) : null;
  return { app, lines, token };
}

const completed = (lines: Line[], url: string) => lines.filter((l) => l.msg === 'request completed' && l.req?.url === url);

describe('request log (default: info)', () => {
  let app: FastifyInstance;
  let lines: Line[];
  let token: string | null;
  beforeAll(async () => {
    ({ app, lines, token } = await logged({}));
    // A route that fails, to see an error logged with the request id the error handler used.
    app.get('/api/prueba-del-log/falla', async () => {
      throw new Error('fallo de prueba');
    });
  });
  afterAll(async () => app?.close());

  it('a successful fast read writes no line', async () => {
    if (!token) return; // PostgreSQL without the demo seed: covered on PGlite
    const r = await app.inject({ method: 'GET', url: '/api/nivel/getNivels', headers: { authorization: `Bearer ${token}` } });
    expect(r.statusCode).toBe(200);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(completed(lines, '/api/nivel/getNivels')).toEqual([]);
    expect(completed(lines, '/api/health')).toEqual([]);
  });

  it('refusals (401, 404, 403 XSRF) are logged with their request id and status', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nivel/getNivels' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/no-existe?token=secreto' })).statusCode).toBe(404);
    const xsrf = await app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: 'XSRF-TOKEN=abc' }, payload: {} });
    expect(xsrf.statusCode).toBe(403);
    for (const [url, status] of [
      ['/api/nivel/getNivels', 401],
      ['/api/no-existe', 404],
      ['/api/user/logout', 403],
    ] as const) {
      const [line, ...more] = completed(lines, url);
      expect(more).toEqual([]);
      expect(line).toMatchObject({ kind: 'refused', level: 30, res: { statusCode: status } });
      expect(line!.reqId).toMatch(/^req-/);
    }
    // The query string (recovery links carry tokens) is never logged.
    expect(JSON.stringify(lines)).not.toContain('secreto');
  });

  it('writes are logged, also when they succeed', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/user/logIn', payload: { email: 'nino@manitas.test', password: 'Manitas2024' } });
    if (!process.env.DATABASE_URL) expect(r.statusCode).toBe(200);
    const [line] = completed(lines, '/api/user/logIn');
    expect(line).toMatchObject({ req: { method: 'POST' }, res: { statusCode: r.statusCode } });
    expect(line!.kind).toBe(r.statusCode < 400 ? 'write' : 'refused');
    expect(line!.reqId).toMatch(/^req-/);
  });

  it('errors are logged at error level, with the same request id as the error itself', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/prueba-del-log/falla' })).statusCode).toBe(500);
    const [line] = completed(lines, '/api/prueba-del-log/falla');
    expect(line).toMatchObject({ kind: 'error', level: 50, res: { statusCode: 500 } });
    const error = lines.find((l) => l.msg === 'error interno' && l.reqId === line!.reqId);
    expect(error).toBeDefined();
  });
});

describe('request log thresholds and levels', () => {
  it('a successful read slower than LOG_SLOW_MS is logged as slow (threshold 0: every request is slow)', async () => {
    const { app, lines } = await logged({ slowRequestMs: 0 });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const [line] = completed(lines, '/api/health');
      expect(line).toMatchObject({ kind: 'slow', level: 40, res: { statusCode: 200 } });
      expect(line!.reqId).toMatch(/^req-/);
    } finally {
      await app.close();
    }
  });

  it('LOG_LEVEL=debug writes the successful fast reads too', async () => {
    const { app, lines } = await logged({ logLevel: 'debug' });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const [line] = completed(lines, '/api/health');
      expect(line).toMatchObject({ level: 20, res: { statusCode: 200 } });
      expect(line!.kind).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('LOG_SLOW_MS sets the threshold (default 500 ms)', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv, { dataDir: null }).slowRequestMs).toBe(500);
    expect(loadConfig({ LOG_SLOW_MS: '120' } as NodeJS.ProcessEnv, { dataDir: null }).slowRequestMs).toBe(120);
  });
});
