import { FunctionField, TextField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { EditDeleteActions, ResourceGrid } from '../../common/ResourceGrid';

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
        <EditDeleteActions label="Acciones" />
      </ResourceGrid>
    </ResourceList>
  );
}
