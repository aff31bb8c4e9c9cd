import { TextInput } from 'react-admin';
import { institucionSchema } from '../../../../shared/resources/institucion';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

const resolver = schemaResolver(institucionSchema);

function InstitucionInputs() {
  return <TextInput source="nombre" label="Nombre" isRequired />;
}

export function InstitucionCreate() {
  return (
    <ResourceCreate title="Nueva institución">
      <ResourceForm resolver={resolver}>
        <InstitucionInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

export function InstitucionEdit() {
  return (
    <ResourceEdit title="Editar institución">
      <ResourceForm resolver={resolver}>
        <InstitucionInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
