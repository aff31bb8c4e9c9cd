import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { apiGet, apiPost, ApiError } from '../../api/http';
import { saveSession, type SessionUser } from '../../auth/session';
// Types only: the declaration module carries zod, which this first screen must not download. The
// messages (CLASE_MSG) are the server's: every refusal below shows the reply's msg.
import type { ClaseEntradaWire } from '../../../shared/resources/clases';
import { CLASS_CODE_LENGTH, PICTURES, PICTURE_PASSWORD_LENGTH, isClassCode, normalizeClassCode, type PictureKey } from '../../../shared/rules/classes';
import { Picture } from './pictures';

/*
 * Small pieces drawn here rather than imported (MUI Alert, IconButton, @mui/icons-material): each of
 * those is a chunk of its own that the entry chunk of /logIn (at its 150 KB budget) would have to
 * name, see pictures.tsx.
 */
const ICON = {
  back: 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z',
  borrar:
    'M22 3H7c-.69 0-1.23.35-1.59.88L0 12l5.41 8.11c.36.53.9.89 1.59.89h15c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m-3 12.59L17.59 17 14 13.41 10.41 17 9 15.59 12.59 12 9 8.41 10.41 7 14 10.59 17.59 7 19 8.41 15.41 12z',
  // A filled circle with a cross (Material 'Cancel'): "no" at a glance, for a child who reads little.
  error:
    'M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12z',
  // A filled hourglass (Material 'HourglassFull'): solid enough to read at a glance over the faded pictures.
  espera: 'M6 2v6h.01L6 8.01 10 12l-4 4 .01.01H6V22h12v-5.99h-.01L18 16l-4-4 4-3.99-.01-.01H18V2z',
  cara: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-3 9.75a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5m6 0a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5M12 20c-4.41 0-8-3.59-8-8 0-.29.02-.58.05-.86 2.36-1.05 4.23-2.98 5.21-5.37C11.07 8.33 14.05 10 17.42 10c.78 0 1.53-.09 2.25-.26.21.71.33 1.47.33 2.26 0 4.41-3.59 8-8 8',
} as const;

function Icon({ d, size = 32, color = 'currentColor' }: { d: string; size?: number; color?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill={color} aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/**
 * A big, friendly message: a large icon (a red circle with a cross for an error, seen before any
 * word is read) and a short sentence, read out by screen readers (role alert).
 */
function Message({ kind, children, id }: { kind: 'error' | 'espera'; children: ReactNode; id?: string }) {
  const error = kind === 'error';
  return (
    <Box
      role="alert"
      id={id}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        width: '100%',
        boxSizing: 'border-box',
        px: { xs: 1.5, sm: 2 },
        py: 1,
        borderRadius: '16px',
        fontSize: { xs: 18, sm: 20 },
        lineHeight: 1.3,
        fontWeight: 700,
        bgcolor: error ? '#fdecea' : '#fff4e5',
        color: error ? '#5f2120' : '#663c00',
        border: 2,
        borderColor: error ? '#f5c2c0' : '#ffd8a8',
        '& > svg': { flex: 'none', width: { xs: 48, sm: 56 }, height: { xs: 48, sm: 56 } },
      }}
    >
      <Icon d={error ? ICON.error : ICON.espera} color={error ? '#d32f2f' : '#ed6c02'} size={56} />
      <span>{children}</span>
    </Box>
  );
}

/**
 * The keyboard focus ring of this flow: the app's blue (primary), the colour a focused field has
 * everywhere else; red stays for errors only.
 */
const FOCUS = { outline: '4px solid', outlineColor: 'primary.main', outlineOffset: 2 } as const;

/** A round button with an icon only (its name is for screen readers). */
function RoundButton({ onClick, label, d, disabled = false }: { onClick: () => void; label: string; d: string; disabled?: boolean }) {
  return (
    <ButtonBase
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      focusRipple
      sx={{
        width: 56,
        height: 56,
        flex: 'none',
        borderRadius: '50%',
        border: 2,
        borderColor: 'divider',
        color: 'text.secondary',
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-disabled': { opacity: 0.4 },
        '&.Mui-focusVisible': FOCUS,
      }}
    >
      <Icon d={d} />
    </ButtonBase>
  );
}

/**
 * The account screens' sky (learner/auth/AuthLayout.tsx) drawn with Box only: AuthLayout's Paper
 * would be shared with the email login and split its chunks, which /logIn pays for (see pictures.tsx).
 */
