import { Datagrid, EditButton, FunctionField, TextField, WrapperField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ConfirmDelete } from '../../common/components';
import { MediaPreview } from '../../common/fields';

export default function ContenidoList() {
  return (
    <ResourceList title="Contenidos" search="Buscar contenidos..." sort={{ field: 'id_contenido', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id_contenido" label="ID" />
        <TextField source="tipo_contenido" label="Tipo" />
        <TextField source="nivel.nombre_nivel" label="Nivel" sortable={false} />
        <TextField source="palabra.palabraEspanol" label="Palabra" sortable={false} emptyText="-" />
        <FunctionField
          label="Archivo"
          sortable={false}
          render={(r: RaRecord) => <MediaPreview url={r.url_archivo} kind={String(r.tipo_contenido ?? '')} alt={r.descripcion ?? ''} />}
        />
        <TextField source="descripcion" label="Descripción" emptyText="-" />
        <WrapperField label="Acciones">
          <EditButton />
          <ConfirmDelete />
        </WrapperField>
      </Datagrid>
    </ResourceList>
  );
}
