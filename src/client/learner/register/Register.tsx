import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuthLayout, AvatarChoice } from '../auth/AuthLayout';
import { apiPost, ApiError } from '../../api/http';
import { useAlert } from '../../ui/AlertModal';
import { validateRegistration, type RegistrationForm } from '../../../shared/validation/registration';
import { codigoEscrito } from '../profile/codigo';
import { registerErrorMessage } from './classCodeError';

const EMPTY: RegistrationForm = {
  nombre: '',
  apellido: '',
  fechaNacimiento: '',
  Credentials: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone: '',
  avatar: '',
  sexo: '',
};

/** Registration success text: '¡{nombre} {apellido}, tu usuario ha sido creado exitosamente! 🎉'. */
const successMessage = (f: Pick<RegistrationForm, 'nombre' | 'apellido'>) =>
  `¡${f.nombre.trim()} ${f.apellido.trim()}, tu usuario ha sido creado exitosamente! 🎉`;

/** /singIn: the sign-up form, with the checks of screens-learner.md L-4.3 in their order. */
export default function Register() {
  const navigate = useNavigate();
  const alert = useAlert();
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [toast, setToast] = useState(false);
  // An optional class code (L-4.1), outside the six checks of L-4.3: sent only when typed.
  const [codigoClase, setCodigoClase] = useState('');

  const set = (k: keyof RegistrationForm) => (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateRegistration(form);
    if (problem) {
      await alert(problem, { kind: 'warning' });
      return;
    }
    setLoading(true);
    try {
      await apiPost('user/register', {
        nombre: form.nombre.trim(),
        apellido: form.apellido.trim(),
        fechaNacimiento: form.fechaNacimiento,
        email: form.email.trim(),
        photo: null,
        password: form.password,
        avatar: form.avatar,
        sexo: form.sexo,
        phone: form.phone.trim(),
        Credential: form.Credentials.trim(),
        ...(codigoClase ? { codigoClase } : {}),
      });
      setLoading(false);
      setToast(true);
      await alert(successMessage(form), { kind: 'success' });
      navigate('/logIn');
    } catch (err) {
      setLoading(false);
      const e2 = err as ApiError;
      console.error('Error al registrar', e2);
      const msg = registerErrorMessage(e2, form.email.trim(), codigoClase);
      await alert(msg, { kind: 'error' });
    }
  }

  return (
    <AuthLayout hideBelow={1221} wide>
      <Tabs value={1} variant="fullWidth" sx={{ mb: 2 }} aria-label="Cuenta">
        <Tab label="Iniciar sesión" component={RouterLink} to="/logIn" value={0} />
        <Tab label="Regístrate" value={1} />
      </Tabs>
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1">
          ¡Bienvenido!
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          Regístrate
        </Typography>
      </Box>
      {loading ? (
        <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}>
          <CircularProgress aria-hidden="true" />
          <Typography>Creando tu cuenta...</Typography>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <TextField label="Nombre" name="nombre" placeholder="Ingresa tu nombre" value={form.nombre} onChange={set('nombre')} autoComplete="given-name" />
          <TextField
            label="Apellido"
            name="apellido"
            placeholder="Ingresa tu apellido"
            value={form.apellido}
            onChange={set('apellido')}
            autoComplete="family-name"
          />
          <TextField
            label="Fecha de nacimiento"
            name="fechaNacimiento"
            type="date"
            value={form.fechaNacimiento}
            onChange={set('fechaNacimiento')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField label="Credencial" name="Credentials" placeholder="Ingresa tu credencial" value={form.Credentials} onChange={set('Credentials')} />
          <TextField
            label="Correo electrónico"
            name="email"
            type="email"
            placeholder="Ingresa tu correo"
            value={form.email}
            onChange={set('email')}
            autoComplete="email"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <TextField
            label="Contraseña"
            name="password"
            type="password"
            placeholder="Mínimo 8 caracteres"
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
          />
          <TextField
            label="Repetir contraseña"
            name="confirmPassword"
            type="password"
            placeholder="Repite tu contraseña"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            autoComplete="new-password"
          />
          <TextField
            label="Celular (opcional)"
            name="phone"
            type="tel"
            placeholder="Ej. 5512345678"
            value={form.phone}
            onChange={set('phone')}
            autoComplete="tel"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <TextField
            label="Código de clase (opcional)"
            name="codigoClase"
            placeholder="Te lo da tu profesor"
            value={codigoClase}
            onChange={(e) => setCodigoClase(codigoEscrito(e.target.value))}
            autoComplete="off"
            helperText="Si tu profesor te dio un código, escríbelo para entrar en su clase."
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <Typography sx={{ mb: 1, textAlign: 'center', fontWeight: 700 }}>Elige tu avatar</Typography>
            <AvatarChoice value={form.avatar} onChange={(v) => setForm((f) => ({ ...f, avatar: v }))} />
          </Box>
          <TextField
            select
            label="Sexo"
            name="sexo"
            value={form.sexo}
            onChange={set('sexo')}
            sx={{ gridColumn: { sm: '1 / -1' } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {/* L-4.1's disabled, empty placeholder (the label 'Sexo' names the field). */}
            <MenuItem value="" disabled sx={{ minHeight: 36 }} />
            <MenuItem value="niño">Niño</MenuItem>
            <MenuItem value="niña">Niña</MenuItem>
          </TextField>
          <Button type="submit" variant="contained" size="large" sx={{ gridColumn: { sm: '1 / -1' } }}>
            ¡Registrarte!
          </Button>
          <Button type="button" variant="outlined" onClick={() => navigate('/logIn')} sx={{ gridColumn: { sm: '1 / -1' } }}>
            Ya tengo cuenta
          </Button>
        </Box>
      )}
      <Snackbar open={toast} autoHideDuration={5000} onClose={() => setToast(false)} anchorOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Alert severity="success" variant="filled" onClose={() => setToast(false)}>
          Registro exitoso
        </Alert>
      </Snackbar>
    </AuthLayout>
  );
}
