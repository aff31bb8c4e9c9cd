/** docs/product/screens-learner.md L-2: what the login screen shows when Google sign-in fails (and the server's msg then). */
export const GOOGLE_ERROR_MSG = 'Error al iniciar sesión con Google';

/**
 * GET /api/config/public → `{ google }`: the Firebase web settings the server was started with
 * (FIREBASE_* variables; public by Firebase's design), or null when Google sign-in is off.
 */
export interface PublicGoogleConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** host:port of the Firebase Auth emulator (tests and local development only). */
  emulatorHost?: string;
}