function Sky({ children }: { children: ReactNode }) {
  const deco = { '@media (max-width: 1099px)': { display: 'none' } };
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        position: 'relative',
        overflow: 'hidden',
        background: 'linear-gradient(180deg, #a9def9 0%, #e4f4ff 60%, #fef9ef 100%)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: { xs: 1.5, sm: 3 },
      }}
    >
      <Box component="img" src="/img/nube.svg" alt="" sx={{ position: 'absolute', top: 40, left: 30, width: 220, opacity: 0.9, ...deco }} />
      <Box component="img" src="/img/nube.svg" alt="" sx={{ position: 'absolute', top: 120, right: 60, width: 180, opacity: 0.8, ...deco }} />
      <Box component="img" src="/img/ninos.svg" alt="" sx={{ position: 'absolute', bottom: 20, left: 20, width: 260, ...deco }} />
      <Box component="img" src="/img/logo.svg" alt="" sx={{ position: 'absolute', bottom: 30, right: 40, width: 120, ...deco }} />
      <Box
        sx={{
          position: 'relative',
          zIndex: 1,
          width: '100%',
          maxWidth: 640,
          p: { xs: 2.5, sm: 4 },
          borderRadius: '28px',
          bgcolor: 'background.paper',
          boxShadow: 6,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** Where this tablet remembers its class, so the next child starts at the names. */
export const CLASS_CODE_STORAGE = 'manitasClaseCodigo';

type Alumno = ClaseEntradaWire['alumnos'][number];

const readStoredCode = () => {
  try {
    const v = localStorage.getItem(CLASS_CODE_STORAGE);
    return v && isClassCode(v) ? v : null;
  } catch {
    return null;
  }
};

function avatarSrc(avatar: string | null): string | null {
  return avatar === 'girl' ? '/img/avatar-girl.svg' : avatar === 'boy' ? '/img/avatar-boy.svg' : null;
}

function ChildAvatar({ avatar, size }: { avatar: string | null; size: number }) {
  const src = avatarSrc(avatar);
  if (src) return <Box component="img" src={src} alt="" sx={{ width: size, height: size, display: 'block' }} />;
  return (
    <Box sx={{ color: 'primary.main', display: 'flex' }}>
      <Icon d={ICON.cara} size={size} />
    </Box>
  );
}

/**
 * /logIn/clase: a child who has no email logs in in three steps, with as few words as possible
 * (many are 6, deaf or hard of hearing, and barely read): the class code (remembered on the
 * tablet), their own name button, then their 3 pictures in order. The session is stored as the
 * email login stores it, and the child goes to /home.
 */
export default function ClassLogin() {
  const [codigo, setCodigo] = useState<string | null>(readStoredCode);
  const [clase, setClase] = useState<ClaseEntradaWire | null>(null);
  const [alumno, setAlumno] = useState<Alumno | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  // A remembered code: load its class (the code may have been changed or the class closed).
  useEffect(() => {
    if (!codigo || clase) return;
    let live = true;
    apiGet<{ data: ClaseEntradaWire }>(`clase/codigo/${codigo}`)
      .then((r) => live && setClase(r.data))
      .catch((err: ApiError) => {
        if (!live) return;
        if (err.status === 404 || err.status === 400) localStorage.removeItem(CLASS_CODE_STORAGE);
        setLoadError(err.msg);
        setCodigo(null);
      });
    return () => {
      live = false;
    };
  }, [codigo, clase]);

  const changeClass = () => {
    localStorage.removeItem(CLASS_CODE_STORAGE);
    setClase(null);
    setAlumno(null);
    setCodigo(null);
    setLoadError(null);
  };

  let body;
  if (!codigo) {
    body = (
      <CodeStep
        initialError={loadError}
        onFound={(code, c) => {
          localStorage.setItem(CLASS_CODE_STORAGE, code);
          setLoadError(null);
          setClase(c);
          setCodigo(code);
        }}
      />
    );
  } else if (!clase) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Cargando" />
      </Box>
    );
  } else if (!alumno) {
    body = <NamesStep clase={clase} onPick={setAlumno} onChangeClass={changeClass} />;
  } else {
    body = <PicturesStep codigo={codigo} alumno={alumno} onBack={() => setAlumno(null)} />;
  }
  return <Sky>{body}</Sky>;
}

