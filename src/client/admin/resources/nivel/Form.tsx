import { SelectInput, TextInput, TopToolbar } from 'react-admin';
import { DIFICULTADES, NIVEL_MSG, nivelSchema } from '../../../../shared/resources/nivel';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';
import { ImagePicker } from '../../common/components';
import { ImportButton } from './ImportButton';

const resolver = schemaResolver(nivelSchema);

function NivelInputs() {
  return (
    <>
      <TextInput source="nombre_nivel" label="Nombre" isRequired />
      <TextInput source="descripcion" label="Descripción" multiline minRows={2} isRequired />
      <SelectInput source="dificultad" label="Dificultad" choices={DIFICULTADES.map((d) => ({ id: d, name: d }))} isRequired />
      <ImagePicker source="imagen" label="Imagen" folder="niveles" rejectMessage={NIVEL_MSG.imagen} />
    </>
  );
}

export function NivelCreate() {
  return (
    <ResourceCreate title="Nuevo nivel">
      <ResourceForm resolver={resolver}>
        <NivelInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

export function NivelEdit() {
  return (
    <ResourceEdit
      title="Editar nivel"
      actions={
        <TopToolbar>
          <ImportButton />
        </TopToolbar>
      }
    >
      <ResourceForm resolver={resolver}>
        <NivelInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
