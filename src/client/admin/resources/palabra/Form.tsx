import { TextInput, TopToolbar } from 'react-admin';
import { NivelPicker } from '../../common/pickers';
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
      <NivelPicker />
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
