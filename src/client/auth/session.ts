import { readStoredUser } from '../../shared/routes';
import { readRole, type Role } from '../../shared/roles';

/** The session user as kept in the browser under `user` (the login reply's usuario, as it is). */
export interface SessionUser {
  id: number;
  nombre: string;
  /** null for a child created in a class without an email (wire W-10.1). */
  email: string | null;
  avatar?: string | null;
  rol?: string | null;
  apellido?: string;
  fechaNacimiento?: string | null;
  phone?: string | null;
  sexo?: string | null;
  status?: boolean;
  roles?: { nombre: string }[];
  [key: string]: unknown;
}

const listeners = new Set<() => void>();
export function onSessionChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
function emit() {
  for (const fn of listeners) fn();
}

export function getStoredUser(): SessionUser | null {
  if (typeof localStorage === 'undefined') return null;
  const read = readStoredUser(localStorage.getItem('user'));
  return read.ok ? (read.user as unknown as SessionUser) : null;
}

export function getRole(): Role {
  return readRole(getStoredUser());
}

export function getToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem('token');
}

/** After login: user, role, token and userId, the keys of screens-learner.md L-1.2. */
export function saveSession(token: string, usuario: SessionUser) {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(usuario));
  localStorage.setItem('userRole', readRole(usuario));
  localStorage.setItem('userId', String(usuario.id));
  emit();
}

/** Merges fresh profile fields into the stored user (keeps the keys the login stored). */
export function updateStoredUser(patch: Partial<SessionUser>) {
  const current = getStoredUser();
  if (!current) return;
  localStorage.setItem('user', JSON.stringify({ ...current, ...patch }));
  emit();
}

/** Logout: removes token, user, role and every other local key. */
export function clearSession() {
  localStorage.removeItem('token');
  localStorage.removeItem('user');
  localStorage.removeItem('userRole');
  localStorage.removeItem('userId');
  localStorage.clear();
  emit();
}
