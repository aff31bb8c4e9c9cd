import { useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import InfoIcon from '@mui/icons-material/Info';
import type * as Phaser from 'phaser';
import { PhaserGame } from '../../../../games/shared/PhaserGame';
import { EventBus, GAME_EVENTS, type Caption, type SignOverlay, type TabRequest } from '../../../../games/shared/EventBus';
import { rectToPercent } from '../../../../games/shared/layout';
import type { GameInfo } from '../../../../games/shared/catalog';
import { GAME_AREA_ATTR } from '../../../../games/shared/keys';
import type { GameWord } from '../../../shared/rules/games/types';
import { SignPlayer } from '../../sign/SignPlayer';
import { SIGN_SPEEDS, type SignSpeed } from '../../prefs';
import { PausePanel, usePause } from './PausePanel';
import { srOnly } from './srOnly';
import { useGameRun } from './useGameRun';
import { useStageRoom } from './useStageRoom';
import { useTapRipples } from './useTapRipples';
import { GameAhoraTu } from './GameAhoraTu';

/** What the keys do in each game: the game area's accessible name (G-2.6: the area takes the focus). */
const GAME_KEYS: Record<GameInfo['id'], string> = {
  hangman: 'letras para jugar',
  orderWords: 'letras para ordenar, Retroceso para borrar',
  cards: '1, 2 o 3 para elegir',
};

/**
 * The caption bar's text box (CSS px): the height a one-line caption always had, which holds two
 * lines of the caption's type at a line height of 1.25 (the game keeps all the room it had).
 */
const CAPTION_HEIGHT = 56;
/** The caption's type, and the smallest it shrinks to so a long caption keeps to two lines. */
const CAPTION_PX = 18.4;
const CAPTION_MIN_PX = 14;

/**
 * The caption's text, at most two lines in the fixed box: a longer caption gets a smaller type
 * (down to CAPTION_MIN_PX) instead of a third line. Measured after layout, so it fits the font and
 * width the browser really uses (CSS alone cannot shrink text to fit a box).
 */
function FittedCaption({ text, color }: { text: string; color: string }) {
  const ref = useRef<HTMLParagraphElement | null>(null);
  const [px, setPx] = useState(CAPTION_PX);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let size = CAPTION_PX;
    el.style.fontSize = `${size}px`;
    while (el.scrollHeight > CAPTION_HEIGHT - 4 && size > CAPTION_MIN_PX) {
      size -= 1;
      el.style.fontSize = `${size}px`;
    }
    setPx(size);
  }, [text]);
  return (
    <Typography
      ref={ref}
      data-testid="game-caption-text"
      sx={{ fontWeight: 700, fontSize: `${px}px`, lineHeight: 1.25, color, maxHeight: CAPTION_HEIGHT - 4, overflow: 'hidden' }}
    >
      {text}
    </Typography>
  );
}

const isSignSpeed = (v: number | null | undefined): v is SignSpeed => typeof v === 'number' && (SIGN_SPEEDS as readonly number[]).includes(v);

const gameAreaLabel = (game: GameInfo) => `Juego ${game.title}. Enter para empezar, ${GAME_KEYS[game.id]}, Escape para pausar.`;

/** The game area's own outline is off: the stage draws the ring around itself (STAGE_FOCUS_RING). */
const focusRingStyles = { '.manitas-game-area': { outline: 'none' } } as const;

/**
 * The focus ring of the game area: thick, dark on the light page, with a yellow band between it and
 * the game, drawn by the stage around itself, in the room's 8 px padding, never over the canvas:
 * drawn inside, it covered 9 px of every edge and cut the buttons in the stage's corners (Borrar,
 * Comprobar, Cartas' answers) and the column's texts at its right edge.
 */
const STAGE_FOCUS_RING = {
  '&:has(> .manitas-game-area:focus-visible)': { outline: '4px solid #1d1a3a', outlineOffset: '4px', boxShadow: '0 0 0 4px #ffd54f' },
} as const;

/**
 * The game itself under the header: the Phaser canvas fitted to the room, the sign over its box,
 * tap ripples, the pause panel and the caption bar (every sound cue's visible twin).
 */
