import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { TableroAlumnoWire } from '../../../../../shared/resources/clases';
import { ApiError, apiGet } from '../../../../api/http';
import { shortDateTime } from '../../../pages/Resultados';
import { ActividadChart, AlumnoAvatar, Puntaje } from './parts';
import { browserTimeZone } from '../api';

const ESTADOS: Record<string, string> = { 'en progreso': 'En progreso', completado: 'Completado', 'sin empezar': 'Sin empezar' };

/** /admin/clases/:id/alumno/:userId — one child of the class: attempts, progress per level, activity. */
export default function AlumnoDetalle() {
  const { id = '', userId = '' } = useParams();
  const { data, isPending, error } = useQuery({
    queryKey: ['clase', id, 'alumno', userId],
    queryFn: async () =>
      (await apiGet<{ data: TableroAlumnoWire }>(`clase/${encodeURIComponent(id)}/alumno/${encodeURIComponent(userId)}`, { query: { tz: browserTimeZone() } }))
        .data,
    retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 2,
  });
  const back = (
    <Button component={RouterLink} to={`/admin/clases/${id}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      Volver a la clase
    </Button>
  );
  if (isPending)
    return (
      <Typography role="status" sx={{ p: 3 }}>
        Cargando el alumno...
      </Typography>
    );
  if (error || !data)
    return (
      <Box sx={{ p: { xs: 1, md: 3 } }}>
        <Title title="Alumno" />
        {back}
        <Alert severity="error">{error instanceof ApiError ? error.msg : 'No se pudo cargar el alumno. Inténtalo de nuevo.'}</Alert>
      </Box>
    );
  const nombre = `${data.alumno.nombre} ${data.alumno.apellido}`.trim();
  const empezados = data.progreso.filter((p) => p.estado !== 'sin empezar' || p.vistas > 0);
  return (
    <Box sx={{ p: { xs: 1, md: 3 }, minWidth: 0 }}>
      <Title title={nombre} />
      {back}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <AlumnoAvatar nombre={data.alumno.nombre} avatar={data.alumno.avatar} size={48} />
        <Typography variant="h5" component="h1">
          {nombre}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Paper component="section" variant="outlined" aria-labelledby="progreso-t" sx={{ p: 2 }}>
          <Typography id="progreso-t" variant="h6" component="h2">
            Progreso por nivel
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.progreso.map((p) => (
              <Box component="li" key={p.id_nivel} data-testid={`progreso-${p.id_nivel}`} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 700 }}>{p.nombre_nivel}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {p.vistas} % de palabras vistas · {ESTADOS[p.estado] ?? p.estado}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={p.vistas}
                  aria-label={`${p.nombre_nivel}: palabras vistas`}
                  sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
                />
              </Box>
            ))}
          </Box>
          {empezados.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Todavía no ha empezado ningún nivel.
            </Typography>
          )}
        </Paper>
        <Paper component="section" variant="outlined" aria-labelledby="intentos-t" sx={{ p: 2, minWidth: 0 }}>
          <Typography id="intentos-t" variant="h6" component="h2">
            Cuestionarios
          </Typography>
          {data.intentos.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Todavía no ha hecho ningún cuestionario.
            </Typography>
          ) : (
            <TableContainer sx={{ maxHeight: 420, contain: 'inline-size' }}>
              <Table size="small" stickyHeader aria-labelledby="intentos-t">
                <TableHead>
                  <TableRow>
                    <TableCell>Nivel</TableCell>
                    <TableCell>Correctas</TableCell>
                    <TableCell>Calificación (%)</TableCell>
                    <TableCell>Fecha</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.intentos.map((i, n) => (
                    <TableRow key={n} data-testid="intento">
                      <TableCell>{i.nombre_nivel}</TableCell>
                      <TableCell>
                        {i.correctas} de {i.total_preguntas}
                      </TableCell>
                      <TableCell>
                        <Puntaje valor={i.puntaje} />
                      </TableCell>
                      <TableCell>{shortDateTime(i.fecha)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      </Box>
      <Paper component="section" variant="outlined" aria-labelledby="practicas-t" sx={{ p: 2, mt: 2 }}>
        <Typography id="practicas-t" variant="h6" component="h2">
          ¡Ahora tú! (señas practicadas con la cámara)
        </Typography>
        {data.practicas.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Todavía no ha practicado ninguna seña con la cámara.
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {data.practicas.map((p) => (
              <Box component="li" key={p.id_palabra} data-testid={`practica-${p.id_palabra}`}>
                <Chip
                  label={`${p.palabraEspanol} · ${'★'.repeat(p.mejores)}${'☆'.repeat(3 - p.mejores)} · ${p.intentos} ${p.intentos === 1 ? 'vez' : 'veces'}`}
                  title={`${p.nombre_nivel}: mejor ${p.mejores} de 3 estrellas, la última ${p.ultimas} de 3 (${shortDateTime(p.fecha)})`}
                  aria-label={`${p.palabraEspanol}: practicada ${p.intentos} ${p.intentos === 1 ? 'vez' : 'veces'}, mejor ${p.mejores} de 3 estrellas, la última ${p.ultimas} de 3`}
                  variant="outlined"
                  color={p.mejores === 3 ? 'success' : 'default'}
                />
              </Box>
            ))}
          </Box>
        )}
      </Paper>
      <Box sx={{ mt: 2 }}>
        <ActividadChart actividad={data.actividad} titulo={`Actividad de ${data.alumno.nombre} en los últimos 30 días`} />
      </Box>
    </Box>
  );
}
