/**
 * The page around one game scene: fetches the words (scenes never fetch), mounts the Phaser game,
 * draws the animated sign GIF over the canvas, shows a caption for every sound cue and a ripple
 * where each tap lands (the tap sound's visible twin), keeps the in-memory points, and holds the
 * back button and the volume control (with "Sin sonido").
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Typography from '@mui/material/Typography';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import HomeIcon from '@mui/icons-material/Home';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import StarIcon from '@mui/icons-material/Star';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import InfoIcon from '@mui/icons-material/Info';
import type * as Phaser from 'phaser';
import { PhaserGame } from '../../../games/shared/PhaserGame';
import { EventBus, GAME_EVENTS, type Caption, type SignOverlay, type SignSource, type TabRequest } from '../../../games/shared/EventBus';
import { decodePreferred } from '../sign/decode';
import { isVideoUrl } from './words';
import { chooseDesign, fitSize, rectToPercent, type DesignSize } from '../../../games/shared/layout';
import { createRunBank, points } from '../../../games/shared/points';
import { preloadCues } from './cues';
import { menuHref, parseNivelId, type GameInfo } from '../../../games/shared/catalog';
import type { GameWord } from '../../shared/rules/games/types';
import { Loading } from '../ui/Loading';
import { useGameWords } from './useGameWords';
import { livePoints, runPoints, unbankedScore, usePoints, useRunPoints, useVolume } from './stores';
import { usePreferences } from '../prefs';
import { VolumeControl } from './VolumeControl';
import { newRunKey, reportRun, syncGameResults } from './results';
import { createRunTracker } from './runTracker';
import { SignPlayer } from '../sign/SignPlayer';
import { GAME_AREA_ATTR } from '../../../games/shared/keys';

export const NO_WORDS_MESSAGE = 'No hay palabras para este nivel.';
/** Why a level with words has none to play: the games teach signs, so a word needs one. */
export const noSignText = (n: number) =>
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

  useEffect(() => {
    document.title = `${game.title} · Manitas`;
    preloadCues();
  }, [game.title]);

  return (
    <Box component="main" sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <GameHeader title={game.title} total={total} onBack={() => navigate(back)} />
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

/** Visually hidden, still read (and in textContent): the chip's words on a phone. */
const srOnly = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * The game page's header (games.md G-2.3): always one row, so the game gets the room. From 1200 px the
 * volume control sits in it; narrower, it is one icon opening the same control. On a phone the
 * back button is an icon (named 'Volver') and the points chip shows the star and the number (its
 * words stay for screen readers).
 */
function GameHeader({ title, total, onBack }: { title: string; total: number; onBack: () => void }) {
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('lg'), { noSsr: true });
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const [volumeAt, setVolumeAt] = useState<HTMLElement | null>(null);
  const { sinSonido } = usePreferences();
  const level = useVolume();
  const VolumeIcon = sinSonido || level === 0 ? VolumeOffIcon : VolumeUpIcon;
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'nowrap',
        gap: { xs: 1, sm: 2 },
        px: { xs: 1, sm: 2 },
        py: { xs: 0.5, sm: 1 },
        bgcolor: 'background.paper',
        boxShadow: 1,
      }}
    >
      {phone ? (
        <IconButton aria-label="Volver" onClick={onBack} color="primary" sx={{ border: 2, borderColor: 'primary.main', width: 48, height: 48, flex: 'none' }}>
          <ArrowBackIcon />
        </IconButton>
      ) : (
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ flex: 'none' }}>
          Volver
        </Button>
      )}
      <Typography variant="h5" component="h1" noWrap sx={{ flex: '1 1 auto', minWidth: 0, fontSize: { xs: '1.15rem', sm: '1.5rem' } }}>
        {title}
      </Typography>
      <Chip
        icon={<StarIcon />}
        color="secondary"
        label={
          <>
            <Box component="span" sx={phone ? srOnly : undefined}>
              Puntos acumulados:{' '}
            </Box>
            {total}
          </>
        }
        data-testid="game-points"
        sx={{ fontWeight: 700, fontSize: '1rem', flex: 'none' }}
      />
      {wide ? (
        <VolumeControl compact />
      ) : (
        <>
          <IconButton
            aria-label="Volumen y sonido"
            aria-haspopup="dialog"
            onClick={(e) => setVolumeAt(e.currentTarget)}
            color="primary"
            size="large"
            sx={{ flex: 'none' }}
          >
            <VolumeIcon />
          </IconButton>
          <Popover
            open={volumeAt !== null}
            anchorEl={volumeAt}
            onClose={() => setVolumeAt(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            slotProps={{ paper: { sx: { p: 2, maxWidth: 'calc(100vw - 16px)' } } }}
          >
            <VolumeControl />
          </Popover>
        </>
      )}
    </Box>
  );
}

