// Test GIFs for the compact-media rendition (src/server/media/rendition.ts): made here, byte for
// byte reproducible (seeded noise), so the unit tests and `npm run bench:media` measure the same
// thing. Two kinds:
// - "camera": what a filmed sign looks like once turned into a GIF — a lit wall (gradient with a
//   vignette), a person in a dark shirt whose face and two hands (skin tones, shaded, soft edges)
//   move as in a sign, and sensor noise on every pixel of every frame. Real sign GIFs are this
//   kind: 0.5–3 MB for 2–3 s, because noise defeats GIF's LZW and its frame-to-frame reuse.
// - "cartoon": the same movement drawn in flat colours with hard edges and no noise (like the
//   demo's placeholder GIFs): what GIF compresses best.
import sharp from 'sharp';
import { mulberry32 } from '../../src/shared/rules/games/types';

export type SampleKind = 'camera' | 'cartoon';

export interface SampleSpec {
  kind: SampleKind;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  seed?: number;
  /** Standard deviation of the sensor noise, in 8-bit levels (camera only; default 3). */
  noise?: number;
  /** How the GIF is written (sharp's GIF options): see GIF_MAKERS. Default `optimized`. */
  maker?: GifMaker;
}

/**
 * How GIF tools write a filmed sign. `plain`: a full frame each time, 256 colours, dithered (a
 * plain video-to-GIF conversion). `optimized`: pixels that hardly change are left transparent, so
 * most of the wall is sent once (what GIF optimizers such as gifsicle or ezgif do). `small`: the
 * same plus a stronger threshold and 128 colours, as a tool squeezing a GIF under a size limit.
 */
export type GifMaker = 'plain' | 'optimized' | 'small';
export const GIF_MAKERS: Record<GifMaker, sharp.GifOptions> = {
  plain: {},
  optimized: { interFrameMaxError: 8 },
  small: { interFrameMaxError: 16, colours: 128 },
};

export interface SampleGif {
  spec: SampleSpec;
  gif: Buffer;
  frames: number;
  /** Each frame's delay in ms, as written into the GIF. */
  delay: number[];
}

/** mulberry32, the games' seeded PRNG: the same bytes on every machine. */
const rng = mulberry32;

interface Blob {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  rgb: [number, number, number];
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** One frame as raw RGB. t in [0, 1): the position in the sign. */
function drawFrame(spec: SampleSpec, t: number, random: () => number): Buffer {
  const { width: w, height: h, kind } = spec;
  const camera = kind === 'camera';
  const s = Math.min(w / 320, h / 240);
  const out = Buffer.alloc(w * h * 3);
  const TAU = Math.PI * 2;
  // The signer: face, torso, and two hands moving on different loops (a sign is a few strokes).
  const sway = Math.sin(TAU * t) * 4 * s;
  const skin: [number, number, number] = [224, 172, 138];
  const face: Blob = { cx: w / 2 + sway * 0.5, cy: h * 0.3, rx: 30 * s, ry: 38 * s, rgb: skin };
  const torso: Blob = { cx: w / 2 + sway * 0.3, cy: h * 1.02, rx: 95 * s, ry: 105 * s, rgb: camera ? [38, 52, 86] : [40, 70, 160] };
  const hands: Blob[] = [
    { cx: w / 2 - 55 * s + Math.sin(TAU * t) * 45 * s, cy: h * 0.62 - Math.abs(Math.sin(TAU * t * 1.5)) * 70 * s, rx: 17 * s, ry: 21 * s, rgb: skin },
    { cx: w / 2 + 55 * s + Math.sin(TAU * t + 1.3) * 40 * s, cy: h * 0.6 - Math.abs(Math.cos(TAU * t)) * 60 * s, rx: 17 * s, ry: 21 * s, rgb: skin },
  ];
  const blobs = [torso, face, ...hands];
  // Soft edges: a camera's few pixels of blur; a cartoon's hard line.
  const edge = camera ? 1.8 * s : 0.001;
  // Gaussian-ish noise from the sum of three uniforms (variance 3/12 = 1/4 → × 2σ).
  const sigma = camera ? (spec.noise ?? 3) : 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r: number, g: number, b: number;
      if (camera) {
        // A wall lit from the upper left, darker at the corners.
        const dx = x / w - 0.35,
          dy = y / h - 0.3;
        const light = 1 - 0.45 * Math.min(1, dx * dx + dy * dy);
        r = 196 * light;
        g = 200 * light;
        b = 190 * light;
      } else {
        r = 250;
        g = 236;
        b = 180;
      }
      for (const o of blobs) {
        const nx = (x - o.cx) / o.rx,
          ny = (y - o.cy) / o.ry;
        const d = Math.sqrt(nx * nx + ny * ny);
        // Coverage from the distance to the ellipse's edge, in pixels.
        const px = (d - 1) * Math.min(o.rx, o.ry);
        const cover = px <= -edge ? 1 : px >= edge ? 0 : 0.5 - px / (2 * edge);
        if (cover <= 0) continue;
        // Round shapes are lit from the upper left too.
        const shade = camera ? 1.08 - 0.25 * Math.max(0, Math.min(1, (nx + ny + 1) / 2)) : 1;
        r = r * (1 - cover) + o.rgb[0] * shade * cover;
        g = g * (1 - cover) + o.rgb[1] * shade * cover;
        b = b * (1 - cover) + o.rgb[2] * shade * cover;
      }
      if (sigma) {
        // Sensor noise: mostly shared by the channels (luma), a little per channel (chroma).
        const luma = (random() + random() + random() - 1.5) * 2 * sigma;
        r += luma + (random() - 0.5) * sigma;
        g += luma + (random() - 0.5) * sigma;
        b += luma + (random() - 0.5) * sigma;
      }
      const i = (y * w + x) * 3;
      out[i] = clamp(Math.round(r));
      out[i + 1] = clamp(Math.round(g));
      out[i + 2] = clamp(Math.round(b));
    }
  }
  return out;
}

