import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ListBase, Pagination, Title, useListContext, useUpdate, type RaRecord } from 'react-admin';
import { errorMessage } from '../../dataProvider';
import { MESSAGES } from '../../messages';
import { SEARCH_USUARIO_EVENT } from '../../layout/AppBar';
import { useSession } from '../../../auth/useSession';

/** dd/mm/aaaa from an ISO date (no time-zone shift: the date is a calendar date). */
export const shortDate = (iso: unknown) => {
  if (typeof iso !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return '-';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

function StatusButton({ user }: { user: RaRecord }) {
  const me = useSession();
  const [update, { isPending }] = useUpdate();
  const [error, setError] = useState<string | null>(null);
  const active = !!user.status;
  return (
    <Box>
      <Button
        size="small"
        variant="contained"
        color={active ? 'error' : 'success'}
        disabled={isPending || String(me?.id) === String(user.id)}
        title={String(me?.id) === String(user.id) ? 'No puedes desactivar tu propia cuenta.' : undefined}
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
      <TextField
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setFilters(e.target.value.trim() ? { q: e.target.value } : {}, undefined, true);
        }}
        placeholder="Buscar usuarios..."
        inputProps={{ 'aria-label': 'Buscar usuarios' }}
        sx={{ mb: 2, maxWidth: 420 }}
        size="small"
      />
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
        <TableContainer component={Paper} sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" aria-label="Lista de Usuarios">
            <TableHead>
              <TableRow>
                {['ID', 'Nombre', 'Apellido', 'Fecha Nacimiento', 'Sexo', 'Email', 'Teléfono', 'Activo', 'Acciones'].map((h) => (
                  <TableCell key={h} sx={{ fontWeight: 800 }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((u) => (
                <TableRow key={u.id} data-testid={`usuario-${u.id}`}>
                  <TableCell>{u.id}</TableCell>
                  <TableCell>{u.nombre}</TableCell>
                  <TableCell>{u.apellido}</TableCell>
                  <TableCell>{shortDate(u.fechaNacimiento)}</TableCell>
                  <TableCell>{u.sexo ?? '-'}</TableCell>
                  <TableCell>{u.email}</TableCell>
                  <TableCell>{u.phone ? u.phone : '-'}</TableCell>
                  <TableCell>
                    <Chip size="small" label={u.status ? 'Sí' : 'No'} color={u.status ? 'success' : 'default'} />
                  </TableCell>
                  <TableCell>
                    <StatusButton user={u} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Pagination />
    </Box>
  );
}

export default function UsuarioList() {
  return (
    <ListBase perPage={25} sort={{ field: 'id', order: 'ASC' }} disableSyncWithLocation>
      <Title title="Usuarios" />
      <UsersTable />
    </ListBase>
  );
}
