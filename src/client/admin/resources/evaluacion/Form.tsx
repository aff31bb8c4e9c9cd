import { NumberInput, ReferenceInput, SelectInput, maxValue, minValue, required } from 'react-admin';
import { EVALUACION_MSG } from '../../../../shared/resources/evaluacion';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';

function EvaluacionInputs() {
  return (
    <>
      <ReferenceInput source="id_nivel" reference="nivel" perPage={500}>
        <SelectInput label="Nivel" optionText="nombre_nivel" validate={required(EVALUACION_MSG.nivel)} />
      </ReferenceInput>
      <NumberInput
        source="puntaje"
        label="Puntaje"
        validate={[required(EVALUACION_MSG.puntaje), minValue(1, EVALUACION_MSG.puntajeMin), maxValue(100, EVALUACION_MSG.puntajeMax)]}
      />
    </>
  );
}

export function EvaluacionCreate() {
  return (
    <ResourceCreate title="Nueva evaluación">
      <ResourceForm><EvaluacionInputs /></ResourceForm>
    </ResourceCreate>
  );
}

export function EvaluacionEdit() {
  return (
    <ResourceEdit title="Editar evaluación">
      <ResourceForm><EvaluacionInputs /></ResourceForm>
    </ResourceEdit>
  );
}
