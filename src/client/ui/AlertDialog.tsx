import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';
import type { AlertKind } from './AlertModal';

const pop = keyframes`
  0% { transform: scale(0.3) rotate(-20deg); opacity: 0; }
  60% { transform: scale(1.15) rotate(6deg); opacity: 1; }
  100% { transform: scale(1) rotate(0); }
`;
const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  20%, 60% { transform: translateX(-10px); }
  40%, 80% { transform: translateX(10px); }
`;

interface AlertDialogProps {
  open: boolean;
  kind: AlertKind;
  message: string;
  title?: string;
  onClose: () => void;
}

/**
 * The dialog of the alert modal: a message, an image by success or error, and 'Cerrar'. Loaded on
 * demand (see AlertModal.tsx) so the first visit of /logIn does not download MUI's Dialog.
 */
export default function AlertDialog({ open, kind, message, title, onClose }: AlertDialogProps) {
  const img = kind === 'success' ? '/img/success.svg' : kind === 'warning' ? '/img/warning.svg' : '/img/error.svg';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="alert-message" data-testid="alert-modal" data-kind={kind} maxWidth="xs" fullWidth>
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <Box
          component="img"
          src={img}
          alt={kind === 'success' ? 'Éxito' : kind === 'warning' ? 'Advertencia' : 'Error'}
          sx={{
            width: 96,
            height: 96,
            mb: 2,
            animation: `${kind === 'success' ? pop : shake} 0.6s ease-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
        {title && (
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {title}
          </Typography>
        )}
        <Typography id="alert-message" variant="body1" sx={{ fontSize: '1.15rem', whiteSpace: 'pre-line' }}>
          {message}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
        <Button variant="contained" onClick={onClose} autoFocus size="large">
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
