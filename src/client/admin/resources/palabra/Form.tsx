import { ReferenceInput, SelectInput, TextInput, TopToolbar } from 'react-admin';
import { palabraSchema } from '../../../../shared/resources/palabra';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';
import { MediaButton } from './MediaButton';

const resolver = schemaResolver(palabraSchema);

function PalabraInputs() {
  return (
    <>
      <TextInput source="palabraEspanol" label="Palabra en Español" isRequired />
      <TextInput source="palabraIngles" label="Palabra en Inglés" isRequired />
      <ReferenceInput source="id_nivel" reference="nivel" perPage={500} sort={{ field: 'id_nivel', order: 'ASC' }}>
        <SelectInput label="Nivel" optionText="nombre_nivel" isRequired />
      </ReferenceInput>
    </>
  );
}

export function PalabraCreate() {
  return (
    <ResourceCreate title="Nueva palabra">
      <ResourceForm resolver={resolver}>
        <PalabraInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

export function PalabraEdit() {
  return (
    <ResourceEdit
      title="Editar palabra"
      actions={
        <TopToolbar>
          <MediaButton label="Multimedia de la palabra" />
        </TopToolbar>
      }
    >
      <ResourceForm resolver={resolver}>
        <PalabraInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
