import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Navbar, type NavbarProps } from '../../ui/Navbar';

/** A strong, visible keyboard focus ring for the learner screens. */
export const focusRing = {
  '&:focus-visible, &.Mui-focusVisible': { outline: '4px solid #c2185b', outlineOffset: 3 },
} as const;

/** Navbar + main landmark, shared by the learner screens. */
export function LearnerPage({ children, navbar, maxWidth = 'lg' }: { children: ReactNode; navbar?: NavbarProps; maxWidth?: 'md' | 'lg' | 'xl' }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', '& .MuiButtonBase-root': focusRing }}>
      <Navbar {...navbar} />
      <Container component="main" maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}
