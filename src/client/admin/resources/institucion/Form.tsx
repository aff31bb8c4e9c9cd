import { TextInput, required } from 'react-admin';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';

function InstitucionInputs() {
  return <TextInput source="nombre" label="Nombre" validate={required('El nombre de la institución es obligatorio.')} />;
}

export function InstitucionCreate() {
  return (
    <ResourceCreate title="Nueva institución">
      <ResourceForm><InstitucionInputs /></ResourceForm>
    </ResourceCreate>
  );
}

export function InstitucionEdit() {
  return (
    <ResourceEdit title="Editar institución">
      <ResourceForm><InstitucionInputs /></ResourceForm>
    </ResourceEdit>
  );
}
