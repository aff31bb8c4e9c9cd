import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { BarChart } from '@mui/x-charts/BarChart';
import { useId } from 'react';
import type { TableroWire } from '../../../../../shared/resources/clases';
import { AVATAR_PICTURES } from '../../../../ui/Navbar';
import { PASS_MARK } from '../../../pages/Resultados';

export type Actividad = TableroWire['actividad'];

/** "24/11" from "2026-11-24". */
const diaMes = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;

/** A score as the screen writes it: "80 %" or "66,67 %" (es-MX keeps the point: "66.67 %"). */
const puntajeTexto = (p: number) => `${p.toLocaleString('es-MX', { maximumFractionDigits: 2 })} %`;

/**
 * A score coloured as results are (green ≥ 60, red below; screens-backoffice.md B-3.3), with a word too so colour
 * is never the only signal.
 */
export function Puntaje({ valor, compact }: { valor: number; compact?: boolean }) {
  const pass = valor >= PASS_MARK;
  return (
    <Box
      component="span"
      data-campo="puntaje"
      data-pass={pass ? 'si' : 'no'}
      sx={{ color: pass ? 'success.dark' : 'error.main', fontWeight: 800, whiteSpace: 'nowrap' }}
    >
      {puntajeTexto(valor)}
      <Box component="span" sx={compact ? visuallyHidden : { fontWeight: 600, fontSize: '0.8em', ml: 0.5 }}>
        {pass ? 'aprobado' : 'no aprobado'}
      </Box>
    </Box>
  );
}

/** The child's avatar ('boy' / 'girl' pictures, or the first letter). */
export function AlumnoAvatar({ nombre, avatar, size = 32 }: { nombre: string; avatar: string | null; size?: number }) {
  const pic = avatar && avatar in AVATAR_PICTURES ? AVATAR_PICTURES[avatar as keyof typeof AVATAR_PICTURES] : undefined;
  return (
    <Avatar src={pic} alt="" sx={{ width: size, height: size, bgcolor: pic ? 'transparent' : '#ffd166', color: '#1d1a3a', fontSize: size * 0.45 }}>
      {nombre.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

const SERIES = [
  { key: 'intentos', label: 'Cuestionarios', one: 'cuestionario', color: '#1565c0' },
  { key: 'partidas', label: 'Juegos', one: 'juego', color: '#ef6c00' },
  { key: 'repasos', label: 'Repasos', one: 'repaso', color: '#2e7d32' },
] as const;

/**
 * Activity per day over the last 30 days: a stacked bar chart by @mui/x-charts, titled, with the
 * same figures as a table for screen readers (the chart itself is hidden from them: an SVG of 90
 * bars read one by one helps nobody) and the totals written out.
 */
export function ActividadChart({ actividad, titulo = 'Actividad de los últimos 30 días' }: { actividad: Actividad; titulo?: string }) {
  const id = useId();
  const totals = SERIES.map((s) => ({ ...s, total: actividad.reduce((sum, d) => sum + d[s.key], 0) }));
  return (
    <Paper component="section" aria-labelledby={`${id}-t`} variant="outlined" sx={{ p: 2, position: 'relative' }}>
      <Typography id={`${id}-t`} variant="h6" component="h2">
        {titulo}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="actividad-totales">
        {totals.map((t) => `${t.total} ${t.total === 1 ? t.one : t.label.toLowerCase()}`).join(' · ')}
      </Typography>
      <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
        <BarChart
          height={220}
          skipAnimation
          dataset={actividad.map((d) => ({ ...d, etiqueta: diaMes(d.dia) }))}
          xAxis={[{ scaleType: 'band', dataKey: 'etiqueta', tickLabelStyle: { fontSize: 12 } }]}
          // With no activity at all the axis would write '0.0…': 0 to 1 then.
          yAxis={[{ tickMinStep: 1, width: 40, ...(totals.every((t) => t.total === 0) ? { min: 0, max: 1 } : {}) }]}
          series={SERIES.map((s) => ({ dataKey: s.key, label: s.label, color: s.color, stack: 'total' }))}
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        />
      </Box>
      {/* Hidden in a box: a table ignores height and overflow, so visuallyHidden on the table itself
          left its 30 rows' height as an empty band at the foot of the page. */}
      <Box sx={visuallyHidden}>
        <Table size="small" aria-label={`${titulo}: datos por día`}>
          <TableHead>
            <TableRow>
              <TableCell>Día</TableCell>
              {SERIES.map((s) => (
                <TableCell key={s.key}>{s.label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {actividad.map((d) => (
              <TableRow key={d.dia}>
                <TableCell>{diaMes(d.dia)}</TableCell>
                {SERIES.map((s) => (
                  <TableCell key={s.key}>{d[s.key]}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
