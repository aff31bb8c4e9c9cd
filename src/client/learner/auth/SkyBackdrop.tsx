import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * The account screens' sky-blue backdrop with its decorative clouds, children and logo (hidden
 * below `hideBelow` px), and `children` in the middle. Box only: the class login draws its card
 * with Box too, so it shares no Paper chunk with the email login (classlogin/parts.tsx).
 */
/** Where the two clouds float. */
const CLOUDS = [
  { top: 40, left: 30, width: 220, opacity: 0.9 },
  { top: 120, right: 60, width: 180, opacity: 0.8 },
];

export function SkyBackdrop({ children, hideBelow }: { children: ReactNode; hideBelow: number }) {
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
      {CLOUDS.map((at, i) => (
        <Box key={i} component="img" src="/img/nube.svg" alt="" data-decorative="nube" sx={{ position: 'absolute', ...at, ...deco }} />
      ))}
      <Box component="img" src="/img/ninos.svg" alt="" data-decorative="ninos" sx={{ position: 'absolute', bottom: 20, left: 20, width: 260, ...deco }} />
      <Box component="img" src="/img/logo.svg" alt="" data-decorative="logo" sx={{ position: 'absolute', bottom: 30, right: 40, width: 120, ...deco }} />
      {children}
    </Box>
  );
}
