import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddCircleOutline';
import Alert from '@mui/material/Alert';
import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useGetList,
  useRecordContext,
  useSimpleFormIterator,
} from 'react-admin';
import { addsUpTo100, equalShare, porcentajeNoSuma, quizTotal } from '../../../../shared/rules/porcentaje';
import { expectsOneText, MAX_RESPUESTAS_FORM, preguntaFormSchema, TIPOS_PREGUNTA } from '../../../../shared/resources/pregunta';
import { RESPUESTA_MSG } from '../../../../shared/resources/respuesta';
import { isChoiceQuestion } from '../../../../shared/rules/quizRules';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { ImagePicker } from '../../common/components';
import { RefPicker } from '../../common/pickers';
import { evaluacionLabel } from '../../common/listFilters';
import { schemaResolver } from '../../common/zodForm';
import { LinkedAnswerMedia, LinkedSign, SignOrImagePicker } from './SignPicker';
import { answersForSave, rowsForTipo } from './answers';

/**
 * Text or image, the percentage, the evaluation and the answers: up to 4 option rows (one correct)
 * for Opción Múltiple, the one expected text for Texto. Create and edit read the same rules.
 */
const preguntaResolver = schemaResolver(preguntaFormSchema(MAX_RESPUESTAS_FORM));

type Row = { id_respuesta?: number; respuesta?: string; valor?: boolean; imagen?: unknown };

/**
 * The answer rows follow Tipo (screens-backoffice.md B-11.3, `rowsForTipo`). The first run (the
 * stored record on edit) changes nothing.
 */
function TipoEffects() {
  const tipo = useWatch({ name: 'Tipo' });
  const { getValues, setValue } = useFormContext();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const next = rowsForTipo<Row>(tipo, (getValues('respuestas') as Row[] | undefined) ?? [], { respuesta: '', valor: false });
    if (next) setValue('respuestas', next, { shouldDirty: true });
  }, [tipo, getValues, setValue]);
  return null;
}

/** The iterator's add button, named (the default is an unlabeled icon). */
function AddAnswerButton() {
  const { add } = useSimpleFormIterator();
  const ref = useRef<HTMLButtonElement>(null);
  // The new row's text field gets the focus: the teacher types the answer at once.
  const addAndFocus = () => {
    add();
    requestAnimationFrame(() => {
      const inputs = ref.current?.closest('form')?.querySelectorAll<HTMLInputElement>('input[name^="respuestas."][name$=".respuesta"]');
      inputs?.[inputs.length - 1]?.focus();
    });
  };
  return (
    <Button ref={ref} startIcon={<AddIcon />} onClick={addAndFocus} size="small">
      Añadir respuesta
    </Button>
  );
}

function AnswerRows() {
  const tipo = useWatch({ name: 'Tipo' });
  const rows = (useWatch({ name: 'respuestas' }) as unknown[] | undefined) ?? [];
  if (expectsOneText(tipo))
    return (
      <TextInput
        source="respuestas.0.respuesta"
        label="Respuesta esperada"
        isRequired
        helperText="Lo que el estudiante debe escribir (no distingue mayúsculas)."
        sx={{ mt: 1 }}
      />
    );
  if (!isChoiceQuestion(tipo)) return null;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Respuestas
      </Typography>
      <ArrayInput source="respuestas" label={false}>
        <SimpleFormIterator
          inline
          disableReordering
          disableAdd={rows.length >= MAX_RESPUESTAS_FORM}
          disableClear
          addButton={<AddAnswerButton />}
          // The remove button shows only on hover by default: a tablet has no hover.
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
        >
          <TextInput source="respuesta" label="Respuesta" isRequired />
          <BooleanInput source="valor" label="Correcta" defaultValue={false} />
          <ImagePicker source="imagen" label="Imagen (opcional)" folder="respuestas" rejectMessage={RESPUESTA_MSG.imagen} />
          <LinkedAnswerMedia />
        </SimpleFormIterator>
      </ArrayInput>
      <Typography variant="body2" color="text.secondary">
        Máximo {MAX_RESPUESTAS_FORM} respuestas; marca al menos una como correcta.
      </Typography>
    </>
  );
}

/**
 * The quiz's percentages: a new question starts at an equal share of 100 with the evaluation's other
 * questions (until the teacher types a value), and the form warns while the evaluation's questions,
 * this one included, do not add up to 100. The others are read from the questions list (filtered
 * by evaluation on the server; one request, shared by the note and the warning).
 */
