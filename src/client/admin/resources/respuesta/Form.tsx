import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { RadioButtonGroupInput, TextInput, useNotify, useRedirect } from 'react-admin';
import { RESPUESTA_MSG, respuestaFormSchema } from '../../../../shared/resources/respuesta';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { ImagePicker } from '../../common/components';
import { RefPicker } from '../../common/pickers';
import { preguntaLabel } from '../../common/listFilters';
import { useSaveOptions } from '../../common/hooks';
import { schemaResolver } from '../../common/zodForm';
import { MESSAGES } from '../../messages';

/**
 * Where the answer form returns after Guardar and Cancelar when it was opened from a question (its
 * detail, the verevaluacion panel, the Respuestas-por-pregunta page) instead of the answers list.
 * Kept in sessionStorage, not in the router state: the edit link goes through the list (B-12.1)
 * (`/admin/respuesta?editar=true&id_respuesta=N`), whose redirect drops the state. The entry names
 * the answer (or 'nueva') it is for and is forgotten when that form closes.
 */
const RETURN_KEY = 'manitas.respuesta.volver';
type ReturnTarget = number | 'nueva';

export function rememberAnswerReturn(target: ReturnTarget, to: string) {
  try {
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ target, to }));
  } catch {
    // No storage (private mode): the form returns to the list, as before.
  }
}

/** The return path stored for this form (or null: back to the list); forgotten on unmount. */
function useAnswerReturn(target: ReturnTarget | null): string | null {
  const [to] = useState(() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? 'null') as { target?: unknown; to?: unknown } | null;
      return saved && saved.target === target && typeof saved.to === 'string' && saved.to.startsWith('/admin/') ? saved.to : null;
    } catch {
      return null;
    }
  });
  useEffect(
    () => () => {
      if (to) sessionStorage.removeItem(RETURN_KEY);
    },
    [to],
  );
  return to;
}

/** The save of a form opened from a question: the usual messages, then back to that question. */
function useReturnSaveOptions(kind: 'create' | 'update', back: string | null) {
  const base = useSaveOptions(kind, 'respuesta');
  const notify = useNotify();
  const redirect = useRedirect();
  if (!back) return undefined;
  return {
    ...base,
    onSuccess: () => {
      notify(kind === 'create' ? MESSAGES.respuesta!.created! : MESSAGES.respuesta!.updated!, { type: 'success' });
      redirect(back);
    },
  };
}

/** ResourceForm, with Cancelar going back to the question when there is one. */
function AnswerForm({ back, children, defaultValues }: { back: string | null; children: ReactNode; defaultValues?: Record<string, unknown> }) {
  return (
    <ResourceForm resolver={resolver} defaultValues={defaultValues} cancelTo={back ?? undefined}>
      {children}
    </ResourceForm>
  );
}

/** The text shows 'La respuesta es obligatoria.' unless an image stands for it (no required mark). */
const resolver = schemaResolver(respuestaFormSchema);

const VALOR = [
  { id: true, name: 'Correcta' },
  { id: false, name: 'Incorrecta' },
];

function RespuestaInputs() {
  return (
    <>
      <TextInput source="respuesta" label="Respuesta" />
      <RadioButtonGroupInput source="valor" label="Valor" choices={VALOR} isRequired />
      {/* Searchable by the question's text, grouped by its evaluation's level: no 500-row cap. */}
      <RefPicker
        source="id_pregunta"
        reference="pregunta"
        label="Pregunta"
        optionText={(p: { id: number; pregunta?: string }) => preguntaLabel(p.id, p.pregunta)}
        groupBy={(p) => String((p.evaluacion as { nombre_nivel?: string } | undefined)?.nombre_nivel ?? 'Sin nivel')}
        isRequired
        sort={{ field: 'evaluacion', order: 'ASC' }}
      />
      <ImagePicker source="imagen" label="Imagen (opcional)" folder="respuestas" rejectMessage={RESPUESTA_MSG.imagen} />
    </>
  );
}

export function RespuestaCreate() {
  const location = useLocation();
  const pre = (location.state as { record?: { id_pregunta?: number } } | null)?.record?.id_pregunta;
  const back = useAnswerReturn('nueva');
  const mutationOptions = useReturnSaveOptions('create', back);
  return (
    <ResourceCreate title="Nueva respuesta" resource="respuesta" {...(mutationOptions ? { mutationOptions } : {})}>
      <AnswerForm back={back} defaultValues={{ valor: false, ...(pre ? { id_pregunta: pre } : {}) }}>
        <RespuestaInputs />
      </AnswerForm>
    </ResourceCreate>
  );
}

export function RespuestaEdit() {
  const { id } = useParams();
  const back = useAnswerReturn(id && /^\d+$/.test(id) ? Number(id) : null);
  const mutationOptions = useReturnSaveOptions('update', back);
  return (
    <ResourceEdit title="Editar respuesta" resource="respuesta" {...(mutationOptions ? { mutationOptions } : {})}>
      <AnswerForm back={back}>
        <RespuestaInputs />
      </AnswerForm>
    </ResourceEdit>
  );
}
