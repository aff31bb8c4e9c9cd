/** The sign player's controls (full and overlay variants), the same for a GIF and a video. */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import PauseRoundedIcon from '@mui/icons-material/PauseRounded';
import SkipPreviousRoundedIcon from '@mui/icons-material/SkipPreviousRounded';
import SkipNextRoundedIcon from '@mui/icons-material/SkipNextRounded';
import FlipRoundedIcon from '@mui/icons-material/FlipRounded';
import RepeatRoundedIcon from '@mui/icons-material/RepeatRounded';
import SlowMotionVideoRoundedIcon from '@mui/icons-material/SlowMotionVideoRounded';
import SpeedRoundedIcon from '@mui/icons-material/SpeedRounded';
import { SIGN_SPEEDS, type SignSpeed } from '../prefs';
import type { SignPlayerProps } from './SignPlayer';

const speedText = (s: number) => `${String(s).replace('.', ',')}×`;

const big = { minWidth: 48, minHeight: 48 } as const;
export const focusRing = { '&.Mui-focusVisible, &:focus-visible': { outline: '3px solid #ff9800', outlineOffset: 2 } } as const;
/** A chosen toggle is solid (as in the profile's Preferencias), not the faint grey MUI gives it. */
const chosen = {
  color: '#2e2a8a',
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: '#fff', borderColor: 'primary.main' },
} as const;

interface ControlsProps {
  variant: NonNullable<SignPlayerProps['variant']>;
  playing: boolean;
  speed: number;
  speedFixed: boolean;
  mirror: boolean;
  mirrorFixed: boolean;
  loop: boolean;
  secondSlower: boolean;
  onToggle: () => void;
  onStep: (d: 1 | -1) => void;
  onSpeed: (s: SignSpeed) => void;
  onMirror: () => void;
  onLoop: () => void;
  onSecondSlower: () => void;
}

export function Controls(p: ControlsProps) {
  const overlay = p.variant === 'overlay';
  const playLabel = p.playing ? 'Pausar' : 'Reproducir';
  const pill = { ...big, borderRadius: 999, px: 1.5, fontWeight: 800, textTransform: 'none', ...chosen, ...focusRing } as const;
  const solid = overlay ? { bgcolor: 'rgba(255,255,255,0.94)', '&:hover': { bgcolor: '#fff' } } : {};
  // A sign box narrower than three buttons (a phone's game) keeps play/pause only: the sign itself
  // must stay visible, and the speed and mirror are still in the child's preferences.
  const roomy = { '@container (max-width: 189px)': { display: 'none' } } as const;

  if (overlay) {
    // The game panel: play/pause, the speed (one button stepping through the three) and the mirror.
    const next = SIGN_SPEEDS[(SIGN_SPEEDS.indexOf(p.speed as SignSpeed) + 1) % SIGN_SPEEDS.length]!;
    return (
      // Wraps in a narrow sign box (a phone's game), never wider than the box it belongs to.
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1, pointerEvents: 'auto' }}>
        <Tooltip title={playLabel}>
          <IconButton onClick={p.onToggle} aria-label={playLabel} sx={{ ...big, ...solid, ...focusRing, border: '2px solid #5b4bdb' }}>
            {p.playing ? <PauseRoundedIcon /> : <PlayArrowRoundedIcon />}
          </IconButton>
        </Tooltip>
        {!p.speedFixed && (
          <ToggleButton
            value="speed"
            selected={p.speed !== 1}
            onChange={() => p.onSpeed(next)}
            aria-label={`Velocidad ${speedText(p.speed)}. Cambiar a ${speedText(next)}`}
            sx={{ ...pill, ...solid, ...roomy }}
          >
            <SpeedRoundedIcon sx={{ mr: 0.5 }} aria-hidden="true" /> {speedText(p.speed)}
          </ToggleButton>
        )}
        {!p.mirrorFixed && (
          <Tooltip title="Espejo">
            <ToggleButton value="mirror" selected={p.mirror} onChange={p.onMirror} aria-label="Espejo" sx={{ ...pill, ...solid, ...roomy }}>
              <FlipRoundedIcon aria-hidden="true" />
            </ToggleButton>
          </Tooltip>
        )}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <IconButton onClick={p.onToggle} aria-label={playLabel} color="primary" sx={{ ...big, width: 56, height: 56, border: '2px solid', ...focusRing }}>
        {p.playing ? <PauseRoundedIcon fontSize="large" /> : <PlayArrowRoundedIcon fontSize="large" />}
      </IconButton>
      <IconButton onClick={() => p.onStep(-1)} disabled={p.playing} aria-label="Retroceder un cuadro" sx={{ ...big, ...focusRing }}>
        <SkipPreviousRoundedIcon />
      </IconButton>
      <IconButton onClick={() => p.onStep(1)} disabled={p.playing} aria-label="Avanzar un cuadro" sx={{ ...big, ...focusRing }}>
        <SkipNextRoundedIcon />
      </IconButton>
      {!p.speedFixed && (
        <Box role="group" aria-labelledby="sign-speed-label" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Typography id="sign-speed-label" component="span" sx={{ fontWeight: 800 }}>
            Velocidad
          </Typography>
          <ToggleButtonGroup
            exclusive
            value={p.speed}
            onChange={(_e, v: SignSpeed | null) => {
              if (v !== null) p.onSpeed(v);
            }}
            size="large"
          >
            {SIGN_SPEEDS.map((s) => (
              <ToggleButton key={s} value={s} aria-label={speedText(s)} sx={{ ...big, minWidth: 60, fontWeight: 800, ...chosen, ...focusRing }}>
                {speedText(s)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
      {!p.mirrorFixed && (
        <ToggleButton value="mirror" selected={p.mirror} onChange={p.onMirror} aria-label="Espejo" sx={pill}>
          <FlipRoundedIcon sx={{ mr: 0.75 }} aria-hidden="true" /> Espejo
        </ToggleButton>
      )}
      <ToggleButton value="loop" selected={p.loop} onChange={p.onLoop} aria-label="Repetir siempre" sx={pill}>
        <RepeatRoundedIcon sx={{ mr: 0.75 }} aria-hidden="true" /> Repetir siempre
      </ToggleButton>
      {!p.speedFixed && (
        <ToggleButton value="slower" selected={p.secondSlower} onChange={p.onSecondSlower} aria-label="Segunda vez más lenta" sx={pill}>
          <SlowMotionVideoRoundedIcon sx={{ mr: 0.75 }} aria-hidden="true" /> Segunda vez más lenta
        </ToggleButton>
      )}
    </Box>
  );
}
