import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeDownIcon from '@mui/icons-material/VolumeDown';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useRef } from 'react';
import { VOLUME_DEFAULT, VOLUME_MAX, VOLUME_MIN, VOLUME_STEP, volume } from '../../../games/shared/volume';
import { playCue } from './cues';
import { useVolume } from './stores';
import { setPreferences, usePreferences } from '../prefs';

const percent = (v: number) => `${Math.round(v * 100)} %`;

/**
 * The games' volume: 0 to 1 in steps of 0.1 (games.md G-8.1), shared by the menu and the three games, and the
 * learner's "Sin sonido" (the same preference as the profile's: changing it here changes it there).
 * With Sin sonido the slider and the mute button rest, disabled: nothing plays whatever they say.
 */
export function VolumeControl({ compact = false }: { compact?: boolean }) {
  const value = useVolume();
  const { sinSonido } = usePreferences();
  const before = useRef(VOLUME_DEFAULT);
  const Icon = sinSonido || value === 0 ? VolumeOffIcon : value < 0.5 ? VolumeDownIcon : VolumeUpIcon;
  const toggleMute = () => {
    if (value === 0) volume.set(before.current || VOLUME_DEFAULT);
    else {
      before.current = value;
      volume.set(0);
    }
  };
  return (
    // One row from 600 px (the game header stays one line at 1280 px); on a phone the switch may wrap.
    <Box
      sx={{ display: 'flex', alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' }, flexShrink: 0, columnGap: 1.5, rowGap: 0.5 }}
      data-testid="volume-control"
      data-sin-sonido={sinSonido ? '1' : '0'}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 200, maxWidth: 380, flex: '0 0 auto', width: { xs: '100%', sm: compact ? 260 : 320 } }}
      >
        <IconButton onClick={toggleMute} aria-label={value === 0 ? 'Activar sonido' : 'Silenciar'} color="primary" size="large" disabled={sinSonido}>
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
          disabled={sinSonido}
          onChange={(_, v) => volume.set(Array.isArray(v) ? (v[0] ?? 0) : v)}
          onChangeCommitted={() => playCue('click')}
          sx={{ flex: 1 }}
        />
        <Typography
          component="span"
          sx={{ minWidth: 52, fontWeight: 700, textAlign: 'right', color: sinSonido ? 'text.secondary' : undefined }}
          aria-hidden="true"
        >
          {percent(value)}
        </Typography>
      </Box>
      <Box
        component="label"
        data-testid="volume-sin-sonido"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          minHeight: 48,
          pl: 1.5,
          pr: 0.5,
          borderRadius: 999,
          cursor: 'pointer',
          bgcolor: sinSonido ? '#ffe3ec' : '#f4f1ff',
          fontWeight: 800,
          whiteSpace: 'nowrap',
          '&:focus-within': { outline: '3px solid #c2185b', outlineOffset: 2 },
        }}
      >
        <VolumeOffIcon aria-hidden="true" sx={{ color: sinSonido ? '#c2185b' : 'text.secondary' }} />
        Sin sonido
        <Switch
          checked={sinSonido}
          onChange={(e) => setPreferences({ sinSonido: e.target.checked })}
          slotProps={{ input: { role: 'switch', 'aria-label': 'Sin sonido' } }}
        />
      </Box>
    </Box>
  );
}
