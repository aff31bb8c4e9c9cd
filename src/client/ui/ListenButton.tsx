/**
 * 'Escuchar': plays a word's audio and shows that it is playing (every sound has a visible
 * twin; screens-learner.md L-12). While the audio plays the button reads "Sonando…" with moving sound waves; with the
 * learner's "Sin sonido" it is shown disabled, crossed out, reading "Sin sonido", so the child sees
 * why nothing plays. The waves move gently (no flashing: WCAG 2.3.1) and stand still for people who
 * ask for reduced motion.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { getPreferences, usePreferences } from '../prefs/preferences';
import { playWordAudio, type SoundHandle } from '../learner/home/sound';

const LISTEN_LABEL = 'Escuchar';
const PLAYING_LABEL = 'Sonando…';
const MUTED_LABEL = 'Sin sonido';

/** Three bars that rise and fall while a sound plays (each bar ~1 cycle per second, no flashing). */
function SoundWaves({ size = 24 }: { size?: number }) {
  const bar = (x: number, delay: string) => (
    <Box
      component="rect"
      x={x}
      y={4}
      width={4}
      height={16}
      rx={2}
      sx={{
        fill: 'currentColor',
        transformBox: 'fill-box',
        transformOrigin: 'center',
        animation: `manitasWave 1s ease-in-out ${delay} infinite`,
        '@keyframes manitasWave': { '0%, 100%': { transform: 'scaleY(0.35)' }, '50%': { transform: 'scaleY(1)' } },
        '@media (prefers-reduced-motion: reduce)': { animation: 'none', transform: 'scaleY(0.7)' },
      }}
    />
  );
  return (
    <Box component="svg" viewBox="0 0 24 24" aria-hidden="true" data-testid="sound-waves" sx={{ width: size, height: size, display: 'block' }}>
      {bar(3, '0s')}
      {bar(10, '-0.33s')}
      {bar(17, '-0.66s')}
    </Box>
  );
}

interface ListenButtonProps {
  /** The audio file (already made absolute with mediaUrl); null = no button. */
  src: string | null;
  /** The written word, for the accessible name. */
  word: string;
  /** The language as said in the name: 'español' or 'inglés'. */
  idioma: string;
  sx?: SxProps<Theme>;
}

export function ListenButton({ src, word, idioma, sx }: ListenButtonProps) {
  const { sinSonido } = usePreferences();
  const [playing, setPlaying] = useState(false);
  const current = useRef<SoundHandle | null>(null);

  // Leaving the word (or the page) stops its audio.
  useEffect(() => () => current.current?.stop(), [src]);
  // Sin sonido turned on while it plays: the gate stops the sound; the button follows.
  useEffect(() => {
    if (sinSonido) setPlaying(false);
  }, [sinSonido]);

  if (!src) return null;

  const play = () => {
    current.current?.stop();
    if (getPreferences().sinSonido) return;
    const handle = playWordAudio(src);
    current.current = handle;
    setPlaying(true);
    void handle.ended.then(() => {
      if (current.current === handle) setPlaying(false);
    });
  };

  const name = `Escuchar "${word}" en ${idioma}`;
  const state = sinSonido ? 'muted' : playing ? 'playing' : 'idle';
  return (
    <Button
      variant="contained"
      color={playing ? 'secondary' : 'primary'}
      onClick={play}
      disabled={sinSonido}
      aria-label={sinSonido ? `${name} (sin sonido)` : playing ? `${name} (sonando)` : name}
      data-testid="listen-button"
      data-state={state}
      startIcon={sinSonido ? <VolumeOffIcon /> : playing ? <SoundWaves /> : <VolumeUpIcon />}
      sx={[
        {
          minHeight: 52,
          minWidth: 168,
          px: 3,
          fontSize: '1.05rem',
          fontWeight: 800,
          // Disabled still reads clearly: a dashed outline and dark text instead of MUI's faint grey.
          '&.Mui-disabled': { bgcolor: '#ecebf3', color: '#4a4866', border: '2px dashed #8a87a6' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {sinSonido ? MUTED_LABEL : playing ? PLAYING_LABEL : LISTEN_LABEL}
    </Button>
  );
}
