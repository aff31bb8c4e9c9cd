import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import StarIcon from '@mui/icons-material/Star';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { usePreferences } from '../../prefs';
import { useVolume } from '../stores';
import { VolumeControl } from '../VolumeControl';
import { srOnly } from './srOnly';

/**
 * The game page's header (games.md G-2.3): always one row, so the game gets the room. From 1200 px the
 * volume control sits in it; narrower, it is one icon opening the same control. On a phone the
 * back button is an icon (named 'Volver') and the points chip shows the star and the number (its
 * words stay for screen readers).
 */
/** `hidePoints`: the end panel is open and its 'Puntos' is the one score shown (the chip keeps its room). */
export function GameHeader({ title, total, hidePoints = false, onBack }: { title: string; total: number; hidePoints?: boolean; onBack: () => void }) {
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
        aria-hidden={hidePoints || undefined}
        sx={{ fontWeight: 700, fontSize: '1rem', flex: 'none', visibility: hidePoints ? 'hidden' : 'visible' }}
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
