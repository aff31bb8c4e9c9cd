import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FunctionField, ListBase, Pagination, TextField as RaTextField, Title, useListContext, useRecordContext, useUpdate, type RaRecord } from 'react-admin';
import { errorMessage } from '../../dataProvider';
import { MESSAGES } from '../../messages';
import { SEARCH_USUARIO_EVENT } from '../../layout/AppBar';
import { useSession } from '../../../auth/useSession';
import { readRole } from '../../../../shared/roles';
import { canChangeStatus } from '../../../../shared/userStatus';
import { ExportCsvButton, GridColumnsContext, ResourceGrid, RowActions } from '../../common/ResourceGrid';
import { MemoriaRecordLink } from '../memoria/List';

/** dd/mm/aaaa from an ISO date (no time-zone shift: the date is a calendar date). */
const shortDate = (iso: unknown) => {
  if (typeof iso !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return '-';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/**
 * 'Desactivar' / 'Activar'. Disabled, with the reason as a tooltip, where the server would refuse
 * (canChangeStatus: one's own account, a higher role); the span lets a disabled button show it.
 */
function StatusButton() {
  const user = useRecordContext();
  const me = useSession();
  const [update, { isPending }] = useUpdate();
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const active = !!user.status;
  const rule = me ? canChangeStatus({ id: me.id, role: readRole(me) }, user) : { allowed: false as const, reason: '' };
  const button = (
    <Button
      size="small"
      variant="contained"
      color={active ? 'error' : 'success'}
      disabled={isPending || !rule.allowed}
      onClick={() => {
        setError(null);
        // Pessimistic: the row changes only after the server confirms.
        update(
          'usuario',
          { id: user.id, data: { ...user, status: !active }, previousData: user },
          { mutationMode: 'pessimistic', onError: (e) => setError(`No se pudo actualizar: ${errorMessage(e)}`) },
        );
      }}
    >
      {active ? 'Desactivar' : 'Activar'}
    </Button>
  );
  return (
    <Box>
      {rule.allowed ? (
        button
      ) : (
        <Tooltip title={rule.reason} describeChild>
          <span tabIndex={0} data-testid="status-locked" style={{ display: 'inline-block' }}>
            {button}
          </span>
        </Tooltip>
      )}
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

function UsersTable() {
  const { data, isPending, error, filterValues, setFilters } = useListContext();
  const location = useLocation();
  const initial = (location.state as { search?: string } | null)?.search;
  const [text, setText] = useState<string>(initial ?? (filterValues.q as string) ?? '');

  useEffect(() => {
    const apply = (v: string) => {
      setText(v);
      setFilters(v.trim() ? { q: v } : {}, undefined, true);
    };
    if (initial !== undefined) apply(initial);
    const onEvent = (e: Event) => apply(String((e as CustomEvent).detail ?? ''));
    window.addEventListener(SEARCH_USUARIO_EVENT, onEvent);
    return () => window.removeEventListener(SEARCH_USUARIO_EVENT, onEvent);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, minWidth: 0, maxWidth: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Lista de Usuarios
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <TextField
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setFilters(e.target.value.trim() ? { q: e.target.value } : {}, undefined, true);
          }}
          placeholder="Buscar usuarios..."
          inputProps={{ 'aria-label': 'Buscar usuarios' }}
          sx={{ maxWidth: 420, flex: '1 1 240px' }}
          size="small"
        />
        <ExportCsvButton />
      </Box>
      {isPending ? (
        <Typography role="status">Cargando usuarios...</Typography>
      ) : error ? (
        <Alert severity="error">{MESSAGES.usuario!.load(errorMessage(error))}</Alert>
      ) : !data || data.length === 0 ? (
        // A search that matched nothing says so: 'No hay usuarios registrados.' read as an empty table.
        typeof filterValues.q === 'string' && filterValues.q.trim() ? (
          <Typography role="status">Ningún usuario coincide con «{filterValues.q.trim()}».</Typography>
        ) : (
          <Typography>No hay usuarios registrados.</Typography>
        )
      ) : (
        <ResourceGrid rowClick={false} bulkDelete={false} minWidth={1000}>
          <RaTextField source="id" label="ID" />
          <RaTextField source="nombre" label="Nombre" />
          <RaTextField source="apellido" label="Apellido" />
          <FunctionField label="Fecha Nacimiento" source="fechaNacimiento" render={(u: RaRecord) => shortDate(u.fechaNacimiento)} />
          <RaTextField source="sexo" label="Sexo" emptyText="-" />
          {/* A child created in a class has no email (W-10.1): the cell stays empty, never "null". */}
          <RaTextField source="email" label="Email" emptyText="" />
          <FunctionField label="Teléfono" source="phone" render={(u: RaRecord) => (u.phone ? u.phone : '-')} />
          <FunctionField
            label="Activo"
            source="status"
            render={(u: RaRecord) => <Chip size="small" label={u.status ? 'Sí' : 'No'} color={u.status ? 'success' : 'default'} />}
          />
          <RowActions label="Acciones">
            <StatusButton />
            <MemoriaRecordLink />
          </RowActions>
        </ResourceGrid>
      )}
      <Pagination />
    </Box>
  );
}

export default function UsuarioList() {
  const columns = useRef(null);
  return (
    <GridColumnsContext.Provider value={columns}>
      <ListBase perPage={25} sort={{ field: 'id', order: 'ASC' }} disableSyncWithLocation>
        <Title title="Usuarios" />
        <UsersTable />
      </ListBase>
    </GridColumnsContext.Provider>
  );
}
