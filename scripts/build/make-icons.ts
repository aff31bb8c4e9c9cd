// Writes the installable app's icons (offline install, constants.md C-8) from the logo, once; the PNGs are committed.
//   npx tsx scripts/build/make-icons.ts
// icon-192/512: the round logo on a transparent square (purpose "any"). icon-maskable-512: the logo
// at 70 % on the theme's background colour, so any mask shape (circle, squircle) keeps it whole
// (the maskable safe zone is the central 80 %). apple-touch-icon: 180 px, opaque (iOS fills
// transparency with black).
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const logo = readFileSync(path.join(ROOT, 'public/img/logo.svg'));
const out = (name: string) => path.join(ROOT, 'public/icons', name);
/** src/client/ui/theme.ts background.default */
const BACKGROUND = '#f4f1ff';

const render = (size: number) =>
  sharp(logo, { density: Math.ceil((72 * size) / 120) })
    .resize(size, size)
    .png()
    .toBuffer();

async function onBackground(size: number, scale: number, file: string) {
  const inner = Math.round(size * scale);
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: await render(inner), gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(out(file));
}

await sharp(await render(192))
  .png({ compressionLevel: 9 })
  .toFile(out('icon-192.png'));
await sharp(await render(512))
  .png({ compressionLevel: 9 })
  .toFile(out('icon-512.png'));
await onBackground(512, 0.7, 'icon-maskable-512.png');
await onBackground(180, 0.86, 'apple-touch-icon.png');
console.log('Iconos escritos en public/icons/');
