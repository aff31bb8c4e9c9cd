import { ReferenceInput, SelectInput, TextInput, TopToolbar, required } from 'react-admin';
import { PALABRA_MSG } from '../../../../shared/resources/palabra';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { MediaButton } from './MediaButton';

function PalabraInputs() {
  return (
    <>
      <TextInput source="palabraEspanol" label="Palabra en Español" validate={required(PALABRA_MSG.espanol)} />
      <TextInput source="palabraIngles" label="Palabra en Inglés" validate={required(PALABRA_MSG.ingles)} />
      <ReferenceInput source="id_nivel" reference="nivel" perPage={500} sort={{ field: 'id_nivel', order: 'ASC' }}>
        <SelectInput label="Nivel" optionText="nombre_nivel" validate={required(PALABRA_MSG.nivel)} />
      </ReferenceInput>
    </>
  );
}

export function PalabraCreate() {
  return (
    <ResourceCreate title="Nueva palabra">
      <ResourceForm><PalabraInputs /></ResourceForm>
    </ResourceCreate>
  );
}

export function PalabraEdit() {
  return (
    <ResourceEdit title="Editar palabra" actions={<TopToolbar><MediaButton label="Multimedia de la palabra" /></TopToolbar>}>
      <ResourceForm><PalabraInputs /></ResourceForm>
    </ResourceEdit>
  );
}
