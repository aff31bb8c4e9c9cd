import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PrintIcon from '@mui/icons-material/Print';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Confirm, Title, useNotify } from 'react-admin';
import type { CandidatoWire, ClaseAlumnoWire } from '../../../../shared/resources/clases';
import { PICTURES, PICTURE_PASSWORD_LENGTH, pictureLabel, type PictureKey } from '../../../../shared/rules/classes';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from '../../../api/http';
import { avatarSrc } from '../../authProvider';
import { Picture } from '../../../learner/classlogin/pictures';
import { claseKeys, fechaCorta, useAlumnos, useClase } from './api';
import ImportarAlumnos from './ImportarAlumnos';

const msgOf = (err: unknown) => (err instanceof ApiError ? err.msg : 'No se pudo completar la acción.');

/** What a class's page shows when it cannot load or the caller may not see it: the reason and the way back. */
export function ClaseRefusal({ msg }: { msg: string }) {
  return (
    <>
      <Alert severity="error" role="alert">
        {msg}
      </Alert>
      <Button component={Link} to="/admin/clases" sx={{ mt: 2 }}>
        Volver a las clases
      </Button>
    </>
  );
}

/** A class's page header: its name, its code and the way to its other screens. */
export function ClaseHeader({ id, here }: { id: string; here: 'alumnos' | 'tarjetas' }) {
  const clase = useClase(id);
  return (
    <Box className="no-print" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {here === 'alumnos' ? 'Alumnos' : 'Tarjetas de acceso'}
          {clase.data ? ` · ${clase.data.nombre}` : ''}
        </Typography>
        {clase.data && (
          <Typography color="text.secondary">
            Código de la clase:{' '}
            <Box
              component="span"
              data-testid="codigo-clase"
              sx={{ fontFamily: 'monospace', fontWeight: 800, fontSize: 20, letterSpacing: 3, color: 'text.primary' }}
            >
              {clase.data.codigo}
            </Box>
          </Typography>
        )}
      </Box>
      <Button component={Link} to={`/admin/clases/${id}`} variant="outlined">
        Tablero
      </Button>
      {here === 'alumnos' ? (
        <Button component={Link} to={`/admin/clases/${id}/tarjetas`} variant="outlined" startIcon={<PrintIcon />}>
          Tarjetas
        </Button>
      ) : (
        <Button component={Link} to={`/admin/clases/${id}/alumnos`} variant="outlined">
          Alumnos
        </Button>
      )}
      <Button component={Link} to={`/admin/clases/${id}/editar`} variant="outlined">
        Editar
      </Button>
    </Box>
  );
}

/** The 3 pictures of a password in order (or 3 closed tiles while hidden). */
function PictureRow({ imagenes, hidden, size = 36 }: { imagenes: readonly PictureKey[] | null; hidden?: boolean; size?: number }) {
  if (!imagenes) return <Typography color="text.secondary">Sin clave</Typography>;
  if (hidden)
    return (
      <Box sx={{ display: 'flex', gap: 0.5 }} role="img" aria-label="Clave oculta">
        {imagenes.map((_, i) => (
          <Box key={i} sx={{ width: size, height: size, borderRadius: 1, bgcolor: 'action.selected', display: 'grid', placeItems: 'center' }}>
            <LockIcon fontSize="small" color="disabled" />
          </Box>
        ))}
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }} role="list" aria-label={`Clave: ${imagenes.map(pictureLabel).join(', ')}`} data-testid="clave-imagenes">
      {imagenes.map((k, i) => (
        <Box key={i} role="listitem" title={`${i + 1}. ${pictureLabel(k)}`}>
          <Picture pictureKey={k} size={size} />
        </Box>
      ))}
    </Box>
  );
}

