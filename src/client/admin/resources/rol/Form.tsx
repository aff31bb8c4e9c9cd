import { ReferenceInput, SelectInput, TextInput, required } from 'react-admin';
import { ROL_MSG, ROL_OPCIONES } from '../../../../shared/resources/rol';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';

/** Role name (Superadmin, Admin, Profesor), description, user. Submit disabled while invalid. */
function RolInputs() {
  return (
    <>
      <SelectInput source="nombre" label="Rol" choices={ROL_OPCIONES.map((o) => ({ id: o.value, name: o.label }))} validate={required(ROL_MSG.nombre)} />
      <TextInput source="descripcion" label="Descripción (opcional)" />
      <ReferenceInput source="id_usuario" reference="usuario" perPage={500}>
        <SelectInput label="Usuario" optionText={(u: { nombre: string; apellido?: string; email: string }) => `${u.nombre} ${u.apellido ?? ''} (${u.email})`} validate={required(ROL_MSG.usuario)} />
      </ReferenceInput>
    </>
  );
}

export function RolCreate() {
  return (
    <ResourceCreate title="Nuevo rol">
      <ResourceForm disableWhenInvalid><RolInputs /></ResourceForm>
    </ResourceCreate>
  );
}

/** Edit opens prefilled with id, nombre and id_usuario. */
export function RolEdit() {
  return (
    <ResourceEdit title="Editar rol">
      <ResourceForm disableWhenInvalid><RolInputs /></ResourceForm>
    </ResourceEdit>
  );
}
