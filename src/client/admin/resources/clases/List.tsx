import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CreateButton, EditButton, FunctionField, NumberField, ReferenceInput, SelectInput, TextField, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import MuiButton from '@mui/material/Button';
import { ResourceList } from '../../common/crud';
import { ResourceGrid } from '../../common/ResourceGrid';
import { ConfirmDelete } from '../../common/components';
import { withSearch } from '../../common/listFilters';
import { isAdminUser } from './api';
import { HeldAutocompleteInput } from '../../common/heldWhilePressed';

/** Institution filter: only for admins (the institutions list is theirs; a profesor's classes are few). */
const institucionFilter = () => (
  <ReferenceInput key="id_institucion" source="id_institucion" reference="institucion" sort={{ field: 'nombre', order: 'ASC' }} alwaysOn>
    <HeldAutocompleteInput label="Institución" optionText="nombre" sx={{ minWidth: 200 }} />
  </ReferenceInput>
);

/** The server's `activa` condition takes 'true' / 'false'. */
const activaFilter = () => (
  <SelectInput
    key="activa"
    source="activa"
    label="Estado"
    alwaysOn
    emptyText="Todas"
    choices={[
      { id: 'true', name: 'Activas' },
      { id: 'false', name: 'Inactivas' },
    ]}
    sx={{ minWidth: 140 }}
  />
);

/**
 * /admin/clases: the classes the user may see (a profesor: the ones they teach; the server scopes
 * the list). A row opens the class dashboard; 'Alumnos' goes straight to the children.
 */
export default function ClaseList() {
  const admin = isAdminUser();
  const filters = admin ? withSearch('Buscar clases...', institucionFilter(), activaFilter()) : withSearch('Buscar clases...', activaFilter());
  return (
    <ResourceList
      title="Clases"
      filters={filters}
      sort={{ field: 'nombre', order: 'ASC' }}
      empty={
        <Box role="status" sx={{ p: 3, textAlign: 'center', display: 'grid', gap: 2, justifyItems: 'center' }}>
          <Typography variant="h6" component="p">
            {admin ? 'Todavía no hay clases.' : 'Todavía no tienes clases.'}
          </Typography>
          <Typography color="text.secondary">Crea una clase para agregar a tus alumnos e imprimir sus tarjetas de acceso.</Typography>
          <CreateButton label="Crear clase" variant="contained" />
        </Box>
      }
    >
      <ResourceGrid rowClick={(r: RaRecord) => `/admin/clases/${r.id}`}>
        <TextField source="nombre" label="Nombre" />
        <FunctionField label="Institución" source="institucion" sortBy="institucion" render={(r: RaRecord) => r.institucion?.nombre ?? '-'} />
        <FunctionField
          label="Código"
          source="codigo"
          render={(r: RaRecord) => (
            <span style={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: 2, fontSize: '1.05em' }} data-testid="codigo-clase">
              {String(r.codigo ?? '')}
            </span>
          )}
        />
        <FunctionField
          label="Profesores"
          sortable={false}
          render={(r: RaRecord) => (Array.isArray(r.profesores_nombres) ? (r.profesores_nombres as string[]).join(', ') : '')}
        />
        <NumberField source="alumnos" label="Alumnos" />
        <FunctionField
          label="Activa"
          source="activa"
          render={(r: RaRecord) => (r.activa ? <Chip size="small" color="success" label="Activa" /> : <Chip size="small" label="Inactiva" />)}
        />
        <FunctionField
          label="Acciones"
          sortable={false}
          render={(r: RaRecord) => (
            // Not RowActions (whose buttons wrap wherever the width ends): 'Tablero' first (what a
            // teacher opens most), then 'Alumnos' and 'Editar' on one line; 'Eliminar' alone on the line
            // below at the right, under 'Editar', never under 'Alumnos'. A click here does not open the row.
            <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5 }}>
              <Box sx={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
                <MuiButton size="small" variant="contained" component={Link} to={`/admin/clases/${r.id}`} aria-label={`Tablero de ${r.nombre}`}>
                  Tablero
                </MuiButton>
                <MuiButton size="small" variant="outlined" component={Link} to={`/admin/clases/${r.id}/alumnos`} aria-label={`Alumnos de ${r.nombre}`}>
                  Alumnos
                </MuiButton>
                <EditButton label="Editar" to={`/admin/clases/${r.id}/editar`} />
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <ConfirmDelete />
              </Box>
            </Box>
          )}
        />
      </ResourceGrid>
    </ResourceList>
  );
}
