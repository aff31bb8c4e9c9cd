import { Button, Datagrid, EditButton, TextField, WrapperField } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import { useAlert } from '../../../ui/AlertModal';
import { ResourceList } from '../../common/crud';
import { EVALUACION_DELETE_WARNING } from '../../messages';

/** The spec: deleting an evaluation only shows a warning and makes no call. */
function WarnDeleteButton() {
  const alert = useAlert();
  return (
    <Button
      label="Eliminar"
      color="error"
      startIcon={<DeleteIcon />}
      onClick={() => void alert(EVALUACION_DELETE_WARNING, { kind: 'warning', title: 'Advertencia' })}
    />
  );
}

export default function EvaluacionList() {
  return (
    <ResourceList title="Evaluaciones" sort={{ field: 'id_evaluacion', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="nivel.nombre_nivel" label="Nivel" sortable={false} />
        <TextField source="puntaje" label="Puntaje" />
        <WrapperField label="Acciones">
          <EditButton />
          <WarnDeleteButton />
        </WrapperField>
      </Datagrid>
    </ResourceList>
  );
}
