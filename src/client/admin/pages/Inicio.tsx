import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/http';
import { useSession } from '../../auth/useSession';
import { BarChart } from './BarChart';

/** GET resultados/resumen: the figures the database counted (learners only for admins). */
interface Resumen {
  niveles: number;
  palabras: number;
  intentos: number;
  estudiantes: number | null;
  promedios: { nivel: string; promedio: number; intentos: number }[];
}

/** Admin welcome: the greeting and charts of the real figures. */
export default function Inicio() {
  const user = useSession();
  // One small call instead of every user and attempt (at 10,000 learners the lists were megabytes).
  const { data: r } = useQuery({
    queryKey: ['resultados', 'resumen'],
    queryFn: ({ signal }) => apiGet<{ data: Resumen }>('resultados/resumen', { signal }).then((x) => x.data),
  });
  const first = String(user?.nombre ?? '').split(' ')[0];
  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Title title="Inicio" />
      <Card sx={{ mb: 3, background: 'linear-gradient(120deg, #4a3aff 0%, #7c6cff 60%, #c2185b 100%)', color: '#fff' }}>
        <CardContent>
          <Typography variant="h4" component="h1" gutterBottom>
            ¡Hola, {first || 'equipo'}!
          </Typography>
          <Typography sx={{ fontSize: '1.1rem' }}>
            Bienvenido al panel de administración de Manitas. Desde aquí puedes administrar los niveles, las palabras, los contenidos y las evaluaciones.
          </Typography>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 3 }}>
        <Card>
          <CardContent>
            <BarChart
              title="Resumen de la plataforma"
              bars={[
                { label: 'Estudiantes', value: r?.estudiantes ?? null },
                { label: 'Niveles', value: r?.niveles ?? null },
                { label: 'Palabras', value: r?.palabras ?? null },
                { label: 'Intentos', value: r?.intentos ?? null, hint: 'Cuestionarios respondidos' },
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <BarChart
              title="Puntaje promedio por nivel"
              unit="%"
              max={100}
              color="secondary.main"
              bars={(r?.promedios ?? []).map((a) => ({ label: a.nivel, value: a.promedio, hint: `${a.intentos} intentos` }))}
            />
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
