import { EditButton, FunctionField, TextField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ResourceGrid, RowActions } from '../../common/ResourceGrid';
import { ConfirmDelete } from '../../common/components';

export default function DominioList() {
  return (
    <ResourceList title="Dominios" search="Buscar dominios...">
      <ResourceGrid>
        <TextField source="dominio" label="Dominio" />
        <FunctionField
          label="ID Institución"
          source="id_institucion"
          render={(r: RaRecord) => (r.institucion?.nombre ? `${r.id_institucion} · ${r.institucion.nombre}` : r.id_institucion)}
        />
        <RowActions label="Acciones">
          <EditButton />
          <ConfirmDelete />
        </RowActions>
      </ResourceGrid>
    </ResourceList>
  );
}
