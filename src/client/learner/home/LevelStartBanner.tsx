/**
 * The level-start sound's visible twin (screens-learner.md L-9 "Empezar"): when a level opens, a big "¡Empezamos!" badge
 * with a rocket pops up over the page for as long as the sound (at least LEVEL_BANNER_MIN_MS), with
 * or without sound, so a child who cannot hear it (or has "Sin sonido" on) sees the same moment.
 * One pop-in, no blinking (WCAG 2.3.1); it just appears for people who ask for reduced motion.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';

const LEVEL_START_TEXT = '¡Empezamos!';

export function LevelStartBanner({ levelName }: { levelName: string }) {
  return (
    <Box
      role="status"
      aria-live="assertive"
      data-testid="level-start-banner"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 1400,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        // No full-screen dimming: only the badge changes what the screen shows (WCAG 2.3.1).
        pointerEvents: 'none',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: { xs: 3, sm: 5 },
          py: { xs: 2.5, sm: 3.5 },
          mx: 2,
          bgcolor: '#4a3aff',
          color: '#fff',
          borderRadius: 6,
          border: '6px solid #fff',
          boxShadow: 8,
          animation: 'manitasPop 320ms cubic-bezier(.34,1.56,.64,1) both',
          '@keyframes manitasPop': { from: { transform: 'scale(0.6)', opacity: 0 }, to: { transform: 'scale(1)', opacity: 1 } },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        <RocketLaunchIcon
          aria-hidden="true"
          sx={{
            fontSize: { xs: 56, sm: 72 },
            animation: 'manitasLift 900ms ease-out 1 both',
            '@keyframes manitasLift': {
              '0%': { transform: 'translate(-6px, 10px) rotate(-8deg)' },
              '100%': { transform: 'translate(4px, -6px) rotate(0deg)' },
            },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
        <Box>
          <Typography component="p" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' }, fontWeight: 900, lineHeight: 1.1 }}>
            {LEVEL_START_TEXT}
          </Typography>
          <Typography component="p" sx={{ fontSize: { xs: '1.2rem', sm: '1.4rem' }, fontWeight: 700, opacity: 0.95 }}>
            {levelName}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
