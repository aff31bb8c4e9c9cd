// @pglite-suffices: compares the headers with helmet's; no SQL of its own (docs/testing.md, "The PostgreSQL pass").
// The security headers are computed once with helmet and replayed on every response
// (src/server/headers.ts: @fastify/helmet rebuilt them on every request, measured in
// docs/performance.md). They must stay byte-identical to what the plugin sets for the same options,
// on every kind of response: an API answer, a refusal, the SPA, a routing failure.
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { securityHeaderOptions } from '../../src/server/headers';

let t: TestApp;
let plugin: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  const bare = Fastify();
  await bare.register(fastifyHelmet, securityHeaderOptions(t.config) as never);
  bare.get('/x', async () => ({ ok: true }));
  const r = await bare.inject({ method: 'GET', url: '/x' });
  names = Object.keys(r.headers).filter((k) => !FASTIFY_OWN.has(k));
  plugin = pick(r.headers);
  await bare.close();
});
afterAll(async () => t?.close());

/** Fastify's own headers on the plugin's reply; every other one is the plugin's. */
const FASTIFY_OWN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
let names: string[] = [];
const pick = (h: Record<string, unknown>) => Object.fromEntries(names.filter((k) => h[k] !== undefined).map((k) => [k, String(h[k])]));

describe('security headers (recorded once, replayed)', () => {
  it('the plugin sets the policy this app asks for', () => {
    expect(names.length).toBeGreaterThanOrEqual(10);
    expect(plugin['content-security-policy']).toMatch(/default-src 'self'/);
    expect(plugin['x-content-type-options']).toBe('nosniff');
    expect(plugin['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    ['an API answer', 'GET', '/api/health'],
    ['an API refusal', 'GET', '/api/usuario'],
    ['an unknown API path', 'POST', '/api/no-existe'],
    ['the SPA', 'GET', '/home'],
    ['a routing failure (broken %-escape)', 'GET', '/api/nivel/%zz'],
  ])("%s carries exactly the plugin's headers", async (_what, method, url) => {
    const r = await t.call(method, url);
    expect(pick(r.headers)).toEqual(plugin);
  });
});
