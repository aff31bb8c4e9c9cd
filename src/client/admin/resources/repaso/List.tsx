import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FunctionField, type RaRecord } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ResourceGrid } from '../../common/ResourceGrid';
import { CALIFICACION, FUENTE, MemoriaNav, SIN_REPASOS, dateTime } from '../../pages/MemoriaParts';

/** /admin/repaso: the review log, newest first (read-only). A row opens the child's memory screen. */
export default function RepasoList() {
  return (
    <>
      <Box sx={{ px: { xs: 1, md: 2 }, pt: 1.5 }}>
        <MemoriaNav here="repaso" />
      </Box>
      <ResourceList
        title="Registro de repasos"
        search="Buscar por alumno, palabra o fuente..."
        create={false}
        sort={{ field: 'fecha', order: 'DESC' }}
        empty={
          <Typography role="status" sx={{ p: 2 }}>
            {SIN_REPASOS}
          </Typography>
        }
      >
        <ResourceGrid rowClick={(r: RaRecord) => `/admin/memoria/${r.id_usuario}`} bulkDelete={false}>
          <FunctionField label="Fecha" source="fecha" render={(r: RaRecord) => dateTime(r.fecha)} />
          <FunctionField label="Alumno" sortBy="username" render={(r: RaRecord) => r.usuario?.username ?? '-'} />
          <FunctionField label="Palabra" sortable={false} render={(r: RaRecord) => r.palabra?.palabraEspanol ?? '-'} />
          <FunctionField label="Respuesta" source="calificacion" render={(r: RaRecord) => CALIFICACION[Number(r.calificacion)] ?? String(r.calificacion)} />
          <FunctionField label="Fuente" source="fuente" render={(r: RaRecord) => FUENTE[String(r.fuente)] ?? String(r.fuente)} />
          <FunctionField label="Próximo repaso" source="vence" sortable={false} render={(r: RaRecord) => dateTime(r.vence)} />
        </ResourceGrid>
      </ResourceList>
    </>
  );
}