function CodeStep({ initialError, onFound }: { initialError: string | null; onFound: (code: string, c: ClaseEntradaWire) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const [loading, setLoading] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const code = normalizeClassCode(value);
    setLoading(true);
    setError(null);
    try {
      // Also a malformed or empty code goes to the server, which answers with the message to show ('-' stands for empty).
      const r = await apiGet<{ data: ClaseEntradaWire }>(`clase/codigo/${encodeURIComponent(code || '-')}`);
      onFound(code, r.data);
    } catch (err) {
      setError((err as ApiError).msg);
      setLoading(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={loading} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3 }}>
      <Box component="img" src="/img/logo.svg" alt="Manitas" sx={{ width: 72, height: 72 }} />
      <Typography variant="h4" component="h1" id="codigo-titulo" sx={{ textAlign: 'center', fontWeight: 700 }}>
        Escribe el código de tu clase
      </Typography>
      {/*
        A plain <input>: a MUI input component would share modules with the email login and split
        its chunks, which /logIn (at its 150 KB budget) pays for, see pictures.tsx.
      */}
      <Box
        component="input"
        value={value}
        // Upper case, no spaces or dashes, as the code is printed: what the child sees is what is sent.
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          setValue(normalizeClassCode(e.target.value).slice(0, CLASS_CODE_LENGTH));
          setError(null);
        }}
        autoFocus
        disabled={loading}
        placeholder="ABC123"
        aria-labelledby="codigo-titulo"
        aria-invalid={!!error}
        aria-describedby={error ? 'codigo-error' : undefined}
        autoCapitalize="characters"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        name="codigo"
        sx={{
          width: '100%',
          maxWidth: 420,
          boxSizing: 'border-box',
          border: 4,
          borderStyle: 'solid',
          borderColor: error ? 'error.main' : 'primary.main',
          borderRadius: '20px',
          bgcolor: '#fff',
          color: 'text.primary',
          outline: 'none',
          textAlign: 'center',
          fontSize: { xs: 40, sm: 56 },
          fontWeight: 700,
          letterSpacing: { xs: '0.2em', sm: '0.3em' },
          // The spacing also follows the last letter: indent as much so the code sits in the middle.
          textIndent: { xs: '0.2em', sm: '0.3em' },
          fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace',
          py: 1.5,
          // Focused: the app's blue ring around the blue border; an error makes both red.
          '&:focus-visible': { boxShadow: (t) => `0 0 0 4px ${error ? t.palette.error.light : t.palette.primary.light}` },
          '&::placeholder': { color: 'text.disabled', opacity: 0.35 },
        }}
      />
      {error && (
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <Message kind="error" id="codigo-error">
            {error}
          </Message>
        </Box>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={loading}
        startIcon={loading ? <CircularProgress size={24} color="inherit" aria-label="Cargando" /> : undefined}
        sx={{ width: '100%', maxWidth: 420, minHeight: 72, fontSize: 28, borderRadius: '20px' }}
      >
        {/* Not 'Entrar': this step only finds the class; the child enters after the pictures. */}
        Seguir
      </Button>
      <Button component={RouterLink} to="/logIn" sx={{ textDecoration: 'underline', minHeight: 48, px: 3, fontSize: 18 }}>
        Entrar con correo
      </Button>
    </Box>
  );
}

/** The name's size on its button: 22px, smaller for long names so a name of up to ~12 letters fits whole. */
const nameSize = (nombre: string) => (nombre.length > 9 ? 17 : nombre.length > 7 ? 20 : 22);

function NamesStep({ clase, onPick, onChangeClass }: { clase: ClaseEntradaWire; onPick: (a: Alumno) => void; onChangeClass: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 700 }}>
        {clase.nombre}
      </Typography>
      <Typography sx={{ textAlign: 'center', fontSize: 22 }} id="nombres-titulo">
        ¿Quién eres?
      </Typography>
      {clase.alumnos.length === 0 ? (
        <Message kind="espera">Esta clase todavía no tiene alumnos. Pide ayuda a tu profesor.</Message>
      ) : (
        <Box
          component="ul"
          aria-labelledby="nombres-titulo"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0.5,
            // Wrapped rows of equal buttons, centred: a grid's empty columns would leave a short
            // class's names huddled on the left of a tablet.
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            gap: 1.5,
            maxHeight: '62vh',
            overflowY: 'auto',
          }}
        >
          {clase.alumnos.map((a) => (
            <Box component="li" key={a.id} sx={{ width: { xs: 'calc(50% - 6px)', sm: 160 } }}>
              <ButtonBase
                onClick={() => onPick(a)}
                focusRipple
                sx={{
                  width: '100%',
                  minHeight: 140,
                  flexDirection: 'column',
                  gap: 1,
                  px: 1,
                  py: 1.5,
                  borderRadius: '20px',
                  border: 3,
                  borderColor: 'primary.light',
                  bgcolor: '#f5fbff',
                  '&:hover': { bgcolor: '#e3f2fd' },
                  '&.Mui-focusVisible': FOCUS,
                }}
              >
                <ChildAvatar avatar={a.avatar} size={72} />
                {/* A long name gets a smaller size so it stays whole ("Valentin / a" is unreadable to a
                    young reader); breaking inside a word is only a last resort. */}
                <Typography component="span" sx={{ fontSize: nameSize(a.nombre), lineHeight: '30px', fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {a.nombre}
                </Typography>
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}
      <Button type="button" onClick={onChangeClass} sx={{ alignSelf: 'center', fontSize: 16, textDecoration: 'underline' }}>
        Cambiar de clase
      </Button>
    </Box>
  );
}

const shake = keyframes`
  0%, 100% { transform: translateX(0); }
  20%, 60% { transform: translateX(-12px); }
  40%, 80% { transform: translateX(12px); }
`;

/** Seconds named by the server's 429 message ("Espera N segundos…"); 5 if it names none. */
const secondsIn = (msg: string) => Number(/(\d+)\s+segundo/.exec(msg)?.[1] ?? 5);

function PicturesStep({ codigo, alumno, onBack }: { codigo: string; alumno: Alumno; onBack: () => void }) {
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
