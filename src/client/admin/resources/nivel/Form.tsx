import { SelectInput, TextInput, TopToolbar, maxLength, required } from 'react-admin';
import { DIFICULTADES, NIVEL_MSG } from '../../../../shared/resources/nivel';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { ImagePicker } from '../../common/components';
import { ImportButton } from './ImportButton';

function NivelInputs() {
  return (
    <>
      <TextInput source="nombre_nivel" label="Nombre" validate={required(NIVEL_MSG.nombre)} />
      <TextInput source="descripcion" label="Descripción" multiline minRows={2} validate={[required(NIVEL_MSG.descripcion), maxLength(255, NIVEL_MSG.descripcionMax)]} />
      <SelectInput source="dificultad" label="Dificultad" choices={DIFICULTADES.map((d) => ({ id: d, name: d }))} validate={required(NIVEL_MSG.dificultad)} />
      <ImagePicker source="imagen" label="Imagen" folder="niveles" rejectMessage={NIVEL_MSG.imagen} />
    </>
  );
}

export function NivelCreate() {
  return (
    <ResourceCreate title="Nuevo nivel">
      <ResourceForm><NivelInputs /></ResourceForm>
    </ResourceCreate>
  );
}

export function NivelEdit() {
  return (
    <ResourceEdit title="Editar nivel" actions={<TopToolbar><ImportButton /></TopToolbar>}>
      <ResourceForm><NivelInputs /></ResourceForm>
    </ResourceEdit>
  );
}
