/**
 * The page around one game scene: fetches the words (scenes never fetch), mounts the Phaser game,
 * draws the animated sign GIF over the canvas, shows a caption for every sound cue, keeps the
 * in-memory points, and holds the back button and the volume control.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import StarIcon from '@mui/icons-material/Star';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import InfoIcon from '@mui/icons-material/Info';
import type * as Phaser from 'phaser';
import { PhaserGame } from '../../../games/shared/PhaserGame';
import { EventBus, GAME_EVENTS, type Caption, type SignOverlay } from '../../../games/shared/EventBus';
import { rectToPercent } from '../../../games/shared/layout';
import { createRunBank, points } from '../../../games/shared/points';
import { preloadCues } from '../../../games/shared/sound';
import { menuHref, parseNivelId, type GameInfo } from '../../../games/shared/catalog';
import type { GameWord } from '../../../games/shared/types';
import { Loading } from '../ui/Loading';
import { useGameWords } from './useGameWords';
import { usePoints } from './stores';
import { VolumeControl } from './VolumeControl';
import { isVideoUrl } from './words';

export const NO_WORDS_MESSAGE = 'No hay palabras para este nivel.';

interface GamePageProps {
  game: GameInfo;
  scene: new () => Phaser.Scene;
  /** Whether the scene can start with these words (else the spec's no-words message). */
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
  const total = usePoints().byGame[game.id];

  useEffect(() => {
    document.title = `${game.title} · Manitas`;
    preloadCues();
  }, [game.title]);

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 }, py: 1, bgcolor: 'background.paper', boxShadow: 1 }}
      >
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate(back)}>
          Volver
        </Button>
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 auto' }}>
          {game.title}
        </Typography>
        <Chip icon={<StarIcon />} color="secondary" label={`Puntos acumulados: ${total}`} data-testid="game-points" sx={{ fontWeight: 700, fontSize: '1rem' }} />
        <VolumeControl compact />
      </Box>
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

function GameStage({ game, scene, words, onExit, hint }: { game: GameInfo; scene: new () => Phaser.Scene; words: GameWord[]; onExit: () => void; hint: string }) {
  const [sign, setSign] = useState<SignOverlay | null>(null);
  const [caption, setCaption] = useState<Caption>({ text: hint, kind: 'info' });
  const data = useMemo(() => ({ words }), [words]);
  const exitRef = useRef(onExit);
  useEffect(() => {
    exitRef.current = onExit;
  }, [onExit]);

  useEffect(() => {
    const bank = createRunBank(points, game.id);
    const onState = (snap: { totalScore?: number }) => bank.update(snap.totalScore ?? 0);
    const onEvents = (events: { type: string }[]) => {
      if (events.some((e) => e.type === 'game-won' || e.type === 'game-over')) bank.finish();
    };
    const onRestart = () => bank.restart();
    const onSign = (s: SignOverlay | null) => setSign(s);
    const onCaption = (c: Caption) => setCaption(c);
    const onExitEvent = () => exitRef.current();
    EventBus.on(GAME_EVENTS.state, onState);
    EventBus.on(GAME_EVENTS.events, onEvents);
    EventBus.on(GAME_EVENTS.restart, onRestart);
    EventBus.on(GAME_EVENTS.sign, onSign);
    EventBus.on(GAME_EVENTS.caption, onCaption);
    EventBus.on(GAME_EVENTS.exit, onExitEvent);
    return () => {
      EventBus.off(GAME_EVENTS.state, onState);
      EventBus.off(GAME_EVENTS.events, onEvents);
      EventBus.off(GAME_EVENTS.restart, onRestart);
      EventBus.off(GAME_EVENTS.sign, onSign);
      EventBus.off(GAME_EVENTS.caption, onCaption);
      EventBus.off(GAME_EVENTS.exit, onExitEvent);
      bank.leave();
    };
  }, [game.id]);

  const captionColor = caption.kind === 'success' ? 'success.main' : caption.kind === 'error' ? 'error.main' : 'primary.main';
  const CaptionIcon = caption.kind === 'success' ? CheckCircleIcon : caption.kind === 'error' ? CancelIcon : InfoIcon;

  return (
    <>
      <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: { xs: 0.5, sm: 1 } }}>
        <Box
          data-testid="game-stage"
          sx={{ position: 'relative', width: 'min(100%, calc((100dvh - 150px) * 1.6))', minWidth: 300, aspectRatio: '1280 / 800', borderRadius: 3, overflow: 'hidden', boxShadow: 2 }}
        >
          <PhaserGame scene={scene} data={data} label={`Juego: ${game.title}`} />
          {sign &&
            (isVideoUrl(sign.url) ? (
              <Box
                component="video"
                data-testid="sign-gif"
                src={sign.url}
                autoPlay
                loop
                muted
                playsInline
                aria-label="Seña de la palabra"
                sx={{ position: 'absolute', ...rectToPercent(sign), objectFit: 'contain', pointerEvents: 'none', borderRadius: 2 }}
              />
            ) : (
              <Box
                component="img"
                data-testid="sign-gif"
                src={sign.url}
                alt="Seña de la palabra"
                sx={{ position: 'absolute', ...rectToPercent(sign), objectFit: 'contain', pointerEvents: 'none', borderRadius: 2 }}
              />
            ))}
        </Box>
      </Box>
      <Box
        role="status"
        aria-live="polite"
        data-testid="game-caption"
        data-kind={caption.kind}
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, minHeight: 56, px: 2, py: 1, bgcolor: 'background.paper', borderTop: 4, borderColor: captionColor }}
      >
        <CaptionIcon sx={{ color: captionColor }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 700, fontSize: '1.15rem', color: captionColor }}>{caption.text}</Typography>
      </Box>
    </>
  );
}
