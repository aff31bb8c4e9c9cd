import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { apiPost, ApiError } from '../../api/http';
import { saveSession, type SessionUser } from '../../auth/session';
import { PICTURES, PICTURE_PASSWORD_LENGTH, type PictureKey } from '../../../shared/rules/classes';
import { Picture } from './pictures';
import { ChildAvatar, FOCUS, ICON, Icon, Message, RoundButton, type Alumno } from './parts';

const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  20%, 60% { transform: translateX(-12px); }
  40%, 80% { transform: translateX(12px); }
`;

/** Seconds named by the server's 429 message ("Espera N segundos…"); 5 if it names none. */
const secondsIn = (msg: string) => Number(/(\d+)\s+segundo/.exec(msg)?.[1] ?? 5);

/** Step 3 of /logIn/clase: the child's 3 pictures in order; the server's refusals are shown as they come (CLASE_MSG). */
export function PicturesStep({ codigo, alumno, onBack }: { codigo: string; alumno: Alumno; onBack: () => void }) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<PictureKey[]>([]);
  const [sending, setSending] = useState(false);
  const [wrong, setWrong] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const clearTimer = useRef<number | undefined>(undefined);

  const waiting = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  useEffect(() => {
    if (waitUntil <= Date.now()) return;
    const id = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= waitUntil) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [waitUntil]);
  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const submit = useCallback(
    async (imagenes: PictureKey[]) => {
      setSending(true);
      try {
        const res = await apiPost<{ token: string; usuario: SessionUser }>('user/logInClase', { codigo, id_usuario: alumno.id, imagenes });
        saveSession(res.token, res.usuario);
        navigate('/home');
      } catch (err) {
        const e = err as ApiError;
        setSending(false);
        if (e.status === 429) {
          setWaitUntil(Date.now() + secondsIn(e.msg) * 1000);
          setNow(Date.now());
          setMessage(null);
          setChosen([]);
          return;
        }
        setMessage(e.msg);
        setWrong((n) => n + 1);
        // Let the slots shake with the wrong pictures, then empty them for the next try.
        clearTimer.current = window.setTimeout(() => setChosen([]), 600);
      }
    },
    [alumno.id, codigo, navigate],
  );

  const pick = (k: PictureKey) => {
    if (sending || waiting > 0 || chosen.length >= PICTURE_PASSWORD_LENGTH) return;
    window.clearTimeout(clearTimer.current);
    const next = [...chosen, k];
    setChosen(next);
    setMessage(null);
    if (next.length === PICTURE_PASSWORD_LENGTH) void submit(next);
  };
  const undo = () => {
    if (sending) return;
    setChosen((c) => c.slice(0, -1));
    setMessage(null);
  };
  const blocked = sending || waiting > 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, alignSelf: 'stretch' }}>
        <RoundButton onClick={onBack} label="Volver a los nombres" d={ICON.back} />
        <ChildAvatar avatar={alumno.avatar} size={56} />
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, flex: 1, wordBreak: 'break-word' }}>
          {alumno.nombre}
        </Typography>
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
        Toca tus 3 imágenes
      </Typography>
      {/* The chosen pictures, in order, numbered 1 2 3 as on the printed login card. */}
      <Box
        key={wrong}
        role="group"
        aria-label={`Elegidas: ${chosen.length} de ${PICTURE_PASSWORD_LENGTH}`}
        data-testid="slots"
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          animation: wrong > 0 && message ? `${shake} 0.45s ease-in-out` : 'none',
        }}
      >
        {Array.from({ length: PICTURE_PASSWORD_LENGTH }, (_, i) => (
          <Box
            key={i}
            data-filled={chosen[i] ? 'true' : 'false'}
            sx={{
              position: 'relative',
              width: { xs: 56, sm: 72 },
              height: { xs: 56, sm: 72 },
              borderRadius: '22%',
              border: chosen[i] ? 0 : 3,
              borderStyle: 'dashed',
              borderColor: message ? 'error.main' : 'grey.400',
              boxShadow: chosen[i] && message ? (t) => `0 0 0 3px ${t.palette.error.main}` : 'none',
              display: 'grid',
              placeItems: 'center',
              color: 'grey.500',
              fontSize: { xs: 28, sm: 36 },
              fontWeight: 800,
            }}
          >
            {chosen[i] ? <Picture pictureKey={chosen[i]!} /> : <span aria-hidden="true">{i + 1}</span>}
            {chosen[i] && (
              <Box
                aria-hidden="true"
                sx={{
                  position: 'absolute',
                  top: -8,
                  left: -8,
                  width: 24,
                  height: 24,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: '#fff',
                  fontSize: 15,
                  lineHeight: '24px',
                  textAlign: 'center',
                }}
              >
                {i + 1}
              </Box>
            )}
          </Box>
        ))}
        <Box sx={{ ml: 1 }}>
          <RoundButton onClick={undo} disabled={chosen.length === 0 || blocked} label="Borrar" d={ICON.borrar} />
        </Box>
      </Box>
      {/*
        The message's place is kept even when empty: a message that appeared above the pictures would
        push them down just as the child taps again, onto the wrong picture.
      */}
      <Box aria-live="assertive" data-testid="mensaje" sx={{ width: '100%', height: { xs: 72, sm: 76 }, display: 'flex', alignItems: 'center' }}>
        {message && <Message kind="error">{message}</Message>}
      </Box>
      <Box sx={{ position: 'relative', width: 'min(100%, 48vh, 520px)' }}>
        <Box
          role="group"
          aria-label="Imágenes"
          aria-busy={sending}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(3, 1fr)',
            gap: { xs: 1, sm: 1.5 },
            // As big as the screen allows: the width of the card, and short enough to fit a landscape tablet.
            width: '100%',
            opacity: waiting > 0 ? 0.25 : sending ? 0.5 : 1,
          }}
        >
          {PICTURES.map((p) => (
            <ButtonBase
              key={p.key}
              onClick={() => pick(p.key)}
              disabled={blocked}
              focusRipple
              aria-label={p.label}
              sx={{
                borderRadius: '22%',
                transition: 'transform 80ms',
                '&:active': { transform: 'scale(0.94)' },
                '&.Mui-focusVisible': FOCUS,
              }}
            >
              <Picture pictureKey={p.key} decorative />
            </ButtonBase>
          ))}
        </Box>
        {sending && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <CircularProgress size={64} aria-label="Cargando" />
          </Box>
        )}
        {waiting > 0 && <Countdown seconds={waiting} />}
      </Box>
    </Box>
  );
}

/** Read by screen readers, not shown (MUI's visuallyHidden, written out: see the note at the top). */
const SR_ONLY = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * Too many wrong tries: over the faded pictures, an hourglass and the seconds left as a big number
 * (a child who barely reads sees it count down), 'Espera…' and, smaller, the hint for the grown-up.
 * Screen readers hear the whole sentence once (the number changes every second, so it is not live).
 */
function Countdown({ seconds }: { seconds: number }) {
  return (
    <Box
      data-testid="espera"
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.5,
        textAlign: 'center',
        color: '#663c00',
        px: 1,
      }}
    >
      <Box role="alert" sx={SR_ONLY}>
        Espera un momento e inténtalo de nuevo. Tu profesor puede desbloquearte.
      </Box>
      <Box
        aria-hidden="true"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 3,
          py: 1,
          borderRadius: '999px',
          bgcolor: '#fff4e5',
          border: 3,
          borderColor: '#ffb74d',
          boxShadow: 3,
        }}
      >
        <Icon d={ICON.espera} size={72} color="#ed6c02" />
        <Box
          data-testid="espera-segundos"
          sx={{ fontSize: { xs: 72, sm: 96 }, fontWeight: 800, lineHeight: 1, minWidth: '1.2em', fontVariantNumeric: 'tabular-nums' }}
        >
          {seconds}
        </Box>
      </Box>
      <Box aria-hidden="true" sx={{ mt: 1, px: 2, borderRadius: '12px', bgcolor: 'rgba(255,255,255,0.85)' }}>
        <Box sx={{ fontSize: { xs: 30, sm: 36 }, fontWeight: 800 }}>Espera…</Box>
        <Box sx={{ fontSize: 16, fontWeight: 600, color: 'text.secondary', pb: 0.5 }}>Tu profesor puede desbloquearte.</Box>
      </Box>
    </Box>
  );
}
