/**
 * "Preferencias" on /perfil (docs/product/screens-learner.md L-15.3): the child's sign-player and sound choices. Each control
 * saves at once (this device now, the account right after: src/client/prefs) and says "Guardado";
 * none of them is part of the profile form or its 'Actualizar Perfil' button. Big targets (the
 * whole row of a switch, 56 px speed buttons), usable with Tab, Space and Enter.
 */
import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import FlipIcon from '@mui/icons-material/Flip';
import SlowMotionVideoIcon from '@mui/icons-material/SlowMotionVideo';
import SpeedIcon from '@mui/icons-material/Speed';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import { SIGN_SPEEDS, setPreferences, speedLabel, usePreferenceSaveState, usePreferences, type Preferences, type SignSpeed } from '../../prefs';

const PREFERENCES_TITLE = 'Preferencias';
const SIN_SONIDO_LABEL = 'Sin sonido';
const SIN_SONIDO_HELP = 'No suena nada; todo lo que suena también se ve.';
const SPEED_LABEL = 'Velocidad de las señas';
const SPEED_HELP = 'Más despacio para ver bien cada movimiento.';
const ESPEJO_LABEL = 'Espejo';
const ESPEJO_HELP = 'La seña se ve al revés, como en un espejo: ayuda a los zurdos.';
const SEGUNDA_LABEL = 'Segunda vez más lenta';
const SEGUNDA_HELP = 'Cada seña se repite una vez más despacio.';
const SAVED_TEXT = 'Guardado';
const SAVED_OFFLINE_TEXT = 'Guardado en este dispositivo. Se guardará en tu cuenta cuando haya conexión.';

const rowSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 2,
  minHeight: 72,
  px: 2,
  py: 1.5,
  borderRadius: 4,
  bgcolor: '#f4f1ff',
  cursor: 'pointer',
  border: '3px solid transparent',
  '&:hover': { bgcolor: '#ebe6ff' },
  '&:focus-within': { borderColor: '#c2185b' },
} as const;

/** A switch whose whole row (icon, title, help) is the target: one tap or Space toggles it. */
function SwitchRow({
  icon,
  label,
  help,
  checked,
  onChange,
  testId,
}: {
  icon: ReactNode;
  label: string;
  help?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const helpId = useId();
  return (
    <Box component="label" sx={rowSx} data-testid={testId}>
      <Box aria-hidden="true" sx={{ display: 'flex', color: 'primary.main', '& svg': { fontSize: 36 } }}>
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 800, fontSize: '1.2rem' }}>
          {label}
        </Typography>
        {help && (
          <Typography component="span" id={helpId} sx={{ display: 'block', fontSize: '1rem', color: 'text.secondary' }}>
            {help}
          </Typography>
        )}
      </Box>
      <Typography component="span" aria-hidden="true" sx={{ fontWeight: 800, minWidth: 24, color: checked ? 'primary.main' : 'text.secondary' }}>
        {checked ? 'Sí' : 'No'}
      </Typography>
      <Switch
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { role: 'switch', 'aria-label': label, ...(help ? { 'aria-describedby': helpId } : {}) } }}
        sx={{
          // 48 px of switch inside a 72 px row: big enough for small fingers.
          width: 76,
          height: 48,
          p: 1,
          '& .MuiSwitch-switchBase': { p: 1.25, '&.Mui-checked': { transform: 'translateX(28px)' } },
          '& .MuiSwitch-thumb': { width: 28, height: 28 },
          '& .MuiSwitch-track': { borderRadius: 16 },
        }}
      />
    </Box>
  );
}

export function PreferencesSection() {
  const prefs = usePreferences();
  const save = usePreferenceSaveState();
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const speedId = useId();

  const change = (patch: Partial<Preferences>) => {
    setPreferences(patch);
    setTouched(true);
  };

  return (
    <Box component="section" aria-labelledby={titleId} data-testid="preferencias" sx={{ mt: 4, pt: 3, borderTop: '2px solid #e6e1ff' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography id={titleId} variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          {PREFERENCES_TITLE}
        </Typography>
        {/* The confirmation: "Guardado" as soon as a choice is made (it holds on this device at once). */}
        <Box role="status" aria-live="polite" data-testid="preferencias-estado" sx={{ minHeight: 40, display: 'flex', alignItems: 'center' }}>
          {touched &&
            (save === 'offline' ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: '#8a4b00', fontWeight: 700, maxWidth: 360 }}>
                <CloudOffIcon aria-hidden="true" /> {SAVED_OFFLINE_TEXT}
              </Box>
            ) : (
              <Box
                key={JSON.stringify(prefs)}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 2,
                  py: 0.75,
                  borderRadius: 999,
                  bgcolor: '#d6f5e3',
                  color: '#1b5e38',
                  fontWeight: 800,
                  fontSize: '1.1rem',
                  animation: 'manitasSaved 250ms ease-out both',
                  '@keyframes manitasSaved': { from: { transform: 'scale(0.85)' }, to: { transform: 'scale(1)' } },
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                }}
              >
                <CheckCircleIcon aria-hidden="true" /> {SAVED_TEXT}
              </Box>
            ))}
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <SwitchRow
          icon={<VolumeOffIcon />}
          label={SIN_SONIDO_LABEL}
          help={SIN_SONIDO_HELP}
          checked={prefs.sinSonido}
          onChange={(on) => change({ sinSonido: on })}
          testId="pref-sin-sonido"
        />

        <Box sx={{ ...rowSx, cursor: 'default', flexWrap: 'wrap' }} data-testid="pref-velocidad">
          <Box aria-hidden="true" sx={{ display: 'flex', color: 'primary.main', '& svg': { fontSize: 36 } }}>
            <SpeedIcon />
          </Box>
          <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
            <Typography id={speedId} component="span" sx={{ display: 'block', fontWeight: 800, fontSize: '1.2rem' }}>
              {SPEED_LABEL}
            </Typography>
            <Typography component="span" sx={{ display: 'block', fontSize: '1rem', color: 'text.secondary' }}>
              {SPEED_HELP}
            </Typography>
          </Box>
          <ToggleButtonGroup
            exclusive
            value={prefs.velocidad}
            onChange={(_e, v: SignSpeed | null) => {
              if (v !== null) change({ velocidad: v });
            }}
            aria-labelledby={speedId}
            sx={{ bgcolor: '#fff' }}
          >
            {SIGN_SPEEDS.map((s) => (
              <ToggleButton
                key={s}
                value={s}
                aria-label={s === 1 ? `${speedLabel(s)}, normal` : `${speedLabel(s)}, más lento`}
                sx={{
                  minWidth: 72,
                  minHeight: 56,
                  fontWeight: 800,
                  fontSize: '1.15rem',
                  color: '#1d1a3a',
                  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: '#fff' },
                  '&.Mui-focusVisible': { outline: '4px solid #c2185b', outlineOffset: -4 },
                }}
              >
                {speedLabel(s)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>

        <SwitchRow
          icon={<FlipIcon />}
          label={ESPEJO_LABEL}
          help={ESPEJO_HELP}
          checked={prefs.espejo}
          onChange={(on) => change({ espejo: on })}
          testId="pref-espejo"
        />
        <SwitchRow
          icon={<SlowMotionVideoIcon />}
          label={SEGUNDA_LABEL}
          help={SEGUNDA_HELP}
          checked={prefs.segundaLenta}
          onChange={(on) => change({ segundaLenta: on })}
          testId="pref-segunda-lenta"
        />
      </Box>
    </Box>
  );
}