function useQuizShares() {
  const record = useRecordContext();
  const idEvaluacion = useWatch({ name: 'id_evaluacion' }) as unknown;
  const porcentaje = useWatch({ name: 'porcentaje' }) as unknown;
  const chosen = idEvaluacion !== undefined && idEvaluacion !== null && idEvaluacion !== '';
  const { data, isSuccess, isError } = useGetList(
    'pregunta',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'id', order: 'ASC' }, filter: { id_evaluacion: idEvaluacion } },
    { enabled: chosen },
  );
  const others = chosen && isSuccess ? (data ?? []).filter((q) => String(q.id) !== String(record?.id ?? '')) : null;
  const all = others ? [...others.map((q) => Number(q.porcentaje ?? 0)), Number(porcentaje ?? 0)] : null;
  return { creating: record?.id == null, chosen, isError, others, share: others ? equalShare(others.length) : null, all };
}

/**
 * Under the evaluation: how its questions share the 100 %. The line is there before the evaluation
 * is chosen and while its questions load, so the answer's arrival changes its words, never what lies
 * below it: a teacher's tap on "Añadir respuesta" as the answer came in landed on the row above the
 * button, which had just been pushed down (a clean-clone run lost a click that way).
 */
function PorcentajeReparto() {
  const { creating, chosen, isError, others, share } = useQuizShares();
  const { setValue, getFieldState } = useFormContext();
  useEffect(() => {
    if (creating && share !== null && !getFieldState('porcentaje').isDirty) setValue('porcentaje', share);
  }, [creating, share, setValue, getFieldState]);
  const text = !chosen
    ? 'Elige la evaluación para ver cómo se reparten los porcentajes.'
    : isError
      ? 'No se pudieron leer las otras preguntas de esta evaluación.'
      : !others
        ? 'Buscando las otras preguntas de esta evaluación…'
        : others.length === 0
          ? 'Es la única pregunta de esta evaluación.'
          : `Esta evaluación tiene ${others.length} ${others.length === 1 ? 'pregunta más' : 'preguntas más'}: a partes iguales, ${share} % cada una.`;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="porcentaje-reparto" sx={{ mt: -1, mb: 1 }}>
      {text}
    </Typography>
  );
}

/**
 * The warning while the evaluation's questions do not add up to 100, after the answers, above the
 * save buttons: it comes and goes with what the teacher types (and arrives late, with the other
 * questions), so nothing the teacher taps while filling the form lies below it.
 */
function PorcentajeAviso() {
  const { all } = useQuizShares();
  if (!all || addsUpTo100(all)) return null;
  return (
    <Alert severity="warning" data-testid="porcentaje-aviso" sx={{ mt: 2, maxWidth: 560 }}>
      {porcentajeNoSuma(quizTotal(all))}
    </Alert>
  );
}

function PreguntaInputs() {
  return (
    <>
      <SelectInput source="Tipo" label="Tipo" choices={TIPOS_PREGUNTA.map((t) => ({ id: t, name: t }))} isRequired />
      <TextInput source="pregunta" label="Pregunta" multiline />
      <NumberInput source="porcentaje" label="Porcentaje" isRequired />
      {/* Searchable by the level's name (one evaluation per level): no 500-row cap. */}
      <RefPicker
        source="id_evaluacion"
        reference="evaluacion"
        label="Evaluación"
        optionText={(e: { id: number; nivel?: { nombre_nivel?: string } }) => evaluacionLabel(e.id, e.nivel?.nombre_nivel)}
        isRequired
        sort={{ field: 'id_evaluacion', order: 'ASC' }}
      />
      <PorcentajeReparto />
      <SignOrImagePicker />
      <LinkedSign />
      <TipoEffects />
      <AnswerRows />
      <PorcentajeAviso />
    </>
  );
}

export function PreguntaCreate() {
  return (
    <ResourceCreate title="Nueva pregunta" resource="pregunta" transform={answersForSave}>
      <ResourceForm resolver={preguntaResolver} defaultValues={{ porcentaje: equalShare(0), respuestas: [] }}>
        <PreguntaInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

/** Edits the question and its answers (the stored rows are shown and may be changed, removed or added). */
export function PreguntaEdit() {
  return (
    <ResourceEdit title="Editar pregunta" resource="pregunta" transform={answersForSave}>
      <ResourceForm resolver={preguntaResolver}>
        <PreguntaInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
