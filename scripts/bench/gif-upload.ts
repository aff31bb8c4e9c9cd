// `npx tsx scripts/bench/gif-upload.ts`: how long an admin's GIF upload takes to answer
// (POST /api/multimedia/register), over the 48 demo GIFs (public/demo/palabras/*/{sign,menu}.gif),
// one after another on the embedded database, and — when the app has a job queue — how long until
// every compact copy is made afterwards (docs/decisions.md "Compact media", "Background jobs").
// Prints the reply time's median and maximum. Bounded: 48 uploads, at most 120 s of waiting.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { signToken } from '../../src/server/auth/jwt';

const root = path.resolve(import.meta.dirname, '../..');
const demo = path.join(root, 'public/demo/palabras');
const gifs = readdirSync(demo)
  .flatMap((w) => ['sign.gif', 'menu.gif'].map((f) => path.join(demo, w, f)))
  .filter((f) => {
    try {
      return readFileSync(f).length > 0;
    } catch {
      return false;
    }
  })
  .slice(0, 48);

function form(fields: Record<string, string | number>, file: { name: string; data: Buffer }) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/gif\r\n\r\n`),
    file.data,
    Buffer.from('\r\n'),
  );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manitas-bench-upload-'));
const config = loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv, { seedDemo: true, staticDir: null, logLevel: 'silent' });
const app = await buildApp(config, { logger: false });
try {
  const db = app.ctx.database;
  const admin = (await db.raw("SELECT id, token_version AS tv FROM usuario WHERE email = 'admin@manitas.test'")).rows[0] as { id: number; tv: number };
  const token = await signToken({ sub: admin.id, tv: admin.tv }, config.jwtSecret, 3600);
  const word = Number((await db.raw('SELECT id_palabra AS id FROM palabra ORDER BY id_palabra LIMIT 1')).rows[0]!.id);
  const times: number[] = [];
  const started = Date.now();
  for (const [i, file] of gifs.entries()) {
    const { payload, headers } = form({ tipo: 'gif', descripcion: 'gifSena', id_palabra: word }, { name: `bench-${i}.gif`, data: readFileSync(file) });
    const t0 = performance.now();
    const r = await app.inject({ method: 'POST', url: '/api/multimedia/register', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    times.push(performance.now() - t0);
    if (r.statusCode !== 201) throw new Error(`upload ${i}: ${r.statusCode} ${r.body}`);
  }
  const answered = Date.now() - started;
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)]!;
  console.log(`${gifs.length} GIF uploads: reply p50 ${p50.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms, all answered in ${answered} ms`);
  // The app before the job queue had no ctx.jobs: its copies were made inside the replies above.
  const jobs = (app.ctx as { jobs?: { idle(ms: number): Promise<void> } }).jobs;
  if (jobs) {
    await jobs.idle(120_000);
    console.log(`compact copies all made ${Date.now() - started} ms after the first upload (background)`);
  }
  const made = (
    await db.raw(
      "SELECT count(*)::int AS n FROM multimedia WHERE url LIKE '%.gif' AND url_compacta IS NOT NULL AND descripcion = 'gifSena' AND id_palabra = $1",
      [word],
    )
  ).rows[0]!.n;
  console.log(`rows of the uploads with a compact copy: ${made}`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
