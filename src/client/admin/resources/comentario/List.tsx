import { FunctionField, TextField, type RaRecord } from 'react-admin';
import Rating from '@mui/material/Rating';
import { ResourceList } from '../../common/crud';
import { ResourceGrid } from '../../common/ResourceGrid';

/** Comments: a table and a create form; no edit or delete (screens-backoffice.md B-17). */
export default function ComentarioList() {
  return (
    <ResourceList title="Comentarios" search="Buscar comentarios...">
      <ResourceGrid>
        <TextField source="id_user" label="ID Usuario" />
        <FunctionField
          label="Usuario"
          sortBy="usuario"
          render={(r: RaRecord) => (r.usuario ? `${r.usuario.nombre ?? ''} ${r.usuario.apellido ?? ''}`.trim() : '-')}
        />
        <TextField source="usuario.email" label="Email" sortBy="email" emptyText="-" />
        <TextField source="comentario" label="Comentario" />
        <FunctionField
          label="Calificación"
          source="calificacion"
          render={(r: RaRecord) => <Rating value={Number(r.calificacion)} readOnly size="small" aria-label={`${r.calificacion} de 5`} />}
        />
      </ResourceGrid>
    </ResourceList>
  );
}
