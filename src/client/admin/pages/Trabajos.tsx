import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify } from 'react-admin';
import { ApiError, apiGet, apiPost } from '../../api/http';
import { QueryState } from '../common/QueryState';

/** One failed job of GET /api/trabajos?estado=fallido (src/server/resources/trabajos/routes.ts). */
interface TrabajoFallido {
  id: string;
  cola: string;
  descripcion: string;
  intentos: number;
  error: string | null;
  creado: string;
  terminado: string | null;
}

const SIN_TRABAJOS = 'No hay trabajos con errores.';
const KEY = ['trabajos', 'fallido'] as const;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-ES', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }) : '—';

/**
 * /admin/trabajos: the background jobs that failed every try (e.g. a GIF whose compact copy could
 * not be made), for admins and the superadmin, each with what it was, when, its last error and its
 * tries, and a button that gives it one more try. Cards rather than a table: the error is a
 * sentence, and a tablet in portrait keeps it readable without sideways scrolling.
 */
export default function Trabajos() {
  const notify = useNotify();
  const client = useQueryClient();
  const q = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiGet<{ data: TrabajoFallido[] }>('trabajos?estado=fallido', { signal }).then((r) => r.data),
    retry: false,
  });
  const retry = useMutation({
    // The tries shown name the failure this click answers: a second click on it is refused, not a second retry.
    mutationFn: (j: Pick<TrabajoFallido, 'id' | 'intentos'>) =>
      apiPost<{ msg: string }>(`trabajos/${encodeURIComponent(j.id)}/reintentar`, { intentos: j.intentos }),
    onSuccess: (r, { id }) => {
      // The job leaves the list at once; the next load shows it again only if its new try fails too.
      client.setQueryData<TrabajoFallido[]>(KEY, (old) => old?.filter((j) => j.id !== id));
      notify(r.msg, { type: 'success' });
    },
    onError: (err) => {
      notify(err instanceof ApiError ? err.msg : 'No se pudo reintentar el trabajo. Inténtalo de nuevo.', { type: 'error' });
      // Another admin may have retried it, or it may be gone: show the list as it is now.
      void q.refetch();
    },
  });

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, minWidth: 0, maxWidth: 960 }}>
      <Title title="Trabajos" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Trabajos con errores
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Tareas que el servidor hace en segundo plano (como la copia compacta de un GIF) y que fallaron en todos sus intentos. Corrige la causa y pulsa
        «Reintentar».
      </Typography>
      <QueryState query={q} loading="Cargando trabajos..." failed="No se pudieron cargar los trabajos." retry="Volver a cargar" />
      {q.data && q.data.length === 0 && (
        <Alert severity="success" role="status">
          {SIN_TRABAJOS}
        </Alert>
      )}
      {q.data && q.data.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Trabajos con errores">
          {q.data.map((j) => {
            const busy = retry.isPending && retry.variables?.id === j.id;
            return (
              <Card component="li" variant="outlined" key={j.id} data-testid={`trabajo-${j.id}`}>
                <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
                  <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
                    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                      {j.descripcion}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Falló el {when(j.terminado ?? j.creado)} · {j.intentos === 1 ? '1 intento' : `${j.intentos} intentos`}
                    </Typography>
                    <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }} color="error.dark">
                      {j.error ?? 'El trabajo falló sin dejar un mensaje de error.'}
                    </Typography>
                  </Box>
                  <Button
                    variant="contained"
                    startIcon={<ReplayIcon />}
                    onClick={() => retry.mutate(j)}
                    disabled={busy}
                    aria-label={`Reintentar: ${j.descripcion}`}
                    sx={{ minHeight: 44, alignSelf: 'center' }}
                  >
                    {busy ? 'Reintentando...' : 'Reintentar'}
                  </Button>
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
