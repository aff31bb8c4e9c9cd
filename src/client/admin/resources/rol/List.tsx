import { FunctionField, TextField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { EditDeleteActions, ResourceGrid } from '../../common/ResourceGrid';

const cap = (s: unknown) => (typeof s === 'string' && s ? s.charAt(0).toUpperCase() + s.slice(1) : '-');

export default function RolList() {
  return (
    <ResourceList title="Lista de Roles" search="Buscar roles...">
      <ResourceGrid>
        <TextField source="id" label="ID" />
        <FunctionField label="Rol" source="nombre" render={(r: RaRecord) => cap(r.nombre)} />
        <TextField source="descripcion" label="Descripción" emptyText="-" />
        <FunctionField
          label="Usuario"
          sortBy="usuario"
          render={(r: RaRecord) => (r.usuario ? `${r.usuario.nombre} ${r.usuario.apellido ?? ''}`.trim() : r.id_usuario)}
        />
        <EditDeleteActions label="Acciones" />
      </ResourceGrid>
    </ResourceList>
  );
}
