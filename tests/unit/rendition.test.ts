import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { encodeRendition, KEEP_MIN_SAVING, makeCompactRendition, oneAtATime, RENDITION_GOAL } from '../../src/server/media/rendition';
import { storeCompact, TRIED_NONE } from '../../src/server/media/compact';
import { createStorage } from '../../src/server/storage';
import { makeSampleGif, type SampleSpec } from '../../scripts/bench/gif-samples';

/** What a browser plays: frame size, frame count, each frame's delay and the loop count (sharp's reading). */
async function timing(data: Buffer) {
  const m = await sharp(data, { animated: true }).metadata();
  return { format: m.format, width: m.width, height: m.pageHeight ?? m.height, pages: m.pages ?? 1, delay: m.delay ?? [], loop: m.loop ?? 0 };
}

/** PSNR (dB) of the rendition's frames against the GIF's. */
async function psnr(gif: Buffer, webp: Buffer): Promise<number> {
  const a = await sharp(gif, { animated: true }).removeAlpha().raw().toBuffer();
  const b = await sharp(webp, { animated: true }).removeAlpha().raw().toBuffer();
  expect(b.length).toBe(a.length);
  let se = 0;
  for (let i = 0; i < a.length; i++) se += (a[i]! - b[i]!) ** 2;
  return se === 0 ? Infinity : 10 * Math.log10((255 * 255) / (se / a.length));
}

async function expectSamePlayback(gif: Buffer, webp: Buffer) {
  const g = await timing(gif);
  const w = await timing(webp);
  expect(g.format).toBe('gif');
  expect(w.format).toBe('webp');
  expect({ ...w, format: 'gif' }).toEqual(g);
}

// Making and encoding the GIFs takes a few seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const camera = (over: Partial<SampleSpec>): SampleSpec => ({
  kind: 'camera',
  width: 320,
  height: 240,
  fps: 10,
  seconds: 2,
  seed: 21,
  maker: 'optimized',
  ...over,
});

describe('makeCompactRendition: camera-like sign GIFs (gradient wall, sensor noise, moving skin-toned hands and face)', () => {
  it.each([
    { name: '320 × 240, 10 fps, 2 s, optimized GIF', spec: camera({}) },
    { name: '480 × 360, 15 fps, 1 s, plain GIF', spec: camera({ width: 480, height: 360, fps: 15, seconds: 1, maker: 'plain', seed: 22 }) },
  ])('$name → animated WebP ≤ 40 % of the GIF, same size, frames, delays and loop, still looking right', async ({ spec }) => {
    const sample = await makeSampleGif(spec);
    expect(sample.gif.length).toBeGreaterThan(200 * 1024); // as heavy as filmed GIFs are
    const r = await encodeRendition(sample.gif);
    expect(r).not.toBeNull();
    const ratio = r!.webp.length / sample.gif.length;
    console.log(
      `camera ${spec.width}×${spec.height} ${spec.fps} fps ${spec.maker}: GIF ${sample.gif.length} B → WebP ${r!.webp.length} B (${(ratio * 100).toFixed(1)} %, ${r!.mode})`,
    );
    expect(ratio).toBeLessThanOrEqual(RENDITION_GOAL);
    expect(r!.mode).toBe('lossy');
    expect(r!.frames).toBe(sample.frames);
    expect(r!.delay).toEqual(sample.delay);
    await expectSamePlayback(sample.gif, r!.webp);
    // Quality against the GIF's own frames (which carry the noise the WebP smooths away).
    expect(await psnr(sample.gif, r!.webp)).toBeGreaterThan(33);
    // makeCompactRendition is the same bytes.
    expect((await makeCompactRendition(sample.gif))!.equals(r!.webp)).toBe(true);
  });
});

