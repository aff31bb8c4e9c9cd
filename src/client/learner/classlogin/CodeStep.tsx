import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { apiGet, ApiError } from '../../api/http';
// Types only: the declaration module carries zod, which this first screen must not download. The
// messages (CLASE_MSG) are the server's: every refusal below shows the reply's msg.
import type { ClaseEntradaWire } from '../../../shared/resources/clases';
import { CLASS_CODE_LENGTH, normalizeClassCode } from '../../../shared/rules/classes';
import { Message } from './parts';

/** Step 1 of /logIn/clase: the class code (the server's reply names what is wrong with it). */
export function CodeStep({ initialError, onFound }: { initialError: string | null; onFound: (code: string, c: ClaseEntradaWire) => void }) {
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
