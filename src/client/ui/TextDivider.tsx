import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A horizontal divider with a word in the middle — the same markup, classes and styles MUI's
 * `<Divider>{children}</Divider>` renders — without Divider's own chunk: used on the login screen,
 * whose first visit has a size budget (docs/performance.md).
 */
export default function TextDivider({ sx, children }: { sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box
      role="separator"
      aria-orientation="horizontal"
      className="MuiDivider-root MuiDivider-fullWidth MuiDivider-withChildren"
      sx={[
        (t: Theme) => ({
          m: 0,
          flexShrink: 0,
          display: 'flex',
          textAlign: 'center',
          border: 0,
          borderTopStyle: 'solid',
          borderLeftStyle: 'solid',
          '&::before, &::after': { content: '""', alignSelf: 'center', width: '100%', borderTop: `thin solid ${t.palette.divider}`, borderTopStyle: 'inherit' },
        }),
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      <Box component="span" className="MuiDivider-wrapper" sx={{ display: 'inline-block', px: 'calc(8px * 1.2)', whiteSpace: 'nowrap' }}>
        {children}
      </Box>
    </Box>
  );
}
