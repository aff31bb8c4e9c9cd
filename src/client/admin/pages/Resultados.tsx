import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Title, useGetList } from 'react-admin';
import { errorMessage } from '../dataProvider';

export const PASS_MARK = 60;

/** Short date (dd/mm/aaaa) in the viewer's time zone. */
export function shortDateTime(v: unknown): string {
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleDateString('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** /admin/resultados/{id}: the teacher results ('Resultados del Cuestionario'). */
export default function Resultados() {
  const { data, isPending, error } = useGetList('resultados', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'fecha', order: 'DESC' } });
  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Title title="Resultados" />
      <Typography variant="h5" component="h1" gutterBottom>Resultados del Cuestionario</Typography>
      {isPending ? (
        <Typography role="status">Cargando resultados...</Typography>
      ) : error ? (
        <Alert severity="error">No se pudieron cargar los resultados: {errorMessage(error)}</Alert>
      ) : !data || data.length === 0 ? (
        <Typography>No hay resultados disponibles todavía.</Typography>
      ) : (
        <TableContainer component={Paper}>
          <Table size="small" aria-label="Resultados del Cuestionario">
            <TableHead>
              <TableRow>
                {['#', 'Estudiante', 'Nivel', 'Correctas', 'Total Preguntas', 'Calificación (%)', 'Fecha'].map((h) => <TableCell key={h}>{h}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((r, i) => {
                const score = Number(r.puntaje ?? 0);
                const pass = score >= PASS_MARK;
                return (
                  <TableRow key={r.id ?? i}>
                    <TableCell>{i + 1}</TableCell>
                    <TableCell>{`${r.usuario?.nombre ?? ''} ${r.usuario?.apellido ?? ''}`.trim() || '-'}</TableCell>
                    <TableCell>{r.nivel?.nombre_nivel ?? '-'}</TableCell>
                    <TableCell>{r.correctas}</TableCell>
                    <TableCell>{r.total_preguntas}</TableCell>
                    <TableCell data-pass={pass ? 'si' : 'no'} sx={{ color: pass ? 'success.main' : 'error.main', fontWeight: 800 }}>
                      {score.toFixed(2)}%
                    </TableCell>
                    <TableCell>{shortDateTime(r.fecha)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
