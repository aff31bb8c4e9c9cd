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
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import { errorMessage } from '../dataProvider';
import { ApiError, apiPost } from '../../api/http';
import { csvFileName, csvNumber, downloadCsv, toCsv, type CsvSeparator } from '../common/csv';
import { CsvExportButton } from '../common/CsvExportButton';
import { ClassSelect } from '../common/classFilter';

export const PASS_MARK = 60;

/** Short date (dd/mm/aaaa) in the viewer's time zone. */
export function shortDateTime(v: unknown): string {
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleDateString('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/**
 * 'Dar otro intento' (screens-backoffice.md B-13): a child who used one attempt + 2 retries at a level may take the
 * quiz once more when a teacher grants it (the server keeps the limit; docs/decisions.md "The quiz").
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
      sx={{ lineHeight: 1.2 }}
      onClick={() => void grant()}
      aria-label={`Dar otro intento a ${row.usuario?.nombre ?? 'este estudiante'}`}
    >
      Dar otro intento
    </Button>
  );
}

/** The columns of screens-backoffice.md B-13; those with a sort key sort on the server (resultados-profesor's `sort`). */
const COLUMNS: { label: string; sort?: string }[] = [
  { label: '#' },
  { label: 'Estudiante', sort: 'estudiante' },
  { label: 'Nivel', sort: 'nivel' },
  { label: 'Correctas', sort: 'correctas' },
  { label: 'Total Preguntas', sort: 'total_preguntas' },
  { label: 'Calificación (%)', sort: 'puntaje' },
  { label: 'Fecha', sort: 'fecha' },
  { label: 'Intentos' },
];

/** Rows fetched per request by the CSV export, and at most this many rows in one file. */
const EXPORT_PAGE = 500;
const EXPORT_MAX = 20_000;

type ResultadoRow = {
  usuario?: { nombre?: string; apellido?: string };
  nivel?: { nombre_nivel?: string };
  correctas?: number;
  total_preguntas?: number;
  puntaje?: number | string;
  fecha?: string;
};

/**
 * The CSV of the results as the table shows them (B-13 "Exportar CSV"): its columns but 'Intentos' (a button),
 * the same '#', names, score (numbers with the decimal mark of the separator) and date.
 */
function resultadosCsv(rows: readonly ResultadoRow[], sep: CsvSeparator): string {
  const name = (r: ResultadoRow) => `${r.usuario?.nombre ?? ''} ${r.usuario?.apellido ?? ''}`.trim() || '-';
  const numbered = rows.map((r, i) => ({ r, n: i + 1 }));
  return toCsv(
    [
      { label: '#', value: (x) => x.n },
      { label: 'Estudiante', value: (x) => name(x.r) },
      { label: 'Nivel', value: (x) => x.r.nivel?.nombre_nivel ?? '-' },
      { label: 'Correctas', value: (x) => x.r.correctas },
      { label: 'Total Preguntas', value: (x) => x.r.total_preguntas },
      { label: 'Calificación (%)', value: (x) => csvNumber(Number(x.r.puntaje ?? 0), sep) },
      { label: 'Fecha', value: (x) => shortDateTime(x.r.fecha) },
    ],
    numbered,
    sep,
  );
}

/** A yyyy-mm-dd of the date input as the viewer's local midnight (plus `days`), as an instant for the server. */
function localDayStart(day: string, days = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return undefined;
  d.setDate(d.getDate() + days);
  return d.toISOString();
}

type Student = { id: number; nombre: string };

/**
 * Below 1024 px (a tablet with the sidebar closed) the eight columns do not fit: each attempt
 * becomes a two-column card, every value under its column's name (data-label), and the sort moves
 * to 'Ordenar por'. CSS only, so the table (and its column headers for screen readers at desktop
 * width) stays one component.
 */
