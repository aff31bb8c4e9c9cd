import { FunctionField, TextField, type RaRecord } from 'react-admin';
import { USUARIO_NO_ENCONTRADO } from '../../../../shared/resources/progreso';
import { ResourceList } from '../../common/crud';
import { ResourceGrid } from '../../common/ResourceGrid';

export default function ProgresoList() {
  return (
    <ResourceList title="Progresos de los Usuarios" search="Buscar progresos..." create={false}>
      <ResourceGrid>
        <TextField source="id_progreso" label="ID" />
        <FunctionField label="Usuario" sortBy="username" render={(r: RaRecord) => r.usuario?.username || USUARIO_NO_ENCONTRADO} />
        <TextField source="nivel.nombre_nivel" label="Nivel" sortBy="nivel" emptyText="-" />
        <TextField source="estado" label="Estado" />
      </ResourceGrid>
    </ResourceList>
  );
}
