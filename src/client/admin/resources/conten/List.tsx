import { FunctionField, TextField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { EditDeleteActions, ResourceGrid } from '../../common/ResourceGrid';
import { MediaPreview } from '../../common/fields';
import { nivelFilter, palabraFilter, withSearch } from '../../common/listFilters';

export default function ContenidoList() {
  return (
    <ResourceList title="Contenidos" filters={withSearch('Buscar contenidos...', nivelFilter(), palabraFilter())}>
      <ResourceGrid>
        <TextField source="id_contenido" label="ID" />
        <TextField source="tipo_contenido" label="Tipo" />
        <TextField source="nivel.nombre_nivel" label="Nivel" sortBy="nivel" />
        <TextField source="palabra.palabraEspanol" label="Palabra" sortBy="palabra" emptyText="-" />
        <FunctionField
          label="Archivo"
          sortable={false}
          render={(r: RaRecord) => <MediaPreview url={r.url_archivo} kind={String(r.tipo_contenido ?? '')} alt={r.descripcion ?? ''} />}
        />
        <TextField source="descripcion" label="Descripción" emptyText="-" />
        <EditDeleteActions label="Acciones" />
      </ResourceGrid>
    </ResourceList>
  );
}
