import { TextInput } from 'react-admin';
import { institucionSchema } from '../../../../shared/resources/institucion';
import { formScreens } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

const resolver = schemaResolver(institucionSchema);

function InstitucionInputs() {
  return <TextInput source="nombre" label="Nombre" isRequired />;
}

export const { Create: InstitucionCreate, Edit: InstitucionEdit } = formScreens(InstitucionInputs, resolver, {
  create: 'Nueva institución',
  edit: 'Editar institución',
});
