// The bare-Fastify ceiling of scripts/bench/hot-path.ts (docs/performance.md): its own process, Fastify with its
// defaults (no logger, no hooks, no plugins), answering each captured URL with the very bytes, status
// and Content-Type the app answered it with, from memory. What the app does beyond this is its
// per-request cost.
//   tsx scripts/bench/bare-fastify.ts <port> <captured.json>
// captured.json: [{ url, status, contentType, body (base64) }], written by hot-path.ts from the running app.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { HOST } from './lib';

export interface Captured {
  url: string;
  status: number;
  contentType: string;
  /** The response body, base64 (the exact bytes). */
  body: string;
}

const [portArg, file] = process.argv.slice(2);
if (!portArg || !file) throw new Error('uso: tsx scripts/bench/bare-fastify.ts <puerto> <capturas.json>');
const captured = JSON.parse(readFileSync(file, 'utf8')) as Captured[];

const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
for (const c of captured) {
  const body = Buffer.from(c.body, 'base64');
  // The URL as the app saw it (no query string on the hot reads); a Buffer is sent as it is.
  app.get(c.url, (_req, reply) => {
    reply.code(c.status).type(c.contentType).send(body);
  });
}
await app.listen({ port: Number(portArg), host: HOST });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void app.close().then(() => process.exit(0)));
