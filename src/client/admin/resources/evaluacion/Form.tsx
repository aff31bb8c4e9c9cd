import { NumberInput } from 'react-admin';
import { NivelPicker } from '../../common/pickers';
import { evaluacionSchema } from '../../../../shared/resources/evaluacion';
import { formScreens } from '../../common/crud';
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

export const { Create: EvaluacionCreate, Edit: EvaluacionEdit } = formScreens(EvaluacionInputs, resolver, {
  create: 'Nueva evaluación',
  edit: 'Editar evaluación',
});
