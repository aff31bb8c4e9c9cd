import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { apiGet } from '../../api/http';
import { QueryState } from '../common/QueryState';
import { BarChart } from './BarChart';
import { MemoriaNav, SIN_REPASOS, STAR_COLORS, STAR_LABELS, Stat, dayMonth } from './MemoriaParts';

/** GET /api/repaso/alumno/:userId (src/server/resources/repaso/routes.ts). */
interface AlumnoMemoria {
  id_usuario: number;
  alumno?: string;
  pendientes: number;
  niveles: { id_nivel: number; nombre_nivel: string; palabras: number; pendientes: number; estrellas: [number, number, number, number] }[];
  por_dia: { fecha: string; repasos: number; fallos: number }[];
}

/** Mean stars (0–3) and the share of strong (3★) words of a level. */
export function levelStrength(estrellas: readonly number[]) {
  const total = estrellas.reduce((a, b) => a + b, 0);
  const mean = total ? estrellas.reduce((s, n, i) => s + n * i, 0) / total : 0;
  return { total, mean, strongPct: total ? Math.round(((estrellas[3] ?? 0) / total) * 100) : 0 };
}

/** One level: a stacked bar of its words by stars (0→3), with the figures written beside it. */
function LevelRow({ l }: { l: AlumnoMemoria['niveles'][number] }) {
  const { total, mean, strongPct } = levelStrength(l.estrellas);
  return (
    <Box component="li" data-testid={`nivel-${l.id_nivel}`} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 0.75 }}>
        <Typography sx={{ fontWeight: 700 }}>{l.nombre_nivel}</Typography>
        <Typography variant="body2" color="text.secondary">
          {l.palabras} {l.palabras === 1 ? 'palabra' : 'palabras'} · {l.pendientes} para repasar · media{' '}
          {mean.toLocaleString('es-MX', { maximumFractionDigits: 1 })}★ · <strong data-testid={`fuertes-${l.id_nivel}`}>{strongPct} % fuertes</strong>
          {' · '}
          <Link to={`/admin/memoria/dificiles/${l.id_nivel}`}>Palabras difíciles</Link>
        </Typography>
      </Box>
      <Box
        role="img"
        aria-label={l.estrellas.map((n, i) => `${STAR_LABELS[i]}: ${n}`).join(', ')}
        sx={{ display: 'flex', height: 16, borderRadius: 999, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {l.estrellas.map((n, i) =>
          n > 0 ? <Box key={i} title={`${STAR_LABELS[i]}: ${n}`} sx={{ width: `${(n / Math.max(1, total)) * 100}%`, bgcolor: STAR_COLORS[i] }} /> : null,
        )}
      </Box>
    </Box>
  );
}

/**
 * /admin/memoria/:userId: what a teacher needs about one child's memory at a glance — the signs due
 * now, the strength per level (bar of words by stars) and the reviews of the last 30 days.
 */
export default function MemoriaAlumno() {
  const { userId = '' } = useParams();
  const q = useQuery({
    queryKey: ['repaso', 'alumno', userId],
    queryFn: ({ signal }) => apiGet<{ data: AlumnoMemoria }>(`repaso/alumno/${encodeURIComponent(userId)}`, { signal }).then((r) => r.data),
    retry: false,
  });
  const d = q.data;
  const title = d ? `Memoria de ${d.alumno || `alumno ${d.id_usuario}`}` : 'Memoria del alumno';
  const active = d ? d.por_dia.filter((x) => x.repasos > 0) : [];
  const reviews = active.reduce((s, x) => s + x.repasos, 0);
  const misses = active.reduce((s, x) => s + x.fallos, 0);
  const words = d ? d.niveles.reduce((s, l) => s + l.palabras, 0) : 0;

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, minWidth: 0, maxWidth: 1100 }}>
      <Title title="Memoria" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <MemoriaNav />
      <QueryState query={q} loading="Cargando memoria..." failed="No se pudo cargar la memoria." sx={{ pending: { mt: 3 }, error: { mt: 2 } }} />
      {d && (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
            <Stat label="Señas para repasar hoy" value={d.pendientes} testId="pendientes" />
            <Stat label="Palabras en su memoria" value={words} testId="palabras" />
            <Stat label="Repasos en 30 días" value={reviews} testId="repasos-30" />
          </Box>
          {words === 0 && reviews === 0 ? (
            <Typography sx={{ mt: 3 }} role="status">
              {SIN_REPASOS}
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
              <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby="fuerza-titulo">
                <Typography id="fuerza-titulo" variant="h6" sx={{ mb: 0.5 }}>
                  Fuerza por nivel
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1 }} aria-hidden>
                  {STAR_LABELS.map((label, i) => (
                    <Box key={label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: STAR_COLORS[i] }} />
                      <Typography variant="caption">{label}</Typography>
                    </Box>
                  ))}
                </Box>
                {d.niveles.length === 0 ? (
                  <Typography color="text.secondary">{SIN_REPASOS}</Typography>
                ) : (
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {d.niveles.map((l) => (
                      <LevelRow key={l.id_nivel} l={l} />
                    ))}
                  </Box>
                )}
              </Paper>
              <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" data-testid="repasos-por-dia">
                {/* Only the days with reviews are drawn (30 rows would bury them); the line below says how many days. */}
                {reviews === 0 ? (
                  <>
                    <Typography variant="h6" sx={{ mb: 1.5 }}>
                      Repasos de los últimos 30 días
                    </Typography>
                    <Typography color="text.secondary">{SIN_REPASOS}</Typography>
                  </>
                ) : (
                  <>
                    <BarChart
                      title="Repasos de los últimos 30 días"
                      bars={active.map((x) => ({ label: dayMonth(x.fecha), value: x.repasos, hint: `${x.fallos} ${x.fallos === 1 ? 'fallo' : 'fallos'}` }))}
                    />
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                      {`Practicó ${active.length} de 30 días · ${reviews} ${reviews === 1 ? 'repaso' : 'repasos'}, ${misses} ${misses === 1 ? 'fallo' : 'fallos'}.`}
                    </Typography>
                  </>
                )}
              </Paper>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
