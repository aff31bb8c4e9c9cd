/**
 * Games menu (/juegos and /juegos/{idNivel}): back to /home, the three games with their points,
 * the total, and the volume control. No Phaser here: the game chunk loads only with a game.
 */
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AbcIcon from '@mui/icons-material/Abc';
import SortByAlphaIcon from '@mui/icons-material/SortByAlpha';
import StyleIcon from '@mui/icons-material/Style';
import StarIcon from '@mui/icons-material/Star';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { GAMES, gameHref, parseNivelId } from '../../../games/shared/catalog';
import type { GameId } from '../../../games/shared/points';
import { usePoints } from './stores';
import { starsKey, syncGameResults, useGameStars } from './results';
import { GameStars } from './GameStars';
import { VolumeControl } from './VolumeControl';

const ICONS: Record<GameId, typeof AbcIcon> = { hangman: AbcIcon, orderWords: SortByAlphaIcon, cards: StyleIcon };
const COLORS: Record<GameId, string> = { hangman: '#4a3aff', orderWords: '#b35c00', cards: '#c2185b' };

export default function GamesMenu() {
  const navigate = useNavigate();
  const { idNivel } = useParams();
  const nivelId = parseNivelId(idNivel);
  const pts = usePoints();
  const stars = useGameStars();

  useEffect(() => {
    document.title = 'Juegos · Manitas';
    // Points and stars kept on the server (G-7.1): loaded once per session, waiting runs resent.
    void syncGameResults();
  }, []);

  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', px: { xs: 2, sm: 4 }, py: 3 }}>
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 3 }}>
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate('/home')}>
            Volver
          </Button>
          <Typography variant="h3" component="h1" sx={{ flex: '1 1 auto', fontSize: { xs: '2rem', sm: '2.6rem' } }}>
            Juegos
          </Typography>
          <Chip
            icon={<StarIcon />}
            color="secondary"
            label={`Puntos totales: ${pts.total}`}
            data-testid="points-total"
            sx={{ fontWeight: 800, fontSize: '1.1rem', py: 2.5, px: 1 }}
          />
        </Box>
        <Typography sx={{ mb: 3, fontSize: '1.15rem' }} color="text.secondary">
          {nivelId === null ? 'Juega con las palabras de todos los niveles.' : 'Juega con las palabras del nivel que elegiste.'}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
          {GAMES.map((g) => {
            const Icon = ICONS[g.id];
            return (
              <Box component="li" key={g.id}>
                <Card
                  sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderTop: 8, borderColor: COLORS[g.id] }}
                  data-testid={`game-card-${g.id}`}
                >
                  <CardContent sx={{ flex: 1, textAlign: 'center' }}>
                    <Icon sx={{ fontSize: 72, color: COLORS[g.id] }} aria-hidden="true" />
                    <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
                      {g.title}
                    </Typography>
                    <Typography color="text.secondary" sx={{ mb: 2 }}>
                      {g.description}
                    </Typography>
                    <Typography sx={{ fontWeight: 800, fontSize: '1.2rem' }} data-testid={`points-${g.id}`}>
                      Puntos: {pts.byGame[g.id]}
                    </Typography>
                    {nivelId !== null && (
                      // Stars are earned per level; /juegos (every level) shows none (docs/decisions.md "Game results and stars").
                      <Box sx={{ mt: 1 }}>
                        <GameStars value={stars[starsKey(nivelId, g.id)] ?? 0} testId={`stars-${g.id}`} />
                      </Box>
                    )}
                  </CardContent>
                  <CardActions sx={{ justifyContent: 'center', pb: 2 }}>
                    <Button
                      component={RouterLink}
                      to={gameHref(g, nivelId)}
                      variant="contained"
                      size="large"
                      startIcon={<PlayArrowIcon />}
                      aria-label={`Jugar a ${g.title}`}
                      sx={{ bgcolor: COLORS[g.id] }}
                    >
                      Jugar
                    </Button>
                  </CardActions>
                </Card>
              </Box>
            );
          })}
        </Box>
        <Paper sx={{ mt: 4, p: 2, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <Typography component="h2" variant="h6" id="volume-title">
            Volumen de los juegos
          </Typography>
          <VolumeControl />
        </Paper>
      </Box>
    </Box>
  );
}
