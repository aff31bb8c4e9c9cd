import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ZoomOutMapRoundedIcon from '@mui/icons-material/ZoomOutMapRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { focusRing } from '../ui/LearnerPage';

const ENLARGE_TEXT = 'Ver grande';
const CLOSE_TEXT = 'Cerrar';

/**
 * One sign choice of "¿Cuál es la seña de…?" as a big tile (the sign is the clue, so it is the
 * tile's largest part): the sign playing with its own controls, then the button that picks it and
 * 'Ver grande'. The pick button and the sign's controls are side by side, never one inside the
 * other (a button inside a button is neither valid nor reachable by keyboard).
 */
export function SignChoiceTile({
  n,
  borderColor,
  sign,
  pick,
  onEnlarge,
}: {
  n: number;
  borderColor: string;
  /** The sign player (or the no-sign message). */
  sign: ReactNode;
  /** The button that picks this sign (the review's Choice). */
  pick: ReactNode;
  onEnlarge: () => void;
}) {
  return (
    <Box
      data-testid="review-choice-tile"
      sx={{
        minWidth: 0,
        p: { xs: 1, sm: 1.5 },
        borderRadius: 4,
        border: '4px solid',
        borderColor,
        bgcolor: '#fff',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Box sx={{ height: { xs: 170, sm: 260, md: 220 }, minHeight: 0 }} data-testid="review-choice-sign">
        {sign}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'stretch', flexWrap: 'wrap' }}>
        {pick}
        <Button
          variant="outlined"
          onClick={onEnlarge}
          aria-label={`${ENLARGE_TEXT} la seña ${n}`}
          startIcon={<ZoomOutMapRoundedIcon />}
          disableFocusRipple
          sx={{
            minHeight: 56,
            flex: '1 1 auto',
            px: { xs: 1, sm: 2 },
            fontSize: '1.05rem',
            fontWeight: 800,
            textTransform: 'none',
            whiteSpace: 'nowrap',
            // A phone's tile is narrow: the words stay on one line, the icon goes.
            '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
            ...focusRing,
          }}
        >
          {ENLARGE_TEXT}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The sign at the screen's full width, in a dialog: closed with Escape or the big 'Cerrar'; the
 * focus then goes back to what opened it (MUI's Dialog restores it), in the tile.
 */
export function EnlargedSign({ title, onClose, children }: { title: string | null; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={title !== null} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="sena-grande-titulo" data-testid="review-sign-enlarged">
      <DialogTitle id="sena-grande-titulo" sx={{ fontSize: '1.6rem', fontWeight: 800, pb: 1 }}>
        {title}
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        {/* As big as the screen lets it be: the sign fits this box whole, whatever its shape. */}
        <Box sx={{ width: '100%', height: 'min(68vh, 720px)' }}>{children}</Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button
          autoFocus
          variant="contained"
          size="large"
          onClick={onClose}
          startIcon={<CloseRoundedIcon />}
          sx={{ minHeight: 64, px: 5, fontSize: '1.3rem', ...focusRing }}
        >
          {CLOSE_TEXT}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
