import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ReplayIcon from '@mui/icons-material/Replay';
import { ApiError } from '../../api/http';
import { useAlert } from '../../ui/AlertModal';
import {
  ALL_ANSWERED_MSG,
  isAnswered,
  isPass,
  NO_ATTEMPTS_LEFT_MSG,
  NO_EVALUATION_MSG,
  quizOpening,
  bestAttempt,
  type AttemptResult,
  type AttemptReview,
  type GivenAnswer,
} from '../../../shared/rules/quizRules';
import { hasUnsentAnswers } from './feedback';
import { sendPractice, sendQuiz } from './quizApi';
import { buildRows } from '../model/learnerRules';
import { updateLevelData } from '../model/levelStorage';
import { fetchEvaluation, fetchQuizState, useLearner, type QuizState } from '../model/learnerData';
import type { EvaluacionDetalle as EvaluacionQuiz } from '../../../shared/resources/evaluacion';
import { LearnerPage, focusRing } from '../ui/LearnerPage';
import { PRACTICE_NOTE, ResultPanel } from './ResultPanel';
import { QuestionCard } from './QuestionCard';

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
    // Once the result has faded, the review comes into view (and takes the focus), unless the child
    // has already pressed or typed something: focusing scrolls the page, and a page that moves
    // between a finger's press and its release loses that tap. Under load the wait ran late and the
    // jump landed inside a press of 'Volver al Nivel' at the bottom (CI: quiz-attempts).
    let acted = false;
    const onAct = () => {
      acted = true;
    };
    const opts = { capture: true, once: true } as const;
    window.addEventListener('pointerdown', onAct, opts);
    window.addEventListener('keydown', onAct, opts);
    setTimeout(() => {
      window.removeEventListener('pointerdown', onAct, opts);
      window.removeEventListener('keydown', onAct, opts);
      if (!acted) reviewRef.current?.focus();
    }, 300);
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
