import { EditButton, TextField } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ResourceGrid, RowActions } from '../../common/ResourceGrid';
import { ConfirmDelete } from '../../common/components';
import { ImageCell } from '../../common/fields';
import { ImportButton } from './ImportButton';

export default function NivelList() {
  return (
    <ResourceList title="Niveles" search="Buscar niveles...">
      <ResourceGrid>
        <TextField source="nombre_nivel" label="Nombre" />
        <TextField source="descripcion" label="Descripción" />
        <TextField source="dificultad" label="Dificultad" />
        <ImageCell source="imagen" folder="niveles" label="Imagen" />
        <RowActions label="Acciones">
          <ImportButton />
          <EditButton />
          <ConfirmDelete />
        </RowActions>
      </ResourceGrid>
    </ResourceList>
  );
}
