import { Datagrid, EditButton, FunctionField, TextField, WrapperField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ConfirmDelete } from '../../common/components';

const cap = (s: unknown) => (typeof s === 'string' && s ? s.charAt(0).toUpperCase() + s.slice(1) : '-');

export default function RolList() {
  return (
    <ResourceList title="Lista de Roles" search="Buscar roles..." sort={{ field: 'id', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" label="ID" />
        <FunctionField label="Rol" source="nombre" render={(r: RaRecord) => cap(r.nombre)} />
        <TextField source="descripcion" label="Descripción" emptyText="-" />
        <FunctionField
          label="Usuario"
          sortable={false}
          render={(r: RaRecord) => (r.usuario ? `${r.usuario.nombre} ${r.usuario.apellido ?? ''}`.trim() : r.id_usuario)}
        />
        <WrapperField label="Acciones">
          <EditButton />
          <ConfirmDelete />
        </WrapperField>
      </Datagrid>
    </ResourceList>
  );
}
