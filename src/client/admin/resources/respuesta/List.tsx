import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import { Datagrid, EditButton, FunctionField, TextField, WrapperField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ConfirmDelete } from '../../common/components';
import { ImageCell } from '../../common/fields';

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
    <ResourceList title="Respuestas" search="Buscar respuestas..." sort={{ field: 'id_respuesta', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="respuesta" label="Respuesta" emptyText="(solo imagen)" />
        <FunctionField label="Valor" source="valor" render={(r: RaRecord) => <ValorChip valor={r.valor} />} />
        <TextField source="id_pregunta" label="ID Pregunta" />
        <ImageCell source="imagen" folder="respuestas" label="Imagen de la respuesta" />
        <WrapperField label="Acciones">
          <EditButton />
          <ConfirmDelete />
        </WrapperField>
      </Datagrid>
    </ResourceList>
  );
}
