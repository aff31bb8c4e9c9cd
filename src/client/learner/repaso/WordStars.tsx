import Box from '@mui/material/Box';
// Not the games' Star/StarBorder: icons shared with another screen become chunks of their own.
import StarIcon from '@mui/icons-material/StarRounded';
import StarBorderIcon from '@mui/icons-material/StarOutlineRounded';
import { apiGet } from '../../api/http';

/** Strength per word of a level (GET repaso/nivel/{id}): 0–3 stars. */
interface WordStrength {
  id_palabra: number;
  estrellas: 0 | 1 | 2 | 3;
  pendiente: boolean;
}
export const fetchLevelStrength = (idNivel: number, signal?: AbortSignal) =>
  apiGet<{ data: WordStrength[] }>(`repaso/nivel/${idNivel}`, { signal }).then((r) => r.data);

/** Same colours as the games' stars (GameStars): deep gold ≥ 3:1 on white, empty ones grey. */
const FILLED = '#b86e00';
const EMPTY = '#6b6b6b';

/** "2 de 3 estrellas": how strong a word is in the child's memory (constants C-7, GET repaso/nivel/{id}). */
const wordStarsText = (n: number) => `${n} de 3 ${n === 1 ? 'estrella' : 'estrellas'}`;

export function WordStars({ n }: { n: 0 | 1 | 2 | 3 }) {
  return (
    <Box role="img" aria-label={wordStarsText(n)} data-testid="word-stars" data-stars={n} sx={{ display: 'inline-flex', alignItems: 'center', lineHeight: 0 }}>
      {[0, 1, 2].map((i) =>
        i < n ? (
          <StarIcon key={i} aria-hidden="true" sx={{ fontSize: 26, color: FILLED }} />
        ) : (
          <StarBorderIcon key={i} aria-hidden="true" sx={{ fontSize: 26, color: EMPTY }} />
        ),
      )}
    </Box>
  );
}
