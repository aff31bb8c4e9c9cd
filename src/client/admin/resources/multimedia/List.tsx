import { Datagrid, EditButton, FunctionField, TextField, WrapperField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ConfirmDelete } from '../../common/components';
import { MediaPreview } from '../../common/fields';
import { sizeLabel } from './size';

export default function MultimediaList() {
  return (
    <ResourceList title="Lista de Multimedia" search="Buscar multimedia..." sort={{ field: 'id', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" label="ID" />
        <TextField source="tipo" label="Tipo" />
        <TextField source="descripcion" label="Descripción" />
        <FunctionField
          label="Palabra"
          sortable={false}
          render={(r: RaRecord) => (r.palabra ? `${r.palabra.palabraEspanol} / ${r.palabra.palabraIngles}` : r.id_palabra)}
        />
        <FunctionField
          label="Archivo"
          sortable={false}
          render={(r: RaRecord) => <MediaPreview url={r.url} kind={r.tipo === 'gif' ? 'imagen' : String(r.tipo ?? '')} alt={`${r.descripcion ?? ''}`} />}
        />
        <FunctionField label="Tamaño" sortBy="tamano" render={(r: RaRecord) => sizeLabel({ tamano: r.tamano, compacta: r.compacta })} />
        <WrapperField label="Acciones">
          <EditButton />
          <ConfirmDelete />
        </WrapperField>
      </Datagrid>
    </ResourceList>
  );
}
