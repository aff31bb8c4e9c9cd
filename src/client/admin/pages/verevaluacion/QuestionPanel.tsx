/**
 * The evaluation panel's question form (/admin/verevaluacion, screens-backoffice.md B-10): the
 * second reading of a question (Tipo Texto or Opción Múltiple, up to MAX_RESPUESTAS answers, the text
 * itself required). Its rules are the question form's (`preguntaFormSchema`), its rows follow Tipo
 * and are saved as the question form saves them (resources/pregunta/answers.ts); its texts are B-10's.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDataProvider, useNotify } from 'react-admin';
import { expectsOneText, MAX_RESPUESTAS, PREGUNTA_MSG, preguntaFormSchema } from '../../../../shared/resources/pregunta';
import { RESPUESTA_MSG } from '../../../../shared/resources/respuesta';
import { isChoiceQuestion, OPCION_MULTIPLE } from '../../../../shared/rules/quizRules';
import { errorMessage } from '../../dataProvider';
import { MESSAGES } from '../../messages';
import { answersForSave, rowsForTipo } from '../../resources/pregunta/answers';

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
export interface Draft {
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
    respuestas: isChoiceQuestion(d.Tipo) || expectsOneText(d.Tipo) ? d.respuestas.map((r) => ({ respuesta: r.respuesta, valor: r.valor })) : null,
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

/** The create/edit form of one question, under its evaluation's card (B-10). */
export function QuestionPanel({ draft, onCancel, onSaved }: { draft: Draft; onCancel: () => void; onSaved: () => void }) {
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
    // The answers (and their new pictures) go with the question in one request, shaped as the
    // question form shapes them (`answersForSave`: Texto's expected answer is stored as correct).
    const data = answersForSave({
      pregunta: d.pregunta.trim(),
      Tipo: d.Tipo,
      porcentaje: d.porcentaje.trim() === '' ? 0 : Number(d.porcentaje),
      id_evaluacion: d.id_evaluacion,
      imagen: d.imagen ?? undefined,
      respuestas: d.respuestas.map((r) => ({ id_respuesta: r.id_respuesta, respuesta: r.respuesta, valor: r.valor, imagen: r.imagen })),
    });
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
                respuestas: rowsForTipo<AnswerDraft>(e.target.value, d.respuestas, { respuesta: '', valor: false, imagen: null }) ?? d.respuestas,
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
