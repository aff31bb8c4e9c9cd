import { Fragment, useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, Title, useDataProvider, useNotify } from 'react-admin';
import { apiGetFresh } from '../../api/http';
import { expectsOneText, MAX_RESPUESTAS, PREGUNTA_MSG, preguntaFormSchema } from '../../../shared/resources/pregunta';
import { RESPUESTA_MSG } from '../../../shared/resources/respuesta';
import type { EvaluacionDetalle, PreguntaDetalle } from '../../../shared/resources/evaluacion';
import { errorMessage } from '../dataProvider';
import { MESSAGES } from '../messages';
import { ValorChip } from '../resources/respuesta/List';
import { rememberAnswerReturn } from '../resources/respuesta/Form';
import { pct } from '../resources/pregunta/List';
import { isChoiceQuestion, OPCION_MULTIPLE } from '../../../shared/rules/quizRules';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
/** The panel's reading of Tipo: Texto and Opción Múltiple only. */
const PANEL_TIPOS = ['Texto', OPCION_MULTIPLE] as const;

interface AnswerDraft {
  /** A stored answer (edit): kept and changed by the save; a row without it is new. */
  id_respuesta?: number;
  respuesta: string;
  valor: boolean;
  /** A newly picked picture (sent with the question's save). */
  imagen: { rawFile: File } | null;
  /** The stored picture's file name, kept unless a new one is picked. */
  stored?: string | null;
}
interface Draft {
  id: number | null;
  id_evaluacion: number;
  pregunta: string;
  Tipo: string;
  porcentaje: string;
  imagen: { rawFile: File } | null;
  respuestas: AnswerDraft[];
}

/** The panel's reading of a question: the shared rules, with up to MAX_RESPUESTAS answers. */
const panelSchema = preguntaFormSchema(MAX_RESPUESTAS);
/** The panel's fields in screen order; the evaluation is the card's, never edited here. */
const PANEL_FIELDS = ['pregunta', 'Tipo', 'porcentaje', 'respuestas'];

/** The panel's answers follow Tipo: the options of a choice question, or Texto's one expected answer. */
const editsAnswers = (tipo: string) => isChoiceQuestion(tipo) || expectsOneText(tipo);

/**
 * Validation of the panel form (the verevaluacion reading, screens-backoffice.md B-10) by the shared question schema.
 * Returns the first message in screen order, or null. The second reading requires the text
 * itself, so the picked image is not offered to the "text or image" rule; a blank porcentaje is
 * "not sent" (→ 0). The answers are checked (B-11.4) on create and edit, for Opción Múltiple
 * (options, one correct) and Texto (its one expected answer); other types keep theirs untouched.
 */
export function validateDraft(d: Pick<Draft, 'pregunta' | 'Tipo' | 'porcentaje' | 'respuestas'>): string | null {
  const result = panelSchema.safeParse({
    pregunta: d.pregunta,
    Tipo: d.Tipo,
    porcentaje: d.porcentaje.trim() === '' ? undefined : d.porcentaje,
    respuestas: editsAnswers(d.Tipo) ? d.respuestas.map((r) => ({ respuesta: r.respuesta, valor: r.valor })) : null,
  });
  if (result.success) return null;
  const rank = (path: PropertyKey[]) => PANEL_FIELDS.indexOf(String(path[0]));
  const issues = result.error.issues.filter((i) => rank(i.path) >= 0).sort((a, b) => rank(a.path) - rank(b.path));
  return issues[0]?.message ?? null;
}

function pickImage(files: FileList | null, reject: string, notify: ReturnType<typeof useNotify>): { rawFile: File } | null {
  const f = files?.[0];
  if (!f) return null;
  if (!IMAGE_TYPES.includes(f.type)) {
    notify(reject, { type: 'warning' });
    return null;
  }
  return { rawFile: f };
}

