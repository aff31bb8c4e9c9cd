/**
 * Clips of real hands for "¡Ahora tú!", built at test time from the small photos beside this file
 * (LICENSE.md: where they come from and their licence). A clip is a plain background with one hand
 * photo placed on it, picture after picture: a hand shape held while it moves, then another shape.
 * The same composition feeds both the model test (PNG pictures handed to the page) and Chromium's
 * fake camera (a raw I420 y4m file), so both see the same pixels.
 *
 * sharp (already a dependency of the server's media pipeline) decodes, scales and places the photos;
 * the y4m writer is a few lines of our own because the format is a text header plus raw planes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The photos: two people's hands for each of the "four" and "rock" shapes, one "call". */
export type HandPhoto = 'cuatro-1' | 'cuatro-2' | 'cuernos-1' | 'cuernos-2' | 'telefono-1';

export interface ClipStep {
  photo: HandPhoto;
  /** Where the hand's centre starts and ends (0–1 of the picture), moving evenly. */
  from: [number, number];
  to: [number, number];
  frames: number;
}

export interface ClipSpec {
  name: string;
  steps: ClipStep[];
}

export const CLIP_W = 320;
export const CLIP_H = 240;
export const CLIP_FPS = 10;
/** The photo's side on the clip (px): the hand fills about two thirds of it. */
const PHOTO_SIDE = 150;

/** "Cuatro" then "cuernos", moved left to right: the sign the other clips are compared with. */
const signA = (first: HandPhoto, second: HandPhoto, perShape: number): ClipStep[] => [
  { photo: first, from: [0.3, 0.5], to: [0.5, 0.45], frames: perShape },
  { photo: second, from: [0.5, 0.45], to: [0.7, 0.5], frames: perShape },
];

export const CLIPS = {
  /** Sign A by person 1 at the usual speed (1.6 s). */
  aNormal: { name: 'a-normal', steps: signA('cuatro-1', 'cuernos-1', 8) },
  /** The same, twice as slow (3.2 s). */
  aLento: { name: 'a-lento', steps: signA('cuatro-1', 'cuernos-1', 16) },
  /** Sign A by person 2's hands, at the usual speed. */
  aOtraMano: { name: 'a-otra-mano', steps: signA('cuatro-2', 'cuernos-2', 8) },
  /** Another sign: the same two shapes in the other order, moved right to left. */
  bAlReves: {
    name: 'b-al-reves',
    steps: [
      { photo: 'cuernos-1', from: [0.7, 0.5], to: [0.5, 0.45], frames: 8 },
      { photo: 'cuatro-1', from: [0.5, 0.45], to: [0.3, 0.5], frames: 8 },
    ],
  },
  /** Another sign: "teléfono" held still, high by the face's place. */
  cTelefono: { name: 'c-telefono', steps: [{ photo: 'telefono-1', from: [0.5, 0.3], to: [0.5, 0.3], frames: 16 }] },
} satisfies Record<string, ClipSpec>;

const photoCache = new Map<HandPhoto, Promise<Buffer>>();
function photo(name: HandPhoto): Promise<Buffer> {
  let p = photoCache.get(name);
  if (!p) {
    p = sharp(path.join(here, `${name}.jpg`))
      .resize(PHOTO_SIDE, PHOTO_SIDE)
      .removeAlpha()
      .png()
      .toBuffer();
    photoCache.set(name, p);
  }
  return p;
}

/** A soft grey gradient (a wall), the same under every picture. */
let background: Promise<Buffer> | null = null;
function backgroundPng(): Promise<Buffer> {
  background ??= (() => {
    const raw = Buffer.alloc(CLIP_W * CLIP_H * 3);
    for (let r = 0; r < CLIP_H; r++)
      for (let c = 0; c < CLIP_W; c++) raw.fill(140 + Math.round((50 * r) / CLIP_H), (r * CLIP_W + c) * 3, (r * CLIP_W + c) * 3 + 3);
    return sharp(raw, { raw: { width: CLIP_W, height: CLIP_H, channels: 3 } })
      .png()
      .toBuffer();
  })();
  return background;
}

