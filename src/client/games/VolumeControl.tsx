import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeDownIcon from '@mui/icons-material/VolumeDown';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useRef } from 'react';
import { VOLUME_DEFAULT, VOLUME_MAX, VOLUME_MIN, VOLUME_STEP, volume } from '../../../games/shared/volume';
import { playCue } from '../../../games/shared/sound';
import { useVolume } from './stores';

const percent = (v: number) => `${Math.round(v * 100)} %`;

/** The games' volume: 0 to 1 in steps of 0.1 (spec), shared by the menu and the three games. */
export function VolumeControl({ compact = false }: { compact?: boolean }) {
  const value = useVolume();
  const before = useRef(VOLUME_DEFAULT);
  const Icon = value === 0 ? VolumeOffIcon : value < 0.5 ? VolumeDownIcon : VolumeUpIcon;
  const toggleMute = () => {
    if (value === 0) volume.set(before.current || VOLUME_DEFAULT);
    else {
      before.current = value;
      volume.set(0);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: compact ? 200 : 260, maxWidth: 380, flex: compact ? '0 1 260px' : undefined }}>
      <IconButton onClick={toggleMute} aria-label={value === 0 ? 'Activar sonido' : 'Silenciar'} color="primary" size="large">
        <Icon />
      </IconButton>
      <Slider
        aria-label="Volumen"
        value={value}
        min={VOLUME_MIN}
        max={VOLUME_MAX}
        step={VOLUME_STEP}
        marks
        getAriaValueText={percent}
        valueLabelFormat={percent}
        valueLabelDisplay="auto"
        onChange={(_, v) => volume.set(Array.isArray(v) ? (v[0] ?? 0) : v)}
        onChangeCommitted={() => playCue('click')}
        sx={{ flex: 1 }}
      />
      <Typography component="span" sx={{ minWidth: 52, fontWeight: 700, textAlign: 'right' }} aria-hidden="true">
        {percent(value)}
      </Typography>
    </Box>
  );
}
