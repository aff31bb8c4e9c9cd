import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * An in-app text link that looks like MUI's <Link underline="always"> (primary colour, underline at
 * 40 %, full colour on hover) without bundling Typography's Link machinery: used on the login
 * screen, whose first visit has a size budget (docs/performance.md). `component` is accepted for
 * drop-in use where the MUI Link was given `component={RouterLink}`.
 */
export default function TextLink({ to, sx, children }: { to: string; sx?: SxProps<Theme>; children: ReactNode; component?: unknown }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={[
        (t: Theme) => ({
          color: t.palette.primary.main,
          textDecoration: 'underline',
          textDecorationColor: alpha(t.palette.primary.main, 0.4),
          '&:hover': { textDecorationColor: 'inherit' },
        }),
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      {children}
    </Box>
  );
}
