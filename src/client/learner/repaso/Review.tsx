import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForwardRounded';
import CancelRoundedIcon from '@mui/icons-material/CancelRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import EmojiEventsRoundedIcon from '@mui/icons-material/EmojiEventsRounded';
import AutoStoriesRoundedIcon from '@mui/icons-material/AutoStoriesRounded';
import { mediaUrl } from '../../api/http';
import { Loading } from '../../ui/Loading';
import { NO_SIGN_MSG, SignPlayer } from '../../sign/SignPlayer';
import { AhoraTuButton } from '../ahoraTu/AhoraTuButton';
import type { ReviewItem, ReviewItemWord } from '../../../shared/rules/review';
import { LearnerPage, focusRing } from '../ui/LearnerPage';
import { useLearner } from '../model/learnerData';
import { fetchSession, fetchToday, sendAnswer } from './reviewApi';
import { EnlargedSign, SignChoiceTile } from './SignChoiceTile';
import { sameTypedWord } from './typedAnswer';
import {
  answerFlags,
  choicesOf,
  hasNothingYet,
  START_TEXT,
  newClave,
  readSavedSession,
  sessionKey,
  summaryOf,
  type PlayerUse,
  type SavedSession,
  type SessionAnswer,
} from './reviewRules';

const GREEN = '#1b7f4a';
const RED = '#c62828';

/** A word's sign in the player (or the no-sign message). */
function Sign({ w, label, variant = 'overlay', onUse }: { w: ReviewItemWord; label: string; variant?: 'overlay' | 'preview'; onUse?: (u: PlayerUse) => void }) {
  const src = mediaUrl(w.sena?.url);
  if (!src) return <Typography sx={{ py: 4, textAlign: 'center', fontSize: '1.1rem' }}>{NO_SIGN_MSG}</Typography>;
  return (
    <SignPlayer
      key={src}
      src={src}
      compactSrc={mediaUrl(w.sena?.urlCompacta)}
      kind={w.sena?.tipo === 'video' ? 'video' : 'auto'}
      label={label}
      variant={variant}
      onUse={onUse}
    />
  );
}

const Picture = ({ w, size }: { w: ReviewItemWord; size: number }) => {
  const src = mediaUrl(w.imagen);
  return src ? (
    <Box component="img" src={src} alt="" width={size} height={size} sx={{ width: size, height: size, objectFit: 'contain', flex: '0 0 auto' }} />
  ) : null;
};

type ChoiceState = 'idle' | 'right' | 'wrong' | 'off';
const choiceColor = (state: ChoiceState) => (state === 'right' ? GREEN : state === 'wrong' ? RED : '#5b4bdb');

/** One big answer button: its number (the key that picks it), its content, and after the answer a green tick or a red cross. */
function Choice({
  n,
  state,
  label,
  idPalabra,
  onPick,
  children,
  row = false,
}: {
  n: number;
  state: ChoiceState;
  label: string;
  idPalabra: number;
  onPick: () => void;
  children: ReactNode;
  /** In a sign tile: one row (the number, then the content), the tile's sign above it. */
  row?: boolean;
}) {
  const color = choiceColor(state);
  return (
    <ButtonBase
      onClick={onPick}
      disabled={state !== 'idle'}
      aria-label={`${n}: ${label}${state === 'right' ? ', correcta' : state === 'wrong' ? ', incorrecta' : ''}`}
      data-testid="review-choice"
      data-id-palabra={idPalabra}
      data-state={state}
      focusRipple={false}
      sx={{
        position: 'relative',
        flex: row ? '1 1 auto' : '1 1 0',
        minWidth: 0,
        minHeight: row ? 56 : 96,
        borderRadius: 4,
        border: '4px solid',
        borderColor: color,
        bgcolor: state === 'right' ? '#e6f7ea' : state === 'wrong' ? '#fdecea' : '#fff',
        boxShadow: state === 'idle' ? 3 : 0,
        display: 'flex',
        flexDirection: row ? 'row' : 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: row ? 1 : 1.5,
        py: row ? 0.5 : 1.5,
        opacity: state === 'off' ? 0.55 : 1,
        '&:hover': { bgcolor: state === 'idle' ? '#f3f0ff' : undefined },
        '&.Mui-disabled': { color: 'text.primary' },
        ...focusRing,
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          position: row ? 'static' : 'absolute',
          top: 6,
          left: 6,
          flex: '0 0 auto',
          width: 32,
          height: 32,
          borderRadius: '50%',
          bgcolor: color,
          color: '#fff',
          fontWeight: 800,
          display: 'grid',
          placeItems: 'center',
          zIndex: 1,
        }}
      >
        {n}
      </Box>
      {state === 'right' && (
        <CheckCircleRoundedIcon aria-hidden="true" sx={{ position: 'absolute', top: 4, right: 4, fontSize: 40, color: GREEN, zIndex: 1 }} />
      )}
      {state === 'wrong' && <CancelRoundedIcon aria-hidden="true" sx={{ position: 'absolute', top: 4, right: 4, fontSize: 40, color: RED, zIndex: 1 }} />}
      {children}
    </ButtonBase>
  );
}

