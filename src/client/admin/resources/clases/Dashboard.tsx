import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import BadgeIcon from '@mui/icons-material/Badge';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { TableroCelda, TableroWire } from '../../../../shared/resources/clases';
import { TAREA_ESTADO_TEXTO, tareaEstado, type TareaEstado } from '../../../../shared/rules/classes';
import { ApiError, apiGet } from '../../../api/http';
import { csvFileName, downloadCsv } from '../../common/csv';
import { CsvExportButton } from '../../common/CsvExportButton';
import { browserTimeZone, fechaCorta, fechaLarga } from './api';
import { ActividadChart, AlumnoAvatar, Puntaje } from './dashboard/parts';
import { TareasPanel } from './dashboard/Tareas';
import { nivelEtiqueta, tableroCsv } from './dashboard/tableroCsv';
import { ClaseRefusal } from './Alumnos';

const tableroKey = (id: string) => ['clase', id, 'tablero'] as const;

/** GET api/clase/{id}/tablero (src/server/resources/clases/tablero.ts). */
function useTablero(id: string) {
  return useQuery({
    queryKey: tableroKey(id),
    queryFn: async () => (await apiGet<{ data: TableroWire }>(`clase/${encodeURIComponent(id)}/tablero`, { query: { tz: browserTimeZone() } })).data,
    retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 2,
  });
}

/** The narrowest a level's cell gets before the row wraps (a 768 px tablet fits 4, 1280 px 6). */
const LEVEL_COL = 150;

/** The grid's legend, written above it: what each figure of a cell is (the cells carry short labels too). */
const LEYENDA = 'Barra: palabras vistas · Nota: último cuestionario (verde: 60 o más; rojo: menos de 60) · Por repasar: señas que toca repasar';

/**
 * One cell of the grid: words seen (a bar and the %), the latest score, the signs due, each with a
 * short label. A cell with no activity at all shows one quiet '—' (the three figures stay in the
 * DOM for screen readers and the tests, visually hidden).
 */
function Celda({ c, alumno, nivel }: { c: TableroCelda | undefined; alumno: string; nivel: string }) {
  const cell = c ?? { vistas: 0, puntaje: null, fecha: null, pendientes: 0 };
  if (cell.vistas === 0 && cell.puntaje == null && cell.pendientes === 0)
    return (
      <Box data-vacia="si">
        <Typography component="span" aria-hidden sx={{ color: 'text.disabled' }}>
          —
        </Typography>
        <Box component="span" sx={visuallyHidden}>
          Sin actividad: <span data-campo="vistas">0 %</span> de palabras vistas, <span data-campo="puntaje">—</span> sin cuestionario,{' '}
          <span data-campo="pendientes">0</span> por repasar.
        </Box>
      </Box>
    );
  return (
    <Stack spacing={0.25}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <LinearProgress
          variant="determinate"
          value={cell.vistas}
          aria-label={`${alumno}, ${nivel}: palabras vistas`}
          // A light grey track and a clearly darker fill: 0 % and 100 % never look alike.
          sx={{ flex: 1, height: 8, borderRadius: 4, bgcolor: 'grey.300', '& .MuiLinearProgress-bar': { bgcolor: 'primary.dark', borderRadius: 4 } }}
        />
        <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
            vistas{' '}
          </Box>
          <span data-campo="vistas">{cell.vistas} %</span>
        </Typography>
      </Box>
      <Typography variant="body2" component="div" title={cell.fecha ? `Último cuestionario: ${fechaCorta(cell.fecha)}` : undefined}>
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
          nota{' '}
        </Box>
        {cell.puntaje == null ? (
          <Box component="span" data-campo="puntaje" sx={{ color: 'text.secondary' }}>
            —
            <Box component="span" sx={visuallyHidden}>
              sin cuestionario
            </Box>
          </Box>
        ) : (
          <Puntaje valor={cell.puntaje} compact />
        )}
      </Typography>
      {cell.pendientes > 0 ? (
        <Typography variant="caption" component="div" sx={{ color: 'warning.dark', fontWeight: 700 }}>
          <span data-campo="pendientes">{cell.pendientes}</span> por repasar
        </Typography>
      ) : (
        <Box component="span" sx={visuallyHidden}>
          <span data-campo="pendientes">0</span> por repasar
        </Box>
      )}
    </Stack>
  );
}

