/**
 * Logout, in its own module (not session.ts): the login page, which carries session.ts, never
 * needs it — and with it the offline clearing's lazy import stays out of /logIn's first visit.
 */
import { readCookie } from '../api/http';
import { clearSession, getStoredUser, getToken } from './session';

/**
 * Ends the session on the server (the token is refused from then on, on every device that copied
 * it). Sent with keepalive so it survives the page changing right after; never waited for: a child
 * who logs out offline is logged out of this browser at once all the same.
 */
function endServerSession() {
  const token = getToken();
  if (!token || typeof fetch === 'undefined') return;
  const xsrf = readCookie('XSRF-TOKEN');
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  void fetch('/api/user/logout', { method: 'POST', headers, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
}

/** Signs out of the identity provider too when it was loaded (Google; never loaded just for this), and deletes this child's offline data from the device. */
export async function logout() {
  const hook = (window as unknown as { __manitasSignOutProvider?: () => Promise<void> }).__manitasSignOutProvider;
  const userId = Number(getStoredUser()?.id) || null;
  endServerSession();
  clearSession();
  // The device's queue of this child and the offline caches go too (a shared tablet: L-1.2).
  await import('../offline/clear').then((m) => m.clearDeviceData(userId)).catch((err) => console.warn('No se pudieron borrar los datos sin conexión', err));
  if (hook) {
    try {
      await hook();
    } catch {
      /* the local session is gone either way */
    }
  }
}
