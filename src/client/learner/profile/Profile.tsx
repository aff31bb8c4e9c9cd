import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuthLayout, AvatarChoice } from '../auth/AuthLayout';
import { apiGet, apiPut, ApiError } from '../../api/http';
import { getStoredUser, updateStoredUser, type SessionUser } from '../../auth/session';
import { useAlert } from '../../ui/AlertModal';
import { Loading } from '../../ui/Loading';
import { PreferencesSection } from './PreferencesSection';
import { ClassesSection } from './ClassesSection';
import { readRole } from '../../../shared/roles';
import { NO_USER_ID_MSG, PROFILE_PHONE_MSG, PROFILE_PHONE_RE, unchangedProfileValue } from '../../../shared/validation/registration';
import { INVALID_BIRTH_DATE_MSG, isBirthDate } from '../../../shared/validation/dates';
import { hasBidiControl, NAME_BIDI_MSG } from '../../../shared/validation/names';

interface ProfileForm {
  nombre: string;
  apellido: string;
  /** null: a child created in a class without an email (L-15.1): no email field, none sent. */
  email: string | null;
  fechaNacimiento: string;
  phone: string;
  avatar: string;
  sexo: string;
}

/** /perfil: the learner's own profile, and below it the preferences (saved on their own, not by the form). */
/** From this width the backdrop's children illustration fits beside the profile card. */
const PROFILE_ILLUSTRATION_BESIDE = 1200;

