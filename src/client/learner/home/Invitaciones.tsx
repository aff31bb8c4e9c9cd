import { memo, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import CloseIcon from '@mui/icons-material/Close';
import { apiGet, apiPost } from '../../api/http';
import type { InvitacionWire } from '../../../shared/resources/clases';

/**
 * A teacher's invitation to a class, asked on /home (the child's next visit): the child joins only
 * by pressing «Unirme» (consent); «No» declines it. One at a time, big buttons with pictures.
 */
// Memoised: /home renders again for each of its later answers (Home.tsx LevelCard).
export const Invitaciones = memo(function Invitaciones() {
  const [list, setList] = useState<InvitacionWire[]>([]);
  const [busy, setBusy] = useState(false);
  const [aviso, setAviso] = useState('');
  useEffect(() => {
    let live = true;
    apiGet<{ data: InvitacionWire[] }>('clase/invitaciones')
      .then((r) => live && setList(r.data))
      // Offline or signed out: nothing to ask now; the next visit asks again.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const inv = list[0];
  const answer = async (respuesta: 'aceptar' | 'rechazar') => {
    if (!inv) return;
    setBusy(true);
    try {
      const r = await apiPost<{ msg: string }>(`clase/invitaciones/${inv.id_invitacion}/${respuesta}`, {});
      if (respuesta === 'aceptar') setAviso(r.msg);
    } catch {
      // Already answered on another device: it is gone either way.
    } finally {
      setBusy(false);
      setList((l) => l.slice(1));
    }
  };
  if (aviso && !inv)
    return (
      <Dialog open onClose={() => setAviso('')} aria-labelledby="invitacion-ok">
        <DialogTitle id="invitacion-ok">{aviso}</DialogTitle>
        <DialogActions>
          <Button size="large" variant="contained" onClick={() => setAviso('')}>
            Listo
          </Button>
        </DialogActions>
      </Dialog>
    );
  if (!inv) return null;
  return (
    <Dialog open aria-labelledby="invitacion-title" data-testid="invitacion">
      <DialogTitle id="invitacion-title">Una invitación</DialogTitle>
      <DialogContent>
        <Typography variant="h6" component="p">
          {inv.profesor ? `La clase «${inv.clase}» de ${inv.profesor} te invita. ¿Quieres unirte?` : `La clase «${inv.clase}» te invita. ¿Quieres unirte?`}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ gap: 2, p: 2 }}>
        <Button size="large" variant="outlined" startIcon={<CloseIcon />} disabled={busy} onClick={() => void answer('rechazar')} sx={{ minHeight: 64 }}>
          No
        </Button>
        <Button size="large" variant="contained" startIcon={<GroupAddIcon />} disabled={busy} onClick={() => void answer('aceptar')} sx={{ minHeight: 64 }}>
          Unirme
        </Button>
      </DialogActions>
    </Dialog>
  );
});
