/** The end of an attempt: the result panel and the practice note. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { formatScore, isPass } from '../../../shared/rules/quizRules';

const PASS_MESSAGE = '¡Lo hiciste genial! Sigue así y aprenderás muchas señas nuevas.';
const TRY_MESSAGE = 'Cada intento te hace más fuerte. Repasa las palabras y vuelve a intentarlo.';

/** The result of an attempt: the same panel after a submit and when a child who passed opens the quiz. */
export function ResultPanel({
  correctas,
  total,
  puntaje,
  titleId,
  detailId,
}: {
  correctas: number;
  total: number;
  puntaje: number;
  titleId: string;
  detailId: string;
}) {
  const passed = isPass(puntaje);
  return (
    <>
      {passed ? (
        <EmojiEventsIcon aria-hidden="true" sx={{ fontSize: 80, color: '#b8860b' }} />
      ) : (
        <ThumbUpIcon aria-hidden="true" sx={{ fontSize: 72, color: 'warning.main' }} />
      )}
      <Typography id={titleId} variant="h4" component="h2" sx={{ mt: 2, color: passed ? 'success.main' : 'warning.main' }}>
        {passed ? '¡Excelente trabajo!' : '¡Sigue practicando!'}
      </Typography>
      <Box id={detailId}>
        <Typography sx={{ fontSize: '1.35rem', mt: 2 }} data-testid="result-correct">
          Respuestas correctas: <strong>{correctas}</strong> de <strong>{total}</strong>
        </Typography>
        <Typography sx={{ fontSize: '1.35rem' }} data-testid="result-score">
          Puntaje: <strong>{formatScore(puntaje)}</strong>
        </Typography>
        <Typography sx={{ mt: 2, fontSize: '1.1rem' }}>{passed ? PASS_MESSAGE : TRY_MESSAGE}</Typography>
      </Box>
    </>
  );
}

/** Practice after a pass is graded and shown but never replaces the child's result (docs/decisions.md "The quiz"). */
export const PRACTICE_NOTE = 'Estás practicando: este intento no cambia tu mejor resultado.';
