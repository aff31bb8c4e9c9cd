import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import { FunctionField, TextField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { EditDeleteActions, ResourceGrid } from '../../common/ResourceGrid';
import { ImageCell } from '../../common/fields';
import { preguntaFilter, preguntaLabel, withSearch } from '../../common/listFilters';

export function ValorChip({ valor }: { valor: unknown }) {
  return valor ? <Chip size="small" color="success" label="Correcta" /> : <Chip size="small" color="default" label="Incorrecta" />;
}

/** Also opens the form from ?editar=true&id_respuesta=N (the question detail's edit link). */
export default function RespuestaList() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const editId = params.get('editar') === 'true' ? params.get('id_respuesta') : null;
  useEffect(() => {
    if (editId && /^\d+$/.test(editId)) navigate(`/admin/respuesta/${editId}`, { replace: true });
  }, [editId, navigate]);
  return (
    <ResourceList title="Respuestas" filters={withSearch('Buscar respuestas...', preguntaFilter())}>
      <ResourceGrid>
        <TextField source="respuesta" label="Respuesta" emptyText="(solo imagen)" />
        <FunctionField label="Valor" source="valor" render={(r: RaRecord) => <ValorChip valor={r.valor} />} />
        <FunctionField
          label="ID Pregunta"
          source="id_pregunta"
          sortBy="pregunta"
          render={(r: RaRecord) => preguntaLabel(r.id_pregunta, r.pregunta?.pregunta)}
        />
        <ImageCell source="imagen" folder="respuestas" label="Imagen de la respuesta" />
        <EditDeleteActions label="Acciones" />
      </ResourceGrid>
    </ResourceList>
  );
}