/** The clip's pictures, raw RGB (CLIP_W × CLIP_H × 3 bytes each). */
export async function clipFrames(spec: ClipSpec): Promise<Buffer[]> {
  const bg = await backgroundPng();
  const out: Buffer[] = [];
  for (const step of spec.steps) {
    const pic = await photo(step.photo);
    for (let i = 0; i < step.frames; i++) {
      const k = step.frames === 1 ? 0 : i / (step.frames - 1);
      const cx = (step.from[0] + (step.to[0] - step.from[0]) * k) * CLIP_W;
      const cy = (step.from[1] + (step.to[1] - step.from[1]) * k) * CLIP_H;
      const left = Math.round(Math.min(Math.max(cx - PHOTO_SIDE / 2, 0), CLIP_W - PHOTO_SIDE));
      const top = Math.round(Math.min(Math.max(cy - PHOTO_SIDE / 2, 0), CLIP_H - PHOTO_SIDE));
      out.push(
        await sharp(bg)
          .composite([{ input: pic, left, top }])
          .removeAlpha()
          .raw()
          .toBuffer(),
      );
    }
  }
  return out;
}

/** The pictures as PNG, base64 (for the page). */
export async function clipPngs(spec: ClipSpec): Promise<string[]> {
  const frames = await clipFrames(spec);
  return Promise.all(
    frames.map(async (f) =>
      (
        await sharp(f, { raw: { width: CLIP_W, height: CLIP_H, channels: 3 } })
          .png()
          .toBuffer()
      ).toString('base64'),
    ),
  );
}

/** RGB → I420 (BT.601, studio range), as Chromium's fake camera reads a y4m. */
function i420(rgb: Buffer): Buffer[] {
  const y = Buffer.alloc(CLIP_W * CLIP_H);
  const u = Buffer.alloc((CLIP_W / 2) * (CLIP_H / 2));
  const v = Buffer.alloc((CLIP_W / 2) * (CLIP_H / 2));
  for (let r = 0; r < CLIP_H; r++)
    for (let c = 0; c < CLIP_W; c++) {
      const i = (r * CLIP_W + c) * 3;
      y[r * CLIP_W + c] = Math.round(16 + 0.257 * rgb[i]! + 0.504 * rgb[i + 1]! + 0.098 * rgb[i + 2]!);
    }
  for (let r = 0; r < CLIP_H / 2; r++)
    for (let c = 0; c < CLIP_W / 2; c++) {
      let R = 0;
      let G = 0;
      let B = 0;
      for (const [dr, dc] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ] as const) {
        const i = ((2 * r + dr) * CLIP_W + 2 * c + dc) * 3;
        R += rgb[i]! / 4;
        G += rgb[i + 1]! / 4;
        B += rgb[i + 2]! / 4;
      }
      u[r * (CLIP_W / 2) + c] = Math.round(128 - 0.148 * R - 0.291 * G + 0.439 * B);
      v[r * (CLIP_W / 2) + c] = Math.round(128 + 0.439 * R - 0.368 * G - 0.071 * B);
    }
  return [y, u, v];
}

/**
 * The clip as a y4m file in the temp folder, for --use-file-for-fake-video-capture (Chromium plays it
 * in a loop, so a recording starting at any moment still sees the whole sign).
 */
export async function clipY4m(spec: ClipSpec): Promise<string> {
  const frames = await clipFrames(spec);
  const dir = path.join(os.tmpdir(), 'manitas-e2e');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `manos-${spec.name}.y4m`);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${CLIP_W} H${CLIP_H} F${CLIP_FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (const f of frames) parts.push(Buffer.from('FRAME\n'), ...i420(f));
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/**
 * The clip as an animated GIF (a sign a teacher uploads), one picture every 1/CLIP_FPS s: sharp
 * joins the pictures into one animation.
 */
export async function clipGif(spec: ClipSpec): Promise<Buffer> {
  const frames = await clipFrames(spec);
  const pngs = await Promise.all(
    frames.map((f) =>
      sharp(f, { raw: { width: CLIP_W, height: CLIP_H, channels: 3 } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pngs, { join: { animated: true } })
    .gif({ delay: frames.map(() => Math.round(1000 / CLIP_FPS)), loop: 0 })
    .toBuffer();
}
