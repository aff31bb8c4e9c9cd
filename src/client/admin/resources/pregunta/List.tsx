import { FunctionField, TextField, useCanAccess, useRecordContext, type RaRecord } from 'react-admin';
import EditIcon from '@mui/icons-material/Edit';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { ResourceList } from '../../common/crud';
import { ResourceGrid, RowActions } from '../../common/ResourceGrid';
import { ConfirmDelete } from '../../common/components';
import { LinkButton } from '../../common/LinkButton';
import { evaluacionFilter, withSearch } from '../../common/listFilters';

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
    <ResourceList title="Preguntas" filters={withSearch('Buscar preguntas...', evaluacionFilter())}>
      <ResourceGrid rowClick={(r) => `/admin/pregunta/${r.id}`}>
        <TextField source="pregunta" label="Pregunta" emptyText="(solo imagen)" />
        <TextField source="Tipo" label="Tipo" />
        <FunctionField label="Porcentaje" source="porcentaje" render={(r: RaRecord) => pct(r.porcentaje)} />
        {/* 'Evaluación' names the evaluation (its level); the spec's 'Evaluación ID' keeps the id beside it. */}
        <FunctionField label="Evaluación" source="evaluacion" sortBy="evaluacion" render={(r: RaRecord) => r.evaluacion?.nombre_nivel ?? '-'} />
        <TextField source="id_evaluacion" label="Evaluación ID" />
        <RowActions label="Acciones">
          <RespuestasButton />
          <EditQuestionButton />
          <ConfirmDelete />
        </RowActions>
      </ResourceGrid>
    </ResourceList>
  );
}
