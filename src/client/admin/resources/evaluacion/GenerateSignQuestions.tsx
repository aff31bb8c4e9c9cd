import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import SignLanguageIcon from '@mui/icons-material/SignLanguage';
import { ApiError, apiGet, apiPost, mediaUrl } from '../../../api/http';
import { SignPlayer } from '../../../sign/SignPlayer';

/** The preview the server answers (src/server/resources/pregunta/routes.ts). */
interface Media {
  url: string;
  tipo: string;
}
interface Planned {
  id_palabra: number;
  palabra: string;
  modo_texto: string;
  pregunta: string;
  porcentaje: number;
  multimedia: Media | null;
  respuestas: { respuesta: string; valor: boolean; multimedia: Media | null }[];
}
interface Plan {
  nombre_nivel: string;
  preguntas: Planned[];
  aviso_sin_sena: string | null;
  ya_generadas: string[];
  sin_opciones: string[];
}

const PATH = 'pregunta/generar-senas';
const GENERATE_LABEL = 'Generar preguntas con señas';

function Thumb({ m, label }: { m: Media; label: string }) {
  const src = mediaUrl(m.url)!;
  return m.tipo.toLowerCase() === 'imagen' ? (
    <Box component="img" src={src} alt={label} sx={{ width: 56, height: 56, objectFit: 'contain', display: 'block' }} />
  ) : (
    <Box sx={{ width: 72 }}>
      <SignPlayer src={src} label={label} variant="preview" />
    </Box>
  );
}

/**
 * "Generar preguntas con señas" on an evaluation's row: a preview of the questions the level's words
 * give (word, kind, question, sign, answers), then "Crear" stores them all in one request. The
 * button is off while the request runs, and the server stores a word's question once whatever is
 * pressed (a second request answers 409 with its message).
 */
export function GenerateSignQuestionsButton() {
  const record = useRecordContext<{ id_nivel: number; nivel?: { nombre_nivel?: string } | null }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const show = async () => {
    setOpen(true);
    setPlan(null);
    setError(null);
    try {
      setPlan((await apiGet<{ data: Plan }>(`${PATH}/${record.id_nivel}`)).data);
    } catch (err) {
      setError(err instanceof ApiError ? err.msg : 'No se pudo preparar la vista previa.');
    }
  };
  const create = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const r = await apiPost<{ msg: string }>(PATH, { id_nivel: record.id_nivel });
      notify(r.msg, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (err) {
      setError(err instanceof ApiError ? err.msg : 'No se pudieron crear las preguntas.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<SignLanguageIcon />} onClick={(e) => (e.stopPropagation(), void show())}>
        {GENERATE_LABEL}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} maxWidth="lg" fullWidth onClick={(e) => e.stopPropagation()}>
        <DialogTitle>
          {GENERATE_LABEL}
          {plan ? `: ${plan.nombre_nivel}` : record.nivel?.nombre_nivel ? `: ${record.nivel.nombre_nivel}` : ''}
        </DialogTitle>
        <DialogContent>
          {!plan && !error && <CircularProgress aria-label="Cargando vista previa" />}
          {error && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {plan && (
            <>
              <Typography sx={{ mb: 1 }}>
                Vista previa: se crearán {plan.preguntas.length} {plan.preguntas.length === 1 ? 'pregunta' : 'preguntas'} de opción múltiple, que luego podrás
                editar o eliminar como cualquier otra.
              </Typography>
              {plan.aviso_sin_sena && (
                <Alert severity="info" sx={{ mb: 1 }} data-testid="aviso-sin-sena">
                  {plan.aviso_sin_sena}
                </Alert>
              )}
              {plan.ya_generadas.length > 0 && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  Ya tienen su pregunta con señas: {plan.ya_generadas.join(', ')}.
                </Alert>
              )}
              {plan.sin_opciones.length > 0 && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  Sin otras palabras suficientes para las opciones: {plan.sin_opciones.join(', ')}.
                </Alert>
              )}
              <Table size="small" aria-label="Preguntas que se crearán">
                <TableHead>
                  <TableRow>
                    <TableCell>Palabra</TableCell>
                    <TableCell>Clase</TableCell>
                    <TableCell>Pregunta</TableCell>
                    <TableCell>Seña</TableCell>
                    <TableCell>Respuestas</TableCell>
                    <TableCell>Porcentaje</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {plan.preguntas.map((q) => (
                    <TableRow key={q.id_palabra}>
                      <TableCell>{q.palabra}</TableCell>
                      <TableCell>{q.modo_texto}</TableCell>
                      <TableCell>{q.pregunta}</TableCell>
                      <TableCell>{q.multimedia ? <Thumb m={q.multimedia} label={`Seña de ${q.palabra}`} /> : '—'}</TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                          {q.respuestas.map((r) => (
                            <Box key={r.respuesta} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
                              {r.multimedia && <Thumb m={r.multimedia} label={`${r.multimedia.tipo === 'imagen' ? 'Imagen' : 'Seña'} de ${r.respuesta}`} />}
                              <Chip
                                size="small"
                                label={`${r.respuesta}${r.valor ? ' (Correcta)' : ''}`}
                                color={r.valor ? 'success' : 'default'}
                                variant={r.valor ? 'filled' : 'outlined'}
                              />
                            </Box>
                          ))}
                        </Box>
                      </TableCell>
                      <TableCell>{q.porcentaje}%</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={() => void create()} disabled={busy || !plan || plan.preguntas.length === 0}>
            {busy ? 'Creando…' : plan ? `Crear ${plan.preguntas.length} ${plan.preguntas.length === 1 ? 'pregunta' : 'preguntas'}` : 'Crear'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
