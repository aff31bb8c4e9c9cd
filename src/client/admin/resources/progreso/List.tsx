import { Datagrid, FunctionField, TextField, type RaRecord } from 'react-admin';
import { USUARIO_NO_ENCONTRADO } from '../../../../shared/resources/progreso';
import { ResourceList } from '../../common/crud';

export default function ProgresoList() {
  return (
    <ResourceList title="Progresos de los Usuarios" search="Buscar progresos..." create={false} sort={{ field: 'id_progreso', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id_progreso" label="ID" />
        <FunctionField label="Usuario" sortable={false} render={(r: RaRecord) => r.usuario?.username || USUARIO_NO_ENCONTRADO} />
        <TextField source="nivel.nombre_nivel" label="Nivel" sortable={false} emptyText="-" />
        <TextField source="estado" label="Estado" />
      </Datagrid>
    </ResourceList>
  );
}