const COMPACT = '(max-width:1023.95px)';
const COMPACT_TABLE = {
  '& td, & th': { px: 1 },
  [`@media ${COMPACT}`]: {
    '& thead': { display: 'none' },
    '& tbody tr': { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', borderBottom: 1, borderColor: 'divider', py: 1 },
    '& tbody td': { border: 0, py: 0.5, px: 1.5 },
    '& tbody td::before': { content: 'attr(data-label)', display: 'block', fontSize: '0.75rem', color: 'text.secondary', fontWeight: 400 },
  },
};

/** The profesor's own screen: /admin/resultados-alumnos (the spec's /admin/resultados stays admin-only). */
const MIS_RESULTADOS_TITLE = 'Resultados de mis alumnos';

/** What the 'Intentos' cell says on the profesor's screen: the attempts the child has left at that level. */
export const intentosRestantes = (n: number) => (n <= 0 ? 'Sin intentos' : n === 1 ? 'Le queda 1 intento' : `Le quedan ${n} intentos`);

/**
 * /admin/resultados/{id}: the teacher results ('Resultados del Cuestionario'), admins; with `mine`,
 * /admin/resultados-alumnos: the same list for a profesor, of the children of their classes (the
 * server's scope), with the attempts each child has left beside 'Dar otro intento'.
 */
export default function Resultados({ mine = false }: { mine?: boolean }) {
  // Paged by the server, newest first: a school's year of attempts never comes down at once.
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(50);
  const [sort, setSort] = useState<{ field: string; order: 'ASC' | 'DESC' }>({ field: 'fecha', order: 'DESC' });
  // Filters: the name search (student or level), one student (chosen from a row), one level, a date range.
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [student, setStudent] = useState<Student | null>(null);
  const [idNivel, setIdNivel] = useState('');
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [idClase, setIdClase] = useState('');
  useEffect(() => {
    // Typing waits for a pause before it asks the server.
    const t = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => setPage(0), [q, student, idNivel, desde, hasta, sort, idClase]);
  const { data: niveles } = useGetList('nivel', { pagination: { page: 1, perPage: 500 }, sort: { field: 'nombre_nivel', order: 'ASC' } });
  const filter = {
    q: q || undefined,
    id_usuario: student?.id,
    id_nivel: idNivel || undefined,
    id_clase: idClase || undefined,
    desde: localDayStart(desde),
    hasta: localDayStart(hasta, 1),
  };
  const { data, total, isPending, error, refetch } = useGetList('resultados', {
    pagination: { page: page + 1, perPage },
    sort,
    filter,
  });
  const compact = useMediaQuery(COMPACT);
  const dataProvider = useDataProvider();
  // 'Exportar CSV': every row of the current filters and sort (not just the page), in pages of 500.
  const exportCsv = async (sep: CsvSeparator) => {
    const rows: ResultadoRow[] = [];
    for (let p = 1; rows.length < EXPORT_MAX; p++) {
      const res = await dataProvider.getList('resultados', { pagination: { page: p, perPage: EXPORT_PAGE }, sort, filter });
      rows.push(...(res.data as ResultadoRow[]));
      if (res.data.length < EXPORT_PAGE || rows.length >= (res.total ?? 0)) break;
    }
    downloadCsv(resultadosCsv(rows.slice(0, EXPORT_MAX), sep), csvFileName('Resultados'));
  };
  const filtered = !!(q || student || idNivel || desde || hasta || idClase);
  const sortBy = (field: string) => setSort((s) => ({ field, order: s.field === field && s.order === 'ASC' ? 'DESC' : 'ASC' }));
  // The button goes on the newest attempt of each child and level only.
  const shown = new Set<string>();
  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Title title={mine ? MIS_RESULTADOS_TITLE : 'Resultados'} />
      <Typography variant="h5" component="h1" gutterBottom>
        {mine ? MIS_RESULTADOS_TITLE : 'Resultados del Cuestionario'}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Buscar estudiante..."
          inputProps={{ 'aria-label': 'Buscar estudiante' }}
          sx={{ width: 220 }}
        />
        <ClassSelect value={idClase} onChange={setIdClase} />
        <TextField select size="small" label="Nivel" value={idNivel} onChange={(e) => setIdNivel(e.target.value)} sx={{ width: 170 }}>
          <MenuItem value="">Todos</MenuItem>
          {(niveles ?? []).map((n) => (
            <MenuItem key={n.id} value={String(n.id)}>
              {n.nombre_nivel}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="Desde"
          value={desde}
          onChange={(e) => setDesde(e.target.value)}
          sx={{ width: 165 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: hasta || undefined } }}
        />
        <TextField
          size="small"
          type="date"
          label="Hasta"
          value={hasta}
          onChange={(e) => setHasta(e.target.value)}
          sx={{ width: 165 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: desde || undefined } }}
        />
        {compact && (
          <TextField
            select
            size="small"
            label="Ordenar por"
            value={`${sort.field}:${sort.order}`}
            onChange={(e) => {
              const [field, order] = e.target.value.split(':');
              setSort({ field: field!, order: order === 'ASC' ? 'ASC' : 'DESC' });
            }}
            sx={{ width: 220 }}
          >
            {COLUMNS.filter((c) => c.sort).flatMap((c) =>
              (['ASC', 'DESC'] as const).map((o) => (
                <MenuItem key={`${c.sort}:${o}`} value={`${c.sort}:${o}`}>
                  {`${c.label} ${o === 'ASC' ? '↑' : '↓'}`}
                </MenuItem>
              )),
            )}
          </TextField>
        )}
        {student && <Chip label={`Estudiante: ${student.nombre}`} onDelete={() => setStudent(null)} color="primary" variant="outlined" />}
        <CsvExportButton onExport={exportCsv} disabled={isPending || !total} />
      </Stack>
      {isPending ? (
        <Typography role="status">Cargando resultados...</Typography>
      ) : error ? (
        <Alert severity="error">No se pudieron cargar los resultados: {errorMessage(error)}</Alert>
      ) : !data || data.length === 0 ? (
        filtered ? (
          <Typography role="status">Ningún resultado coincide con los filtros.</Typography>
        ) : (
          <Typography>No hay resultados disponibles todavía.</Typography>
        )
      ) : (
        <TableContainer component={Paper} sx={{ maxWidth: '100%' }}>
          <Table size="small" aria-label="Resultados del Cuestionario" sx={COMPACT_TABLE}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c.label} sortDirection={c.sort && sort.field === c.sort ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
                    {c.sort ? (
                      <TableSortLabel
                        active={sort.field === c.sort}
                        direction={sort.field === c.sort && sort.order === 'DESC' ? 'desc' : 'asc'}
                        onClick={() => sortBy(c.sort!)}
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((r, i) => {
                const score = Number(r.puntaje ?? 0);
                const pass = score >= PASS_MARK;
                const pair = `${r.id_usuario}:${r.id_nivel}`;
                const newest = !shown.has(pair);
                const offerGrant = r.sin_intentos === true && newest;
                shown.add(pair);
                return (
                  <TableRow key={r.id ?? i}>
                    <TableCell data-label="#">{page * perPage + i + 1}</TableCell>
                    <TableCell data-label="Estudiante">
                      {/* The name filters the list to that student (a profesor may not list users to pick from). */}
                      <Button
                        size="small"
                        variant="text"
                        onClick={() => setStudent({ id: r.id_usuario, nombre: `${r.usuario?.nombre ?? ''} ${r.usuario?.apellido ?? ''}`.trim() })}
                        title="Ver solo este estudiante"
                        sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left' }}
                      >
                        {`${r.usuario?.nombre ?? ''} ${r.usuario?.apellido ?? ''}`.trim() || '-'}
                      </Button>
                    </TableCell>
                    <TableCell data-label="Nivel">{r.nivel?.nombre_nivel ?? '-'}</TableCell>
                    <TableCell data-label="Correctas">{r.correctas}</TableCell>
                    <TableCell data-label="Total Preguntas">{r.total_preguntas}</TableCell>
                    <TableCell
                      data-label="Calificación (%)"
                      data-pass={pass ? 'si' : 'no'}
                      sx={{ color: pass ? 'success.main' : 'error.main', fontWeight: 800 }}
                    >
                      {score.toFixed(2)}%
                    </TableCell>
                    <TableCell data-label="Fecha">{shortDateTime(r.fecha)}</TableCell>
                    <TableCell data-label="Intentos">
                      {mine && newest && (
                        <Typography variant="body2" component="span" data-testid={`intentos-${pair}`} sx={{ display: 'block', mb: offerGrant ? 0.5 : 0 }}>
                          {intentosRestantes(Number(r.intentos_restantes ?? 0))}
                        </Typography>
                      )}
                      {offerGrant ? <GrantAttempt row={r as never} onDone={() => void refetch()} /> : null}
                    </TableCell>
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
            rowsPerPageOptions={[10, 25, 50, 100]}
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
