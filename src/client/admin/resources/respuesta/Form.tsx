import { useLocation } from 'react-router-dom';
import { RadioButtonGroupInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { RESPUESTA_MSG, respuestaFormSchema } from '../../../../shared/resources/respuesta';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { ImagePicker } from '../../common/components';
import { schemaResolver } from '../../common/zodForm';

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
      <ReferenceInput source="id_pregunta" reference="pregunta" perPage={500} sort={{ field: 'id_pregunta', order: 'ASC' }}>
        <SelectInput label="Pregunta" optionText={(p: { id: number; pregunta?: string }) => `#${p.id} · ${p.pregunta || '(solo imagen)'}`} isRequired />
      </ReferenceInput>
      <ImagePicker source="imagen" label="Imagen (opcional)" folder="respuestas" rejectMessage={RESPUESTA_MSG.imagen} />
    </>
  );
}

export function RespuestaCreate() {
  const location = useLocation();
  const pre = (location.state as { record?: { id_pregunta?: number } } | null)?.record?.id_pregunta;
  return (
    <ResourceCreate title="Nueva respuesta" resource="respuesta">
      <ResourceForm resolver={resolver} defaultValues={{ valor: false, ...(pre ? { id_pregunta: pre } : {}) }}>
        <RespuestaInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

export function RespuestaEdit() {
  return (
    <ResourceEdit title="Editar respuesta" resource="respuesta">
      <ResourceForm resolver={resolver}>
        <RespuestaInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