/** What the keys do in each game: the game area's accessible name (G-2.6: the area takes the focus). */
const GAME_KEYS: Record<GameInfo['id'], string> = {
  hangman: 'letras para jugar',
  orderWords: 'letras para ordenar, Retroceso para borrar',
  cards: '1, 2 o 3 para elegir',
};

export const gameAreaLabel = (game: GameInfo) => `Juego ${game.title}. Enter para empezar, ${GAME_KEYS[game.id]}, Escape para pausar.`;

/** The focus ring of the game area: thick, dark on the light game, inside the stage (never clipped). */
const focusRingStyles = {
  '.manitas-game-area': { outline: 'none' },
  '.manitas-game-area:focus-visible': { outline: '5px solid #1d1a3a', outlineOffset: '-5px' },
  // A yellow band inside the dark ring, over the canvas: seen on dark and light parts of the game.
  '.manitas-game-area:focus-visible::after': {
    content: '""',
    position: 'absolute',
    inset: '5px',
    border: '4px solid #ffd54f',
    pointerEvents: 'none',
    zIndex: 4,
  },
} as const;

/**
 * The pause: the scene holds its timers (GameScene.pause) and tells the page, which shows this
 * panel over the stage. 'Seguir jugando' has the focus, so Enter resumes; Escape too (the scene).
 * Resuming gives the focus back to the game area.
 */
function usePause(area: RefObject<HTMLDivElement | null>) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    const onPaused = (p: boolean) => {
      setPaused(p);
      if (!p) area.current?.focus({ preventScroll: true });
    };
    EventBus.on(GAME_EVENTS.paused, onPaused);
    return () => {
      EventBus.off(GAME_EVENTS.paused, onPaused);
    };
  }, [area]);
  const resume = () => EventBus.emit(GAME_EVENTS.pauseRequest, false);
  return { paused, resume };
}

