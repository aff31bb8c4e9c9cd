import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { FunctionField, NumberField, TextField, useRecordContext, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { normalizeRole } from '../../../../shared/roles';
import { ResourceList } from '../../common/crud';
import { ResourceGrid, RowActions } from '../../common/ResourceGrid';
import { withSearch } from '../../common/listFilters';
import { claseFilter } from '../../common/classFilter';
import { MemoriaNav, SIN_REPASOS, Stars, dateTime } from '../../pages/MemoriaParts';

/** The link to one child's memory screen (users list, memory rows). */
function MemoriaLink({ id, name }: { id: number | string; name?: string }) {
  return (
    <Button
      size="small"
      variant="outlined"
      component={Link}
      to={`/admin/memoria/${encodeURIComponent(String(id))}`}
      aria-label={name ? `Memoria de ${name}` : 'Memoria'}
    >
      Memoria
    </Button>
  );
}

/** The same link for the user record in context (the users list's actions); learners only: staff have no review memory. */
export function MemoriaRecordLink() {
  const u = useRecordContext();
  if (!u || (normalizeRole(u.rol) ?? 'usuario') !== 'usuario') return null;
  return <MemoriaLink id={u.id} name={`${u.nombre ?? ''} ${u.apellido ?? ''}`.trim()} />;
}

/**
 * /admin/memoria: every memory row (child × word) with its strength now; search by child or word,
 * sort by due date or lapses, narrow to one class. A row opens the child's memory screen.
 */
export default function MemoriaList() {
  return (
    <>
      <Box sx={{ px: { xs: 1, md: 2 }, pt: 1.5 }}>
        <MemoriaNav here="memoria" />
      </Box>
      <ResourceList
        title="Memoria de los alumnos"
        filters={withSearch('Buscar por alumno o palabra...', claseFilter())}
        create={false}
        sort={{ field: 'vence', order: 'ASC' }}
        empty={
          <Typography role="status" sx={{ p: 2 }}>
            {SIN_REPASOS}
          </Typography>
        }
      >
        <ResourceGrid rowClick={(r: RaRecord) => `/admin/memoria/${r.id_usuario}`} bulkDelete={false}>
          <FunctionField label="Alumno" sortBy="username" render={(r: RaRecord) => r.usuario?.username ?? '-'} />
          <TextField source="palabra.palabraEspanol" label="Palabra" sortable={false} />
          <FunctionField label="Fuerza" source="estrellas" sortable={false} render={(r: RaRecord) => <Stars n={Number(r.estrellas)} />} />
          <FunctionField label="Para repasar" source="pendiente" sortable={false} render={(r: RaRecord) => (r.pendiente ? 'Sí' : 'No')} />
          <FunctionField label="Próximo repaso" source="vence" render={(r: RaRecord) => (r.estado === 0 ? 'Nueva' : dateTime(r.vence))} />
          <NumberField source="repasos" label="Repasos" />
          <NumberField source="olvidos" label="Olvidos" />
          <RowActions label="Acciones">
            <FunctionField render={(r: RaRecord) => <MemoriaLink id={r.id_usuario} name={r.usuario?.username} />} />
          </RowActions>
        </ResourceGrid>
      </ResourceList>
    </>
  );
}