describe('makeCompactRendition: other GIFs', () => {
  it('a flat cartoon GIF: lossless WebP (same pixels), kept when it saves enough; ratio reported', async () => {
    const sample = await makeSampleGif({ kind: 'cartoon', width: 320, height: 240, fps: 10, seconds: 2, seed: 23 });
    const r = await encodeRendition(sample.gif);
    console.log(
      `cartoon 320×240: GIF ${sample.gif.length} B → ${r ? `WebP ${r.webp.length} B (${((r.webp.length / sample.gif.length) * 100).toFixed(1)} %, ${r.mode})` : 'none kept'}`,
    );
    // Lossy WebP is larger than a flat GIF: lossless wins, pixel for pixel the GIF.
    expect(r).not.toBeNull();
    expect(r!.mode).toBe('lossless');
    expect(r!.tried.lossy).toBeGreaterThan(sample.gif.length * RENDITION_GOAL);
    expect(r!.webp.length).toBeLessThan(sample.gif.length * (1 - KEEP_MIN_SAVING.share));
    expect(await psnr(sample.gif, r!.webp)).toBe(Infinity);
    await expectSamePlayback(sample.gif, r!.webp);
  });

  it('keeps uneven per-frame delays and a finite loop count', async () => {
    const sample = await makeSampleGif(camera({ seconds: 0.8, seed: 24 }));
    const delay = [100, 250, 40, 100, 500, 70, 100, 1000];
    const gif = await sharp(sample.gif, { animated: true }).gif({ delay, loop: 3, interFrameMaxError: 8 }).toBuffer();
    expect((await timing(gif)).delay).toEqual(delay);
    const webp = await makeCompactRendition(gif);
    expect(webp).not.toBeNull();
    await expectSamePlayback(gif, webp!);
    expect((await timing(webp!)).loop).toBe(3);
  });

  it('a GIF that plays once (no loop extension) stays a play-once animation', async () => {
    const sample = await makeSampleGif(camera({ seconds: 0.5, seed: 25 }));
    const gif = await sharp(sample.gif, { animated: true }).gif({ loop: 1 }).toBuffer();
    const webp = await makeCompactRendition(gif);
    await expectSamePlayback(gif, webp!);
  });

  it('a still (single-frame) photographic GIF becomes a still WebP of the same size', async () => {
    const sample = await makeSampleGif(camera({ fps: 1, seconds: 1, seed: 26 }));
    expect(sample.frames).toBe(1);
    const webp = await makeCompactRendition(sample.gif);
    expect(webp).not.toBeNull();
    const m = await sharp(webp!).metadata();
    expect([m.format, m.width, m.height, m.pages ?? 1]).toEqual(['webp', 320, 240, 1]);
  });

  it('transparent GIF pixels stay transparent', async () => {
    const sample = await makeSampleGif(camera({ seconds: 0.5, seed: 27 }));
    // Make the left quarter transparent in every frame.
    const { data, info } = await sharp(sample.gif, { animated: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width / 4; x++) data[(y * info.width + x) * 4 + 3] = 0;
    const gif = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4, pageHeight: 240 } })
      .gif({ delay: sample.delay, loop: 0 })
      .toBuffer();
    const webp = await makeCompactRendition(gif);
    expect(webp).not.toBeNull();
    await expectSamePlayback(gif, webp!);
    const out = await sharp(webp!, { animated: true }).ensureAlpha().raw().toBuffer();
    const page = 320 * 240 * 4;
    for (let p = 0; p < 5; p++) {
      expect(out[p * page + (100 * 320 + 10) * 4 + 3]).toBe(0); // left quarter
      expect(out[p * page + (100 * 320 + 200) * 4 + 3]).toBe(255); // the rest
    }
  });

  it('no rendition for: not a GIF, a GIF too small to save anything, a GIF over the pixel budget', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    expect(await makeCompactRendition(png)).toBeNull();
    const tiny = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
    expect(await makeCompactRendition(tiny)).toBeNull();
    const sample = await makeSampleGif(camera({ seconds: 0.5, seed: 28 }));
    expect(await makeCompactRendition(sample.gif, { maxPixels: 320 * 240 * 4 })).toBeNull();
    expect(await makeCompactRendition(sample.gif, { maxPixels: 320 * 240 * 5 })).not.toBeNull();
  });

  it('a damaged GIF: makeCompactRendition throws or gives none; storeCompact never throws, logs, writes nothing', async () => {
    const sample = await makeSampleGif(camera({ seconds: 1, seed: 29 }));
    const broken = [
      sample.gif.subarray(0, Math.floor(sample.gif.length / 2)), // cut in the middle of the frames
      Buffer.concat([sample.gif.subarray(0, 800), Buffer.alloc(40_000, 0xff)]), // garbage after the first bytes
    ];
    const root = mkdtempSync(path.join(tmpdir(), 'manitas-rendition-'));
    try {
      const storage = createStorage(root);
      for (const gif of broken) {
        const r = await makeCompactRendition(gif).then(
          (w) => ({ w }),
          (err: Error) => ({ err }),
        );
        if ('w' in r && r.w) await expectSamePlayback(gif, r.w); // decoded as far as it goes, consistently
        const warnings: unknown[] = [];
        const made = await storeCompact(storage, 'multimedia', gif, { warn: (o) => warnings.push(o) });
        if ('err' in r) {
          expect(made).toEqual({ stored: null, columns: TRIED_NONE });
          expect(warnings).toHaveLength(1);
        }
      }
      // Not a GIF at all, handed over by mistake: nothing written, no warning.
      const warnings: unknown[] = [];
      expect(await storeCompact(storage, 'multimedia', Buffer.from('not a gif'), { warn: (o) => warnings.push(o) })).toEqual({
        stored: null,
        columns: TRIED_NONE,
      });
      expect(warnings).toEqual([]);
      // A good one is stored as .webp with its size.
      const ok = await storeCompact(storage, 'multimedia', sample.gif);
      expect(ok.columns.urlCompacta).toMatch(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.webp$/);
      expect(ok.columns.tamanoCompacta).toBe(ok.stored!.size);
      expect(readdirSync(path.join(root, 'multimedia'))).toContain(ok.stored!.name);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('oneAtATime', () => {
  it('runs jobs one after another, in order, a failure not stopping the next', async () => {
    const log: string[] = [];
    const job =
      (name: string, ms: number, fail = false) =>
      () =>
        new Promise<string>((resolve, reject) => {
          log.push(`start ${name}`);
          setTimeout(() => {
            log.push(`end ${name}`);
            if (fail) reject(new Error(name));
            else resolve(name);
          }, ms);
        });
    const results = await Promise.allSettled([oneAtATime(job('a', 30)), oneAtATime(job('b', 5, true)), oneAtATime(job('c', 1))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
