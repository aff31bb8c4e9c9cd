import { useLocation } from 'react-router-dom';
import { RadioButtonGroupInput, ReferenceInput, SelectInput, TextInput, required, type Validator } from 'react-admin';
import { RESPUESTA_MSG } from '../../../../shared/resources/respuesta';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { ImagePicker } from '../../common/components';

/** The text shows 'La respuesta es obligatoria.' unless an image stands for it (no required rule). */
const textOrImage: Validator = (value, all) => ((typeof value === 'string' && value.trim()) || all?.imagen ? undefined : RESPUESTA_MSG.respuesta);

const VALOR = [{ id: true, name: 'Correcta' }, { id: false, name: 'Incorrecta' }];

function RespuestaInputs() {
  return (
    <>
      <TextInput source="respuesta" label="Respuesta" validate={textOrImage} />
      <RadioButtonGroupInput source="valor" label="Valor" choices={VALOR} validate={required(RESPUESTA_MSG.valor)} />
      <ReferenceInput source="id_pregunta" reference="pregunta" perPage={1000} sort={{ field: 'id_pregunta', order: 'ASC' }}>
        <SelectInput label="Pregunta" optionText={(p: { id: number; pregunta?: string }) => `#${p.id} · ${p.pregunta || '(solo imagen)'}`} validate={required(RESPUESTA_MSG.pregunta)} />
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
      <ResourceForm defaultValues={{ valor: false, ...(pre ? { id_pregunta: pre } : {}) }}><RespuestaInputs /></ResourceForm>
    </ResourceCreate>
  );
}

export function RespuestaEdit() {
  return (
    <ResourceEdit title="Editar respuesta" resource="respuesta">
      <ResourceForm><RespuestaInputs /></ResourceForm>
    </ResourceEdit>
  );
}
