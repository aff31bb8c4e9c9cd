import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useEffect, useId, useState } from 'react';
import { useNotify } from 'react-admin';
import type { TableroWire } from '../../../../../shared/resources/clases';
import { ApiError, apiPut } from '../../../../api/http';

type Nivel = TableroWire['niveles'][number];
type Estado = Record<number, { on: boolean; fecha: string }>;

const estadoDe = (niveles: readonly Nivel[]): Estado => Object.fromEntries(niveles.map((l) => [l.id_nivel, { on: l.tarea, fecha: l.fecha ?? '' }]));

/**
 * 'Tareas': the levels assigned to the class, each with an optional date. It starts from the
 * dashboard's levels (which carry the class's assignments, so no second request) and saves the whole
 * set with PUT api/clase/{id}/tareas, which replaces it (src/shared/resources/clases.ts).
 */
export function TareasPanel({ idClase, niveles, onSaved }: { idClase: string; niveles: readonly Nivel[]; onSaved: () => void }) {
  const notify = useNotify();
  const id = useId();
  const [estado, setEstado] = useState<Estado>(() => estadoDe(niveles));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The dashboard reloaded (another teacher, or our own save): start again from what is stored.
  useEffect(() => setEstado(estadoDe(niveles)), [niveles]);
  // Alphabetical here: the grid puts assignments first, but a list to pick from is easier by name.
  const ordenados = [...niveles].sort((a, b) => a.nombre_nivel.localeCompare(b.nombre_nivel, 'es') || a.id_nivel - b.id_nivel);
  const cambiado = niveles.some((l) => estado[l.id_nivel]?.on !== l.tarea || (l.tarea && (estado[l.id_nivel]?.fecha ?? '') !== (l.fecha ?? '')));
  const guardar = async () => {
    setBusy(true);
    setError(null);
    try {
      const tareas = niveles.filter((l) => estado[l.id_nivel]?.on).map((l) => ({ id_nivel: l.id_nivel, fecha: estado[l.id_nivel]?.fecha || null }));
      const r = await apiPut<{ msg?: string }>(`clase/${encodeURIComponent(idClase)}/tareas`, { tareas });
      notify(r?.msg || 'Tareas guardadas correctamente.', { type: 'success' });
      onSaved();
    } catch (err) {
      const msg = err instanceof ApiError ? err.msg : 'No se pudieron guardar las tareas. Inténtalo de nuevo.';
      setError(msg);
      notify(`No se pudieron guardar las tareas: ${msg}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-t`} sx={{ p: 2 }}>
      <Typography id={`${id}-t`} variant="h6" component="h2">
        Tareas
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Marca los niveles que la clase debe practicar; la fecha es opcional. Los alumnos los ven primero en su inicio, con la marca «Tarea».
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {ordenados.map((l) => {
          const e = estado[l.id_nivel] ?? { on: false, fecha: '' };
          return (
            <Box
              component="li"
              key={l.id_nivel}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.25, borderBottom: 1, borderColor: 'divider' }}
            >
              <FormControlLabel
                sx={{ flex: '1 1 160px', mr: 0 }}
                control={
                  <Checkbox
                    checked={e.on}
                    onChange={(ev) => setEstado((s) => ({ ...s, [l.id_nivel]: { ...e, on: ev.target.checked } }))}
                    inputProps={{ 'aria-label': `Asignar ${l.nombre_nivel} como tarea` }}
                  />
                }
                label={l.nombre_nivel}
              />
              <TextField
                type="date"
                size="small"
                label="Fecha (opcional)"
                value={e.fecha}
                disabled={!e.on}
                onChange={(ev) => setEstado((s) => ({ ...s, [l.id_nivel]: { ...e, fecha: ev.target.value } }))}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `Fecha de la tarea ${l.nombre_nivel}` } }}
                sx={{ width: 170 }}
              />
            </Box>
          );
        })}
      </Box>
      {error && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
      <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void guardar()} disabled={busy || !cambiado} sx={{ mt: 1.5 }}>
        Guardar tareas
      </Button>
    </Paper>
  );
}
