import { Datagrid, EditButton, FunctionField, TextField, WrapperField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ConfirmDelete } from '../../common/components';

export default function DominioList() {
  return (
    <ResourceList title="Dominios" search="Buscar dominios..." sort={{ field: 'id_dominio', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="dominio" label="Dominio" />
        <FunctionField
          label="ID Institución"
          source="id_institucion"
          render={(r: RaRecord) => (r.institucion?.nombre ? `${r.id_institucion} · ${r.institucion.nombre}` : r.id_institucion)}
        />
        <WrapperField label="Acciones">
          <EditButton />
          <ConfirmDelete />
        </WrapperField>
      </Datagrid>
    </ResourceList>
  );
}
