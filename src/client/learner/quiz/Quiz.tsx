import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type RefObject } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import ReplayIcon from '@mui/icons-material/Replay';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { ApiError, mediaUrl } from '../../api/http';
import { useAlert } from '../../ui/AlertModal';
import {
  ALL_ANSWERED_MSG,
  formatScore,
  isAnswered,
  isPass,
  isTextQuestion,
  NO_ATTEMPTS_LEFT_MSG,
  NO_EVALUATION_MSG,
  quizOpening,
  bestAttempt,
  type AttemptResult,
  type AttemptReview,
  type GivenAnswer,
  type QuestionFeedback,
} from '../../../shared/rules/quizRules';
import { ACCENT_LETTERS, hasUnsentAnswers, insertAtCaret, solutionText } from './feedback';
import { sendPractice, sendQuiz } from './quizApi';
import { buildRows } from '../model/learnerRules';
import { updateLevelData } from '../model/levelStorage';
import { fetchEvaluation, fetchQuizState, useLearner, type QuizState } from '../model/learnerData';
import type { EvaluacionDetalle as EvaluacionQuiz, PreguntaDetalle as PreguntaQuiz, QuizMedia } from '../../../shared/resources/evaluacion';
import { LearnerPage, focusRing } from '../ui/LearnerPage';
import { SignPlayer, isAnimatedSign } from '../../sign/SignPlayer';

const PASS_MESSAGE = '¡Lo hiciste genial! Sigue así y aprenderás muchas señas nuevas.';
const TRY_MESSAGE = 'Cada intento te hace más fuerte. Repasa las palabras y vuelve a intentarlo.';

const TEXT_MAX = 500;

