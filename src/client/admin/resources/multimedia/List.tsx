import { FunctionField, TextField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { EditDeleteActions, ResourceGrid } from '../../common/ResourceGrid';
import { MediaPreview } from '../../common/fields';
import { palabraFilter, tipoMultimediaFilter, withSearch } from '../../common/listFilters';
import { sizeLabel } from './size';

export default function MultimediaList() {
  return (
    <ResourceList title="Lista de Multimedia" filters={withSearch('Buscar multimedia...', tipoMultimediaFilter(), palabraFilter())}>
      <ResourceGrid>
        <TextField source="id" label="ID" />
        <TextField source="tipo" label="Tipo" />
        <TextField source="descripcion" label="Descripción" />
        <FunctionField
          label="Palabra"
          sortBy="palabra"
          render={(r: RaRecord) => (r.palabra ? `${r.palabra.palabraEspanol} / ${r.palabra.palabraIngles}` : r.id_palabra)}
        />
        <FunctionField
          label="Archivo"
          sortable={false}
          render={(r: RaRecord) => <MediaPreview url={r.url} kind={r.tipo === 'gif' ? 'imagen' : String(r.tipo ?? '')} alt={`${r.descripcion ?? ''}`} />}
        />
        <FunctionField label="Tamaño" sortBy="tamano" render={(r: RaRecord) => sizeLabel({ tamano: r.tamano, compacta: r.compacta })} />
        <EditDeleteActions label="Acciones" />
      </ResourceGrid>
    </ResourceList>
  );
}