/** 'Elegir': the teacher picks 3 pictures in order (a picture may repeat), as a child would. */
function ElegirClave({ open, nombre, onClose, onSave }: { open: boolean; nombre: string; onClose: () => void; onSave: (seq: PictureKey[]) => void }) {
  const [seq, setSeq] = useState<PictureKey[]>([]);
  const complete = seq.length === PICTURE_PASSWORD_LENGTH;
  useEffect(() => {
    if (open) setSeq([]);
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="elegir-clave-title">
      <DialogTitle id="elegir-clave-title">Elegir las imágenes de {nombre}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          {complete ? 'Listo: pulsa «Guardar». Una imagen puede repetirse.' : 'Toca 3 imágenes en orden. Una imagen puede repetirse.'}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mb: 2 }} aria-live="polite">
          {Array.from({ length: PICTURE_PASSWORD_LENGTH }, (_, i) => (
            <Box
              key={i}
              sx={{ width: 56, height: 56, border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1, display: 'grid', placeItems: 'center' }}
            >
              {seq[i] ? <Picture pictureKey={seq[i]} size={52} /> : <Typography color="text.secondary">{i + 1}</Typography>}
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 72px)', gap: 1 }}>
          {PICTURES.map((p) => (
            <Button
              key={p.key}
              onClick={() => setSeq((s) => (s.length < PICTURE_PASSWORD_LENGTH ? [...s, p.key] : s))}
              disabled={complete}
              aria-label={p.label}
              // Once 3 are chosen the pictures rest, only dimmed a little: a fully greyed grid made
              // the whole dialog, 'Guardar' included, look disabled.
              sx={{ p: 0.5, minWidth: 0, '&.Mui-disabled': { opacity: 0.6 } }}
            >
              <Picture pictureKey={p.key} size={60} />
            </Button>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setSeq([])} disabled={!seq.length}>
          Empezar de nuevo
        </Button>
        <Button onClick={onClose}>Cancelar</Button>
        {/* Repeats are allowed (the server's rule): any 3 pictures, e.g. sol-sol-sol, can be saved. */}
        <Button variant="contained" disabled={!complete} onClick={() => onSave(seq)} data-testid="guardar-clave">
          Guardar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A row's buttons: at least 44 px tall, a finger's size on a tablet. */
const ROW_BUTTON = { minHeight: 44 } as const;

/** One child of the class: who, their picture password (hidden until 'Ver') and what a teacher does. */
function AlumnoRow({ id, a, onChanged }: { id: string; a: ClaseAlumnoWire; onChanged: () => void }) {
  const notify = useNotify();
  const [ver, setVer] = useState(false);
  const [elegir, setElegir] = useState(false);
  const [quitar, setQuitar] = useState(false);
  const [busy, setBusy] = useState(false);
  const nombre = `${a.nombre} ${a.apellido}`.trim();
  const base = `clase/${encodeURIComponent(id)}/alumnos/${a.id}`;
  const run = async (fn: () => Promise<{ msg?: string } | undefined>) => {
    setBusy(true);
    try {
      const r = await fn();
      if (r?.msg) notify(r.msg, { type: 'success' });
      onChanged();
    } catch (err) {
      notify(msgOf(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const bloqueado = a.espera > 0 || a.fallos > 0;
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="alumno"
      aria-label={nombre}
      sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      <Avatar src={avatarSrc(a.avatar)} alt="" sx={{ width: 48, height: 48 }}>
        {a.nombre.slice(0, 1)}
      </Avatar>
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{nombre}</Typography>
        <Typography variant="body2" color="text.secondary">
          {a.fechaNacimiento ? `Nació el ${fechaCorta(a.fechaNacimiento)}` : ''}
          {a.email ? (a.fechaNacimiento ? ` · ${a.email}` : a.email) : ''}
        </Typography>
        {bloqueado && (
          <Typography variant="body2" color="warning.main" sx={{ fontWeight: 700 }}>
            {a.espera > 0 ? `Bloqueado: espera ${a.espera} s` : `${a.fallos} ${a.fallos === 1 ? 'intento fallido' : 'intentos fallidos'}`}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <PictureRow imagenes={a.imagenes} hidden={!ver} />
        {a.imagenes && (
          <Button
            variant="outlined"
            sx={{ minHeight: 44 }}
            onClick={() => setVer((v) => !v)}
            aria-pressed={ver}
            startIcon={ver ? <VisibilityOffIcon /> : <VisibilityIcon />}
            aria-label={`${ver ? 'Ocultar' : 'Ver'} la clave de ${nombre}`}
          >
            {ver ? 'Ocultar' : 'Ver'}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end', flex: '1 1 460px' }}>
        <Button
          variant="outlined"
          sx={ROW_BUTTON}
          disabled={busy}
          aria-label={`Imágenes al azar para ${nombre}`}
          onClick={() =>
            void run(async () => {
              const r = await apiPut<{ msg: string }>(`${base}/clave`, {});
              setVer(true);
              return r;
            })
          }
        >
          Imágenes al azar
        </Button>
        <Button variant="outlined" sx={ROW_BUTTON} disabled={busy} onClick={() => setElegir(true)} aria-label={`Elegir las imágenes de ${nombre}`}>
          Elegir imágenes
        </Button>
        {bloqueado && (
          <Button
            variant="contained"
            sx={ROW_BUTTON}
            color="warning"
            startIcon={<LockOpenIcon />}
            disabled={busy}
            aria-label={`Desbloquear a ${nombre}`}
            onClick={() => void run(() => apiPost<{ msg: string }>(`${base}/desbloquear`))}
          >
            Desbloquear
          </Button>
        )}
        <Button color="error" sx={ROW_BUTTON} disabled={busy} onClick={() => setQuitar(true)} aria-label={`Quitar a ${nombre} de la clase`}>
          Quitar de la clase
        </Button>
      </Box>
      <ElegirClave
        open={elegir}
        nombre={a.nombre}
        onClose={() => setElegir(false)}
        onSave={(seq) => {
          setElegir(false);
          void run(async () => {
            const r = await apiPut<{ msg: string }>(`${base}/clave`, { imagenes: seq });
            setVer(true);
            return r;
          });
        }}
      />
      <Confirm
        isOpen={quitar}
        loading={busy}
        title="¿Estás seguro?"
        content={`${nombre} dejará esta clase. Su cuenta y sus resultados no se borran.`}
        confirm="Sí, quitar"
        cancel="Cancelar"
        confirmColor="warning"
        onConfirm={() => {
          setQuitar(false);
          void run(() => apiDelete<{ msg: string }>(base));
        }}
        onClose={() => setQuitar(false)}
      />
    </Paper>
  );
}

/**
 * 'Agregar alumnos': the children of the teacher's other classes (admins: any learner), ticked and
 * added at once (an account with an email is invited and joins when it accepts); or an invitation
 * by exact email, answered alike whether or not the account exists.
 */
function AgregarAlumnos({ id, open, onClose, onAdded }: { id: string; open: boolean; onClose: () => void; onAdded: () => void }) {
  const notify = useNotify();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Map<number, CandidatoWire>>(new Map());
  const [busy, setBusy] = useState(false);
  const [correo, setCorreo] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => {
    if (open) {
      setText('');
      setCorreo('');
      setChosen(new Map());
    }
  }, [open]);
  const res = useQuery({
    queryKey: ['clase', id, 'candidatos', q],
    queryFn: async () => (await apiGet<{ data: CandidatoWire[] }>(`clase/${encodeURIComponent(id)}/candidatos`, { query: { q } })).data,
    enabled: open,
  });
  const toggle = (c: CandidatoWire) =>
    setChosen((m) => {
      const n = new Map(m);
      if (n.has(c.id)) n.delete(c.id);
      else n.set(c.id, c);
      return n;
    });
  const add = async () => {
    setBusy(true);
    try {
      const r = await apiPost<{ msg: string }>(`clase/${encodeURIComponent(id)}/alumnos`, { ids: [...chosen.keys()] });
      notify(r.msg, { type: 'success' });
      onAdded();
      onClose();
    } catch (err) {
      notify(msgOf(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const invitar = async () => {
    setBusy(true);
    try {
      const r = await apiPost<{ msg: string }>(`clase/${encodeURIComponent(id)}/invitar`, { email: correo.trim() });
      notify(r.msg, { type: 'success' });
      setCorreo('');
    } catch (err) {
      notify(msgOf(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="agregar-title">
      <DialogTitle id="agregar-title">Agregar alumnos</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="Buscar alumnos"
          placeholder="Nombre o apellido"
          helperText="Alumnos de tus otras clases"
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ mt: 1 }}
        />
        {res.isFetching && <LinearProgress sx={{ mt: 1 }} />}
        {res.error && <Alert severity="error">{msgOf(res.error)}</Alert>}
        {res.data && res.data.length === 0 && <Typography sx={{ mt: 2 }}>Sin resultados.</Typography>}
        <List dense>
          {(res.data ?? []).map((c) => (
            <ListItem key={c.id} disablePadding>
              <ListItemButton onClick={() => toggle(c)}>
                <ListItemIcon>
                  <Checkbox edge="start" checked={chosen.has(c.id)} tabIndex={-1} disableRipple inputProps={{ 'aria-label': `${c.nombre} ${c.apellido}` }} />
                </ListItemIcon>
                <Avatar src={avatarSrc(c.avatar)} alt="" sx={{ width: 32, height: 32, mr: 1.5 }} />
                <ListItemText primary={`${c.nombre} ${c.apellido}`} secondary={c.email ?? undefined} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          Invitar por correo
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
          <TextField
            fullWidth
            size="small"
            type="email"
            label="Correo del alumno"
            helperText="El alumno verá la invitación la próxima vez que entre."
            value={correo}
            onChange={(e) => setCorreo(e.target.value)}
          />
          <Button variant="outlined" disabled={busy || !correo.trim()} onClick={() => void invitar()}>
            Invitar
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={busy || chosen.size === 0} onClick={() => void add()}>
          {chosen.size > 0 ? `Agregar ${chosen.size}` : 'Agregar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /admin/clases/:id/alumnos: the class's children with their picture passwords (hidden until
 * 'Ver', so a child looking over the shoulder does not see them), and the teacher's actions: add
 * existing children, import new ones, new password, unlock, remove.
 */
export default function Alumnos() {
  const { id = '' } = useParams();
  const location = useLocation();
  const qc = useQueryClient();
  const notify = useNotify();
  const alumnos = useAlumnos(id);
  const [agregar, setAgregar] = useState(false);
  const [importar, setImportar] = useState(false);
  const [importados, setImportados] = useState<number | null>((location.state as { importados?: number } | null)?.importados ?? null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: claseKeys.clase(id) });
  };
  const desbloquearClase = async () => {
    try {
      const r = await apiPost<{ msg: string }>(`clase/${encodeURIComponent(id)}/desbloquear`);
      notify(r.msg, { type: 'success' });
      refresh();
    } catch (err) {
      notify(msgOf(err), { type: 'error' });
    }
  };
  const refused = alumnos.error instanceof ApiError && (alumnos.error.status === 403 || alumnos.error.status === 404);
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 1200 }}>
      <Title title="Alumnos de la clase" />
      {refused ? (
        <ClaseRefusal msg={msgOf(alumnos.error)} />
      ) : (
        <>
          <ClaseHeader id={id} here="alumnos" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAgregar(true)}>
              Agregar alumnos
            </Button>
            <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setImportar(true)}>
              Importar alumnos
            </Button>
            <Button variant="outlined" startIcon={<LockOpenIcon />} onClick={() => void desbloquearClase()}>
              Desbloquear clase
            </Button>
          </Box>
          {importados !== null && (
            <Alert
              severity="success"
              sx={{ mb: 2 }}
              onClose={() => setImportados(null)}
              action={
                <Button
                  component={Link}
                  to={`/admin/clases/${id}/tarjetas`}
                  color="inherit"
                  variant="outlined"
                  startIcon={<PrintIcon />}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  Imprimir tarjetas
                </Button>
              }
            >
              {importados === 1 ? 'Se importó 1 alumno' : `Se importaron ${importados} alumnos`}. Imprime sus tarjetas para que puedan entrar con sus imágenes.
            </Alert>
          )}
          {alumnos.isLoading && <LinearProgress />}
          {alumnos.error && !refused && <Alert severity="error">{msgOf(alumnos.error)}</Alert>}
          {alumnos.data && alumnos.data.length === 0 && (
            <Alert severity="info">Esta clase aún no tiene alumnos. Agrega alumnos que ya tienen cuenta o importa una lista.</Alert>
          )}
          {alumnos.data && alumnos.data.length > 0 && (
            <>
              <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="alumnos-total">
                {alumnos.data.length === 1 ? '1 alumno' : `${alumnos.data.length} alumnos`}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} aria-label="Alumnos de la clase">
                {alumnos.data.map((a) => (
                  <AlumnoRow key={a.id} id={id} a={a} onChanged={refresh} />
                ))}
              </Box>
            </>
          )}
          <AgregarAlumnos id={id} open={agregar} onClose={() => setAgregar(false)} onAdded={refresh} />
          <ImportarAlumnos
            id={id}
            open={importar}
            onClose={() => setImportar(false)}
            onImported={(n) => {
              setImportados(n);
              refresh();
            }}
          />
        </>
      )}
    </Box>
  );
}
