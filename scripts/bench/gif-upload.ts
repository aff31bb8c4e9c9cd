// `npx tsx scripts/bench/gif-upload.ts`: how long an admin's GIF upload takes to answer
// (POST /api/multimedia/register), over the 48 demo GIFs (public/demo/palabras/*/{sign,menu}.gif),
// one after another on the embedded database, and — when the app has a job queue — how long until
// every compact copy is made afterwards (docs/decisions.md "Compact media", "Background jobs").
// Prints the reply time's median and maximum. Bounded: 48 uploads (11 with --samples camera), at most 300 s of waiting.
//   npx tsx scripts/bench/gif-upload.ts --samples camera   # instead: the 10 camera-like sign GIFs of
//     scripts/bench/gif-samples.ts (0.14–4.8 MB, 2–3 s) and one 10 s, 150-frame 480 × 360 sign, each
//     reply printed (these are the GIFs whose in-request encoding took 0.2–6.6 s before the queue)
//   bash scripts/with-postgres.sh bash scripts/with-s3.sh npx tsx scripts/bench/gif-upload.ts --samples camera
//     # the same on PostgreSQL (pg-boss) with the files in an s3rver bucket: DATABASE_URL and S3_* are passed on
// The script runs unchanged on the app before the job queue (no ctx.jobs: the copy was made inside the reply).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { signToken } from '../../src/server/auth/jwt';
import { BENCH_SAMPLES, makeSampleGif, type SampleSpec } from './gif-samples';

const root = path.resolve(import.meta.dirname, '../..');
const demo = path.join(root, 'public/demo/palabras');
const samplesArg = process.argv.includes('--samples') ? process.argv[process.argv.indexOf('--samples') + 1] : 'demo';
if (samplesArg !== 'demo' && samplesArg !== 'camera') throw new Error('--samples demo|camera');
/** A long sign: the GIF whose encoding took 6.6 s inside the upload (docs/performance.md, "Compact media"). */
const LONG_SIGN: SampleSpec = { kind: 'camera', width: 480, height: 360, fps: 15, seconds: 10, seed: 13, maker: 'plain', noise: 3 };

interface Sample {
  name: string;
  data: Buffer;
}
async function samples(): Promise<Sample[]> {
  if (samplesArg === 'camera') {
    const specs = [...BENCH_SAMPLES.filter((sp) => sp.kind === 'camera'), LONG_SIGN];
    const out: Sample[] = [];
    for (const sp of specs) {
      const g = await makeSampleGif(sp);
      out.push({ name: `camera/${sp.maker ?? 'optimized'} ${sp.width}×${sp.height} ${sp.fps} fps ${sp.seconds} s (${g.frames} frames)`, data: g.gif });
    }
    return out;
  }
  return readdirSync(demo)
    .flatMap((w) => ['sign.gif', 'menu.gif'].map((f) => path.join(demo, w, f)))
    .filter((f) => {
      try {
        return readFileSync(f).length > 0;
      } catch {
        return false;
      }
    })
    .slice(0, 48)
    .map((f) => ({ name: path.relative(demo, f), data: readFileSync(f) }));
}
const gifs = await samples();

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
// PostgreSQL and the bucket when the wrappers set them (scripts/with-postgres.sh, scripts/with-s3.sh).
const passed = Object.fromEntries(Object.entries(process.env).filter(([k]) => k === 'DATABASE_URL' || k.startsWith('S3_')));
const config = loadConfig({ ...passed, DATA_DIR: dataDir } as NodeJS.ProcessEnv, { seedDemo: true, staticDir: null, logLevel: 'silent' });
const app = await buildApp(config, { logger: false });
try {
  const db = app.ctx.database;
  const admin = (await db.raw("SELECT id, token_version AS tv FROM usuario WHERE email = 'admin@manitas.test'")).rows[0] as { id: number; tv: number };
  const token = await signToken({ sub: admin.id, tv: admin.tv }, config.jwtSecret, 3600);
  const word = Number((await db.raw('SELECT id_palabra AS id FROM palabra ORDER BY id_palabra LIMIT 1')).rows[0]!.id);
  const times: number[] = [];
  const started = Date.now();
  for (const [i, file] of gifs.entries()) {
    const { payload, headers } = form({ tipo: 'gif', descripcion: 'gifSena', id_palabra: word }, { name: `bench-${i}.gif`, data: file.data });
    const t0 = performance.now();
    const r = await app.inject({ method: 'POST', url: '/api/multimedia/register', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    times.push(ms);
    if (r.statusCode !== 201) throw new Error(`upload ${i}: ${r.statusCode} ${r.body}`);
    if (samplesArg === 'camera') console.log(`${file.name}, ${(file.data.length / 1024).toFixed(0)} KB: reply ${ms.toFixed(0)} ms`);
  }
  const answered = Date.now() - started;
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `storage ${config.s3 ? 'S3 bucket' : 'disk'}, database ${db.kind}, jobs ${(app.ctx as { jobs?: { kind: string } }).jobs?.kind ?? 'none (before the queue)'}; load ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
  console.log(`${gifs.length} GIF uploads: reply p50 ${p50.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms, all answered in ${answered} ms`);
  // The app before the job queue had no ctx.jobs: its copies were made inside the replies above.
  const jobs = (app.ctx as { jobs?: { idle(ms: number): Promise<void> } }).jobs;
  if (jobs) {
    await jobs.idle(300_000);
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