/** Makes one test GIF (looping forever, every frame 1000/fps ms rounded to GIF's 10 ms steps). */
export async function makeSampleGif(spec: SampleSpec): Promise<SampleGif> {
  const frames = Math.max(1, Math.round(spec.fps * spec.seconds));
  const random = rng(spec.seed ?? 1);
  const raws = Array.from({ length: frames }, (_, i) => drawFrame(spec, i / frames, random));
  const frameDelay = Math.round(100 / spec.fps) * 10;
  const delay = Array.from({ length: frames }, () => frameDelay);
  const gif = await sharp(Buffer.concat(raws), { raw: { width: spec.width, height: spec.height * frames, channels: 3, pageHeight: spec.height } })
    .gif({ ...GIF_MAKERS[spec.maker ?? 'optimized'], delay, loop: 0 })
    .toBuffer();
  return { spec, gif, frames, delay };
}

/**
 * The set the bench measures: camera-like signs at the two recording sizes, 2–3 s at 10–15 fps,
 * written the three ways of GIF_MAKERS with different noise; and two flat drawings for contrast.
 */
export const BENCH_SAMPLES: SampleSpec[] = [
  { kind: 'camera', width: 320, height: 240, fps: 10, seconds: 3, seed: 1, maker: 'plain', noise: 3 },
  { kind: 'camera', width: 320, height: 240, fps: 15, seconds: 2, seed: 2, maker: 'optimized', noise: 3 },
  { kind: 'camera', width: 320, height: 240, fps: 12, seconds: 2.5, seed: 3, maker: 'optimized', noise: 2 },
  { kind: 'camera', width: 320, height: 240, fps: 10, seconds: 3, seed: 4, maker: 'small', noise: 4 },
  { kind: 'camera', width: 320, height: 240, fps: 15, seconds: 3, seed: 5, maker: 'small', noise: 3 },
  { kind: 'camera', width: 480, height: 360, fps: 10, seconds: 3, seed: 6, maker: 'optimized', noise: 3 },
  { kind: 'camera', width: 480, height: 360, fps: 15, seconds: 2, seed: 7, maker: 'plain', noise: 2 },
  { kind: 'camera', width: 480, height: 360, fps: 12, seconds: 3, seed: 8, maker: 'optimized', noise: 4 },
  { kind: 'camera', width: 480, height: 360, fps: 10, seconds: 3, seed: 9, maker: 'small', noise: 4 },
  { kind: 'camera', width: 480, height: 360, fps: 15, seconds: 2, seed: 10, maker: 'small', noise: 2 },
  { kind: 'cartoon', width: 320, height: 240, fps: 10, seconds: 3, seed: 11 },
  { kind: 'cartoon', width: 480, height: 360, fps: 15, seconds: 2, seed: 12 },
];
