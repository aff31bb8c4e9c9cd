import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { Title, useGetList, useNotify } from 'react-admin';
import { errorMessage } from '../dataProvider';
import { ApiError, apiPost } from '../../api/http';

export const PASS_MARK = 60;

/** Short date (dd/mm/aaaa) in the viewer's time zone. */
export function shortDateTime(v: unknown): string {
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleDateString('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/**
 * 'Dar otro intento': a child who used the spec's one attempt + 2 retries at a level may take the
 * quiz once more when a teacher grants it (the server keeps the limit; docs/decisions.md).
 */
function GrantAttempt({ row, onDone }: { row: { id_usuario: number; id_nivel: number; usuario?: { nombre?: string } }; onDone: () => void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const grant = async () => {
    setBusy(true);
    try {
      const r = await apiPost<{ msg: string }>('resultados/otro-intento', { id_usuario: row.id_usuario, id_nivel: row.id_nivel });
      notify(r.msg, { type: 'success' });
      onDone();
    } catch (err) {
      notify(err instanceof ApiError ? err.msg : 'No se pudo dar otro intento. Inténtalo de nuevo.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ReplayIcon />}
      disabled={busy}
      onClick={() => void grant()}
      aria-label={`Dar otro intento a ${row.usuario?.nombre ?? 'este estudiante'}`}
    >
      Dar otro intento
    </Button>
  );
}

/** /admin/resultados/{id}: the teacher results ('Resultados del Cuestionario'). */
export default function Resultados() {
  // Paged by the server, newest first: a school's year of attempts never comes down at once.
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(50);
  const { data, total, isPending, error, refetch } = useGetList('resultados', {
    pagination: { page: page + 1, perPage },
    sort: { field: 'fecha', order: 'DESC' },
  });
  // The button goes on the newest attempt of each child and level only.
  const shown = new Set<string>();
  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Title title="Resultados" />
      <Typography variant="h5" component="h1" gutterBottom>
        Resultados del Cuestionario
      </Typography>
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
                {['#', 'Estudiante', 'Nivel', 'Correctas', 'Total Preguntas', 'Calificación (%)', 'Fecha', 'Intentos'].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((r, i) => {
                const score = Number(r.puntaje ?? 0);
                const pass = score >= PASS_MARK;
                const pair = `${r.id_usuario}:${r.id_nivel}`;
                const offerGrant = r.sin_intentos === true && !shown.has(pair);
                shown.add(pair);
                return (
                  <TableRow key={r.id ?? i}>
                    <TableCell>{page * perPage + i + 1}</TableCell>
                    <TableCell>{`${r.usuario?.nombre ?? ''} ${r.usuario?.apellido ?? ''}`.trim() || '-'}</TableCell>
                    <TableCell>{r.nivel?.nombre_nivel ?? '-'}</TableCell>
                    <TableCell>{r.correctas}</TableCell>
                    <TableCell>{r.total_preguntas}</TableCell>
                    <TableCell data-pass={pass ? 'si' : 'no'} sx={{ color: pass ? 'success.main' : 'error.main', fontWeight: 800 }}>
                      {score.toFixed(2)}%
                    </TableCell>
                    <TableCell>{shortDateTime(r.fecha)}</TableCell>
                    <TableCell>{offerGrant ? <GrantAttempt row={r as never} onDone={() => void refetch()} /> : null}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={total ?? 0}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[25, 50, 100]}
            onPageChange={(_e, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage="Filas por página:"
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
            getItemAriaLabel={(type) =>
              type === 'next' ? 'Página siguiente' : type === 'previous' ? 'Página anterior' : type === 'first' ? 'Primera página' : 'Última página'
            }
          />
        </TableContainer>
      )}
    </Box>
  );
}
