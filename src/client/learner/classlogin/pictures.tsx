import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { pictureLabel, type PictureKey } from '../../../shared/rules/classes';

/**
 * The 9 pictures of a picture password (src/shared/rules/classes.ts PICTURES), drawn as shapes on
 * coloured tiles: no emoji (not every tablet, nor the test browser, has a colour emoji font) and no
 * image files to load. Each picture has its own colour, so a child who cannot read tells them apart
 * by shape and colour. Used by the class login and by the teacher's printed login cards.
 *
 * Plain <svg> with the Material icons' paths (Apache-2.0) rather than @mui/icons-material imports:
 * each shared icon module is a chunk of its own, and every chunk this screen needs is named in the
 * entry chunk that /logIn (at its 150 KB budget) downloads. Material has no fish nor cat: two simple
 * shapes on the same 24×24 grid.
 */
const path = (d: string) => <path d={d} />;
const SHAPES: Record<PictureKey, ReactNode> = {
  sol: path(
    'm6.76 4.84-1.8-1.79-1.41 1.41 1.79 1.79zM4 10.5H1v2h3zm9-9.95h-2V3.5h2zm7.45 3.91-1.41-1.41-1.79 1.79 1.41 1.41zm-3.21 13.7 1.79 1.8 1.41-1.41-1.8-1.79zM20 10.5v2h3v-2zm-8-5c-3.31 0-6 2.69-6 6s2.69 6 6 6 6-2.69 6-6-2.69-6-6-6m-1 16.95h2V19.5h-2zm-7.45-3.91 1.41 1.41 1.79-1.8-1.41-1.41z',
  ),
  luna: path(
    'M12.01 12c0-3.57 2.2-6.62 5.31-7.87.89-.36.75-1.69-.19-1.9-1.1-.24-2.27-.3-3.48-.14-4.51.6-8.12 4.31-8.59 8.83C4.44 16.93 9.13 22 15.01 22c.73 0 1.43-.08 2.12-.23.95-.21 1.1-1.53.2-1.9-3.22-1.29-5.33-4.41-5.32-7.87',
  ),
  estrella: path('M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z'),
  flor: path(
    'M12 22c4.97 0 9-4.03 9-9-4.97 0-9 4.03-9 9M5.6 10.25c0 1.38 1.12 2.5 2.5 2.5.53 0 1.01-.16 1.42-.44l-.02.19c0 1.38 1.12 2.5 2.5 2.5s2.5-1.12 2.5-2.5l-.02-.19c.4.28.89.44 1.42.44 1.38 0 2.5-1.12 2.5-2.5 0-1-.59-1.85-1.43-2.25.84-.4 1.43-1.25 1.43-2.25 0-1.38-1.12-2.5-2.5-2.5-.53 0-1.01.16-1.42.44l.02-.19C14.5 2.12 13.38 1 12 1S9.5 2.12 9.5 3.5l.02.19c-.4-.28-.89-.44-1.42-.44-1.38 0-2.5 1.12-2.5 2.5 0 1 .59 1.85 1.43 2.25-.84.4-1.43 1.25-1.43 2.25M12 5.5c1.38 0 2.5 1.12 2.5 2.5s-1.12 2.5-2.5 2.5S9.5 9.38 9.5 8s1.12-2.5 2.5-2.5M3 13c0 4.97 4.03 9 9 9 0-4.97-4.03-9-9-9',
  ),
  arbol: path('M17 12h2L12 2 5.05 12H7l-3.9 6h6.92v4h3.96v-4H21z'),
  pez: (
    <>
      <ellipse cx="10" cy="12" rx="7.5" ry="5.5" />
      <path d="M15.5 12 L22.5 6 L22.5 18 Z" />
      <circle cx="6.5" cy="10.8" r="1.3" fill="#fff" />
    </>
  ),
  gato: (
    <>
      <path d="M4.5 11 L5 2.5 L10.5 7 Z M19.5 11 L19 2.5 L13.5 7 Z" />
      <circle cx="12" cy="13.5" r="8" />
      <circle cx="9" cy="12.5" r="1.4" fill="#fff" />
      <circle cx="15" cy="12.5" r="1.4" fill="#fff" />
      <path d="M10.8 15.6 h2.4 l-1.2 1.4 Z" fill="#fff" />
    </>
  ),
  coche: path(
    'M18.92 6.01C18.72 5.42 18.16 5 17.5 5h-11c-.66 0-1.21.42-1.42 1.01L3 12v8c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1h12v1c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-8zM6.5 16c-.83 0-1.5-.67-1.5-1.5S5.67 13 6.5 13s1.5.67 1.5 1.5S7.33 16 6.5 16m11 0c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5M5 11l1.5-4.5h11L19 11z',
  ),
  casa: path('M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z'),
};

/** Each picture's colour and its tile's background (light enough for the shape to stand out, also printed in grey). */
const PICTURE_ART: Record<PictureKey, { color: string; bg: string }> = {
  sol: { color: '#f59e0b', bg: '#fff4d6' },
  luna: { color: '#4f46e5', bg: '#e6e6ff' },
  estrella: { color: '#eab308', bg: '#fdf7d0' },
  flor: { color: '#db2777', bg: '#fde3ef' },
  arbol: { color: '#15803d', bg: '#dcf5e3' },
  pez: { color: '#0284c7', bg: '#dcf1fc' },
  gato: { color: '#7c4a1e', bg: '#f3e6d8' },
  coche: { color: '#dc2626', bg: '#fde2e2' },
  casa: { color: '#9333ea', bg: '#f1e4fd' },
};

/** The bare shape (24×24, filled with the current colour), e.g. for a small printed card. */
function PictureShape({ pictureKey, size = 24, color }: { pictureKey: PictureKey; size?: number | string; color?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill={color ?? PICTURE_ART[pictureKey].color} aria-hidden="true" focusable="false">
      {SHAPES[pictureKey]}
    </svg>
  );
}

/**
 * One picture on its tile. `size` is the tile's side (any CSS length; default fills its box); the
 * shape takes 70 % of it. Announced as its Spanish label (role img) unless `decorative`.
 */
export function Picture({ pictureKey, size = '100%', decorative = false }: { pictureKey: PictureKey; size?: number | string; decorative?: boolean }) {
  const { bg } = PICTURE_ART[pictureKey];
  return (
    <Box
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : pictureLabel(pictureKey)}
      aria-hidden={decorative || undefined}
      data-picture={pictureKey}
      sx={{
        width: size,
        aspectRatio: '1 / 1',
        bgcolor: bg,
        borderRadius: '22%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        WebkitPrintColorAdjust: 'exact',
        printColorAdjust: 'exact',
        '& > svg': { width: '70%', height: '70%' },
      }}
    >
      <PictureShape pictureKey={pictureKey} />
    </Box>
  );
}
