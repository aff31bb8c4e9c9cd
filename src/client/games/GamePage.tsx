/**
 * The page around one game scene: fetches the words (scenes never fetch), mounts the Phaser game,
 * draws the animated sign GIF over the canvas, shows a caption for every sound cue and a ripple
 * where each tap lands (the tap sound's visible twin), keeps the in-memory points, and holds the
 * back button and the volume control (with "Sin sonido").
 */
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
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
import { livePoints, runPoints, unbankedScore, usePoints, useRunPoints } from './stores';
import { VolumeControl } from './VolumeControl';
import { SignPlayer } from '../sign/SignPlayer';

export const NO_WORDS_MESSAGE = 'No hay palabras para este nivel.';
/** Why a level with words has none to play: the games teach signs, so a word needs one. */
export const noSignText = (n: number) =>
  n === 1 ? 'Su palabra todavía no tiene seña. Pide a tu profesor que la grabe.' : `Sus ${n} palabras todavía no tienen seña. Pide a tu profesor que las grabe.`;

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
  // The header follows the game's running total live: the points already banked for this game
  // plus the score of the run in progress (not banked yet).
  const total = livePoints(usePoints().byGame[game.id], useRunPoints());

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
          {(state.withoutSign ?? 0) > 0 && (
            // Beside the spec's message: the level has words, but none with a sign to play with.
            <Typography sx={{ mb: 2, fontSize: '1.15rem' }} data-testid="words-without-sign">{noSignText(state.withoutSign!)}</Typography>
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

/** How long a tap ripple lives (ms), and at most how many are on screen at once. */
export const TAP_RIPPLE_MS = 450;
const MAX_RIPPLES = 3;

interface Ripple {
  id: number;
  x: number;
  y: number;
}

/**
 * A ring that grows and fades where a finger or the mouse pressed the game (the tap cue's visual
 * twin, also with Sin sonido). Small (64 px) and soft, so even fast tapping never flashes the screen
 * (WCAG 2.3.1); with reduced motion it only fades.
 */
function useTapRipples() {
  const [ripples, setRipples] = useState<Ripple[]>([]);
  const next = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const t of all) clearTimeout(t);
      all.clear();
    };
  }, []);
  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const ripple = { id: next.current++, x: e.clientX - r.left, y: e.clientY - r.top };
    setRipples((list) => [...list.slice(-(MAX_RIPPLES - 1)), ripple]);
    const t = setTimeout(() => {
      timers.current.delete(t);
      setRipples((list) => list.filter((x) => x.id !== ripple.id));
    }, TAP_RIPPLE_MS);
    timers.current.add(t);
  };
  const layer = ripples.map((p) => (
    <Box
      key={p.id}
      aria-hidden="true"
      data-testid="tap-ripple"
      sx={{
        position: 'absolute', left: p.x - 32, top: p.y - 32, width: 64, height: 64, borderRadius: '50%', pointerEvents: 'none', zIndex: 2,
        border: '5px solid rgba(74,58,255,0.85)', bgcolor: 'rgba(74,58,255,0.15)',
        animation: `manitasRipple ${TAP_RIPPLE_MS}ms ease-out both`,
        '@keyframes manitasRipple': { from: { transform: 'scale(0.3)', opacity: 1 }, to: { transform: 'scale(1.2)', opacity: 0 } },
        '@media (prefers-reduced-motion: reduce)': {
          animation: `manitasRippleFade ${TAP_RIPPLE_MS}ms linear both`,
          '@keyframes manitasRippleFade': { from: { opacity: 1 }, to: { opacity: 0 } },
        },
      }}
    />
  ));
  return { onPointerDown, layer };
}

interface GameStageProps {
  game: GameInfo;
  scene: new () => Phaser.Scene;
  words: GameWord[];
  onExit: () => void;
  hint: string;
}

function GameStage({ game, scene, words, onExit, hint }: GameStageProps) {
  const [sign, setSign] = useState<SignOverlay | null>(null);
  const [caption, setCaption] = useState<Caption>({ text: hint, kind: 'info' });
  const data = useMemo(() => ({ words }), [words]);
  const taps = useTapRipples();
  const exitRef = useRef(onExit);
  useEffect(() => {
    exitRef.current = onExit;
  }, [onExit]);

  useEffect(() => {
    const bank = createRunBank(points, game.id);
    const report = () => runPoints.set(unbankedScore(bank));
    const onState = (snap: { totalScore?: number }) => {
      bank.update(snap.totalScore ?? 0);
      report();
    };
    const onEvents = (events: { type: string }[]) => {
      if (events.some((e) => e.type === 'game-won' || e.type === 'game-over')) bank.finish();
      report();
    };
    const onRestart = () => {
      bank.restart();
      report();
    };
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
      runPoints.set(0);
    };
  }, [game.id]);

  const captionColor = caption.kind === 'success' ? 'success.main' : caption.kind === 'error' ? 'error.main' : 'primary.main';
  const CaptionIcon = caption.kind === 'success' ? CheckCircleIcon : caption.kind === 'error' ? CancelIcon : InfoIcon;

  return (
    <>
      <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: { xs: 0.5, sm: 1 } }}>
        <Box
          data-testid="game-stage"
          onPointerDown={taps.onPointerDown}
          sx={{ position: 'relative', width: 'min(100%, calc((100dvh - 150px) * 1.6))', minWidth: 300, aspectRatio: '1280 / 800', borderRadius: 3, overflow: 'hidden', boxShadow: 2 }}
        >
          <PhaserGame scene={scene} data={data} label={`Juego: ${game.title}`} />
          {sign && (
            // The sign over its box on the canvas: clicks pass through to the game except on the
            // player's own buttons (play/pause, speed, mirror).
            <Box data-testid="sign-gif" data-src={sign.url} sx={{ position: 'absolute', ...rectToPercent(sign), pointerEvents: 'none', borderRadius: 2 }}>
              <SignPlayer key={sign.url} src={sign.url} compactSrc={sign.compact ?? null} label="Seña de la palabra" variant="overlay" />
            </Box>
          )}
          {taps.layer}
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
