// `npm run bench:range`: the share of media requests answered with range support when uploads live
// in an S3 bucket (src/server/storage/serve.ts). Every media URL of the demo content — each word's
// pictures, audio, sign and menu GIFs and their compact WebP copies, as the learner's screens list
// them, and the level pictures — is asked twice: with `Range: bytes=0-1023` (counted when the answer
// is 206 with `Content-Range: bytes 0-{end}/{size}`, end = min(1023, size − 1), and exactly those
// bytes) and whole (counted when 200 with `Accept-Ranges: bytes` and `size` bytes, the first of
// which are the range's). Not a test: prints the shares and keeps JSON in .tmp/bench/.
//   npm run bench:range                                   # starts inside scripts/with-s3.sh (S3_TEST_PORT) one
//                                                         # production server on PGlite (--port P, default free)
//   npx tsx scripts/bench/media-range.ts --base http://127.0.0.1:3231   # a running process started with S3_BUCKET
// Bounded: at most 2,000 URLs, 8 at a time, 15 s per request, 180 s waiting for the start-up jobs.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, HOST, getJson, login, saveResult, sleep, startServer, table, type Server } from './lib';

const SELF = fileURLToPath(import.meta.url);
const MAX_URLS = 2000;
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 15_000;
const RANGE_END = 1023;
/** Demo accounts (src/server/demo/content.ts): a learner reads the screens' lists, the admin the job queue. */
const LEARNER = 'nino@manitas.test';
const ADMIN = 'admin@manitas.test';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Every `uploads/…` string in a reply (url, url_compacta, whatever the field is called). */
function uploadsIn(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') {
    const m = /^\/?(uploads\/[a-z]+\/[^/?#]+)$/.exec(value);
    if (m) out.add(m[1]!);
  } else if (Array.isArray(value)) for (const v of value) uploadsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) uploadsIn(v, out);
}

/** Waits until the admin's Trabajos lists nothing waiting or running three checks in a row (the compact copies made). */
async function waitForJobs(base: string): Promise<number> {
  const t0 = Date.now();
  const { token } = await login(base, ADMIN);
  let quiet = 0;
  while (quiet < 3) {
    if (Date.now() - t0 > 180_000) throw new Error('los trabajos de arranque no terminaron en 180 s');
    const pending = await getJson<{ data: unknown[] }>(base, 'trabajos?estado=pendiente', token);
    const running = await getJson<{ data: unknown[] }>(base, 'trabajos?estado=en_curso', token);
    quiet = pending.data.length + running.data.length === 0 ? quiet + 1 : 0;
    await sleep(500);
  }
  return (Date.now() - t0) / 1000;
}

async function mediaUrls(base: string): Promise<string[]> {
  const { token } = await login(base, LEARNER);
  const urls = new Set<string>();
  const levels = await getJson<{ data: { id_nivel: number; imagen: string | null }[] }>(base, 'nivel/getNivels', token);
  for (const l of levels.data) {
    if (l.imagen) urls.add(`uploads/niveles/${l.imagen}`);
    const words = await getJson<{ id_palabra: number }[] | { data: { id_palabra: number }[] }>(base, `palabra/nivel/${l.id_nivel}`, token);
    for (const w of Array.isArray(words) ? words : words.data) uploadsIn(await getJson<unknown>(base, `multimedia/palabra/${w.id_palabra}`, token), urls);
  }
  return [...urls].slice(0, MAX_URLS);
}

interface Check {
  url: string;
  ext: string;
  size: number | null;
  range: string | null;
  full: string | null;
}

async function check(base: string, url: string): Promise<Check> {
  const ext = url.slice(url.lastIndexOf('.') + 1);
  const out: Check = { url, ext, size: null, range: null, full: null };
  let head: Buffer | null = null;
  try {
    const r = await fetch(`${base}/${url}`, { headers: { range: `bytes=0-${RANGE_END}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = Buffer.from(await r.arrayBuffer());
    const m = /^bytes 0-(\d+)\/(\d+)$/.exec(r.headers.get('content-range') ?? '');
    if (r.status !== 206) out.range = `status ${r.status}`;
    else if (!m) out.range = `Content-Range «${r.headers.get('content-range')}»`;
    else {
      out.size = Number(m[2]);
      const end = Math.min(RANGE_END, out.size - 1);
      if (Number(m[1]) !== end) out.range = `end ${m[1]}, expected ${end}`;
      else if (body.length !== end + 1) out.range = `${body.length} bytes, expected ${end + 1}`;
      else head = body;
    }
  } catch (err) {
    out.range = `network ${(err as Error).message}`;
  }
  try {
    const r = await fetch(`${base}/${url}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = Buffer.from(await r.arrayBuffer());
    if (r.status !== 200) out.full = `status ${r.status}`;
    else if (r.headers.get('accept-ranges') !== 'bytes') out.full = `Accept-Ranges «${r.headers.get('accept-ranges')}»`;
    else if (out.size !== null && body.length !== out.size) out.full = `${body.length} bytes, Content-Range said ${out.size}`;
    else if (head && !body.subarray(0, head.length).equals(head)) out.full = 'the range bytes differ from the file';
  } catch (err) {
    out.full = `network ${(err as Error).message}`;
  }
  return out;
}

async function measure(base: string, jobsWaitSeconds: number | null): Promise<void> {
  const urls = await mediaUrls(base);
  const results: Check[] = [];
  for (let i = 0; i < urls.length; i += CONCURRENCY) results.push(...(await Promise.all(urls.slice(i, i + CONCURRENCY).map((u) => check(base, u)))));
  const byExt = new Map<string, Check[]>();
  for (const r of results) byExt.set(r.ext, [...(byExt.get(r.ext) ?? []), r]);
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
  const row = (name: string, rs: Check[]) => {
    const range = rs.filter((r) => !r.range).length;
    const full = rs.filter((r) => !r.full).length;
    return [name, rs.length, `${range} (${pct(range, rs.length)})`, `${full} (${pct(full, rs.length)})`];
  };
  const md = [
    `Media URLs of the demo content at ${base}${jobsWaitSeconds !== null ? ` (start-up jobs done after ${jobsWaitSeconds.toFixed(1)} s)` : ''}:`,
    '',
    table(
      ['files', 'URLs', '206 with a correct Content-Range', '200 with Accept-Ranges: bytes'],
      [...[...byExt].sort(([a], [b]) => a.localeCompare(b)).map(([ext, rs]) => row(ext, rs)), row('all', results)],
    ),
    ...results.filter((r) => r.range || r.full).map((r) => `- ${r.url}: ${[r.range, r.full].filter(Boolean).join('; ')}`),
  ].join('\n');
  console.log(`\n${md}`);
  saveResult('media-range', { base, jobsWaitSeconds, results }, md);
  if (!results.length || results.some((r) => r.range || r.full)) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const base = arg('base');
  if (base) await measure(base.replace(/\/$/, ''), null);
  else if (!process.env.S3_BUCKET) {
    // The bucket: a throwaway s3rver through scripts/with-s3.sh, stopped on exit.
    const r = spawnSync('bash', [path.join(ROOT, 'scripts/with-s3.sh'), process.execPath, '--import', 'tsx', SELF, ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    process.exitCode = r.status ?? 1;
  } else {
    const port = Number(arg('port') ?? 0) || (await freePort());
    let server: Server | null = null;
    try {
      // The production server with the demo seed: the seed writes the media into the bucket.
      server = await startServer({ port, env: { SEED_DEMO: '1' } });
      const waited = await waitForJobs(server.base);
      await measure(server.base, waited);
    } finally {
      await server?.stop();
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}
