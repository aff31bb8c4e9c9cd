import { Datagrid, FunctionField, TextField, type RaRecord } from 'react-admin';
import Rating from '@mui/material/Rating';
import { ResourceList } from '../../common/crud';

/** Comments: a table and a create form; no edit or delete (spec). */
export default function ComentarioList() {
  return (
    <ResourceList title="Comentarios" search="Buscar comentarios..." sort={{ field: 'id_comentario', order: 'ASC' }}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id_user" label="ID Usuario" />
        <FunctionField
          label="Usuario"
          sortable={false}
          render={(r: RaRecord) => (r.usuario ? `${r.usuario.nombre ?? ''} ${r.usuario.apellido ?? ''}`.trim() : '-')}
        />
        <TextField source="usuario.email" label="Email" sortable={false} emptyText="-" />
        <TextField source="comentario" label="Comentario" />
        <FunctionField
          label="Calificación"
          source="calificacion"
          render={(r: RaRecord) => <Rating value={Number(r.calificacion)} readOnly size="small" aria-label={`${r.calificacion} de 5`} />}
        />
      </Datagrid>
    </ResourceList>
  );
}