function PausePanel({ onResume, onExit }: { onResume: () => void; onExit: () => void }) {
  const big = {
    minHeight: 72,
    minWidth: 260,
    fontSize: '1.45rem',
    fontWeight: 800,
    borderRadius: 4,
    '&.Mui-focusVisible': { outline: '4px solid #1d1a3a', outlineOffset: '3px' },
  } as const;
  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-labelledby="game-pause-title"
      data-testid="game-pause"
      sx={{ position: 'absolute', inset: 0, zIndex: 3, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(29,26,58,0.62)' }}
    >
      <Box
        sx={{
          bgcolor: 'background.paper',
          borderRadius: 5,
          border: '6px solid #4a3aff',
          px: { xs: 3, sm: 6 },
          py: { xs: 2, sm: 4 },
          textAlign: 'center',
          maxWidth: '90%',
        }}
      >
        <Typography
          id="game-pause-title"
          component="h2"
          sx={{ fontSize: { xs: '2.2rem', sm: '3rem' }, fontWeight: 800, color: '#3322cc', mb: { xs: 1.5, sm: 3 } }}
        >
          Pausa
        </Typography>
        <Stack spacing={2} alignItems="stretch">
          <Button variant="contained" size="large" autoFocus disableFocusRipple startIcon={<PlayArrowIcon />} onClick={onResume} sx={big}>
            Seguir jugando
          </Button>
          <Button
            variant="outlined"
            size="large"
            disableFocusRipple
            startIcon={<HomeIcon />}
            onClick={onExit}
            sx={{ ...big, borderWidth: 3, '&:hover': { borderWidth: 3 } }}
          >
            Volver al menú
          </Button>
        </Stack>
      </Box>
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
        position: 'absolute',
        left: p.x - 32,
        top: p.y - 32,
        width: 64,
        height: 64,
        borderRadius: '50%',
        pointerEvents: 'none',
        zIndex: 2,
        border: '5px solid rgba(74,58,255,0.85)',
        bgcolor: 'rgba(74,58,255,0.15)',
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

/**
 * The room the game has between the header and the caption bar (CSS px, followed with a
 * ResizeObserver), the design size for its shape and the stage size that fills it: the stage is
 * exactly the canvas, so the sign overlay's percentages land on the canvas's sign box.
 */
function useStageRoom() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [box, setBox] = useState<{ w: number; h: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const cs = getComputedStyle(el);
      const w = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const h = el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
      setBox((b) => (b && b.w === w && b.h === h ? b : { w, h }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // The design changes only when the stage's shape really changed (a tablet turned, a window
  // resized): a caption growing to two lines must not rebuild the game (it letterboxes a little).
  const kept = useRef<DesignSize | null>(null);
  const design = useMemo(() => {
    const next = chooseDesign(box?.w ?? 0, box?.h ?? 0);
    const d = kept.current;
    const keep = box !== null && d !== null && d.width === next.width && Math.abs(d.height - next.height) / d.height < 0.15;
    if (!keep && box !== null) kept.current = next;
    return keep ? d : next;
  }, [box]);
  const fit = box && box.w > 0 && box.h > 0 ? fitSize(design.width, design.height, box.w, box.h) : null;
  return { ref, design, fit: fit ? { width: Math.floor(fit.width), height: Math.floor(fit.height) } : null };
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
  const [focusLabel, setFocusLabel] = useState<string | null>(null);
  const data = useMemo(() => ({ words }), [words]);
  const taps = useTapRipples();
  const room = useStageRoom();
  const area = useRef<HTMLDivElement | null>(null);
  const pause = usePause(area);
  /** A tap on the game focuses it (Phaser stops the canvas's own focus), not a tap on a page button over it. */
  const onStagePointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    taps.onPointerDown(e);
    const t = e.target as HTMLElement;
    if (!t.closest('button, a, input, [role="slider"], [role="dialog"]')) area.current?.focus({ preventScroll: true });
  };
  const exitRef = useRef(onExit);
  useEffect(() => {
    exitRef.current = onExit;
  }, [onExit]);

  useEffect(() => {
    const bank = createRunBank(points, game.id);
    const report = () => runPoints.set(unbankedScore(bank));
    // G-7.3: every run is also reported to the server (results.ts): a finished one always, one
    // restarted or left half-way when it has points. The level travels in the page's ?nivel=.
    void syncGameResults();
    const idNivel = parseNivelId(new URLSearchParams(window.location.search).get('nivel'));
    const tracker = createRunTracker(game.id, idNivel, words);
    const closeRun = () => {
      const run = tracker.take(bank.score, false, newRunKey());
      if (!bank.banked && run.puntos > 0) reportRun(run);
    };
    const onState = (snap: { totalScore?: number }) => {
      bank.update(snap.totalScore ?? 0);
      report();
    };
    const onEvents = (events: { type: string; totalScore?: number; wordId?: number; correctWordId?: number }[]) => {
      tracker.onEvents(events);
      const end = events.find((e) => e.type === 'game-won' || e.type === 'game-over');
      if (end && !bank.banked) {
        if (typeof end.totalScore === 'number') bank.update(end.totalScore);
        reportRun(tracker.take(bank.score, end.type === 'game-won', newRunKey()));
        bank.finish();
      }
      report();
    };
    const onRestart = () => {
      closeRun();
      bank.restart();
      report();
    };
    const onSign = (s: SignOverlay | null) => setSign(s);
    const onFocus = (label: string | null) => setFocusLabel(label);
    // The coming rounds' signs are fetched and decoded now (the player's decode cache keeps the
    // last 12), so a round starts with its sign moving instead of a spinner. One at a time: the
    // tablet's network and CPU are the child's current sign's first.
    let preloading = Promise.resolve();
    const onPreload = (list: SignSource[]) => {
      for (const s of list) {
        preloading = preloading.then(() =>
          (isVideoUrl(s.url)
            ? fetch(s.url, { credentials: 'same-origin' }).then(() => undefined)
            : decodePreferred(s.url, s.compact).then(() => undefined)
          ).catch(() => undefined),
        );
      }
    };
    const onCaption = (c: Caption) => setCaption(c);
    const onExitEvent = () => exitRef.current();
    EventBus.on(GAME_EVENTS.state, onState);
    EventBus.on(GAME_EVENTS.events, onEvents);
    EventBus.on(GAME_EVENTS.restart, onRestart);
    EventBus.on(GAME_EVENTS.sign, onSign);
    EventBus.on(GAME_EVENTS.focus, onFocus);
    EventBus.on(GAME_EVENTS.preload, onPreload);
    EventBus.on(GAME_EVENTS.caption, onCaption);
    EventBus.on(GAME_EVENTS.exit, onExitEvent);
    return () => {
      EventBus.off(GAME_EVENTS.state, onState);
      EventBus.off(GAME_EVENTS.events, onEvents);
      EventBus.off(GAME_EVENTS.restart, onRestart);
      EventBus.off(GAME_EVENTS.sign, onSign);
      EventBus.off(GAME_EVENTS.focus, onFocus);
      EventBus.off(GAME_EVENTS.preload, onPreload);
      EventBus.off(GAME_EVENTS.caption, onCaption);
      EventBus.off(GAME_EVENTS.exit, onExitEvent);
      closeRun();
      bank.leave();
      runPoints.set(0);
    };
  }, [game.id, words]);

  const captionColor = caption.kind === 'success' ? 'success.main' : caption.kind === 'error' ? 'error.main' : 'primary.main';
  const CaptionIcon = caption.kind === 'success' ? CheckCircleIcon : caption.kind === 'error' ? CancelIcon : InfoIcon;

  return (
    <>
      <Box
        ref={room.ref}
        sx={{
          flex: '1 1 0',
          minHeight: 0,
          minWidth: 0,
          overflow: 'hidden',
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'center',
          p: { xs: 0.5, sm: 1 },
        }}
      >
        {room.fit && (
          <Box
            data-testid="game-stage"
            {...{ [GAME_AREA_ATTR]: '' }}
            onPointerDown={onStagePointerDown}
            onKeyDown={(e) => {
              // Tab on the game area walks its canvas buttons (end screens, hints) before leaving it:
              // handled here, at the DOM event, because Phaser hears keys a frame later.
              if (e.key !== 'Tab' || e.target !== area.current || e.ctrlKey || e.altKey || e.metaKey) return;
              const req: TabRequest = { back: e.shiftKey, taken: false };
              EventBus.emit(GAME_EVENTS.tab, req);
              if (req.taken) e.preventDefault();
            }}
            sx={{
              position: 'relative',
              flex: 'none',
              width: room.fit.width,
              height: room.fit.height,
              maxWidth: '100%',
              maxHeight: '100%',
              borderRadius: 3,
              overflow: 'hidden',
              boxShadow: 2,
            }}
          >
            <GlobalStyles styles={focusRingStyles} />
            <PhaserGame scene={scene} data={data} label={`Juego: ${game.title}`} areaLabel={gameAreaLabel(game)} areaRef={area} design={room.design} />
            {sign && (
              // The sign over its box on the canvas: clicks pass through to the game except on the
              // player's own buttons (play/pause, speed, mirror).
              <Box
                data-testid="sign-gif"
                data-src={sign.url}
                sx={{ position: 'absolute', ...rectToPercent(sign, room.design), pointerEvents: 'none', borderRadius: 2 }}
              >
                <SignPlayer key={sign.url} src={sign.url} compactSrc={sign.compact ?? null} label="Seña de la palabra" variant="overlay" />
              </Box>
            )}
            {taps.layer}
            <Box role="status" aria-live="polite" data-testid="game-focus" sx={srOnly}>
              {focusLabel ? `Botón: ${focusLabel}. Enter para pulsarlo.` : ''}
            </Box>
            {pause.paused && <PausePanel onResume={pause.resume} onExit={onExit} />}
          </Box>
        )}
      </Box>
      <Box
        role="status"
        aria-live="polite"
        data-testid="game-caption"
        data-kind={caption.kind}
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          minHeight: 56,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          borderTop: 4,
          borderColor: captionColor,
        }}
      >
        <CaptionIcon sx={{ color: captionColor }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 700, fontSize: '1.15rem', color: captionColor }}>{caption.text}</Typography>
      </Box>
    </>
  );
}
