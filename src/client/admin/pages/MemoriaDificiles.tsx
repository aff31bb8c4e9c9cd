import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Title, useGetList } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ClassSelect } from '../common/classFilter';
import { apiGet } from '../../api/http';
import { QueryState } from '../common/QueryState';
import { errorMessage } from '../dataProvider';
import { MemoriaNav, SIN_REPASOS } from './MemoriaParts';

/** One row of GET /api/repaso/dificiles/:id (src/server/resources/repaso/routes.ts), most forgotten first. */
interface PalabraDificil {
  id_palabra: number;
  palabraEspanol: string;
  repasos: number;
  fallos: number;
  ninos: number;
  olvidos: number;
  tasa_fallo: number;
}

/** The miss rate as a short bar plus its percentage (the number is the reading; the bar the glance). */
function Rate({ value }: { value: number }) {
  const pct = Math.round(value * 100);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }}>
      <Box sx={{ flex: '1 1 60px', height: 10, bgcolor: 'action.hover', borderRadius: 999, overflow: 'hidden' }} aria-hidden>
        <Box sx={{ width: `${pct}%`, height: '100%', bgcolor: pct >= 50 ? '#ef6c00' : 'primary.main' }} />
      </Box>
      <Typography variant="body2" sx={{ width: 52, textAlign: 'right', fontWeight: 700, whiteSpace: 'nowrap' }}>
        {pct} %
      </Typography>
    </Box>
  );
}

/**
 * /admin/memoria/dificiles/:idNivel: a level's words the children forget most (share of "otra vez"
 * answers, then lapses), so the teacher knows which signs to practise again in class.
 */
export default function MemoriaDificiles() {
  const { idNivel = '' } = useParams();
  const navigate = useNavigate();
  // The class filter lives in the address (?clase=), so a link or a reload keeps it.
  const [params, setParams] = useSearchParams();
  const idClase = params.get('clase') ?? '';
  const withClase = idClase ? `?id_clase=${encodeURIComponent(idClase)}` : '';
  const levels = useGetList('nivel', { pagination: { page: 1, perPage: 200 }, sort: { field: 'id_nivel', order: 'ASC' } });
  const q = useQuery({
    queryKey: ['repaso', 'dificiles', idNivel, idClase],
    queryFn: ({ signal }) => apiGet<{ data: PalabraDificil[] }>(`repaso/dificiles/${encodeURIComponent(idNivel)}${withClase}`, { signal }).then((r) => r.data),
    enabled: idNivel !== '',
    retry: false,
  });
  // Only the words some child has missed: a word always answered right is not "difficult".
  const missed = q.data?.filter((w) => w.fallos > 0);
  const levelName = levels.data?.find((l) => String(l.id) === idNivel)?.nombre_nivel as string | undefined;

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, minWidth: 0, maxWidth: 1000 }}>
      <Title title="Memoria" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Palabras difíciles{levelName ? ` · ${levelName}` : ''}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        Las palabras de un nivel que los alumnos olvidan más: la parte de sus repasos respondida mal.
      </Typography>
      <MemoriaNav here="dificiles" />
      <TextField
        select
        size="small"
        label="Nivel"
        value={levels.data?.some((l) => String(l.id) === idNivel) ? idNivel : ''}
        onChange={(e) => navigate(`/admin/memoria/dificiles/${e.target.value}${idClase ? `?clase=${encodeURIComponent(idClase)}` : ''}`)}
        sx={{ mt: 2, mb: 2, mr: 1.5, width: { xs: '100%', sm: 320 } }}
        disabled={!levels.data}
        helperText={levels.error ? `No se pudieron cargar los niveles: ${errorMessage(levels.error)}` : undefined}
        error={!!levels.error}
      >
        {(levels.data ?? []).map((l) => (
          <MenuItem key={l.id} value={String(l.id)}>
            {String(l.nombre_nivel ?? l.id)}
          </MenuItem>
        ))}
      </TextField>
      <Box component="span" sx={{ display: 'inline-block', mt: 2, mb: 2 }}>
        <ClassSelect value={idClase} onChange={(id) => setParams(id ? { clase: id } : {}, { replace: true })} />
      </Box>
      {idNivel === '' && <Typography>Elige un nivel para ver sus palabras difíciles.</Typography>}
      <QueryState query={q} show={idNivel !== ''} loading="Cargando palabras difíciles..." failed="No se pudieron cargar las palabras difíciles." />
      {q.data && q.data.length === 0 && <Typography role="status">{SIN_REPASOS}</Typography>}
      {q.data && q.data.length > 0 && missed?.length === 0 && (
        <Typography role="status">Ningún alumno ha fallado todavía las palabras de este nivel.</Typography>
      )}
      {missed && missed.length > 0 && (
        <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%' }}>
          <Table size="small" aria-label="Palabras difíciles">
            <TableHead>
              <TableRow>
                <TableCell>Palabra</TableCell>
                <TableCell>Respondida mal</TableCell>
                <TableCell align="right">Fallos / repasos</TableCell>
                <TableCell align="right">Alumnos</TableCell>
                <TableCell align="right">Olvidos</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {missed.map((w) => (
                <TableRow key={w.id_palabra} data-testid={`dificil-${w.id_palabra}`}>
                  <TableCell sx={{ fontWeight: 700 }}>{w.palabraEspanol}</TableCell>
                  <TableCell>
                    <Rate value={w.tasa_fallo} />
                  </TableCell>
                  <TableCell align="right">
                    {w.fallos} / {w.repasos}
                  </TableCell>
                  <TableCell align="right">{w.ninos}</TableCell>
                  <TableCell align="right">{w.olvidos}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
