import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, type TestApp } from './helpers';
import { buildApp } from '../../src/server/app';
import { limiteVentana } from '../../src/server/db/schema';
import { KeyedLimiter, pruneWindows } from '../../src/server/ratelimit';
import { RECOVERY_MAILS_PER_HOUR } from '../../src/server/resources/recuperar/routes';
import type { MailMessage } from '../../src/server/mail';

/**
 * Request ceilings live in the database (src/server/ratelimit.ts): check and count are one
 * statement, so requests sent together cannot slip past, and every app process counts together.
 */
const CEILING = 10;
const ADDRESS = '198.51.100.20';

const codeLookup = (app: FastifyInstance, ip = ADDRESS) => app.inject({ method: 'GET', url: '/api/clase/codigo/ZZZZZZ', remoteAddress: ip });

describe('shared request ceilings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ authRateLimit: CEILING });
  });
  afterAll(async () => t?.close());

  it('40 requests at once from one address: exactly the ceiling gets through, the rest get the Spanish 429', async () => {
    const replies = await Promise.all(Array.from({ length: 40 }, () => codeLookup(t.app)));
    const limited = replies.filter((r) => r.statusCode === 429);
    expect(replies.length - limited.length, replies.map((r) => r.statusCode).join(' ')).toBe(CEILING);
    expect(limited).toHaveLength(40 - CEILING);
    expect(limited[0]!.json()).toEqual({ msg: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.', code: 'RATE_LIMITED' });
    // The counter is a database row (what other processes read), not process memory.
    const rows = await t.database.db
      .select()
      .from(limiteVentana)
      .where(sql`${limiteVentana.clave} like ${`ip:GET /api/clase/codigo/:codigo:${ADDRESS}`}`);
    expect(rows.map((r) => r.cuenta)).toEqual([40]);
    // Another address has its own ceiling.
    expect((await codeLookup(t.app, '198.51.100.21')).statusCode).not.toBe(429);
  });

  it('40 recovery requests at once for one address send exactly the hourly number of mails', async () => {
    t.mails.length = 0;
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/recuperar', payload: { email: 'nina@manitas.test' }, remoteAddress: `198.51.100.${100 + i}` }),
      ),
    );
    // Same answer for all (no enumeration), but only three mails.
    expect(new Set(replies.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(t.mails.filter((m) => m.to === 'nina@manitas.test')).toHaveLength(RECOVERY_MAILS_PER_HOUR);
    // The address itself is never stored, only its digest.
    const keys = (await t.database.db.select({ clave: limiteVentana.clave }).from(limiteVentana)).map((r) => r.clave);
    expect(keys.some((k) => k.startsWith('recuperar:'))).toBe(true);
    expect(keys.join(' ')).not.toContain('nina@');
  });

  it('the keyed limiter takes places atomically and a new window starts once the old one ends', async () => {
    const limiter = new KeyedLimiter(t.database.db, 'prueba', 3, 3000);
    const taken = await Promise.all(Array.from({ length: 40 }, () => limiter.take('x')));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await limiter.take('y')).toBe(true);
    await new Promise((r) => setTimeout(r, 3100));
    expect(await limiter.take('x')).toBe(true);
  });

  it('counters whose window ended long ago are pruned (the table stays bounded)', async () => {
    await t.database.db.insert(limiteVentana).values({ clave: 'viejo', cuenta: 5, vence: new Date(Date.now() - 3600_000) });
    await t.database.db.insert(limiteVentana).values({ clave: 'vigente', cuenta: 5, vence: new Date(Date.now() + 3600_000) });
    expect(await pruneWindows(t.database.db, true)).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(limiteVentana).where(eq(limiteVentana.clave, 'viejo'))).toEqual([]);
    expect(await t.database.db.select().from(limiteVentana).where(eq(limiteVentana.clave, 'vigente'))).toHaveLength(1);
  });
});

// Runs in the PostgreSQL pass only (skipped on PGlite: an embedded database belongs to one process,
// so there is no second instance to count with).
describe.runIf(process.env.DATABASE_URL)('two app instances over one PostgreSQL database', () => {
  let t: TestApp;
  let other: FastifyInstance;
  const otherMails: MailMessage[] = [];
  beforeAll(async () => {
    t = await makeTestApp({ authRateLimit: CEILING });
    // A second app with its own pool and process state, as another host would have.
    other = await buildApp(
      { ...t.config, seedDemo: false },
      {
        logger: false,
        mailer: {
          async send(m) {
            otherMails.push(m);
          },
        },
      },
    );
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('count together: 20 + 20 requests at once through two instances let exactly the ceiling through', async () => {
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => codeLookup(i % 2 ? t.app : other, '198.51.100.77')));
    expect(replies.filter((r) => r.statusCode !== 429).length, replies.map((r) => r.statusCode).join(' ')).toBe(CEILING);
    // Each instance alone would have let 10 through; together both are spent.
    expect((await codeLookup(t.app, '198.51.100.77')).statusCode).toBe(429);
    expect((await codeLookup(other, '198.51.100.77')).statusCode).toBe(429);
  });

  it('the per-e-mail recovery limit is shared too', async () => {
    t.mails.length = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? t.app : other).inject({
          method: 'POST',
          url: '/api/recuperar',
          payload: { email: 'nino@manitas.test' },
          remoteAddress: `198.51.100.${i + 1}`,
        }),
      ),
    );
    expect([...t.mails, ...otherMails].filter((m) => m.to === 'nino@manitas.test')).toHaveLength(RECOVERY_MAILS_PER_HOUR);
  });
});
