/**
 * Google sign-in through Firebase Auth. This module (and with it the Firebase SDK) is imported
 * only when the Google button is pressed, so Firebase stays out of the login screen's chunk.
 */
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  initializeAuth,
  signInWithPopup,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { PublicGoogleConfig } from '../../shared/google';

const APP_NAME = 'manitas';
let auth: Auth | null = null;

function firebaseAuth(cfg: PublicGoogleConfig): Auth {
  if (auth) return auth;
  const app: FirebaseApp = getApps().some((a) => a.name === APP_NAME)
    ? getApp(APP_NAME)
    : initializeApp({ apiKey: cfg.apiKey, authDomain: cfg.authDomain, projectId: cfg.projectId, ...(cfg.appId ? { appId: cfg.appId } : {}) }, APP_NAME);
  // Local persistence: the Firebase session lives in localStorage, so the app's
  // logout (which clears localStorage) ends it even when Firebase was never loaded on that page.
  auth = initializeAuth(app, { persistence: browserLocalPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  if (cfg.emulatorHost) connectAuthEmulator(auth, `http://${cfg.emulatorHost}`, { disableWarnings: true });
  // Logout (session.ts) signs out of Firebase through this hook, without loading Firebase itself.
  (window as unknown as { __manitasSignOutProvider?: () => Promise<void> }).__manitasSignOutProvider = () => signOut(auth!);
  return auth;
}

/** Opens the Google popup and resolves with a fresh Firebase ID token for the server to verify. */
export async function googleIdToken(cfg: PublicGoogleConfig): Promise<string> {
  const a = firebaseAuth(cfg);
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  const cred = await signInWithPopup(a, provider);
  return cred.user.getIdToken();
}
