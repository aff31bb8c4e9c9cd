import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RecordContextProvider, Title, useCanAccess, useGetOne } from 'react-admin';
import { mediaUrl } from '../../api/http';
import { ConfirmDelete } from '../common/components';
import { ValorChip } from '../resources/respuesta/List';
import { isChoiceQuestion } from '../../../shared/rules/quizRules';
import { pct } from '../resources/pregunta/List';
import { rememberAnswerReturn } from '../resources/respuesta/Form';
import { expectsOneText } from '../../../shared/resources/pregunta';

interface Answer {
  id_respuesta: number;
  respuesta: string;
  valor: boolean;
  imagen: string | null;
}

/** /admin/pregunta/{id}: the question with its answers (the list does not link here). */
export default function PreguntaDetail() {
  const { id } = useParams();
  const { data, isPending, error, refetch } = useGetOne('pregunta', { id: id ?? '' }, { enabled: !!id });
  const { canAccess: canEditAnswers } = useCanAccess({ resource: 'respuesta', action: 'edit' });
  const { canAccess: canEditQuestion } = useCanAccess({ resource: 'pregunta', action: 'edit' });
  const back = (
    <Button component={RouterLink} to="/admin/pregunta" variant="outlined">
      Volver a la lista
    </Button>
  );
  if (isPending)
    return (
      <Typography role="status" sx={{ p: 3 }}>
        Cargando detalles...
      </Typography>
    );
  if (error || !data)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error" sx={{ mb: 2 }}>
          Error al cargar los detalles de la pregunta.
        </Alert>
        {back}
      </Box>
    );
  const img = mediaUrl(data.imagen, 'preguntas');
  const answers = (data.respuestas ?? []) as Answer[];
  return (
    <Box sx={{ p: { xs: 1, md: 3 }, maxWidth: 900 }}>
      <Title title={`Pregunta #${data.id}`} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {data.pregunta || '(pregunta con imagen)'}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mb: 2 }}>
            <Typography>
              <strong>Tipo:</strong> {data.Tipo}
            </Typography>
            <Typography>
              <strong>Porcentaje:</strong> {pct(data.porcentaje)}
            </Typography>
            <Typography>
              <strong>Evaluación ID:</strong> {data.id_evaluacion}
            </Typography>
          </Stack>
          {img && <Box component="img" src={img} alt="Imagen de la pregunta" sx={{ maxWidth: 280, borderRadius: 2, mb: 2 }} />}
          {expectsOneText(data.Tipo) && (
            <Typography sx={{ mb: 1 }} data-testid="pregunta-respuesta-esperada">
              <strong>Respuesta esperada:</strong> {answers[0]?.respuesta || 'sin definir'}
            </Typography>
          )}
          {isChoiceQuestion(data.Tipo) && (
            <>
              <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                Respuestas
              </Typography>
              {answers.length === 0 && <Typography>Esta pregunta aún no tiene respuestas.</Typography>}
              <Stack spacing={1.5} sx={{ mt: 1 }}>
                {answers.map((a) => {
                  const aImg = mediaUrl(a.imagen, 'respuestas');
                  return (
                    <Box
                      key={a.id_respuesta}
                      data-testid={`respuesta-${a.id_respuesta}`}
                      sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, flexWrap: 'wrap' }}
                    >
                      {aImg && <Box component="img" src={aImg} alt="" sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }} />}
                      <Typography sx={{ flex: 1, minWidth: 120 }}>{a.respuesta || '(solo imagen)'}</Typography>
                      <ValorChip valor={a.valor} />
                      {canEditAnswers && (
                        <>
                          <Button
                            component={RouterLink}
                            to={`/admin/respuesta?editar=true&id_respuesta=${a.id_respuesta}`}
                            onClick={() => rememberAnswerReturn(a.id_respuesta, `/admin/pregunta/${data.id}`)}
                            size="small"
                          >
                            Editar
                          </Button>
                          <RecordContextProvider value={{ ...a, id: a.id_respuesta }}>
                            <ConfirmDelete resource="respuesta" redirect={false} onDeleted={() => void refetch()} />
                          </RecordContextProvider>
                        </>
                      )}
                    </Box>
                  );
                })}
              </Stack>
            </>
          )}
        </CardContent>
      </Card>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        {back}
        {/* The question's form edits its answers too (a profesor has no Respuestas screen). */}
        {canEditQuestion && (
          <Button component={RouterLink} to={`/admin/pregunta/${data.id}/editar`} variant="contained">
            Editar pregunta y respuestas
          </Button>
        )}
      </Stack>
    </Box>
  );
}