/** How each child is doing on each assigned level, in words (the grid's cells say it per child). */
function TareasResumen({ t }: { t: TableroWire }) {
  const tareas = t.niveles.filter((l) => l.tarea);
  if (tareas.length === 0 || t.alumnos.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="tareas-resumen">
      {tareas.map((l) => {
        const n = { hecha: 0, empezada: 0, 'sin-empezar': 0 };
        for (const a of t.alumnos) n[tareaEstado(a.celdas[String(l.id_nivel)])]++;
        return (
          <Box
            component="li"
            key={l.id_nivel}
            data-testid={`tarea-resumen-${l.id_nivel}`}
            sx={{ border: 1, borderColor: 'warning.main', borderRadius: 2, px: 1.5, py: 0.75, bgcolor: 'rgba(255, 193, 7, 0.08)' }}
          >
            <Typography variant="body2">
              <strong>Tarea {l.nombre_nivel}</strong>
              {l.fecha ? ` (para el ${fechaLarga(l.fecha)})` : ''}: {n.hecha} de {t.alumnos.length} {n.hecha === 1 ? 'la hizo' : 'la hicieron'}, {n.empezada}{' '}
              {n.empezada === 1 ? 'empezada' : 'empezadas'}, {n['sin-empezar']} sin empezar
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

const TAREA_COLOR: Record<TareaEstado, string> = { hecha: 'success.dark', empezada: 'warning.dark', 'sin-empezar': 'text.secondary' };

/**
 * The children × levels grid, one card per child whose level cells wrap onto as many lines as the
 * width needs (a 6-level class at 768 px used to scroll sideways). Still a table for screen readers:
 * the header row is visually hidden and each cell names its level.
 */
function Grid({ t, idClase }: { t: TableroWire; idClase: string }) {
  const tareas = t.niveles.filter((l) => l.tarea);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="tablero-leyenda">
        {LEYENDA}
      </Typography>
      <TareasResumen t={t} />
      {/* contain: inline-size — react-admin's layout is `min-width: fit-content`, so a wide content
          would widen the whole page; the cells wrap instead. */}
      <Paper
        variant="outlined"
        sx={{ width: '100%', minWidth: 0, contain: 'inline-size', position: 'relative', overflow: 'hidden' }}
        data-testid="tablero-grid"
        aria-label="Alumnos por nivel"
      >
        <Table
          size="small"
          sx={{
            display: 'block',
            '& thead': visuallyHidden,
            '& tbody': { display: 'block' },
            '& tbody tr': {
              display: 'grid',
              gridTemplateColumns: `repeat(auto-fill, minmax(${LEVEL_COL}px, 1fr))`,
              gap: 0.75,
              p: 1,
              borderBottom: 1,
              borderColor: 'divider',
            },
            '& tbody th': { gridColumn: '1 / -1', border: 0, p: 0.5 },
            '& tbody td': { border: 1, borderColor: 'divider', borderRadius: 1, p: 1, verticalAlign: 'top', minWidth: 0 },
          }}
        >
          <caption style={visuallyHidden as React.CSSProperties}>
            Cada celda: palabras vistas, último puntaje del cuestionario (verde desde 60, rojo por debajo) y señas por repasar.
          </caption>
          <TableHead>
            <TableRow>
              <TableCell>Alumno</TableCell>
              {t.niveles.map((l) => (
                <TableCell key={l.id_nivel} data-nivel={l.id_nivel}>
                  <span data-testid="nivel-nombre">{l.nombre_nivel}</span>
                  {l.tarea && ` (Tarea${l.fecha ? ` para el ${fechaLarga(l.fecha)}` : ''})`}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {t.alumnos.map((a) => {
              const nombre = `${a.nombre} ${a.apellido}`.trim();
              const hechas = tareas.filter((l) => tareaEstado(a.celdas[String(l.id_nivel)]) === 'hecha').length;
              return (
                <TableRow key={a.id} data-alumno={a.id}>
                  <TableCell component="th" scope="row">
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <AlumnoAvatar nombre={a.nombre} avatar={a.avatar} />
                      <Link component={RouterLink} to={`/admin/clases/${idClase}/alumno/${a.id}`} data-testid="alumno-nombre" sx={{ fontWeight: 700 }}>
                        {nombre}
                      </Link>
                      {tareas.length > 0 && (
                        <Typography variant="body2" color="text.secondary" component="span" data-testid={`tareas-hechas-${a.id}`}>
                          · Tareas hechas: {hechas} de {tareas.length}
                        </Typography>
                      )}
                    </Box>
                  </TableCell>
                  {t.niveles.map((l) => {
                    const c = a.celdas[String(l.id_nivel)];
                    const estado = tareaEstado(c);
                    return (
                      <TableCell
                        key={l.id_nivel}
                        data-testid={`celda-${a.id}-${l.id_nivel}`}
                        sx={{ bgcolor: l.tarea ? 'rgba(255, 193, 7, 0.08)' : undefined, borderColor: l.tarea ? 'warning.main' : undefined }}
                      >
                        <Typography variant="caption" component="div" sx={{ fontWeight: 700, mb: 0.25, overflowWrap: 'anywhere' }} aria-hidden>
                          {l.nombre_nivel}
                        </Typography>
                        <Celda c={c} alumno={nombre} nivel={nivelEtiqueta(l.nombre_nivel)} />
                        {l.tarea && (
                          <Typography
                            variant="caption"
                            component="div"
                            data-tarea={estado}
                            data-testid={`tarea-${a.id}-${l.id_nivel}`}
                            sx={{ mt: 0.25, fontWeight: 700, color: TAREA_COLOR[estado] }}
                          >
                            {TAREA_ESTADO_TEXTO[estado]}
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}

/** The hardest questions and words of the class (what to go over again in class). */
function Dificiles({ d }: { d: TableroWire['dificiles'] }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby="dificiles-t" sx={{ p: 2 }}>
      <Typography id="dificiles-t" variant="h6" component="h2">
        Lo más difícil
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Preguntas con más errores
      </Typography>
      {d.preguntas.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Todavía no hay respuestas equivocadas.
        </Typography>
      ) : (
        <Box component="ol" sx={{ pl: 3, my: 0.5 }} data-testid="preguntas-dificiles">
          {d.preguntas.map((p) => (
            <li key={p.id_pregunta}>
              <Typography variant="body2">
                <strong>{p.pregunta || `Pregunta ${p.id_pregunta}`}</strong> ({p.nombre_nivel}): {p.fallos} de {p.respuestas} mal, {p.acierto} % de acierto
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
        Palabras con más errores
      </Typography>
      {d.palabras.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Todavía no hay palabras falladas en juegos ni olvidadas en repasos.
        </Typography>
      ) : (
        <Box component="ol" sx={{ pl: 3, my: 0.5 }} data-testid="palabras-dificiles">
          {d.palabras.map((p) => (
            <li key={p.id_palabra}>
              <Typography variant="body2">
                <strong>{p.palabraEspanol}</strong> ({p.nombre_nivel}): {p.fallos} {p.fallos === 1 ? 'error' : 'errores'} en juegos, {p.olvidos}{' '}
                {p.olvidos === 1 ? 'olvido' : 'olvidos'} en repasos
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** /admin/clases/:id — the class dashboard (screens-backoffice.md B-3.3). */
export default function Dashboard() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const qc = useQueryClient();
  const { data: t, isPending, error } = useTablero(id);
  if (isPending)
    return (
      <Typography role="status" sx={{ p: 3 }}>
        Cargando la clase...
      </Typography>
    );
  if (error || !t)
    return (
      <Box sx={{ p: { xs: 1, md: 3 } }}>
        <Title title="Clase" />
        <ClaseRefusal msg={error instanceof ApiError ? error.msg : 'No se pudo cargar la clase. Inténtalo de nuevo.'} />
      </Box>
    );
  const base = `/admin/clases/${id}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(t.clase.codigo);
      notify('Código copiado.', { type: 'info' });
    } catch {
      notify('No se pudo copiar el código: cópialo a mano.', { type: 'warning' });
    }
  };
  return (
    <Box sx={{ p: { xs: 1, md: 3 }, minWidth: 0, maxWidth: '100%' }}>
      <Title title={t.clase.nombre} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {t.clase.nombre}
            {!t.clase.activa && <Chip label="Inactiva" size="small" sx={{ ml: 1, verticalAlign: 'middle' }} />}
          </Typography>
          <Typography color="text.secondary">
            {t.clase.institucion.nombre} · {t.clase.alumnos} {t.clase.alumnos === 1 ? 'alumno' : 'alumnos'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              Código de clase
            </Typography>
            <Typography
              data-testid="codigo-clase"
              sx={{ fontFamily: 'monospace', fontSize: { xs: '1.8rem', md: '2.2rem' }, fontWeight: 800, letterSpacing: '0.2em', lineHeight: 1.1 }}
            >
              {t.clase.codigo}
            </Typography>
          </Box>
          <Tooltip title="Copiar código">
            <IconButton onClick={() => void copy()} aria-label="Copiar código">
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, width: { xs: '100%', lg: 'auto' } }}>
          <Button component={RouterLink} to={`${base}/alumnos`} variant="outlined" startIcon={<GroupIcon />}>
            Alumnos
          </Button>
          <Button component={RouterLink} to={`${base}/tarjetas`} variant="outlined" startIcon={<BadgeIcon />}>
            Tarjetas
          </Button>
          <Button component={RouterLink} to={`${base}/editar`} variant="outlined" startIcon={<EditIcon />}>
            Editar
          </Button>
          <CsvExportButton disabled={t.alumnos.length === 0} onExport={(sep) => downloadCsv(tableroCsv(t, sep), csvFileName(`clase ${t.clase.nombre}`))} />
        </Stack>
      </Paper>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Alumnos y niveles
      </Typography>
      {t.alumnos.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={`${base}/alumnos`} color="inherit" size="small">
              Alumnos
            </Button>
          }
        >
          Esta clase todavía no tiene alumnos. Agrégalos en «Alumnos» para ver aquí su avance.
        </Alert>
      ) : (
        <Grid t={t} idClase={id} />
      )}

      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <TareasPanel idClase={id} niveles={t.niveles} onSaved={() => void qc.invalidateQueries({ queryKey: tableroKey(id) })} />
        <Dificiles d={t.dificiles} />
      </Box>
      <Box sx={{ mt: 2 }}>
        <ActividadChart actividad={t.actividad} titulo="Actividad de la clase en los últimos 30 días" />
      </Box>
    </Box>
  );
}
