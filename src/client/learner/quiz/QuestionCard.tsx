/** One question of the quiz: its media, the answer field or choices, and its mark once sent. */
import { useRef, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { mediaUrl } from '../../api/http';
import { isAnswered, isTextQuestion, type GivenAnswer, type QuestionFeedback } from '../../../shared/rules/quizRules';
import { ACCENT_LETTERS, choiceLook, insertAtCaret, solutionText } from './feedback';
import type { PreguntaDetalle as PreguntaQuiz } from '../../../shared/resources/evaluacion';
import { focusRing } from '../ui/LearnerPage';
import { SignPlayer, isAnimatedSign } from '../../sign/SignPlayer';
import { MediaChoices, QuestionMedia } from './MediaChoices';

const TEXT_MAX = 500;

/** Buttons that type the letters a keyboard may lack, at the caret, keeping the focus in the field. */
function AccentButtons({ inputRef, value, onChange }: { inputRef: RefObject<HTMLInputElement | null>; value: string; onChange: (v: string) => void }) {
  const type = (letter: string) => {
    const el = inputRef.current;
    const next = insertAtCaret(value, el?.selectionStart, el?.selectionEnd, letter, TEXT_MAX);
    onChange(next.value);
    // After React has written the new value: the caret goes right after the letter.
    requestAnimationFrame(() => {
      const input = inputRef.current;
      if (!input) return;
      input.focus();
      input.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <Box role="group" aria-label="Letras con acento" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
      {ACCENT_LETTERS.map((letter) => (
        <Button
          key={letter}
          variant="outlined"
          aria-label={`Escribir ${letter}`}
          // Pressing the button must not take the focus (and the caret) away from the field.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => type(letter)}
          sx={{
            minWidth: 52,
            minHeight: 52,
            p: 0,
            fontSize: '1.5rem',
            fontWeight: 700,
            textTransform: 'none',
            borderWidth: 2,
            '&:hover': { borderWidth: 2 },
            ...focusRing,
          }}
        >
          {letter}
        </Button>
      ))}
    </Box>
  );
}

/** After sending: right or wrong (icon and words, not colour alone) and, when revealed, the solution. */
function FeedbackMark({ q, fb, canRetry }: { q: PreguntaQuiz; fb: QuestionFeedback; canRetry: boolean }) {
  const solution = solutionText(q, fb);
  const ok = fb.acierto;
  return (
    <Box
      data-testid="question-feedback"
      data-correct={ok ? 'true' : 'false'}
      sx={{ mt: 2, p: 2, borderRadius: 3, border: '3px solid', borderColor: ok ? '#2e7d32' : '#c62828', bgcolor: ok ? '#e8f5e9' : '#ffebee' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {ok ? (
          <CheckCircleIcon aria-hidden="true" sx={{ fontSize: 40, color: '#2e7d32' }} />
        ) : (
          <CancelIcon aria-hidden="true" sx={{ fontSize: 40, color: '#c62828' }} />
        )}
        <Typography sx={{ fontSize: '1.4rem', fontWeight: 800, color: ok ? '#1b5e20' : '#b71c1c' }}>{ok ? '¡Correcto!' : 'Incorrecto'}</Typography>
      </Box>
      {solution && (
        <Typography data-testid="question-solution" sx={{ mt: 1, fontSize: '1.2rem' }}>
          Respuesta correcta: <strong>{solution}</strong>
        </Typography>
      )}
      {!ok && !solution && canRetry && <Typography sx={{ mt: 1, fontSize: '1.1rem' }}>Repasa las palabras: podrás intentarlo otra vez.</Typography>}
    </Box>
  );
}

export function QuestionCard({
  q,
  index,
  total,
  answer,
  onChange,
  feedback,
  sent,
  canRetry,
}: {
  q: PreguntaQuiz;
  index: number;
  total: number;
  answer: GivenAnswer | undefined;
  onChange: (a: GivenAnswer) => void;
  feedback: QuestionFeedback | undefined;
  sent: boolean;
  canRetry: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const img = mediaUrl(q.imagen, 'preguntas');
  const labelId = `pregunta-${q.id_pregunta}`;
  const text = isTextQuestion(q.Tipo);
  const textImg = text ? mediaUrl(q.respuestas[0]?.imagen, 'respuestas') : null;
  return (
    <Paper
      component="section"
      aria-labelledby={labelId}
      data-testid="question-card"
      sx={{
        p: { xs: 2, sm: 3 },
        mb: 3,
        borderLeft: '8px solid',
        borderColor: feedback ? (feedback.acierto ? '#2e7d32' : '#c62828') : isAnswered(q, answer) ? 'success.main' : 'primary.main',
      }}
    >
      <FormControl component="fieldset" fullWidth>
        <FormLabel component="legend" sx={{ color: 'text.primary', '&.Mui-focused': { color: 'text.primary' }, mb: 2 }}>
          <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 700, color: 'text.secondary' }}>
            Pregunta {index + 1} de {total}
          </Typography>
          <Typography component="span" id={labelId} sx={{ display: 'block', fontSize: { xs: '1.25rem', sm: '1.45rem' }, fontWeight: 800 }}>
            {q.pregunta}
          </Typography>
        </FormLabel>
        {q.multimedia ? (
          <QuestionMedia media={q.multimedia} index={index} />
        ) : img && isAnimatedSign(img) ? (
          // A question that shows a sign (an animated GIF or a video) plays it in the sign player.
          <Box sx={{ width: '100%', maxWidth: 420, mb: 2, alignSelf: 'flex-start' }}>
            <SignPlayer src={img} label={`Seña de la pregunta ${index + 1}`} variant="overlay" />
          </Box>
        ) : (
          img && (
            <Box
              component="img"
              src={img}
              alt={`Imagen de la pregunta ${index + 1}`}
              sx={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 2, mb: 2, alignSelf: 'flex-start' }}
            />
          )
        )}
        {text ? (
          <Box>
            {textImg && (
              <Box
                component="img"
                src={textImg}
                alt={`Pista de la pregunta ${index + 1}`}
                sx={{ maxWidth: '100%', maxHeight: 200, objectFit: 'contain', borderRadius: 2, mb: 2 }}
              />
            )}
            <TextField
              label="Escribe tu respuesta"
              value={answer?.respuesta ?? ''}
              onChange={(e) => onChange({ respuesta: e.target.value })}
              inputRef={inputRef}
              slotProps={{
                htmlInput: { maxLength: TEXT_MAX, autoComplete: 'off', 'aria-describedby': labelId, readOnly: sent },
                input: { sx: { fontSize: '1.3rem', minHeight: 56 } },
              }}
            />
            {!sent && <AccentButtons inputRef={inputRef} value={answer?.respuesta ?? ''} onChange={(v) => onChange({ respuesta: v })} />}
          </Box>
        ) : q.respuestas.some((r) => r.multimedia) ? (
          <MediaChoices q={q} labelId={labelId} answer={answer} onChange={onChange} feedback={feedback} sent={sent} />
        ) : (
          <RadioGroup
            aria-labelledby={labelId}
            value={answer?.id_respuesta != null ? String(answer.id_respuesta) : ''}
            onChange={(e) => {
              if (!sent) onChange({ id_respuesta: Number(e.target.value) });
            }}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(200px, 1fr))' }, gap: 1.5 }}
          >
            {q.respuestas.map((r) => {
              const rImg = mediaUrl(r.imagen, 'respuestas');
              const { checked, isSolution, borderColor, bgcolor } = choiceLook(answer, feedback, r.id_respuesta);
              return (
                <FormControlLabel
                  key={r.id_respuesta}
                  value={String(r.id_respuesta)}
                  control={<Radio disabled={sent && !checked} sx={{ '& .MuiSvgIcon-root': { fontSize: 30 } }} />}
                  label={
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
                      {rImg && <Box component="img" src={rImg} alt="" sx={{ width: 64, height: 64, objectFit: 'contain', borderRadius: 2 }} />}
                      <Typography sx={{ fontSize: '1.2rem', fontWeight: 700 }}>{r.respuesta || `Opción ${q.respuestas.indexOf(r) + 1}`}</Typography>
                      {isSolution && <CheckCircleIcon aria-hidden="true" sx={{ color: '#2e7d32', fontSize: 28 }} />}
                    </Box>
                  }
                  sx={{
                    m: 0,
                    pr: 2,
                    borderRadius: 3,
                    border: '3px solid',
                    borderColor,
                    bgcolor,
                    '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
                    minHeight: 64,
                    ...(sent ? {} : { '&:hover': { borderColor: 'primary.main' } }),
                    '&:focus-within': { outline: '4px solid #c2185b', outlineOffset: 2 },
                  }}
                />
              );
            })}
          </RadioGroup>
        )}
      </FormControl>
      {feedback && <FeedbackMark q={q} fb={feedback} canRetry={canRetry} />}
    </Paper>
  );
}
