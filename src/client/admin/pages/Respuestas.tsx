import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { RecordContextProvider, Title, useGetList, useGetManyReference, useGetOne } from 'react-admin';
import { ConfirmDelete } from '../common/components';
import { ImageCell } from '../common/fields';
import { ValorChip } from '../resources/respuesta/List';
import { MESSAGES } from '../messages';
import { rememberAnswerReturn } from '../resources/respuesta/Form';

/** /admin/respuestas and /admin/respuestas/{id_pregunta}: the answers of one question. */
export default function Respuestas() {
  const { idPregunta } = useParams();
  const navigate = useNavigate();
  const id = idPregunta && /^\d+$/.test(idPregunta) ? Number(idPregunta) : null;
  const preguntas = useGetList('pregunta', { pagination: { page: 1, perPage: 500 }, sort: { field: 'id_pregunta', order: 'ASC' } });
  const pregunta = useGetOne('pregunta', { id: id ?? 0 }, { enabled: id !== null });
  const answers = useGetManyReference(
    'respuesta',
    { target: 'id_pregunta', id: id ?? 0, pagination: { page: 1, perPage: 100 }, sort: { field: 'id_respuesta', order: 'ASC' } },
    { enabled: id !== null },
  );
  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Title title="Respuestas por pregunta" />
      <Typography variant="h5" component="h1" gutterBottom>
        Respuestas por pregunta
      </Typography>
      <TextField
        select
        label="Pregunta"
        value={id ?? ''}
        onChange={(e) => navigate(`/admin/respuestas/${e.target.value}`)}
        sx={{ maxWidth: 520, mb: 2 }}
        size="small"
      >
        {(preguntas.data ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            #{p.id} · {p.pregunta || '(solo imagen)'}
          </MenuItem>
        ))}
      </TextField>
      {id === null ? (
        <Typography>Elige una pregunta para ver sus respuestas.</Typography>
      ) : (
        <>
          {pregunta.data && (
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {pregunta.data.pregunta || '(pregunta con imagen)'} · {pregunta.data.Tipo}
            </Typography>
          )}
          <Button
            component={RouterLink}
            to="/admin/respuesta/create"
            state={{ record: { id_pregunta: id } }}
            onClick={() => rememberAnswerReturn('nueva', `/admin/respuestas/${id}`)}
            startIcon={<AddIcon />}
            variant="contained"
            sx={{ mb: 2 }}
          >
            Nueva respuesta
          </Button>
          {answers.isPending ? (
            <Typography role="status">Cargando respuestas...</Typography>
          ) : answers.error ? (
            <Alert severity="error">{MESSAGES.respuesta!.load('')}</Alert>
          ) : (answers.data ?? []).length === 0 ? (
            <Typography>Esta pregunta aún no tiene respuestas.</Typography>
          ) : (
            <Paper>
              <Table size="small" aria-label="Respuestas de la pregunta">
                <TableHead>
                  <TableRow>
                    <TableCell>Respuesta</TableCell>
                    <TableCell>Valor</TableCell>
                    <TableCell>Imagen</TableCell>
                    <TableCell>Acciones</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(answers.data ?? []).map((a) => (
                    <RecordContextProvider key={a.id} value={a}>
                      <TableRow>
                        <TableCell>{a.respuesta || '(solo imagen)'}</TableCell>
                        <TableCell>
                          <ValorChip valor={a.valor} />
                        </TableCell>
                        <TableCell>
                          <ImageCell source="imagen" folder="respuestas" />
                        </TableCell>
                        <TableCell>
                          <Button
                            component={RouterLink}
                            to={`/admin/respuesta/${a.id}`}
                            onClick={() => rememberAnswerReturn(Number(a.id), `/admin/respuestas/${id}`)}
                            size="small"
                          >
                            Editar
                          </Button>
                          <ConfirmDelete resource="respuesta" redirect={false} onDeleted={() => void answers.refetch()} />
                        </TableCell>
                      </TableRow>
                    </RecordContextProvider>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          )}
        </>
      )}
    </Box>
  );
}
