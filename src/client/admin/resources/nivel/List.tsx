import { Datagrid, EditButton, TextField, WrapperField } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ConfirmDelete } from '../../common/components';
import { ImageCell } from '../../common/fields';
import { ImportButton } from './ImportButton';

export default function NivelList() {
  return (
    <ResourceList title="Niveles" search="Buscar niveles..." sort={{ field: 'id_nivel', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="nombre_nivel" label="Nombre" />
        <TextField source="descripcion" label="Descripción" />
        <TextField source="dificultad" label="Dificultad" />
        <ImageCell source="imagen" folder="niveles" label="Imagen del nivel" />
        <WrapperField label="Acciones">
          <ImportButton />
          <EditButton />
          <ConfirmDelete />
        </WrapperField>
      </Datagrid>
    </ResourceList>
  );
}
