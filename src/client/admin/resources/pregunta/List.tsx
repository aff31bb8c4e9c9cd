import { Datagrid, FunctionField, TextField, WrapperField, useCanAccess, useRecordContext, type RaRecord } from 'react-admin';
import EditIcon from '@mui/icons-material/Edit';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { ResourceList } from '../../common/crud';
import { ConfirmDelete } from '../../common/components';
import { LinkButton } from '../../common/LinkButton';

/** 'Respuestas' goes to that question's answers (an admin route: hidden from profesor). */
function RespuestasButton() {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'respuestas', action: 'list' });
  if (!record || !canAccess) return null;
  return <LinkButton to={`/admin/respuestas/${record.id}`} label="Respuestas" icon={<QuestionAnswerIcon />} />;
}

function EditQuestionButton() {
  const record = useRecordContext();
  if (!record) return null;
  return <LinkButton to={`/admin/pregunta/${record.id}/editar`} label="Editar" icon={<EditIcon />} />;
}

export const pct = (v: unknown) => `${Number(v ?? 0).toLocaleString('es-MX', { maximumFractionDigits: 2 })}%`;

export default function PreguntaList() {
  return (
    <ResourceList title="Preguntas" search="Buscar preguntas..." sort={{ field: 'id_pregunta', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="pregunta" label="Pregunta" emptyText="(solo imagen)" />
        <TextField source="Tipo" label="Tipo" />
        <FunctionField label="Porcentaje" source="porcentaje" render={(r: RaRecord) => pct(r.porcentaje)} />
        <TextField source="id_evaluacion" label="Evaluación ID" />
        <WrapperField label="Acciones">
          <RespuestasButton />
          <EditQuestionButton />
          <ConfirmDelete />
        </WrapperField>
      </Datagrid>
    </ResourceList>
  );
}
