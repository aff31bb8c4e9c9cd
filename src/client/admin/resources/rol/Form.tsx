import { ReferenceInput, SelectInput, TextInput } from 'react-admin';
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
      <ReferenceInput source="id_usuario" reference="usuario" perPage={500}>
        <SelectInput
          label="Usuario"
          optionText={(u: { nombre: string; apellido?: string; email: string }) => `${u.nombre} ${u.apellido ?? ''} (${u.email})`}
          isRequired
        />
      </ReferenceInput>
    </>
  );
}

export function RolCreate() {
  return (
    <ResourceCreate title="Nuevo rol">
      <ResourceForm resolver={resolver} disableWhenInvalid>
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
