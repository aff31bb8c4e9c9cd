import { INVALID_BIRTH_DATE_MSG, isBirthDate } from './dates';
import { hasBidiControl, NAME_BIDI_MSG } from './names';

/** Registration checks of docs/product/screens-learner.md L-4.3, run in that order. */
export const REG_MSG = {
  phone: 'El número de teléfono no es válido. Solo números (7 a 15 dígitos).',
  birthDate: 'La fecha de nacimiento no puede ser hoy o una fecha futura.',
  required: 'Todos los campos son obligatorios',
  mismatch: 'Las contraseñas no coinciden',
  short: 'La contraseña debe tener al menos 8 caracteres',
  email: 'El correo electrónico no es válido',
} as const;

export const PASSWORD_MIN = 8;
const PHONE_RE = /^\+?\d{7,15}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const AVATARS = ['boy', 'girl'] as const;
export const SEXOS = ['niño', 'niña'] as const;

export const PHOTO_MSG = 'La foto no es válida: elige uno de los avatares o una imagen subida a Manitas.';
/** A picture stored by our own uploads, in the form the app stores it (`uploads/{folder}/{name}`). */
const STORED_UPLOAD_RE = /^uploads\/(niveles|preguntas|respuestas|multimedia|contenidos)\/[a-f0-9]{24}-[a-f0-9]{6}\.(jpg|png|gif|webp)$/;
/**
 * A sign-up `photo`: none, one of the avatars the app offers, or one of our stored uploads. Any
 * other text (a `javascript:` or `data:` URL, a foreign address, 200 KB of anything) is refused:
 * screens put it where a picture goes.
 */
export const isAllowedPhoto = (v: unknown): boolean =>
  v === null || v === undefined || v === '' || (typeof v === 'string' && ((AVATARS as readonly string[]).includes(v) || STORED_UPLOAD_RE.test(v)));

export interface RegistrationForm {
  nombre: string;
  apellido: string;
  fechaNacimiento: string;
  Credentials: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  avatar: string;
  sexo: string;
}

/** YYYY-MM-DD of a date in the browser's (or server's) local calendar. */
function localDateString(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The first failing rule's message, or null when the form passes every check. */
export function validateRegistration(f: RegistrationForm, today: string = localDateString(new Date())): string | null {
  const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  // 1. Phone: 7 to 15 digits with an optional leading plus.
  if (!PHONE_RE.test(s(f.phone))) return REG_MSG.phone;
  // 2. Birth date strictly before today (an empty date is left to the required check).
  if (s(f.fechaNacimiento) && s(f.fechaNacimiento) >= today) return REG_MSG.birthDate;
  // 3. Everything required.
  const required = [f.nombre, f.apellido, f.fechaNacimiento, f.email, f.password, f.confirmPassword, f.Credentials, f.phone, f.avatar, f.sexo];
  if (required.some((v) => !s(v))) return REG_MSG.required;
  // 4. Same password twice.
  if (f.password !== f.confirmPassword) return REG_MSG.mismatch;
  // 5. Length.
  if (f.password.length < PASSWORD_MIN) return REG_MSG.short;
  // 6. Email x@y.z without spaces.
  if (!EMAIL_RE.test(s(f.email))) return REG_MSG.email;
  // Beyond L-4.3's six checks (so their order and messages stay): a date that exists, and names
  // without the controls that make a name display as another (src/shared/validation/*).
  if (!isBirthDate(s(f.fechaNacimiento))) return INVALID_BIRTH_DATE_MSG;
  if (hasBidiControl(f.nombre) || hasBidiControl(f.apellido)) return NAME_BIDI_MSG;
  return null;
}

export { LOGIN_REQUIRED_MSG } from './login';
export const RECOVERY_EMPTY_MSG = 'Por favor ingresa un correo válido';
export const PROFILE_PHONE_RE = /^\d{10}$/;
export const PROFILE_PHONE_MSG = 'El teléfono debe tener 10 dígitos.';

/**
 * The profile's rules (ten-digit phone, shorter names) are stricter than sign-up's (7–15 digits,
 * +; names up to 120): both readings stand (docs/product/README.md D-24). A profile rule applies to a value the user
 * changes; a stored value sent back unchanged is never refused (an admin's status toggle sends the
 * whole record; a child saving a new avatar sends the phone they signed up with).
 */
export function unchangedProfileValue(sent: unknown, stored: unknown): boolean {
  const norm = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
  return sent !== undefined && norm(sent) === norm(stored);
}

/** The profile fields whose rule is stricter than the rule they were stored under. */
export const PROFILE_STRICTER_FIELDS = ['nombre', 'apellido', 'phone', 'fechaNacimiento'] as const;
export const NO_USER_ID_MSG = 'No se pudo identificar al usuario';