/** The review session (/home/repaso, screens-learner.md L-10.2): at most 10 items, feedback after each, a summary at the end. */
export default function Review() {
  const user = useLearner();
  const userId = Number(user?.id);
  const [session, setSession] = useState<SavedSession | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** The answer being shown (its item is answers[index]); null while the child is answering. */
  const [feedback, setFeedback] = useState<{ index: number; chosen: number | null; typed: string } | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const [typed, setTyped] = useState('');
  const uses = useRef<PlayerUse[]>([]);
  /** The sign choice shown big ('Ver grande'), by its place among the choices. */
  const [enlarged, setEnlarged] = useState<number | null>(null);

  const send = useCallback((a: SessionAnswer) => {
    sendAnswer(a)
      .then(() => setSession((s) => s && { ...s, answers: s.answers.map((x) => (x.clave === a.clave ? { ...x, sent: true } : x)) }))
      .catch((err) => {
        console.warn('No se pudo guardar la respuesta', err);
        setSaveFailed(true);
      });
  }, []);

  // A session in progress (this tab) resumes where it was and resends what the server may lack,
  // with the same claves (stored once); otherwise a new one is asked for.
  useEffect(() => {
    if (!userId) return;
    const saved = readSavedSession(sessionStorage.getItem(sessionKey(userId)));
    if (saved) {
      setSession(saved);
      saved.answers.filter((a) => !a.sent).forEach(send);
      return;
    }
    const ctrl = new AbortController();
    setLoadError(false);
    fetchSession(ctrl.signal)
      .then((items) => setSession({ items, answers: [] }))
      .catch((err) => {
        if ((err as Error).name === 'AbortError') return;
        console.error('No se pudo cargar el repaso', err);
        setLoadError(true);
      });
    return () => ctrl.abort();
  }, [userId, attempt, send]);

  // Kept while it matters: a finished session with every answer stored is forgotten.
  useEffect(() => {
    if (!session || !userId) return;
    const done = session.answers.length === session.items.length && session.answers.every((a) => a.sent);
    try {
      if (done) sessionStorage.removeItem(sessionKey(userId));
      else sessionStorage.setItem(sessionKey(userId), JSON.stringify(session));
    } catch {
      /* storage full or blocked: the session still works, a reload starts a new one */
    }
  }, [session, userId]);

  // An empty session: a child who has seen no word yet is invited to open a level instead of being
  // told everything is reviewed (null until known: the calm text waits for the answer).
  const [nothingYet, setNothingYet] = useState<boolean | null>(null);
  const empty = session !== null && session.items.length === 0;
  useEffect(() => {
    if (!empty) return;
    const ctrl = new AbortController();
    fetchToday(ctrl.signal)
      .then((t) => setNothingYet(hasNothingYet(t)))
      .catch((err) => {
        if ((err as Error).name !== 'AbortError') setNothingYet(false);
      });
    return () => ctrl.abort();
  }, [empty]);

  const index = feedback?.index ?? session?.answers.length ?? 0;
  const item: ReviewItem | undefined = session?.items[index];
  const choices = item && item.tipo !== 'escribir' ? choicesOf(item) : [];

  // Each item starts with no player use and an empty field.
  useEffect(() => {
    uses.current = [];
    setTyped('');
    setEnlarged(null);
  }, [index, item?.id_palabra]);

  const answer = (correcto: boolean, chosen: number | null, text = '') => {
    if (!session || !item || feedback) return;
    const given = chosen !== null ? { elegida: chosen } : { escrita: text };
    const a: SessionAnswer = { id_palabra: item.id_palabra, correcto, ...given, ...answerFlags(uses.current), clave: newClave(), sent: false };
    setSession({ ...session, answers: [...session.answers, a] });
    setFeedback({ index, chosen, typed: text });
    send(a);
  };
  const pick = (w: ReviewItemWord) => answer(w.id_palabra === item?.id_palabra, w.id_palabra);
  const submitTyped = (e: FormEvent) => {
    e.preventDefault();
    if (!item || !typed.trim()) return;
    answer(sameTypedWord(typed, item.palabraEspanol), null, typed);
  };

  // 1/2/3 pick a choice (not while typing in a field).
  useEffect(() => {
    // Not while a sign is shown big: the keys belong to its dialog (and its player).
    if (!item || feedback || choices.length === 0 || enlarged !== null) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
      const k = Number(e.key);
      if (Number.isInteger(k) && k >= 1 && k <= choices.length) {
        e.preventDefault();
        pick(choices[k - 1]!);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Arrows move between the choices (Enter or Space then picks the focused one).
  const onChoicesKey = (e: KeyboardEvent<HTMLElement>) => {
    const dir = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!dir) return;
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[data-testid="review-choice"]')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    // Only between the pick buttons: a sign's own player takes the arrows as frame steps.
    if (at < 0) return;
    e.preventDefault();
    buttons[(at + dir + buttons.length) % buttons.length]?.focus();
  };

  const total = session?.items.length ?? 0;
  const finished = session !== null && total > 0 && session.answers.length === total && !feedback;
  const last = feedback && feedback.index === total - 1;
  const fb = feedback && session ? session.answers[feedback.index] : null;

  let body: ReactNode;
  if (loadError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => setAttempt((n) => n + 1)} sx={{ minHeight: 48 }}>
            Reintentar
          </Button>
        }
      >
        No se pudo cargar el repaso. Revisa tu conexión.
      </Alert>
    );
  } else if (!session) {
    body = <Loading label="Preparando tu repaso..." />;
  } else if (total === 0 && nothingYet === null) {
    body = <Loading label="Preparando tu repaso..." />;
  } else if (total === 0 && nothingYet) {
    body = (
      <Paper sx={{ p: 4, textAlign: 'center', bgcolor: '#efeaff' }} data-testid="review-start">
        <AutoStoriesRoundedIcon aria-hidden="true" sx={{ fontSize: 72, color: '#5b4bdb' }} />
        <Typography variant="h4" component="h2" sx={{ fontWeight: 800, my: 1 }}>
          {START_TEXT}
        </Typography>
        <Button component={RouterLink} to="/home" variant="contained" size="large" autoFocus sx={{ minHeight: 64, px: 4, fontSize: '1.3rem' }}>
          Ver los niveles
        </Button>
      </Paper>
    );
  } else if (total === 0) {
    body = (
      <Paper sx={{ p: 4, textAlign: 'center', bgcolor: '#e6f7ea' }} data-testid="review-empty">
        <CheckCircleRoundedIcon aria-hidden="true" sx={{ fontSize: 72, color: GREEN }} />
        <Typography variant="h4" component="h2" sx={{ fontWeight: 800, my: 1 }}>
          ¡Todo repasado por hoy!
        </Typography>
        <HomeButton />
      </Paper>
    );
  } else if (finished) {
    const s = summaryOf(session.items, session.answers);
    const unsent = session.answers.some((a) => !a.sent);
    body = (
      <Paper sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }} data-testid="review-summary">
        <EmojiEventsRoundedIcon aria-hidden="true" sx={{ fontSize: 96, color: '#f2a900' }} />
        <Typography variant="h3" component="h2" sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          ¡Terminaste el repaso!
        </Typography>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 800, my: 2 }} data-testid="review-score">
          Acertaste {s.right} de {s.total}.
        </Typography>
        {s.practise.length > 0 ? (
          <Box sx={{ mb: 3 }}>
            <Typography sx={{ fontSize: '1.25rem', mb: 1 }}>Sigue practicando estas señas:</Typography>
            <Box
              component="ul"
              aria-label="Señas para seguir practicando"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', p: 0, m: 0 }}
            >
              {s.practise.map((w) => (
                <Box component="li" key={w} sx={{ listStyle: 'none' }}>
                  <Chip label={w} sx={{ fontSize: '1.2rem', height: 44, px: 1, fontWeight: 700, bgcolor: '#fff1e0' }} />
                </Box>
              ))}
            </Box>
          </Box>
        ) : (
          <Typography sx={{ fontSize: '1.25rem', mb: 3, color: GREEN, fontWeight: 700 }}>¡Todas bien! Muy buen trabajo.</Typography>
        )}
        {unsent && saveFailed && (
          <Alert severity="warning" sx={{ mb: 2, textAlign: 'left' }}>
            Algunas respuestas no se guardaron. Se enviarán cuando vuelvas a abrir el repaso.
          </Alert>
        )}
        <HomeButton />
      </Paper>
    );
  } else if (item) {
    const wrongMiss = fb && !fb.correcto;
    const chosenWord = feedback?.chosen ? [item, ...item.distractores].find((w) => w.id_palabra === feedback.chosen) : undefined;
    // What the child answered, said back on a miss (the answer area gives way to the correct sign).
    const said =
      item.tipo === 'escribir'
        ? `Escribiste «${feedback?.typed.trim() ?? ''}».`
        : chosenWord
          ? item.tipo === 'palabra_a_sena'
            ? `Elegiste la seña de «${chosenWord.palabraEspanol}».`
            : `Elegiste «${chosenWord.palabraEspanol}».`
          : '';
    body = (
      <>
        {/* After a miss the question gives way to the correct sign, so it fits on one screen. */}
        {!wrongMiss && (
          <>
            {item.tipo === 'palabra_a_sena' ? (
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
                <Picture w={item} size={112} />
                <Box>
                  <Typography sx={{ fontSize: '1.2rem' }}>¿Cuál es la seña de…</Typography>
                  <Typography component="p" sx={{ fontSize: { xs: '2.4rem', sm: '3rem' }, fontWeight: 800, color: 'primary.dark', lineHeight: 1.1 }}>
                    {item.palabraEspanol}?
                  </Typography>
                </Box>
              </Box>
            ) : (
              <Box sx={{ mb: 2 }}>
                <Typography component="p" sx={{ fontSize: { xs: '1.4rem', sm: '1.6rem' }, fontWeight: 800, textAlign: 'center', mb: 1 }}>
                  {item.tipo === 'escribir' ? 'Mira la seña y escribe la palabra' : '¿Qué palabra es esta seña?'}
                </Typography>
                <Box sx={{ mx: 'auto', width: '100%', maxWidth: { xs: 360, md: 400 }, height: { xs: 300, md: 'min(320px, 40vh)' } }} data-testid="review-sign">
                  <Sign w={item} label="Seña para adivinar" onUse={(u) => uses.current.push(u)} />
                </Box>
              </Box>
            )}

            {item.tipo === 'escribir' ? (
              <Box component="form" onSubmit={submitTyped} sx={{ display: 'flex', gap: 2, maxWidth: 560, mx: 'auto', flexWrap: 'wrap' }}>
                <TextField
                  value={feedback ? feedback.typed : typed}
                  onChange={(e) => setTyped(e.target.value)}
                  disabled={!!feedback}
                  autoFocus
                  autoComplete="off"
                  slotProps={{
                    htmlInput: {
                      'aria-label': 'Escribe la palabra',
                      placeholder: 'Escribe aquí',
                      maxLength: 60,
                      autoCapitalize: 'none',
                      spellCheck: false,
                      style: { fontSize: '1.6rem' },
                    },
                  }}
                  sx={{
                    flex: '1 1 260px',
                    '& .MuiOutlinedInput-root': { bgcolor: '#fff' },
                    ...(fb && { '& fieldset': { borderWidth: 4, borderColor: `${fb.correcto ? GREEN : RED} !important` } }),
                  }}
                />
                {!feedback && (
                  <Button type="submit" variant="contained" size="large" disabled={!typed.trim()} sx={{ minHeight: 64, px: 4, fontSize: '1.25rem' }}>
                    Comprobar
                  </Button>
                )}
              </Box>
            ) : (
              <Box
                role="group"
                aria-label="Elige una respuesta"
                onKeyDown={onChoicesKey}
                sx={
                  item.tipo === 'palabra_a_sena'
                    ? // Sign choices are big tiles: two a row up to a tablet held upright (each over a
                      // third of the width at 768 px), three a row from 900 px.
                      { display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: { xs: 1.5, sm: 2 } }
                    : { display: 'flex', gap: { xs: 1.5, sm: 2 }, alignItems: 'stretch' }
                }
              >
                {choices.map((w, i) => {
                  const state: ChoiceState = !feedback
                    ? 'idle'
                    : w.id_palabra === item.id_palabra
                      ? 'right'
                      : w.id_palabra === feedback.chosen
                        ? 'wrong'
                        : 'off';
                  return item.tipo === 'sena_a_palabra' ? (
                    <Choice key={w.id_palabra} n={i + 1} state={state} label={w.palabraEspanol} idPalabra={w.id_palabra} onPick={() => pick(w)}>
                      <Picture w={w} size={88} />
                      <Typography component="span" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' }, fontWeight: 800, wordBreak: 'break-word' }}>
                        {w.palabraEspanol}
                      </Typography>
                    </Choice>
                  ) : (
                    <SignChoiceTile
                      key={w.id_palabra}
                      n={i + 1}
                      borderColor={choiceColor(state)}
                      sign={<Sign w={w} label={`Seña ${i + 1}`} />}
                      onEnlarge={() => setEnlarged(i)}
                      pick={
                        <Choice n={i + 1} state={state} label={`Seña ${i + 1}`} idPalabra={w.id_palabra} onPick={() => pick(w)} row>
                          <Typography component="span" sx={{ fontSize: '1.2rem', fontWeight: 800, pr: state === 'right' || state === 'wrong' ? 5 : 0 }}>
                            Elegir
                          </Typography>
                        </Choice>
                      }
                    />
                  );
                })}
              </Box>
            )}
          </>
        )}

        {fb && (
          <Paper
            role="status"
            data-testid="review-feedback"
            data-correct={fb.correcto ? 'true' : 'false'}
            sx={{
              mt: 2,
              p: 2,
              borderRadius: 4,
              border: '4px solid',
              borderColor: fb.correcto ? GREEN : RED,
              bgcolor: fb.correcto ? '#e6f7ea' : '#fdecea',
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 2,
            }}
          >
            {fb.correcto ? (
              <CheckCircleRoundedIcon aria-hidden="true" sx={{ fontSize: 56, color: GREEN }} />
            ) : (
              <CancelRoundedIcon aria-hidden="true" sx={{ fontSize: 56, color: RED }} />
            )}
            <Box sx={{ flex: '1 1 200px' }}>
              <Typography sx={{ fontSize: '1.6rem', fontWeight: 800, color: fb.correcto ? GREEN : RED }}>{fb.correcto ? '¡Muy bien!' : 'Casi.'}</Typography>
              {wrongMiss && (
                <>
                  <Typography sx={{ fontSize: '1.2rem' }} data-testid="review-said">
                    {said}
                  </Typography>
                  <Typography sx={{ fontSize: '1.3rem' }}>
                    Esta es la seña de <strong>{item.palabraEspanol}</strong>:
                  </Typography>
                </>
              )}
            </Box>
            {wrongMiss && (
              <Box
                sx={{ display: 'flex', alignItems: 'center', gap: 2, flex: '1 1 100%', justifyContent: 'center', flexWrap: 'wrap' }}
                data-testid="review-correct-sign"
              >
                <Box sx={{ width: { xs: '100%', sm: 400 }, maxWidth: 400, height: { xs: 300, md: 'min(340px, 42vh)' } }}>
                  <Sign w={item} label={`Seña de ${item.palabraEspanol}`} />
                </Box>
                <Box sx={{ textAlign: 'center' }}>
                  <Picture w={item} size={128} />
                  <Typography sx={{ fontSize: '2.4rem', fontWeight: 800 }}>{item.palabraEspanol}</Typography>
                </Box>
              </Box>
            )}
            {item.sena && mediaUrl(item.sena.url) && (
              // Practise the word's sign with the camera before going on (its score is a learning event).
              <Box sx={{ flex: '1 1 100%' }} data-testid="review-ahora-tu">
                <AhoraTuButton
                  idPalabra={item.id_palabra}
                  senaUrl={item.sena.url}
                  src={mediaUrl(item.sena.url)!}
                  compactSrc={mediaUrl(item.sena.urlCompacta)}
                  kind={item.sena.tipo === 'video' ? 'video' : 'auto'}
                  word={item.palabraEspanol}
                />
              </Box>
            )}
            <Button
              variant="contained"
              size="large"
              autoFocus
              disableFocusRipple
              endIcon={<ArrowForwardIcon />}
              onClick={() => setFeedback(null)}
              sx={{ minHeight: 64, px: 4, fontSize: '1.3rem', ml: 'auto', ...focusRing }}
            >
              {last ? 'Ver resultado' : 'Siguiente'}
            </Button>
          </Paper>
        )}
      </>
    );
  }

  const shown = Math.min(index + 1, total);
  return (
    <LearnerPage maxWidth="md">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/home" startIcon={<ArrowBackIcon />} sx={{ fontSize: '1.05rem', minHeight: 48 }}>
          Volver
        </Button>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, color: 'primary.dark', fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          Repaso de hoy
        </Typography>
        {total > 0 && !finished ? (
          <Typography sx={{ fontWeight: 800, fontSize: '1.3rem' }} data-testid="review-progress">
            {shown} de {total}
          </Typography>
        ) : (
          <Box sx={{ width: 48 }} />
        )}
      </Box>
      {total > 0 && !finished && (
        // A plain bar, not MUI's LinearProgress: that one is shared with the level menu and would be
        // one more chunk name in the entry chunk /logIn downloads.
        <Box
          role="progressbar"
          aria-label="Progreso del repaso"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={session?.answers.length ?? 0}
          aria-valuetext={`${shown} de ${total}`}
          sx={{ height: 14, borderRadius: 999, mb: 2, bgcolor: '#e7e3f7', overflow: 'hidden' }}
        >
          <Box sx={{ height: '100%', width: `${((session?.answers.length ?? 0) / total) * 100}%`, bgcolor: 'primary.main', borderRadius: 999 }} />
        </Box>
      )}
      {body}
      {item?.tipo === 'palabra_a_sena' && (
        <EnlargedSign title={enlarged !== null ? `Seña ${enlarged + 1}` : null} onClose={() => setEnlarged(null)}>
          {enlarged !== null && choices[enlarged] && <Sign w={choices[enlarged]} label={`Seña ${enlarged + 1}, en grande`} />}
        </EnlargedSign>
      )}
    </LearnerPage>
  );
}

function HomeButton() {
  return (
    <Button
      component={RouterLink}
      to="/home"
      variant="contained"
      size="large"
      autoFocus
      startIcon={<ArrowBackIcon />}
      sx={{ minHeight: 64, px: 4, fontSize: '1.3rem' }}
    >
      Volver al inicio
    </Button>
  );
}