/** The result of an attempt: the same panel after a submit and when a child who passed opens the quiz. */
function ResultPanel({
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
const PRACTICE_NOTE = 'Estás practicando: este intento no cambia tu mejor resultado.';

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

const isPicture = (m: QuizMedia) => m.tipo.trim().toLowerCase() === 'imagen';

/** The sign a question asks about: the biggest thing on the card, played in the one sign player. */
function QuestionMedia({ media, index }: { media: QuizMedia; index: number }) {
  const src = mediaUrl(media.url)!;
  if (isPicture(media))
    return (
      <Box
        component="img"
        src={src}
        alt={`Imagen de la pregunta ${index + 1}`}
        sx={{ width: '100%', maxWidth: 560, maxHeight: 420, objectFit: 'contain', borderRadius: 2, mb: 2, alignSelf: 'center' }}
      />
    );
  return (
    <Box data-testid="question-sign" sx={{ width: '100%', maxWidth: { xs: '100%', sm: 600 }, aspectRatio: '4 / 3', mb: 2, alignSelf: 'center' }}>
      <SignPlayer src={src} compactSrc={mediaUrl(media.compacta?.url)} label={`Seña de la pregunta ${index + 1}`} variant="overlay" />
    </Box>
  );
}

/**
 * Choices that are signs or pictures: big tiles, read from the sign or the picture alone (no word
 * under them). Each tile is a radio of the question's group (arrows move, Space chooses); a sign
 * tile keeps its player's controls and an "Ampliar" button outside the radio's label.
 */
function MediaChoices({
  q,
  labelId,
  answer,
  onChange,
  feedback,
  sent,
}: {
  q: PreguntaQuiz;
  labelId: string;
  answer: GivenAnswer | undefined;
  onChange: (a: GivenAnswer) => void;
  feedback: QuestionFeedback | undefined;
  sent: boolean;
}) {
  const [enlarged, setEnlarged] = useState<{ src: string; compact: string | null; label: string } | null>(null);
  return (
    <>
      <RadioGroup
        aria-labelledby={labelId}
        value={answer?.id_respuesta != null ? String(answer.id_respuesta) : ''}
        onChange={(e) => {
          if (!sent) onChange({ id_respuesta: Number(e.target.value) });
        }}
        // Two tiles a row on a tablet (each half the width), three on a wide screen.
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}
      >
        {q.respuestas.map((r, i) => {
          const m = r.multimedia ?? null;
          const src = m ? mediaUrl(m.url) : null;
          const picture = !!m && isPicture(m);
          const name = picture ? `Imagen ${i + 1}` : m ? `Seña ${i + 1}` : r.respuesta || `Opción ${i + 1}`;
          const checked = answer?.id_respuesta === r.id_respuesta;
          const isSolution = !!feedback?.solucion?.some((x) => x.id_respuesta === r.id_respuesta);
          const chosenColor = feedback && checked ? (feedback.acierto ? '#2e7d32' : '#c62828') : isSolution ? '#2e7d32' : null;
          return (
            <Box
              key={r.id_respuesta}
              data-testid="choice-tile"
              data-checked={checked ? 'true' : 'false'}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                p: 1.5,
                borderRadius: 3,
                border: '4px solid',
                borderColor: chosenColor ?? (checked ? 'primary.main' : '#e2ddf7'),
                bgcolor: checked ? '#efeaff' : isSolution ? '#e8f5e9' : '#fff',
                '&:focus-within': { outline: '4px solid #c2185b', outlineOffset: 2 },
              }}
            >
              {src && !picture && (
                <>
                  <Box sx={{ width: '100%', aspectRatio: '4 / 3' }}>
                    <SignPlayer src={src} compactSrc={mediaUrl(m?.compacta?.url)} label={name} variant="overlay" />
                  </Box>
                  <Button
                    variant="outlined"
                    startIcon={<ZoomInIcon />}
                    onClick={() => setEnlarged({ src, compact: mediaUrl(m?.compacta?.url), label: name })}
                    aria-label={`Ampliar ${name.toLowerCase()}`}
                    sx={{ minHeight: 48, fontSize: '1.05rem', fontWeight: 700, ...focusRing }}
                  >
                    Ampliar
                  </Button>
                </>
              )}
              <FormControlLabel
                value={String(r.id_respuesta)}
                // The tile's name for screen readers and keyboard users: the sign's number, never its word.
                control={<Radio disabled={sent && !checked} slotProps={{ input: { 'aria-label': name } }} sx={{ '& .MuiSvgIcon-root': { fontSize: 34 } }} />}
                label={
                  picture && src ? (
                    <Box
                      component="img"
                      src={src}
                      alt={name}
                      sx={{ display: 'block', width: '100%', aspectRatio: '1 / 1', objectFit: 'contain', borderRadius: 2 }}
                    />
                  ) : (
                    <Typography sx={{ fontSize: '1.2rem', fontWeight: 700 }}>{m ? `Elegir esta seña` : name}</Typography>
                  )
                }
                slotProps={{ typography: { component: 'span', sx: { flex: 1, minWidth: 0 } } }}
                sx={{
                  m: 0,
                  minHeight: 56,
                  alignItems: 'center',
                  '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
                }}
              />
              {isSolution && <CheckCircleIcon aria-label="Respuesta correcta" sx={{ color: '#2e7d32', fontSize: 32, alignSelf: 'center' }} />}
            </Box>
          );
        })}
      </RadioGroup>
      <Dialog open={!!enlarged} onClose={() => setEnlarged(null)} maxWidth="md" fullWidth aria-label={enlarged?.label}>
        <DialogContent>{enlarged && <SignPlayer src={enlarged.src} compactSrc={enlarged.compact} label={enlarged.label} variant="full" />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setEnlarged(null)} variant="contained" sx={{ minHeight: 48 }}>
            Cerrar
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function QuestionCard({
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
              const checked = answer?.id_respuesta === r.id_respuesta;
              const isSolution = !!feedback?.solucion?.some((x) => x.id_respuesta === r.id_respuesta);
              const chosenColor = feedback && checked ? (feedback.acierto ? '#2e7d32' : '#c62828') : isSolution ? '#2e7d32' : null;
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
                    borderColor: chosenColor ?? (checked ? 'primary.main' : '#e2ddf7'),
                    bgcolor: checked ? '#efeaff' : isSolution ? '#e8f5e9' : '#fff',
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

/** Questionnaire (/cuestionario/{id}): the server grades it; the overlay shows the server's numbers. */
export default function Quiz() {
  const { id } = useParams();
  const levelId = Number(id);
  const user = useLearner();
  const userId = Number(user?.id);
  const navigate = useNavigate();
  const alert = useAlert();
  const [ev, setEv] = useState<EvaluacionQuiz | null | undefined>(undefined);
  const [answers, setAnswers] = useState<Record<number, GivenAnswer>>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [review, setReview] = useState<AttemptReview | null>(null);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [confirmExit, setConfirmExit] = useState(false);
  /** Sent offline (or the connection dropped): the answers wait on this device. */
  const [queued, setQueued] = useState(false);
  /** The child's pass, attempts left and best result, read before any question is shown (L-14.6). */
  const [state, setState] = useState<QuizState | null | undefined>(undefined);
  /** Practising after a pass: the form is open but the attempt will not be stored. */
  const [practice, setPractice] = useState(false);
  const reviewRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    setEv(undefined);
    setState(undefined);
    fetchEvaluation(levelId, ctrl.signal)
      .then(setEv)
      .catch((err) => {
        if ((err as Error).name === 'AbortError') return;
        // Quiz load failures are only logged (screens-learner.md L-14.1).
        console.error('No se pudo cargar el cuestionario', err);
        setEv(null);
      });
    // Never throws but on abort: a failed read opens the form, and the server keeps its rules.
    fetchQuizState(levelId, userId, ctrl.signal)
      .then(setState)
      .catch((err) => {
        if ((err as Error).name !== 'AbortError') setState(null);
      });
    return () => ctrl.abort();
  }, [levelId, userId]);

  const back = () => navigate(`/supmenu/${levelId}`);
  const preguntas = ev?.preguntas ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ev || sending) return;
    if (!preguntas.every((q) => isAnswered(q, answers[q.id_pregunta]))) {
      await alert(ALL_ANSWERED_MSG, { kind: 'warning' });
      return;
    }
    setSending(true);
    try {
      const rows = buildRows(ev, answers, userId, levelId);
      const sent = practice ? await sendPractice(rows) : await sendQuiz(rows, levelId);
      if (sent.estado === 'en-cola') {
        // Kept on this tablet: the level menu says it waits, and the score comes when it is sent.
        updateLevelData(levelId, userId, (d) => ({ ...d, mostrarCuestionario: false }));
        setQueued(true);
        return;
      }
      if (sent.estado === 'rechazado') throw sent.error;
      const { result: saved, review: rev } = sent;
      if (sent.practica) {
        // Passed before (maybe on another device): the level data keeps the stored result.
        setPractice(true);
      } else {
        const last = { puntaje: saved.puntaje, correctas: saved.correctas, totalPreguntas: saved.total_preguntas, fecha: saved.fecha };
        updateLevelData(levelId, userId, (d) => ({
          ...d,
          mostrarCuestionario: false,
          ultimoResultado: last,
          mejorResultado: bestAttempt([last, ...(d.mejorResultado ? [d.mejorResultado] : [])]),
        }));
      }
      setResult(saved);
      setReview(rev);
      setOverlayOpen(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'NO_ATTEMPTS_LEFT') {
        // Not a failed save but the server's limit: say so, and go back to the level.
        await alert(err.msg, { kind: 'warning' });
        back();
        return;
      }
      // Save failures are only logged (L-14.3); the child can press the button again.
      console.error('No se pudieron guardar las respuestas', err);
    } finally {
      setSending(false);
    }
  };

  const passed = result ? isPass(result.puntaje) : false;
  const opening = quizOpening(state && { aprobado: state.aprobado, intentosRestantes: state.intentosRestantes });
  /** The form is shown only to a child with an attempt left, or practising after a pass. */
  const showForm = !!result || queued || practice || opening === 'formulario';
  const practiseAgain = () => {
    setAnswers({});
    setResult(null);
    setReview(null);
    setOverlayOpen(false);
    setPractice(true);
    window.scrollTo({ top: 0 });
  };
  const canRetryLater = !!review && !passed && review.intentos_restantes > 0;
  const feedbackOf = (idPregunta: number) => review?.preguntas.find((f) => f.id_pregunta === idPregunta);
  const levelPath = `/supmenu/${levelId}`;

  /** 'Volver al nivel' before sending: asks first when answers would be lost. */
  const leave = (e: MouseEvent) => {
    if (queued || !hasUnsentAnswers(answers)) return;
    e.preventDefault();
    setConfirmExit(true);
  };
  const showReview = () => {
    setOverlayOpen(false);
    setTimeout(() => reviewRef.current?.focus(), 300);
  };

  return (
    <LearnerPage maxWidth="md">
      {!result && !queued && showForm && (ev === undefined || preguntas.length > 0) && (
        <Button
          component={RouterLink}
          to={levelPath}
          onClick={leave}
          startIcon={<ArrowBackIcon />}
          size="large"
          sx={{ minHeight: 48, fontSize: '1.1rem', mb: 1, ...focusRing }}
        >
          Volver al nivel
        </Button>
      )}
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' }, color: 'primary.dark', mb: 3, textAlign: 'center' }}>
        Hora del Cuestionario
      </Typography>

      {ev === undefined || state === undefined ? (
        <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}>
          <CircularProgress size={56} aria-label="Cargando preguntas" />
          <Typography>Cargando preguntas...</Typography>
        </Box>
      ) : !ev || preguntas.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ fontSize: '1.3rem', mb: 3 }} role="status">
            {NO_EVALUATION_MSG}
          </Typography>
          <Button variant="contained" size="large" onClick={back}>
            Volver al Nivel
          </Button>
        </Paper>
      ) : !showForm && opening === 'sin-intentos' ? (
        // Told before answering: no form at all once the attempts are used up (L-14.6).
        <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="quiz-no-attempts">
          <Typography sx={{ fontSize: '1.3rem', mb: 3 }} role="alert">
            {NO_ATTEMPTS_LEFT_MSG}
          </Typography>
          <Button variant="contained" size="large" onClick={back} autoFocus sx={{ minHeight: 56, px: 4, fontSize: '1.15rem', ...focusRing }}>
            Volver al Nivel
          </Button>
        </Paper>
      ) : !showForm && state?.mejor ? (
        // Passed: the best result, not a fresh form; practice is one button away (L-14.6).
        <Paper sx={{ textAlign: 'center', py: 5, px: { xs: 2, sm: 5 }, bgcolor: isPass(state.mejor.puntaje) ? '#e6f7ea' : '#fff4e5' }} data-testid="quiz-best">
          <ResultPanel
            correctas={state.mejor.correctas}
            total={state.mejor.totalPreguntas}
            puntaje={state.mejor.puntaje}
            titleId="mejor-titulo"
            detailId="mejor-detalle"
          />
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
            <Button variant="contained" size="large" onClick={back} sx={{ minHeight: 56, px: 4, fontSize: '1.15rem', ...focusRing }}>
              Volver al Nivel
            </Button>
            <Button
              variant="outlined"
              size="large"
              startIcon={<ReplayIcon />}
              onClick={() => setPractice(true)}
              sx={{ minHeight: 56, px: 4, fontSize: '1.15rem', ...focusRing }}
            >
              Practicar otra vez
            </Button>
          </Box>
        </Paper>
      ) : (
        <Box component="form" onSubmit={submit} noValidate aria-label="Cuestionario">
          {practice && !result && (
            <Paper sx={{ p: 2, mb: 3, textAlign: 'center', bgcolor: '#e8f1fb' }} data-testid="quiz-practice-note">
              <Typography sx={{ fontSize: '1.2rem', fontWeight: 700 }}>{PRACTICE_NOTE}</Typography>
            </Paper>
          )}
          {result && (
            <Paper
              ref={reviewRef}
              tabIndex={-1}
              data-testid="quiz-review"
              sx={{ p: { xs: 2, sm: 3 }, mb: 3, textAlign: 'center', bgcolor: passed ? '#e6f7ea' : '#fff4e5', outline: 'none' }}
            >
              <Typography component="h2" sx={{ fontSize: '1.5rem', fontWeight: 800 }}>
                Revisa tus respuestas
              </Typography>
              <Typography sx={{ fontSize: '1.2rem', mt: 1 }}>
                Respuestas correctas: <strong>{result.correctas}</strong> de <strong>{result.total_preguntas}</strong>
              </Typography>
            </Paper>
          )}
          {preguntas.map((q, i) => (
            <QuestionCard
              key={q.id_pregunta}
              q={q}
              index={i}
              total={preguntas.length}
              answer={answers[q.id_pregunta]}
              onChange={(a) => setAnswers((prev) => ({ ...prev, [q.id_pregunta]: a }))}
              feedback={feedbackOf(q.id_pregunta)}
              sent={!!result}
              canRetry={canRetryLater}
            />
          ))}
          <Box sx={{ display: 'flex', justifyContent: 'center', pb: 4 }}>
            {result || queued ? (
              <Button variant="contained" size="large" onClick={back} sx={{ minHeight: 60, px: 5, fontSize: '1.25rem', ...focusRing }}>
                Volver al Nivel
              </Button>
            ) : (
              <Button
                type="submit"
                variant="contained"
                size="large"
                endIcon={sending ? <CircularProgress size={22} color="inherit" aria-hidden="true" /> : <SendIcon />}
                disabled={sending}
                sx={{ minHeight: 60, px: 5, fontSize: '1.25rem', ...focusRing }}
              >
                Enviar respuestas
              </Button>
            )}
          </Box>
        </Box>
      )}

      <Dialog
        open={confirmExit}
        onClose={() => setConfirmExit(false)}
        aria-labelledby="salir-titulo"
        aria-describedby="salir-detalle"
        data-testid="quiz-exit-confirm"
      >
        <DialogTitle id="salir-titulo" sx={{ fontSize: '1.5rem', fontWeight: 800 }}>
          ¿Salir del cuestionario?
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="salir-detalle" sx={{ fontSize: '1.2rem', color: 'text.primary' }}>
            Se perderán tus respuestas.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" size="large" onClick={back} sx={{ minHeight: 52, fontSize: '1.1rem', ...focusRing }}>
            Salir
          </Button>
          <Button variant="contained" size="large" onClick={() => setConfirmExit(false)} autoFocus sx={{ minHeight: 52, fontSize: '1.1rem', ...focusRing }}>
            Seguir respondiendo
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={queued}
        onClose={back}
        aria-labelledby="guardado-titulo"
        aria-describedby="guardado-detalle"
        maxWidth="sm"
        fullWidth
        data-testid="quiz-queued"
      >
        <DialogContent sx={{ textAlign: 'center', py: 5, px: { xs: 2, sm: 5 }, bgcolor: '#e8f1fb' }}>
          <CloudUploadIcon aria-hidden="true" sx={{ fontSize: 76, color: 'primary.main' }} />
          <Typography id="guardado-titulo" variant="h4" component="h2" sx={{ mt: 2, color: 'primary.dark' }}>
            ¡Respuestas guardadas!
          </Typography>
          <Typography id="guardado-detalle" sx={{ fontSize: '1.25rem', mt: 2 }}>
            Ahora no hay conexión. Tus respuestas están guardadas en esta tableta y se enviarán solas cuando vuelva la conexión. Entonces verás tu puntaje.
          </Typography>
          <Button variant="contained" size="large" onClick={back} autoFocus sx={{ mt: 3, minHeight: 56, px: 4, fontSize: '1.15rem', ...focusRing }}>
            Volver al Nivel
          </Button>
        </DialogContent>
      </Dialog>

      <Dialog
        open={!!result && overlayOpen}
        onClose={showReview}
        aria-labelledby="resultado-titulo"
        aria-describedby="resultado-detalle"
        maxWidth="sm"
        fullWidth
        data-testid="quiz-result"
      >
        {result && (
          <DialogContent sx={{ textAlign: 'center', py: 5, px: { xs: 2, sm: 5 }, bgcolor: passed ? '#e6f7ea' : '#fff4e5' }}>
            <ResultPanel
              correctas={result.correctas}
              total={result.total_preguntas}
              puntaje={result.puntaje}
              titleId="resultado-titulo"
              detailId="resultado-detalle"
            />
            {practice && <Typography sx={{ mt: 2, fontSize: '1.1rem', fontWeight: 700 }}>{PRACTICE_NOTE}</Typography>}
            <Button variant="contained" size="large" onClick={back} autoFocus sx={{ mt: 3, minHeight: 56, px: 4, fontSize: '1.15rem', ...focusRing }}>
              Volver al Nivel
            </Button>
            {review && (
              <Box>
                <Button variant="outlined" size="large" onClick={showReview} sx={{ mt: 2, minHeight: 52, px: 4, fontSize: '1.1rem', ...focusRing }}>
                  Ver mis respuestas
                </Button>
              </Box>
            )}
            {practice && (
              <Box>
                <Button
                  variant="outlined"
                  size="large"
                  startIcon={<ReplayIcon />}
                  onClick={practiseAgain}
                  sx={{ mt: 2, minHeight: 52, px: 4, fontSize: '1.1rem', ...focusRing }}
                >
                  Practicar otra vez
                </Button>
              </Box>
            )}
          </DialogContent>
        )}
      </Dialog>
    </LearnerPage>
  );
}
