/**
 * The stars a child earned (games.md G-7.2): three star icons, filled or outlined, read by a screen
 * reader as "Estrellas: 2 de 3". Used on the games menu cards and the home's level cards. No
 * Phaser and no game rules here, so the home does not load the games.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import AbcIcon from '@mui/icons-material/Abc';
import SortByAlphaIcon from '@mui/icons-material/SortByAlpha';
import StyleIcon from '@mui/icons-material/Style';
import { GAMES } from '../../../games/shared/catalog';
import type { GameId } from '../../../games/shared/points';
import { STARS_MAX } from '../../shared/rules/games/stars';
import { starsKey, type StarsMap } from './results';

/** Filled stars in a deep gold (≥ 3:1 on white and on the pastel cards, WCAG 1.4.11); empty ones grey. */
const FILLED = '#b86e00';
const EMPTY = '#6b6b6b';

const starsAria = (n: number) => `Estrellas: ${n} de ${STARS_MAX}`;

export function GameStars({ value, size = 32, testId }: { value: number; size?: number; testId?: string }) {
  const n = Math.max(0, Math.min(STARS_MAX, Math.floor(value) || 0));
  return (
    <Box role="img" aria-label={starsAria(n)} data-testid={testId} data-stars={n} sx={{ display: 'inline-flex', alignItems: 'center', lineHeight: 0 }}>
      {Array.from({ length: STARS_MAX }, (_, i) =>
        i < n ? (
          <StarIcon key={i} aria-hidden="true" sx={{ fontSize: size, color: FILLED }} />
        ) : (
          <StarBorderIcon key={i} aria-hidden="true" sx={{ fontSize: size, color: EMPTY }} />
        ),
      )}
    </Box>
  );
}

const ICONS: Record<GameId, typeof AbcIcon> = { hangman: AbcIcon, orderWords: SortByAlphaIcon, cards: StyleIcon };
const COLORS: Record<GameId, string> = { hangman: '#4a3aff', orderWords: '#b35c00', cards: '#c2185b' };

/** One level's stars in each game, in one short row: the game's icon and its three small stars. */
export function LevelStars({ idNivel, stars }: { idNivel: number; stars: StarsMap }) {
  return (
    <Box
      component="ul"
      aria-label="Estrellas en los juegos"
      data-testid="level-stars"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
    >
      {GAMES.map((g) => {
        const Icon = ICONS[g.id];
        const n = stars[starsKey(idNivel, g.id)] ?? 0;
        return (
          <Box
            component="li"
            key={g.id}
            title={g.title}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, bgcolor: 'rgba(255,255,255,0.85)', borderRadius: 2, px: 0.5 }}
          >
            <Icon aria-hidden="true" sx={{ fontSize: 20, color: COLORS[g.id] }} />
            <Typography component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {g.title}:
            </Typography>
            <GameStars value={n} size={17} testId={`level-stars-${idNivel}-${g.id}`} />
          </Box>
        );
      })}
    </Box>
  );
}
