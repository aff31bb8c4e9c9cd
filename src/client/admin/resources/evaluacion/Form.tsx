import { NumberInput, ReferenceInput, SelectInput } from 'react-admin';
import { evaluacionSchema } from '../../../../shared/resources/evaluacion';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

const resolver = schemaResolver(evaluacionSchema);

function EvaluacionInputs() {
  return (
    <>
      <ReferenceInput source="id_nivel" reference="nivel" perPage={500}>
        <SelectInput label="Nivel" optionText="nombre_nivel" isRequired />
      </ReferenceInput>
      <NumberInput source="puntaje" label="Puntaje" isRequired />
    </>
  );
}

export function EvaluacionCreate() {
  return (
    <ResourceCreate title="Nueva evaluación">
      <ResourceForm resolver={resolver}>
        <EvaluacionInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

export function EvaluacionEdit() {
  return (
    <ResourceEdit title="Editar evaluación">
      <ResourceForm resolver={resolver}>
        <EvaluacionInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
