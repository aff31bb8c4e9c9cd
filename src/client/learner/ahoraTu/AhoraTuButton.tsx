import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FrontHandIcon from '@mui/icons-material/FrontHand';
import VideocamIcon from '@mui/icons-material/Videocam';

// The dialog (and through it the hand model) loads only when the child opens it: the word page's
// first visit stays as it was.
const AhoraTuDialog = lazy(() => import('./AhoraTuDialog'));

export interface AhoraTuProps {
  /** The sign's address, its compact rendition and its kind, as the word page's SignPlayer gets them. */
  src: string;
  compactSrc?: string | null;
  kind: 'video' | 'auto';
  word: string;
  /** The word practised: its scores (never a picture) are sent as a learning event. */
  idPalabra?: number;
  /** The sign's stored address (multimedia.url): its stored reference track is looked up by it. */
  senaUrl?: string | null;
}

interface AhoraTuButtonProps extends AhoraTuProps {
  /**
   * 'full' (word page, review: a wide button under the sign) or 'compact' (the games' caption bar:
   * one line beside the caption, the word's picture on it so a child who cannot read knows which word).
   */
  variant?: 'full' | 'compact';
  /** The word's picture, shown on the compact button. */
  picture?: string | null;
  /** Told when the dialog opens and closes (the games hold the round while it is open). */
  onOpenChange?: (open: boolean) => void;
}

/** "¡Ahora tú!": the child signs back to the front camera (never required; no picture leaves the device, only the scores). */
export function AhoraTuButton({ variant = 'full', picture, onOpenChange, ...props }: AhoraTuButtonProps) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const compact = variant === 'compact';
  const iconSize = compact ? '1.6rem !important' : '2rem !important';
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        size="large"
        onClick={() => change(true)}
        data-testid={compact ? 'ahora-juego' : undefined}
        data-palabra={compact ? props.idPalabra : undefined}
        startIcon={
          <Box component="span" aria-hidden sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <FrontHandIcon sx={{ fontSize: iconSize }} />
            <VideocamIcon sx={{ fontSize: iconSize }} />
          </Box>
        }
        endIcon={
          compact && picture ? (
            <Box
              component="img"
              src={picture}
              alt=""
              aria-hidden
              sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1, bgcolor: '#fff', display: 'block' }}
            />
          ) : undefined
        }
        sx={
          compact
            ? { flex: 'none', minHeight: 56, fontSize: '1.2rem', fontWeight: 800, borderRadius: 4, whiteSpace: 'nowrap', py: 0.5 }
            : { mt: 2, width: '100%', minHeight: 72, fontSize: '1.5rem', fontWeight: 800, borderRadius: 4 }
        }
      >
        ¡Ahora tú!
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AhoraTuDialog {...props} onClose={() => change(false)} />
        </Suspense>
      )}
    </>
  );
}
