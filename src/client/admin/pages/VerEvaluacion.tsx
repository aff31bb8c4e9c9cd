import { Fragment, useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Confirm, Title, useDataProvider, useNotify } from 'react-admin';
import { apiGetFresh } from '../../api/http';
import type { EvaluacionDetalle, PreguntaDetalle } from '../../../shared/resources/evaluacion';
import { errorMessage } from '../dataProvider';
import { MESSAGES } from '../messages';
import { pct } from '../resources/pregunta/List';
import { AnswersRow } from './verevaluacion/AnswersRow';
import { QuestionPanel, type Draft } from './verevaluacion/QuestionPanel';

/** /admin/verevaluacion: every evaluation as a card with its questions and their answers. */
export default function VerEvaluacion() {
  const [evals, setEvals] = useState<EvaluacionDetalle[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [openAnswers, setOpenAnswers] = useState<number | null>(null);
  const [panel, setPanel] = useState<Draft | null>(null);
  const [confirm, setConfirm] = useState<{ resource: 'pregunta' | 'respuesta'; id: number } | null>(null);
  const dp = useDataProvider();
  const notify = useNotify();

  const load = useCallback(async () => {
    try {
      const res = await apiGetFresh<{ data: EvaluacionDetalle[] }>('evaluacion/detalles');
      setEvals(res.data ?? []);
      setLoadError(null);
    } catch (err) {
      setLoadError(`${MESSAGES.evaluacion!.load('')} ${errorMessage(err)}`.trim());
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const doDelete = async () => {
    if (!confirm) return;
    const m = MESSAGES[confirm.resource]!;
    try {
      await dp.delete(confirm.resource, { id: confirm.id, previousData: { id: confirm.id } });
      notify(m.deleted!, { type: 'success' });
      await load();
    } catch (err) {
      notify(m.deleteError!(errorMessage(err)), { type: 'error' });
    } finally {
      setConfirm(null);
    }
  };

  const editDraft = (e: EvaluacionDetalle, p: PreguntaDetalle): Draft => ({
    id: p.id_pregunta,
    id_evaluacion: e.id_evaluacion,
    pregunta: p.pregunta ?? '',
    Tipo: p.Tipo,
    porcentaje: String(p.porcentaje ?? 0),
    imagen: null,
    respuestas: p.respuestas.map((r) => ({ id_respuesta: r.id_respuesta, respuesta: r.respuesta ?? '', valor: !!r.valor, imagen: null, stored: r.imagen })),
  });
  const newDraft = (e: EvaluacionDetalle): Draft => ({
    id: null,
    id_evaluacion: e.id_evaluacion,
    pregunta: '',
    Tipo: 'Texto',
    porcentaje: '0',
    imagen: null,
    respuestas: [],
  });

  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Title title="Evaluación y preguntas" />
      <Typography variant="h5" component="h1" gutterBottom>
        Evaluación y preguntas
      </Typography>
      {loadError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      )}
      {evals === null && !loadError && <Typography role="status">Cargando evaluaciones...</Typography>}
      {evals?.length === 0 && <Typography>No hay evaluaciones todavía.</Typography>}
      <Stack spacing={3}>
        {evals?.map((e) => (
          <Card key={e.id_evaluacion} data-testid={`evaluacion-${e.id_evaluacion}`}>
            <CardHeader
              title={`Evaluación #${e.id_evaluacion} · ${e.nivel?.nombre_nivel ?? 'Sin nivel'}`}
              subheader={`Puntaje: ${e.puntaje}`}
              action={
                <Stack direction="row" spacing={1}>
                  <Button onClick={() => void load()}>Actualizar Preguntas</Button>
                  <Button
                    variant="contained"
                    onClick={() => {
                      setOpenAnswers(null);
                      setPanel(newDraft(e));
                    }}
                  >
                    Nueva pregunta
                  </Button>
                </Stack>
              }
            />
            <CardContent sx={{ pt: 0 }}>
              {e.preguntas.length === 0 ? (
                <Typography color="text.secondary">Esta evaluación aún no tiene preguntas.</Typography>
              ) : (
                <Table size="small" aria-label={`Preguntas de la evaluación ${e.id_evaluacion}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Pregunta</TableCell>
                      <TableCell>Tipo</TableCell>
                      <TableCell>Porcentaje</TableCell>
                      <TableCell>Acciones</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {e.preguntas.map((p) => (
                      <Fragment key={p.id_pregunta}>
                        <TableRow>
                          <TableCell>{p.pregunta || '(solo imagen)'}</TableCell>
                          <TableCell>{p.Tipo}</TableCell>
                          <TableCell>{pct(p.porcentaje)}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <Button
                              size="small"
                              onClick={() => {
                                setPanel(null);
                                setOpenAnswers(openAnswers === p.id_pregunta ? null : p.id_pregunta);
                              }}
                            >
                              {openAnswers === p.id_pregunta ? 'Ocultar respuestas' : 'Ver respuestas'}
                            </Button>
                            <Button
                              size="small"
                              onClick={() => {
                                setOpenAnswers(null);
                                setPanel(editDraft(e, p));
                              }}
                            >
                              Editar
                            </Button>
                            <Button size="small" color="error" onClick={() => setConfirm({ resource: 'pregunta', id: p.id_pregunta })}>
                              Eliminar
                            </Button>
                          </TableCell>
                        </TableRow>
                        {openAnswers === p.id_pregunta && <AnswersRow pregunta={p} onDelete={(id) => setConfirm({ resource: 'respuesta', id })} />}
                      </Fragment>
                    ))}
                  </TableBody>
                </Table>
              )}
              {panel && panel.id_evaluacion === e.id_evaluacion && (
                <QuestionPanel
                  key={`${panel.id ?? 'new'}`}
                  draft={panel}
                  onCancel={() => setPanel(null)}
                  onSaved={() => {
                    setPanel(null);
                    void load();
                  }}
                />
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Confirm
        isOpen={confirm !== null}
        title="¿Estás seguro?"
        content={confirm ? MESSAGES[confirm.resource]!.confirmDelete! : ''}
        onConfirm={() => void doDelete()}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