interface GameStageProps {
  game: GameInfo;
  scene: new () => Phaser.Scene;
  words: GameWord[];
  onExit: () => void;
  hint: string;
}

export function GameStage({ game, scene, words, onExit, hint }: GameStageProps) {
  const [sign, setSign] = useState<SignOverlay | null>(null);
  const [caption, setCaption] = useState<Caption>({ text: hint, kind: 'info' });
  const [focusLabel, setFocusLabel] = useState<string | null>(null);
  const data = useMemo(() => ({ words }), [words]);
  const taps = useTapRipples();
  const room = useStageRoom();
  const area = useRef<HTMLDivElement | null>(null);
  const pause = usePause(area);
  /** "¡Ahora tú!" is open: the scene is held, without the pause panel over it. */
  const [practising, setPractising] = useState(false);
  /** A tap on the game focuses it (Phaser stops the canvas's own focus), not a tap on a page button over it. */
  const onStagePointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    taps.onPointerDown(e);
    const t = e.target as HTMLElement;
    if (!t.closest('button, a, input, [role="slider"], [role="dialog"]')) area.current?.focus({ preventScroll: true });
  };
  // Rings end when the game moves to another phase (an answer judged, a round over): see useTapRipples.
  const clearTaps = taps.clear;
  useEffect(() => {
    let phase: string | undefined;
    const onState = (snap: { phase?: string }) => {
      if (snap.phase !== phase) clearTaps();
      phase = snap.phase;
    };
    EventBus.on(GAME_EVENTS.state, onState);
    return () => {
      EventBus.off(GAME_EVENTS.state, onState);
    };
  }, [clearTaps]);
  useGameRun(game.id, words, { onSign: setSign, onFocus: setFocusLabel, onCaption: setCaption, onExit });

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
          // Room for the stage's focus ring (8 px); a phone (touch only, no ring) keeps its 4 px.
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
              ...STAGE_FOCUS_RING,
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
                data-speed={sign.speed ?? undefined}
                sx={{ position: 'absolute', ...rectToPercent(sign, room.design), pointerEvents: 'none', borderRadius: 2 }}
              >
                {/* A fixed speed (Cartas' clue) remounts the player, so the sign plays again from its start. */}
                <SignPlayer
                  key={`${sign.url}|${sign.speed ?? ''}`}
                  src={sign.url}
                  compactSrc={sign.compact ?? null}
                  label="Seña de la palabra"
                  variant="overlay"
                  speed={isSignSpeed(sign.speed) ? sign.speed : undefined}
                />
              </Box>
            )}
            {taps.layer}
            <Box role="status" aria-live="polite" data-testid="game-focus" sx={srOnly}>
              {focusLabel ? `Botón: ${focusLabel}. Enter para pulsarlo.` : ''}
            </Box>
            {pause.paused && !practising && <PausePanel onResume={pause.resume} onExit={onExit} />}
          </Box>
        )}
      </Box>
      {/* The caption bar: the live caption (every sound cue's visible twin) and, beside it, "¡Ahora tú!"
          for the last word finished: below the game, so it never covers a game control, and outside
          the live region, so the caption read out stays the caption. */}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          // One row: the button never pushes the caption onto a line of its own (the game keeps its room).
          flexWrap: 'nowrap',
          columnGap: 2,
          px: 2,
          bgcolor: 'background.paper',
          borderTop: 4,
          borderColor: captionColor,
          // A fixed height: a caption of two lines never takes room from the game (the stage kept
          // its size and place; at 768 a two-line caption cut the side column).
          flex: 'none',
          height: CAPTION_HEIGHT + 4,
          boxSizing: 'border-box',
        }}
      >
        <Box
          role="status"
          aria-live="polite"
          data-testid="game-caption"
          data-kind={caption.kind}
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, height: CAPTION_HEIGHT, minWidth: 0 }}
        >
          <CaptionIcon sx={{ color: captionColor }} aria-hidden="true" />
          <FittedCaption text={caption.text} color={captionColor} />
        </Box>
        <GameAhoraTu words={words} paused={pause.paused} onOpenChange={setPractising} />
      </Box>
    </>
  );
}
