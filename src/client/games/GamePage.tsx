/**
 * The page around one game scene: fetches the words (scenes never fetch), mounts the Phaser game,
 * draws the animated sign GIF over the canvas, shows a caption for every sound cue and a ripple
 * where each tap lands (the tap sound's visible twin), keeps the in-memory points, and holds the
 * back button and the volume control (with "Sin sonido").
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type * as Phaser from 'phaser';
import { menuHref, parseNivelId, type GameInfo } from '../../../games/shared/catalog';
import type { GameWord } from '../../shared/rules/games/types';
import { Loading } from '../ui/Loading';
import { preloadCues } from './cues';
import { useGameWords } from './useGameWords';
import { livePoints, useEndPanelOpen, usePoints, useRunPoints } from './stores';
import { GameHeader } from './stage/GameHeader';
import { GameStage } from './stage/GameStage';

const NO_WORDS_MESSAGE = 'No hay palabras para este nivel.';
/** Why a level with words has none to play: the games teach signs, so a word needs one. */
const noSignText = (n: number) =>
  n === 1
    ? 'Su palabra todavía no tiene seña. Pide a tu profesor que la grabe.'
    : `Sus ${n} palabras todavía no tienen seña. Pide a tu profesor que las grabe.`;

interface GamePageProps {
  game: GameInfo;
  scene: new () => Phaser.Scene;
  /** Whether the scene can start with these words (else the no-words message of G-2.2). */
  playable: (words: readonly GameWord[]) => boolean;
  /** First caption, before anything happens. */
  hint: string;
}

export function GamePage({ game, scene, playable, hint }: GamePageProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nivelId = parseNivelId(params.get('nivel'));
  const back = menuHref(nivelId);
  const { state, retry } = useGameWords(nivelId);
  // The header follows the game's running total live: the points already banked for this game
  // plus the score of the run in progress (not banked yet).
  const total = livePoints(usePoints().byGame[game.id], useRunPoints());
  const ended = useEndPanelOpen();

  useEffect(() => {
    document.title = `${game.title} · Manitas`;
    preloadCues();
  }, [game.title]);

  return (
    <Box component="main" sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <GameHeader title={game.title} total={total} hidePoints={ended} onBack={() => navigate(back)} />
      {state.status === 'loading' && <Loading label="Cargando palabras..." />}
      {state.status === 'error' && (
        <Box role="alert" sx={{ textAlign: 'center', py: 6 }}>
          <Typography sx={{ mb: 2, fontSize: '1.2rem' }}>{state.message}</Typography>
          <Button variant="contained" onClick={retry}>
            Reintentar
          </Button>
        </Box>
      )}
      {state.status === 'ready' && !playable(state.words) && (
        <Box role="status" sx={{ textAlign: 'center', py: 6 }}>
          <Typography sx={{ mb: 2, fontSize: '1.3rem' }}>{NO_WORDS_MESSAGE}</Typography>
          {(state.withoutSign ?? 0) > 0 && (
            // Beside the no-words message (G-2.2): the level has words, but none with a sign to play with.
            <Typography sx={{ mb: 2, fontSize: '1.15rem' }} data-testid="words-without-sign">
              {noSignText(state.withoutSign!)}
            </Typography>
          )}
          <Button variant="contained" onClick={() => navigate(back)}>
            Volver a los juegos
          </Button>
        </Box>
      )}
      {state.status === 'ready' && playable(state.words) && (
        <GameStage game={game} scene={scene} words={state.words} onExit={() => navigate(back)} hint={hint} />
      )}
    </Box>
  );
}
