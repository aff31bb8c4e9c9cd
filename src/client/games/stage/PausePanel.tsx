import { useEffect, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HomeIcon from '@mui/icons-material/Home';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { EventBus, GAME_EVENTS } from '../../../../games/shared/EventBus';

/**
 * The pause: the scene holds its timers (GameScene.pause) and tells the page, which shows this
 * panel over the stage. 'Seguir jugando' has the focus, so Enter resumes; Escape too (the scene).
 * Resuming gives the focus back to the game area.
 */
export function usePause(area: RefObject<HTMLDivElement | null>) {
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

export function PausePanel({ onResume, onExit }: { onResume: () => void; onExit: () => void }) {
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
