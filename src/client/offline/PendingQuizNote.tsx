import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { currentUserId, onOutboxChange, pendingEntries } from './outbox';

/**
 * The level menu's word for a quiz sent offline: it waits on this tablet and goes when the
 * connection returns. `onSent` runs when it left the queue (the menu re-reads the result the
 * queue wrote: src/client/offline/sync.ts).
 */
export function PendingQuizNote({ levelId, onSent }: { levelId: number; onSent?: () => void }) {
  const [waiting, setWaiting] = useState(false);
  const was = useRef(false);
  const sent = useRef(onSent);
  sent.current = onSent;
  useEffect(() => {
    let live = true;
    const read = () => {
      const usuario = currentUserId();
      if (usuario === null) return;
      void pendingEntries(usuario).then((list) => {
        if (!live) return;
        const now = list.some((e) => e.tipo === 'quiz' && e.nivel === levelId);
        if (was.current && !now) sent.current?.();
        was.current = now;
        setWaiting(now);
      });
    };
    read();
    const off = onOutboxChange(read);
    return () => {
      live = false;
      off();
    };
  }, [levelId]);
  if (!waiting) return null;
  return (
    <Alert severity="info" icon={<CloudUploadIcon fontSize="inherit" />} sx={{ fontSize: '1.1rem', my: 1 }} data-testid="quiz-pending">
      Tu cuestionario está guardado en esta tableta. Se enviará solo cuando vuelva la conexión y entonces verás tu puntaje.
    </Alert>
  );
}
