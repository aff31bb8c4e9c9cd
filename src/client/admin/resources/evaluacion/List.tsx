import { Button, EditButton, TextField } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import { useAlert } from '../../../ui/AlertModal';
import { ResourceList } from '../../common/crud';
import { ResourceGrid, RowActions } from '../../common/ResourceGrid';
import { EVALUACION_DELETE_WARNING } from '../../messages';
import { GenerateSignQuestionsButton } from './GenerateSignQuestions';

/** screens-backoffice.md B-9: deleting an evaluation only shows a warning and makes no call. */
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
    <ResourceList title="Evaluaciones">
      <ResourceGrid bulkDelete={false}>
        <TextField source="nivel.nombre_nivel" label="Nivel" sortBy="nivel" />
        <TextField source="puntaje" label="Puntaje" />
        <RowActions label="Acciones">
          <EditButton />
          <WarnDeleteButton />
          <GenerateSignQuestionsButton />
        </RowActions>
      </ResourceGrid>
    </ResourceList>
  );
}
