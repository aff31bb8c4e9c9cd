/**
 * "Mis clases" and "Unirme a una clase" on /perfil (docs/product/screens-learner.md L-15.2): the classes the child is in, and a
 * class code to join one. The server words every answer (joined, already in it, no such class, bad
 * code); this screen shows its message as it is, beside the field, not in a modal the child has to
 * close. Only a type is imported from the classes contract: no zod in the learner's chunk.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import GroupsIcon from '@mui/icons-material/Groups';
import { apiGet, apiPost, type ApiError } from '../../api/http';
import { codigoEscrito } from './codigo';

interface Clase {
  id_clase: number;
  nombre: string;
}

/** Adds a class to the list unless it is there already (by id). */
const withClase = (list: Clase[], c: Clase) => (list.some((x) => x.id_clase === c.id_clase) ? list : [...list, c]);

export function ClassesSection() {
  const titleId = useId();
  const joinId = useId();
  // The child's active classes (GET clase/mias); one joined here is added at once.
  const [clases, setClases] = useState<Clase[] | null>(null);
  const [codigo, setCodigo] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; msg: string } | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    apiGet<{ data?: Clase[] }>('clase/mias', { signal: ctrl.signal })
      .then((r) => setClases(r?.data ?? []))
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setClases([]);
      });
    return () => ctrl.abort();
  }, []);

  async function onJoin(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    setAnswer(null);
    try {
      const r = await apiPost<{ msg?: string; data?: Clase }>('clase/unirme', { codigo });
      setSending(false);
      if (r?.data) setClases((list) => withClase(list ?? [], r.data!));
      setAnswer({ ok: true, msg: r?.msg || '¡Ya estás en la clase!' });
      setCodigo('');
    } catch (err) {
      setSending(false);
      setAnswer({ ok: false, msg: (err as ApiError).msg || 'No se pudo unir a la clase. Inténtalo de nuevo.' });
    }
  }

  return (
    <Box component="section" aria-labelledby={titleId} data-testid="mis-clases" sx={{ mt: 4, pt: 3, borderTop: '2px solid #e6e1ff' }}>
      <Typography id={titleId} variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
        Mis clases
      </Typography>
      {clases === null ? (
        <Typography role="status">Cargando tus clases...</Typography>
      ) : clases.length === 0 ? (
        <Typography sx={{ fontSize: '1.1rem' }}>Todavía no estás en ninguna clase.</Typography>
      ) : (
        <Box component="ul" aria-label="Mis clases" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}>
          {clases.map((c) => (
            <Box
              component="li"
              key={c.id_clase}
              data-testid="mi-clase"
              sx={{
                listStyle: 'none',
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 2,
                py: 1,
                borderRadius: 999,
                bgcolor: '#f4f1ff',
                fontWeight: 800,
                fontSize: '1.15rem',
              }}
            >
              <GroupsIcon aria-hidden="true" sx={{ color: 'primary.main' }} />
              {c.nombre}
            </Box>
          ))}
        </Box>
      )}

      <Box component="form" noValidate onSubmit={onJoin} aria-labelledby={joinId} sx={{ mt: 3 }}>
        <Typography id={joinId} variant="h6" component="h3" sx={{ fontWeight: 800, mb: 1 }}>
          Unirme a una clase
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
          <TextField
            label="Código de clase"
            name="codigo"
            value={codigo}
            onChange={(e) => setCodigo(codigoEscrito(e.target.value))}
            helperText="6 letras y números. Te lo da tu profesor."
            autoComplete="off"
            slotProps={{
              htmlInput: { autoCapitalize: 'characters', spellCheck: false, style: { fontSize: '1.5rem', letterSpacing: '0.3em', fontWeight: 800 } },
            }}
            sx={{ flex: '1 1 220px', maxWidth: 320 }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={sending}
            startIcon={sending ? <CircularProgress size={20} color="inherit" aria-label="Enviando" /> : <GroupsIcon />}
            sx={{ minHeight: 56, fontSize: '1.15rem', px: 3 }}
          >
            Unirme
          </Button>
        </Box>
        <Box role="status" aria-live="polite" sx={{ mt: 1.5 }}>
          {answer && (
            <Alert severity={answer.ok ? 'success' : 'error'} data-testid="unirme-respuesta" sx={{ fontSize: '1.1rem' }}>
              {answer.msg}
            </Alert>
          )}
        </Box>
      </Box>
    </Box>
  );
}
