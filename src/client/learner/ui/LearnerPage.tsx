import { memo, type ReactNode, type RefObject } from 'react';
import IconButton from '@mui/material/IconButton';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Navbar, type NavbarProps } from '../../ui/Navbar';

/** A strong, visible keyboard focus ring for the learner screens. */
export const focusRing = {
  '&:focus-visible, &.Mui-focusVisible': { outline: '4px solid #c2185b', outlineOffset: 3 },
} as const;

/**
 * Navbar + main landmark, shared by the learner screens. `dense`: less room above the content, for
 * a screen whose first action must be on screen without scrolling (/home's first 'Empezar').
 */
export function LearnerPage({
  children,
  navbar,
  maxWidth = 'lg',
  dense = false,
}: {
  children: ReactNode;
  navbar?: NavbarProps;
  maxWidth?: 'md' | 'lg' | 'xl';
  dense?: boolean;
}) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', '& .MuiButtonBase-root': focusRing }}>
      <Navbar {...navbar} />
      <Container component="main" maxWidth={maxWidth} sx={{ pt: { xs: 2, sm: dense ? 2 : 4 }, pb: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}

/** Previous/next buttons for a horizontal carousel (mouse users; touch swipes, keyboard tabs). */
export const ScrollButtons = memo(function ScrollButtons({ target, label }: { target: RefObject<HTMLElement | null>; label: string }) {
  const scroll = (dir: 1 | -1) => {
    const el = target.current;
    el?.scrollBy({ left: dir * Math.max(240, el.clientWidth * 0.8), behavior: 'smooth' });
  };
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <IconButton onClick={() => scroll(-1)} aria-label={`Ver ${label} anteriores`} sx={{ bgcolor: '#fff', boxShadow: 1, width: 48, height: 48 }}>
        <ChevronLeftIcon fontSize="large" />
      </IconButton>
      <IconButton onClick={() => scroll(1)} aria-label={`Ver más ${label}`} sx={{ bgcolor: '#fff', boxShadow: 1, width: 48, height: 48 }}>
        <ChevronRightIcon fontSize="large" />
      </IconButton>
    </Box>
  );
});
