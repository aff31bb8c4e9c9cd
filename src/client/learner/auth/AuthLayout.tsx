import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';

/**
 * The sky-blue backdrop of the account screens with its decorative clouds and children, hidden
 * below `hideBelow` px (1221 on sign-up, 768 on login), and a white card in the middle.
 */
export function AuthLayout({ children, hideBelow = 768, wide = false }: { children: ReactNode; hideBelow?: number; wide?: boolean }) {
  const deco = { [`@media (max-width: ${hideBelow - 1}px)`]: { display: 'none' } };
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        position: 'relative',
        overflow: 'hidden',
        background: 'linear-gradient(180deg, #a9def9 0%, #e4f4ff 60%, #fef9ef 100%)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: { xs: 1.5, sm: 3 },
      }}
    >
      <Box
        component="img"
        src="/img/nube.svg"
        alt=""
        data-decorative="nube"
        sx={{ position: 'absolute', top: 40, left: 30, width: 220, opacity: 0.9, ...deco }}
      />
      <Box
        component="img"
        src="/img/nube.svg"
        alt=""
        data-decorative="nube"
        sx={{ position: 'absolute', top: 120, right: 60, width: 180, opacity: 0.8, ...deco }}
      />
      <Box component="img" src="/img/ninos.svg" alt="" data-decorative="ninos" sx={{ position: 'absolute', bottom: 20, left: 20, width: 260, ...deco }} />
      <Box component="img" src="/img/logo.svg" alt="" data-decorative="logo" sx={{ position: 'absolute', bottom: 30, right: 40, width: 120, ...deco }} />
      <Paper elevation={6} sx={{ position: 'relative', zIndex: 1, width: '100%', maxWidth: wide ? 640 : 440, p: { xs: 2.5, sm: 4 }, borderRadius: '28px' }}>
        {children}
      </Paper>
    </Box>
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
