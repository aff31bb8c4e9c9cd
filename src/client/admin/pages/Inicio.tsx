import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useCanAccess, useGetList } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { BarChart } from './BarChart';
import { averageByLevel, countLearners } from './stats';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };

/** Admin welcome: the greeting and charts of the real figures. */
export default function Inicio() {
  const user = useSession();
  const { canAccess: seesUsers } = useCanAccess({ resource: 'usuario', action: 'list' });
  const users = useGetList('usuario', ALL, { enabled: !!seesUsers });
  const niveles = useGetList('nivel', { ...ALL, sort: { field: 'id_nivel', order: 'ASC' } });
  const palabras = useGetList('palabra', { ...ALL, sort: { field: 'id_palabra', order: 'ASC' } });
  const resultados = useGetList('resultados', { ...ALL, sort: { field: 'fecha', order: 'DESC' } });
  const learners = seesUsers && users.data ? countLearners(users.data) : null;
  const attempts = resultados.data ? resultados.data.length : null;
  const first = String(user?.nombre ?? '').split(' ')[0];
  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Title title="Inicio" />
      <Card sx={{ mb: 3, background: 'linear-gradient(120deg, #4a3aff 0%, #7c6cff 60%, #c2185b 100%)', color: '#fff' }}>
        <CardContent>
          <Typography variant="h4" component="h1" gutterBottom>¡Hola, {first || 'equipo'}!</Typography>
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
                { label: 'Estudiantes', value: learners },
                { label: 'Niveles', value: niveles.total ?? null },
                { label: 'Palabras', value: palabras.total ?? null },
                { label: 'Intentos', value: attempts, hint: 'Cuestionarios respondidos' },
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
              bars={averageByLevel((resultados.data ?? []) as never[]).map((a) => ({ label: a.label, value: a.value, hint: `${a.count} intentos` }))}
            />
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
