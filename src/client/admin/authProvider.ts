import type { AuthProvider } from 'react-admin';
import { clearSession, getStoredUser } from '../auth/session';
import { logout } from '../auth/logout';
import { readRole } from '../../shared/roles';
import { mediaUrl } from '../api/http';
import { canAccess } from './canAccess';

/** Avatar pictures of the learner side, by the stored avatar value. */
export function avatarSrc(avatar: unknown): string | undefined {
  if (avatar === 'boy') return '/img/avatar-boy.svg';
  if (avatar === 'girl') return '/img/avatar-girl.svg';
  if (typeof avatar === 'string' && /^(https?:|\/|uploads\/)/.test(avatar)) return mediaUrl(avatar) ?? undefined;
  return undefined;
}

/**
 * The back office reads the session the learner login stored (`user`, `token`): there is no
 * react-admin login page. Access is the pure canAccess() mirror of the route table.
 */
export const authProvider: AuthProvider = {
  async login() {
    // The login screen is the learner one (/logIn).
    throw new Error('Inicia sesión desde la pantalla de ingreso.');
  },
  async logout() {
    // Also signs out of Google (Firebase) when it was loaded in this page.
    await logout();
    return '/logIn';
  },
  async checkAuth() {
    if (!getStoredUser()) throw { redirectTo: '/logIn', message: false };
  },
  async checkError(error: { status?: number }) {
    // 401 = the session is gone (expired token, deactivated account): sign out. 403 is a refusal
    // of one action and is shown as its message instead.
    if (error?.status === 401) {
      clearSession();
      throw { redirectTo: '/logIn', message: false };
    }
  },
  async getIdentity() {
    const u = getStoredUser();
    if (!u) throw new Error('Sin sesión');
    return { id: u.id, fullName: u.nombre, avatar: avatarSrc(u.avatar) };
  },
  async getPermissions() {
    return readRole(getStoredUser());
  },
  async canAccess({ resource, action }) {
    return canAccess(readRole(getStoredUser()), { resource, action });
  },
};