export default function Profile() {
  const alert = useAlert();
  const navigate = useNavigate();
  const [user] = useState(() => getStoredUser());
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [full, setFull] = useState<SessionUser | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!user) {
      void alert('Usuario no identificado. Inicia sesión de nuevo.', { kind: 'error' }).then(() => navigate('/login'));
      return;
    }
    let live = true;
    apiGet<{ data: SessionUser }>(`user/${user.id}`)
      .then((r) => {
        if (!live) return;
        const u = r.data;
        setFull(u);
        setForm({
          nombre: u.nombre ?? '',
          apellido: u.apellido ?? '',
          email: typeof u.email === 'string' && u.email ? u.email : null,
          fechaNacimiento: u.fechaNacimiento ?? '',
          phone: u.phone ?? '',
          avatar: u.avatar === 'girl' || u.avatar === 'boy' ? u.avatar : '',
          sexo: u.sexo ?? '',
        });
      })
      .catch((err: ApiError) => {
        if (live) void alert(err.msg || 'No se pudo cargar tu perfil.', { kind: 'error' });
      });
    return () => {
      live = false;
    };
  }, [user, alert, navigate]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    if (!user?.id) return void (await alert(NO_USER_ID_MSG, { kind: 'error' }));
    if (!form.nombre.trim()) return void (await alert('El nombre es obligatorio.', { kind: 'warning' }));
    // The ten-digit rule is for a phone the child changes; the one they signed up with stays valid.
    const phoneChanged = !unchangedProfileValue(form.phone, full?.phone);
    if (phoneChanged && form.phone.trim() && !PROFILE_PHONE_RE.test(form.phone.trim())) return void (await alert(PROFILE_PHONE_MSG, { kind: 'warning' }));
    // The server's rules for a changed name or date (the same shared helpers), told before sending.
    const changedNames = (['nombre', 'apellido'] as const).filter((k) => !unchangedProfileValue(form[k], full?.[k]));
    if (changedNames.some((k) => hasBidiControl(form[k]))) return void (await alert(NAME_BIDI_MSG, { kind: 'warning' }));
    const dateChanged = !unchangedProfileValue(form.fechaNacimiento, full?.fechaNacimiento);
    if (dateChanged && form.fechaNacimiento && !isBirthDate(form.fechaNacimiento)) return void (await alert(INVALID_BIRTH_DATE_MSG, { kind: 'warning' }));
    setSaving(true);
    try {
      // All user fields except password and Credential, plus the chosen avatar.
      const payload = {
        nombre: form.nombre.trim(),
        apellido: form.apellido.trim(),
        ...(form.email !== null ? { email: form.email } : {}),
        fechaNacimiento: form.fechaNacimiento || null,
        phone: form.phone.trim() || null,
        sexo: form.sexo || undefined,
        status: full?.status,
        avatar: form.avatar || undefined,
      };
      const res = await apiPut<{ msg?: string; data?: SessionUser }>(`user/${user.id}`, payload);
      if (res.data)
        updateStoredUser({
          nombre: res.data.nombre,
          apellido: res.data.apellido,
          avatar: res.data.avatar,
          sexo: res.data.sexo,
          fechaNacimiento: res.data.fechaNacimiento,
          phone: res.data.phone,
        });
      setSaving(false);
      await alert(res.msg || 'Perfil actualizado correctamente', { kind: 'success' });
    } catch (err) {
      setSaving(false);
      await alert((err as ApiError).msg || 'Error al actualizar el perfil', { kind: 'error' });
    }
  }

  const set = (k: keyof ProfileForm) => (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, [k]: e.target.value } : f));

  return (
    // The backdrop's children illustration sits beside the card only where there is room for it
    // (≥ 1200 px: the 640 px card plus the 280 px picture on each side). Narrower tablets show it
    // whole on top of the card instead of half hidden behind it; phones keep it hidden.
    <AuthLayout wide hideBelow={PROFILE_ILLUSTRATION_BESIDE}>
      <Box
        component="img"
        src="/img/ninos.svg"
        alt=""
        data-decorative="ninos"
        sx={{
          display: 'none',
          width: 200,
          maxWidth: '60%',
          mx: 'auto',
          mb: 1,
          [`@media (min-width: 768px) and (max-width: ${PROFILE_ILLUSTRATION_BESIDE - 1}px)`]: { display: 'block' },
        }}
      />
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', mb: 2 }}>
        Mi perfil
      </Typography>
      {!form ? (
        <Loading label="Cargando tu perfil..." />
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
          aria-busy={saving}
        >
          <TextField label="Nombre" name="nombre" value={form.nombre} onChange={set('nombre')} />
          <TextField label="Apellido" name="apellido" value={form.apellido} onChange={set('apellido')} />
          {form.email !== null && (
            <TextField
              label="Correo electrónico"
              name="email"
              value={form.email}
              slotProps={{ input: { readOnly: true } }}
              helperText="El correo no se puede cambiar."
              sx={{ gridColumn: { sm: '1 / -1' } }}
            />
          )}
          <TextField
            label="Fecha de nacimiento"
            name="fechaNacimiento"
            type="date"
            value={form.fechaNacimiento}
            onChange={set('fechaNacimiento')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Teléfono (opcional)"
            name="phone"
            type="tel"
            value={form.phone}
            onChange={set('phone')}
            helperText="10 dígitos"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <Typography sx={{ mb: 1, textAlign: 'center', fontWeight: 700 }}>Tu avatar</Typography>
            <AvatarChoice value={form.avatar} onChange={(v) => setForm((f) => (f ? { ...f, avatar: v } : f))} />
          </Box>
          <TextField select label="Sexo" name="sexo" value={form.sexo} onChange={set('sexo')} sx={{ gridColumn: { sm: '1 / -1' } }}>
            <MenuItem value="niño">Niño</MenuItem>
            <MenuItem value="niña">Niña</MenuItem>
          </TextField>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={saving}
            sx={{ gridColumn: { sm: '1 / -1' } }}
            startIcon={saving ? <CircularProgress size={20} color="inherit" aria-label="Guardando" /> : undefined}
          >
            Actualizar Perfil
          </Button>
          <Button component={RouterLink} to="/home" variant="text" sx={{ gridColumn: { sm: '1 / -1' } }}>
            Volver al inicio
          </Button>
        </Box>
      )}
      {/* Joining a class is for learners; staff manage classes in the back office. */}
      {user && readRole(user) === 'usuario' && <ClassesSection />}
      {user && <PreferencesSection />}
    </AuthLayout>
  );
}
