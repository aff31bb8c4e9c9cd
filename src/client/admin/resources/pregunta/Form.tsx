import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import { ArrayInput, BooleanInput, NumberInput, ReferenceInput, SelectInput, SimpleFormIterator, TextInput, useNotify, useRedirect } from 'react-admin';
import { MAX_RESPUESTAS_FORM, preguntaFormSchema, TIPOS_PREGUNTA } from '../../../../shared/resources/pregunta';
import { RESPUESTA_MSG } from '../../../../shared/resources/respuesta';
import { isChoiceQuestion } from '../../../../shared/rules/quizRules';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { ImagePicker } from '../../common/components';
import { useSaveOptions } from '../../common/hooks';
import { schemaResolver } from '../../common/zodForm';
import { SignOrImagePicker } from './SignPicker';
import { MESSAGES } from '../../messages';

/** Text or image, the percentage, the evaluation and (create only) up to 4 answer rows, one correct. */
const preguntaCreateResolver = schemaResolver(preguntaFormSchema(MAX_RESPUESTAS_FORM));
/** Edit changes the question only (its answers are edited under Respuestas): the stored rows are not checked. */
const preguntaEditResolver = schemaResolver(preguntaFormSchema(MAX_RESPUESTAS_FORM), { omit: ['respuestas'] });

/**
 * Choosing Opción Múltiple on create adds one blank answer row; any other type clears the rows.
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
    const rows = (getValues('respuestas') as unknown[] | undefined) ?? [];
    if (isChoiceQuestion(tipo)) {
      if (rows.length === 0) setValue('respuestas', [{ respuesta: '', valor: false }], { shouldDirty: true });
    } else if (rows.length) setValue('respuestas', [], { shouldDirty: true });
  }, [tipo, getValues, setValue]);
  return null;
}

function AnswerRows() {
  const tipo = useWatch({ name: 'Tipo' });
  const rows = (useWatch({ name: 'respuestas' }) as unknown[] | undefined) ?? [];
  if (!isChoiceQuestion(tipo)) return null;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Respuestas
      </Typography>
      <ArrayInput source="respuestas" label={false}>
        <SimpleFormIterator inline disableReordering disableAdd={rows.length >= MAX_RESPUESTAS_FORM} disableClear>
          <TextInput source="respuesta" label="Respuesta" isRequired />
          <BooleanInput source="valor" label="Correcta" defaultValue={false} />
          <ImagePicker source="imagen" label="Imagen (opcional)" folder="respuestas" rejectMessage={RESPUESTA_MSG.imagen} />
        </SimpleFormIterator>
      </ArrayInput>
      <Typography variant="body2" color="text.secondary">
        Máximo {MAX_RESPUESTAS_FORM} respuestas; marca al menos una como correcta.
      </Typography>
    </>
  );
}

export function PreguntaInputs({ create }: { create: boolean }) {
  return (
    <>
      <SelectInput source="Tipo" label="Tipo" choices={TIPOS_PREGUNTA.map((t) => ({ id: t, name: t }))} isRequired />
      <TextInput source="pregunta" label="Pregunta" multiline />
      <NumberInput source="porcentaje" label="Porcentaje" isRequired />
      <ReferenceInput source="id_evaluacion" reference="evaluacion" perPage={500} sort={{ field: 'id_evaluacion', order: 'ASC' }}>
        <SelectInput
          label="Evaluación"
          optionText={(e: { id: number; nivel?: { nombre_nivel?: string } }) => `#${e.id} · ${e.nivel?.nombre_nivel ?? 'sin nivel'}`}
          isRequired
        />
      </ReferenceInput>
      <SignOrImagePicker />
      {create && (
        <>
          <TipoEffects />
          <AnswerRows />
        </>
      )}
    </>
  );
}

export function PreguntaCreate() {
  const base = useSaveOptions('create', 'pregunta');
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <ResourceCreate
      title="Nueva pregunta"
      resource="pregunta"
      mutationOptions={{
        ...base,
        onSuccess: (data: { _respuestasError?: string }) => {
          if (data?._respuestasError) notify(data._respuestasError, { type: 'error' });
          else notify(MESSAGES.pregunta!.created!, { type: 'success' });
          redirect('list', 'pregunta');
        },
      }}
    >
      <ResourceForm resolver={preguntaCreateResolver} defaultValues={{ porcentaje: 0, respuestas: [] }}>
        <PreguntaInputs create />
      </ResourceForm>
    </ResourceCreate>
  );
}

/** Edits the question only; its answers are edited under Respuestas. */
export function PreguntaEdit() {
  return (
    <ResourceEdit title="Editar pregunta" resource="pregunta" transform={(d: Record<string, unknown>) => ({ ...d, respuestas: undefined })}>
      <ResourceForm resolver={preguntaEditResolver}>
        <PreguntaInputs create={false} />
      </ResourceForm>
    </ResourceEdit>
  );
}
