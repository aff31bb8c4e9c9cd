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

/** "¡Ahora tú!": the child signs back to the front camera (never required; no picture leaves the device, only the scores). */
export function AhoraTuButton(props: AhoraTuProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        size="large"
        onClick={() => setOpen(true)}
        startIcon={
          <Box component="span" aria-hidden sx={{ display: 'inline-flex', gap: 0.5 }}>
            <FrontHandIcon sx={{ fontSize: '2rem !important' }} />
            <VideocamIcon sx={{ fontSize: '2rem !important' }} />
          </Box>
        }
        sx={{ mt: 2, width: '100%', minHeight: 72, fontSize: '1.5rem', fontWeight: 800, borderRadius: 4 }}
      >
        ¡Ahora tú!
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AhoraTuDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
