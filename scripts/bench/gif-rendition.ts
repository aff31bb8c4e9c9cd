// `npm run bench:media`: how much smaller the compact rendition of a sign GIF is
// (src/server/media/rendition.ts, docs/decisions.md "Compact media"). Makes the test GIFs of
// scripts/bench/gif-samples.ts (camera-like signs, 320 × 240 and 480 × 360, 2–3 s at 10–15 fps,
// and two flat drawings), encodes each the way an upload does, and prints per GIF: its bytes, the
// rendition's bytes, the ratio, whether width, height, frames, delays and loop are the same, the
// encoding time, and the quality (PSNR of the rendition's frames against the GIF's). Then the
// median and range of the ratio over the camera-like GIFs, against the goal (≤ 40 %).
//
//   npm run bench:media            # the full set
//   BENCH_MEDIA_WRITE=dir npm run bench:media   # also writes each GIF and its .webp into dir
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { encodeRendition, RENDITION_GOAL } from '../../src/server/media/rendition';
import { BENCH_SAMPLES, makeSampleGif, type SampleSpec } from './gif-samples';
import { ROOT } from './lib';

const kb = (n: number) => `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
const pct = (r: number) => `${(r * 100).toFixed(1)} %`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** PSNR (dB) of the rendition's frames against the GIF's (both decoded to RGB by sharp). */
async function psnr(gif: Buffer, webp: Buffer): Promise<number> {
  const a = await sharp(gif, { animated: true }).removeAlpha().raw().toBuffer();
  const b = await sharp(webp, { animated: true }).removeAlpha().raw().toBuffer();
  if (a.length !== b.length) return Number.NaN;
  let se = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    se += d * d;
  }
  return se === 0 ? Infinity : 10 * Math.log10((255 * 255) / (se / a.length));
}

const label = (s: SampleSpec) =>
  `${s.kind}${s.maker ? `/${s.maker}` : ''} ${s.width}×${s.height} ${s.fps} fps ${s.seconds} s${s.kind === 'camera' ? ` σ${s.noise ?? 3}` : ''}`;

const outDir = process.env.BENCH_MEDIA_WRITE ? path.resolve(process.env.BENCH_MEDIA_WRITE) : null;
if (outDir) mkdirSync(outDir, { recursive: true });

console.log(`sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, libwebp ${sharp.versions.webp}; Node ${process.version}`);
console.log('| GIF | frames | GIF bytes | WebP bytes | ratio | mode | same size/frames/delays | encode | PSNR |');
console.log('|---|---|---|---|---|---|---|---|---|');
const rows: { spec: SampleSpec; ratio: number; ms: number }[] = [];
for (const [i, spec] of BENCH_SAMPLES.entries()) {
  const sample = await makeSampleGif(spec);
  const t = performance.now();
  const r = await encodeRendition(sample.gif);
  const ms = performance.now() - t;
  // The check done independently of encodeRendition's own: sharp's reading of both files.
  const g = await sharp(sample.gif, { animated: true }).metadata();
  const w = r ? await sharp(r.webp, { animated: true }).metadata() : null;
  const same = w
    ? g.width === w.width && g.pageHeight === w.pageHeight && g.pages === w.pages && g.loop === w.loop && JSON.stringify(g.delay) === JSON.stringify(w.delay)
    : false;
  const ratio = r ? r.webp.length / sample.gif.length : 1;
  const q = r ? await psnr(sample.gif, r.webp) : null;
  const quality = q === null ? '—' : q === Infinity ? 'exact' : `${q.toFixed(1)} dB`;
  rows.push({ spec, ratio, ms });
  console.log(
    `| ${label(spec)} | ${sample.frames} × ${sample.delay[0]} ms | ${kb(sample.gif.length)} | ${r ? kb(r.webp.length) : 'none kept'} | ${pct(ratio)} | ${r?.mode ?? '—'} | ${r ? (same ? 'yes' : 'NO') : '—'} | ${ms.toFixed(0)} ms | ${quality} |`,
  );
  if (outDir) {
    const base = path.join(outDir, `${String(i + 1).padStart(2, '0')}-${spec.kind}-${spec.width}x${spec.height}`);
    writeFileSync(`${base}.gif`, sample.gif);
    if (r) writeFileSync(`${base}.webp`, r.webp);
  }
}
const camera = rows.filter((r) => r.spec.kind === 'camera');
const ratios = camera.map((r) => r.ratio);
const times = camera.map((r) => r.ms);
console.log('');
console.log(
  `camera-like GIFs (${camera.length}): median ratio ${pct(median(ratios))}, range ${pct(Math.min(...ratios))} – ${pct(Math.max(...ratios))}; ` +
    `goal ≤ ${pct(RENDITION_GOAL)}: ${ratios.filter((x) => x <= RENDITION_GOAL).length} of ${ratios.length} meet it`,
);
console.log(`encode time: median ${median(times).toFixed(0)} ms, range ${Math.min(...times).toFixed(0)} – ${Math.max(...times).toFixed(0)} ms`);
for (const r of rows.filter((x) => x.spec.kind === 'cartoon')) console.log(`flat drawing ${label(r.spec)}: ratio ${pct(r.ratio)}`);

// The demo's GIFs (public/demo/palabras/*/sign.gif and menu.gif: drawn placeholders), as the
// startup job encodes them after a fresh start.
const demoDir = path.join(ROOT, 'public', 'demo', 'palabras');
if (existsSync(demoDir)) {
  for (const file of ['sign.gif', 'menu.gif']) {
    let n = 0,
      gifBytes = 0,
      kept = 0,
      keptGif = 0,
      keptWebp = 0,
      ms = 0;
    for (const slug of readdirSync(demoDir)) {
      const p = path.join(demoDir, slug, file);
      if (!existsSync(p)) continue;
      const gif = readFileSync(p);
      const t = performance.now();
      const r = await encodeRendition(gif);
      ms += performance.now() - t;
      n++;
      gifBytes += gif.length;
      if (r) {
        kept++;
        keptGif += gif.length;
        keptWebp += r.webp.length;
      }
    }
    if (n)
      console.log(
        `demo ${file} (${n}): ${kb(gifBytes)} of GIF; renditions kept for ${kept} (${kb(keptGif)} → ${kb(keptWebp)}${keptGif ? `, ${pct(keptWebp / keptGif)}` : ''}); ${(ms / 1000).toFixed(1)} s to encode all`,
      );
  }
}