function QuestionPanel({ draft, onCancel, onSaved }: { draft: Draft; onCancel: () => void; onSaved: () => void }) {
  const [d, setD] = useState(draft);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dp = useDataProvider();
  const notify = useNotify();
  const creating = d.id === null;
  // A change clears the last complaint; the next save checks again.
  const set = (patch: Partial<Draft>) => {
    setError(null);
    setD((x) => ({ ...x, ...patch }));
  };
  const setAnswer = (i: number, patch: Partial<AnswerDraft>) => {
    setError(null);
    setD((x) => ({ ...x, respuestas: x.respuestas.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const msg = validateDraft(d);
    setError(msg);
    if (msg) {
      notify(PREGUNTA_MSG.invalidSubmit, { type: 'warning' });
      return;
    }
    // The answers (and their new pictures) go with the question in one request (pregunta's
    // toWire); Texto's expected answer is stored as correct.
    const respuestas = editsAnswers(d.Tipo)
      ? d.respuestas.map((r) => ({ id_respuesta: r.id_respuesta, respuesta: r.respuesta, valor: expectsOneText(d.Tipo) ? true : r.valor, imagen: r.imagen }))
      : creating
        ? []
        : undefined;
    const data = {
      pregunta: d.pregunta.trim(),
      Tipo: d.Tipo,
      porcentaje: d.porcentaje.trim() === '' ? 0 : Number(d.porcentaje),
      id_evaluacion: d.id_evaluacion,
      imagen: d.imagen ?? undefined,
      respuestas,
    };
    setSaving(true);
    try {
      if (creating) {
        await dp.create('pregunta', { data });
        notify(MESSAGES.pregunta!.created!, { type: 'success' });
      } else {
        await dp.update('pregunta', { id: d.id!, data, previousData: { id: d.id! } });
        notify(MESSAGES.pregunta!.updated!, { type: 'success' });
      }
      onSaved();
    } catch (err) {
      const m = creating ? MESSAGES.pregunta!.createError! : MESSAGES.pregunta!.updateError!;
      notify(m(errorMessage(err)), { type: 'error' });
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ p: 2, mt: 2, border: 2, borderColor: 'primary.light' }}
      aria-label={creating ? 'Nueva pregunta' : 'Editar pregunta'}
    >
      <Typography variant="h6" component="h3" gutterBottom>
        {creating ? `Nueva pregunta · Evaluación #${d.id_evaluacion}` : `Editar pregunta #${d.id}`}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Pregunta"
          value={d.pregunta}
          onChange={(e) => set({ pregunta: e.target.value })}
          required
          error={error === PREGUNTA_MSG.pregunta}
          helperText={error === PREGUNTA_MSG.pregunta ? error : ' '}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Tipo"
            value={d.Tipo}
            onChange={(e) =>
              set({
                Tipo: e.target.value,
                respuestas: isChoiceQuestion(e.target.value)
                  ? d.respuestas.length
                    ? d.respuestas
                    : [{ respuesta: '', valor: false, imagen: null }]
                  : expectsOneText(e.target.value)
                    ? [{ ...(d.respuestas[0] ?? { imagen: null }), respuesta: d.respuestas[0]?.respuesta ?? '', valor: true }]
                    : [],
              })
            }
          >
            {(PANEL_TIPOS.includes(d.Tipo as never) ? PANEL_TIPOS : [...PANEL_TIPOS, d.Tipo]).map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Porcentaje"
            type="number"
            value={d.porcentaje}
            onChange={(e) => set({ porcentaje: e.target.value })}
            slotProps={{ htmlInput: { min: 0, max: 100 } }}
          />
        </Stack>
        <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
          {d.imagen ? `Imagen: ${d.imagen.rawFile.name}` : 'Elegir imagen (opcional)'}
          <input hidden type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => set({ imagen: pickImage(e.target.files, PREGUNTA_MSG.imagen, notify) })} />
        </Button>
        {expectsOneText(d.Tipo) && (
          <TextField
            label="Respuesta esperada"
            value={d.respuestas[0]?.respuesta ?? ''}
            onChange={(e) => set({ respuestas: [{ ...(d.respuestas[0] ?? { imagen: null }), respuesta: e.target.value, valor: true }] })}
            required
            helperText="Lo que el estudiante debe escribir (no distingue mayúsculas)."
          />
        )}
        {isChoiceQuestion(d.Tipo) && (
          <Box>
            <Typography variant="subtitle1" sx={{ fontWeight: 800 }}>
              Respuestas (hasta {MAX_RESPUESTAS})
            </Typography>
            {d.respuestas.map((r, i) => (
              <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
                <TextField label={`Respuesta ${i + 1}`} value={r.respuesta} onChange={(e) => setAnswer(i, { respuesta: e.target.value })} size="small" />
                <FormControlLabel control={<Checkbox checked={r.valor} onChange={(e) => setAnswer(i, { valor: e.target.checked })} />} label="Correcta" />
                <Button variant="text" component="label" size="small">
                  {r.imagen ? r.imagen.rawFile.name : r.stored ? 'Cambiar imagen' : 'Imagen'}
                  <input
                    hidden
                    type="file"
                    accept={IMAGE_TYPES.join(',')}
                    onChange={(e) => setAnswer(i, { imagen: pickImage(e.target.files, RESPUESTA_MSG.imagen, notify) })}
                  />
                </Button>
                <IconButton aria-label={`Quitar respuesta ${i + 1}`} onClick={() => set({ respuestas: d.respuestas.filter((_, j) => j !== i) })}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
            <Button
              sx={{ mt: 1 }}
              disabled={d.respuestas.length >= MAX_RESPUESTAS}
              onClick={() => set({ respuestas: [...d.respuestas, { respuesta: '', valor: false, imagen: null }] })}
            >
              Agregar respuesta
            </Button>
          </Box>
        )}
        {error && <Alert severity="warning">{error}</Alert>}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={saving}>
            Guardar
          </Button>
          <Button variant="outlined" onClick={onCancel}>
            Cancelar
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

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
                        {openAnswers === p.id_pregunta && (
                          <TableRow>
                            <TableCell colSpan={4} sx={{ bgcolor: 'action.hover' }}>
                              {p.respuestas.length === 0 ? (
                                <Typography>Sin respuestas.</Typography>
                              ) : (
                                <Table size="small" aria-label={`Respuestas de la pregunta ${p.id_pregunta}`}>
                                  <TableHead>
                                    <TableRow>
                                      <TableCell>Respuesta</TableCell>
                                      <TableCell>Valor</TableCell>
                                      <TableCell>Acciones</TableCell>
                                    </TableRow>
                                  </TableHead>
                                  <TableBody>
                                    {p.respuestas.map((r) => (
                                      <TableRow key={r.id_respuesta}>
                                        <TableCell>{r.respuesta || '(solo imagen)'}</TableCell>
                                        <TableCell>
                                          <ValorChip valor={r.valor} />
                                        </TableCell>
                                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                                          <Button
                                            size="small"
                                            component={RouterLink}
                                            to={`/admin/respuesta?editar=true&id_respuesta=${r.id_respuesta}`}
                                            onClick={() => rememberAnswerReturn(r.id_respuesta, '/admin/verevaluacion')}
                                          >
                                            Editar
                                          </Button>
                                          <Button size="small" color="error" onClick={() => setConfirm({ resource: 'respuesta', id: r.id_respuesta })}>
                                            Eliminar
                                          </Button>
                                        </TableCell>
                                      </TableRow>
                                    ))}
                                  </TableBody>
                                </Table>
                              )}
                            </TableCell>
                          </TableRow>
                        )}
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
