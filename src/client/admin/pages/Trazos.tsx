import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Title, useGetList } from 'react-admin';
import BuildTracks from '../media/BuildTracks';

/**
 * /admin/trazos (staff): "Construir trazos que faltan" for a chosen level. The word media page, where
 * admins see the same panel, is admin-only (palabra screens), and a profesor may build tracks too
 * (a track is derived from a sign, not content: PUT /api/trazo is profesor+, like the questions),
 * so this page gives the profesor the panel without the media slots he may not change.
 */
export default function Trazos() {
  const levels = useGetList('nivel', { pagination: { page: 1, perPage: 500 }, sort: { field: 'id_nivel', order: 'ASC' } });
  const [chosen, setChosen] = useState<number | ''>('');
  return (
    <Box sx={{ p: { xs: 1, sm: 2, md: 3 }, maxWidth: 760 }}>
      <Title title="Trazos de señas" />
      <Typography variant="h5" component="h1" gutterBottom>
        Trazos de señas
      </Typography>
      <Typography sx={{ mb: 2 }}>
        El trazo de una seña es lo que «¡Ahora tú!» compara con la seña del niño. Se calcula en este navegador y solo se guarda el trazo, nunca una imagen.
      </Typography>
      {levels.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          No se pudieron leer los niveles.
        </Alert>
      ) : null}
      <TextField
        select
        label="Nivel"
        value={chosen}
        onChange={(e) => setChosen(Number(e.target.value) || '')}
        sx={{ minWidth: 280, mb: 2 }}
        slotProps={{ htmlInput: { 'data-testid': 'trazos-nivel-select' } }}
      >
        {(levels.data ?? []).map((l) => (
          <MenuItem key={l.id} value={Number(l.id)}>
            {String(l.nombre_nivel ?? l.id)}
          </MenuItem>
        ))}
      </TextField>
      {chosen !== '' && <BuildTracks key={chosen} idNivel={chosen} />}
    </Box>
  );
}
