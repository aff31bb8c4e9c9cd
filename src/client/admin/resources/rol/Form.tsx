import { SelectInput, TextInput } from 'react-admin';
import { UserPicker } from '../../common/pickers';
import { ROL_OPCIONES, rolSchema } from '../../../../shared/resources/rol';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

/** The wire calls the user idUsuario (id_usuario also accepted); the form's field is id_usuario. */
const resolver = schemaResolver(rolSchema, { errorPaths: { idUsuario: 'id_usuario' } });

/** Role name (Superadmin, Admin, Profesor), description, user. Submit disabled while invalid. */
function RolInputs() {
  return (
    <>
      <SelectInput source="nombre" label="Rol" choices={ROL_OPCIONES.map((o) => ({ id: o.value, name: o.label }))} isRequired />
      <TextInput source="descripcion" label="Descripción (opcional)" />
      <UserPicker source="id_usuario" />
    </>
  );
}

export function RolCreate() {
  return (
    <ResourceCreate title="Nuevo rol">
      {/* "Guardar y crear otro" keeps the role: the next user usually gets the same one. */}
      <ResourceForm resolver={resolver} disableWhenInvalid keep={['nombre']}>
        <RolInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

/** Edit opens prefilled with id, nombre and id_usuario. */
export function RolEdit() {
  return (
    <ResourceEdit title="Editar rol">
      <ResourceForm resolver={resolver} disableWhenInvalid>
        <RolInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
