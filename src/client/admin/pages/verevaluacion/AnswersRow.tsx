/**
 * The answers sub-table of one question on /admin/verevaluacion (screens-backoffice.md B-10):
 * Respuesta, Valor and Acciones (edit on the answer screen, which returns here; delete).
 */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PreguntaDetalle } from '../../../../shared/resources/evaluacion';
import { ValorChip } from '../../resources/respuesta/List';
import { rememberAnswerReturn } from '../../resources/respuesta/Form';

export function AnswersRow({ pregunta, onDelete }: { pregunta: PreguntaDetalle; onDelete: (idRespuesta: number) => void }) {
  return (
    <TableRow>
      <TableCell colSpan={4} sx={{ bgcolor: 'action.hover' }}>
        {pregunta.respuestas.length === 0 ? (
          <Typography>Sin respuestas.</Typography>
        ) : (
          <Table size="small" aria-label={`Respuestas de la pregunta ${pregunta.id_pregunta}`}>
            <TableHead>
              <TableRow>
                <TableCell>Respuesta</TableCell>
                <TableCell>Valor</TableCell>
                <TableCell>Acciones</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pregunta.respuestas.map((r) => (
                <TableRow key={r.id_respuesta}>
                  <TableCell>{r.respuesta || '(solo imagen)'}</TableCell>
                  <TableCell>
                    <ValorChip valor={r.valor} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      component={RouterLink}
                      to={`/admin/respuesta?editar=true&id_respuesta=${r.id_respuesta}`}
                      onClick={() => rememberAnswerReturn(r.id_respuesta, '/admin/verevaluacion')}
                    >
                      Editar
                    </Button>
                    <Button size="small" color="error" onClick={() => onDelete(r.id_respuesta)}>
                      Eliminar
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </TableCell>
    </TableRow>
  );
}
