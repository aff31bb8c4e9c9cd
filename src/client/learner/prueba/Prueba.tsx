import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Loading } from '../../ui/Loading';
import { formatScore, isPass } from '../../../shared/rules/quizRules';
import { fetchMyResults, useLearner, type UserResult } from '../model/learnerData';
import { LearnerPage } from '../ui/LearnerPage';

const fmtDate = (iso: string) => new Date(iso).toLocaleDateString('es', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * /prueba (screens-learner.md L-16; its purpose was left open): the child's own questionnaire history, read from
 * GET api/evaluacion/resultados/usuario/{userId} — the learner call no other screen shows.
 */
export default function Prueba() {
  const user = useLearner();
  const userId = Number(user?.id);
  const [rows, setRows] = useState<UserResult[] | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    if (!userId) return;
    const ctrl = new AbortController();
    fetchMyResults(userId, ctrl.signal)
      .then(setRows)
      .catch((err) => {
        if ((err as Error).name === 'AbortError') return;
        console.error('No se pudieron cargar los resultados', err);
        setError(true);
        setRows([]);
      });
    return () => ctrl.abort();
  }, [userId]);

  return (
    <LearnerPage maxWidth="md">
      <Button component={RouterLink} to="/home" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Volver al inicio
      </Button>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' }, color: 'primary.dark', mb: 3 }}>
        Mis resultados
      </Typography>
      {rows === null ? (
        <Loading label="Cargando resultados..." />
      ) : error ? (
        <Alert severity="error">No se pudieron cargar tus resultados.</Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ fontSize: '1.2rem' }} role="status">
          Todavía no has hecho ningún cuestionario.
        </Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}>
          {rows.map((r) => (
            <Paper
              component="li"
              key={r.id}
              sx={{ listStyle: 'none', p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, justifyContent: 'space-between' }}
            >
              <Box>
                <Typography sx={{ fontWeight: 800, fontSize: '1.2rem' }}>{r.nivel?.nombre_nivel ?? `Nivel ${r.id_nivel}`}</Typography>
                <Typography sx={{ color: 'text.secondary' }}>
                  {fmtDate(r.fecha)} · {r.correctas} de {r.total_preguntas} correctas
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 800, fontSize: '1.4rem', color: isPass(r.puntaje) ? 'success.main' : 'error.main' }}>
                {formatScore(r.puntaje)}%
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
    </LearnerPage>
  );
}
