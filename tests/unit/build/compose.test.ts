// deploy/compose.yaml is read by operators, not by CI (no Docker here): this checks that it still
// names what the server reads, so a renamed variable cannot leave the file silently wrong.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string> | string[];
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: unknown };
  ports?: string[];
  volumes?: string[];
}
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };

/** Environment variables the server reads: `env.NAME` in config.ts and `process.env.NAME` under src/server. */
const serverReads = new Set([
  ...[...read('src/server/config.ts').matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!),
  ...[...read('src/server/db/index.ts').matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!),
]);

describe('deploy/compose.yaml', () => {
  it('has PostgreSQL, MinIO, the app (with replicas) and Caddy, each with a healthcheck', () => {
    const s = compose.services;
    for (const name of ['postgres', 'minio', 'app', 'caddy']) {
      expect(s[name], name).toBeDefined();
      expect(s[name]!.healthcheck?.test, name).toBeTruthy();
    }
    expect(s.app!.deploy?.replicas).toBeDefined();
    expect(s.app!.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(s.caddy!.ports).toEqual(expect.arrayContaining(['443:443']));
  });

  it("the app's variables are all ones the server reads, and include the database and every S3 setting", () => {
    const env = compose.services.app!.environment as Record<string, string>;
    const names = Object.keys(env);
    expect(names.filter((n) => !serverReads.has(n))).toEqual([]);
    for (const n of [
      'DATABASE_URL',
      'JWT_SECRET',
      'PUBLIC_URL',
      'TRUST_PROXY',
      'PG_POOL_MAX',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ]) {
      expect(names, n).toContain(n);
    }
    expect(env.S3_ENDPOINT).toMatch(/^http:\/\/minio:9000$/);
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
  });

  it('Caddy proxies to the app service on the port the app listens on', () => {
    const env = compose.services.app!.environment as Record<string, string>;
    expect(read('deploy/Caddyfile')).toContain(`reverse_proxy app:${env.PORT}`);
  });
});
