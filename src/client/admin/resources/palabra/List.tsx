import { Datagrid, EditButton, TextField, WrapperField } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ConfirmDelete } from '../../common/components';
import { MediaButton } from './MediaButton';

export default function PalabraList() {
  return (
    <ResourceList title="Palabras" search="Buscar palabras..." sort={{ field: 'id_palabra', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="palabraEspanol" label="Palabra en Español" />
        <TextField source="palabraIngles" label="Palabra en Inglés" />
        <TextField source="nivel.nombre_nivel" label="Nivel" sortable={false} />
        <WrapperField label="Acciones">
          <MediaButton />
          <EditButton />
          <ConfirmDelete />
        </WrapperField>
      </Datagrid>
    </ResourceList>
  );
}
