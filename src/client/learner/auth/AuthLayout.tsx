import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { SkyBackdrop } from './SkyBackdrop';

/**
 * The sky-blue backdrop of the account screens with its decorative clouds and children, hidden
 * below `hideBelow` px (1221 on sign-up, 768 on login), and a white card in the middle.
 */
export function AuthLayout({ children, hideBelow = 768, wide = false }: { children: ReactNode; hideBelow?: number; wide?: boolean }) {
  return (
    <SkyBackdrop hideBelow={hideBelow}>
      <Paper elevation={6} sx={{ position: 'relative', zIndex: 1, width: '100%', maxWidth: wide ? 640 : 440, p: { xs: 2.5, sm: 4 }, borderRadius: '28px' }}>
        {children}
      </Paper>
    </SkyBackdrop>
  );
}

export function AvatarChoice({ value, onChange, name = 'avatar' }: { value: string; onChange: (v: string) => void; name?: string }) {
  const options = [
    { v: 'boy', label: 'Niño', src: '/img/avatar-boy.svg' },
    { v: 'girl', label: 'Niña', src: '/img/avatar-girl.svg' },
  ];
  return (
    <Box role="radiogroup" aria-label="Elige tu avatar" sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
      {options.map((o) => (
        <Box
          key={o.v}
          component="label"
          sx={{
            cursor: 'pointer',
            borderRadius: '50%',
            p: 0.5,
            border: 4,
            borderColor: value === o.v ? 'primary.main' : 'transparent',
            '&:focus-within': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
          }}
        >
          <input
            type="radio"
            name={name}
            value={o.v}
            checked={value === o.v}
            onChange={() => onChange(o.v)}
            aria-label={`Avatar ${o.label}`}
            style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
          />
          <Box component="img" src={o.src} alt={o.label} sx={{ width: 72, height: 72, display: 'block' }} />
        </Box>
      ))}
    </Box>
  );
}
