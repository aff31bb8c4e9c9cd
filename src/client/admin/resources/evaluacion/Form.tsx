import { NumberInput } from 'react-admin';
import { NivelPicker } from '../../common/pickers';
import { evaluacionSchema } from '../../../../shared/resources/evaluacion';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

const resolver = schemaResolver(evaluacionSchema);

function EvaluacionInputs() {
  return (
    <>
      <NivelPicker />
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
