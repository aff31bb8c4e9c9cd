import { createHash } from 'node:crypto';
import { getApps, initializeApp, type App, type AppOptions } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { FirebaseConfig } from '../config';
import type { GoogleClaims } from './identity';

/** Why a token was not accepted: `invalid` = the token's fault (401), `unavailable` = ours (503). */
export class GoogleTokenError extends Error {
  constructor(
    public readonly kind: 'invalid' | 'unavailable',
    public readonly reason: string,
  ) {
    super(reason);
  }
}

export interface GoogleVerifier {
  /** The claims of a valid, unexpired, unrevoked Firebase ID token; else throws GoogleTokenError. */
  verify(idToken: string): Promise<GoogleClaims>;
}

/** Emulator mode accepts unsigned tokens, so it is only allowed for Firebase's offline demo projects. */
export function emulatorAllowed(cfg: FirebaseConfig): boolean {
  return !!cfg.emulatorHost && cfg.projectId.startsWith('demo-');
}

// Firebase error codes that mean "we could not check", not "the token is bad".
const UNAVAILABLE = new Set([
  'auth/internal-error',
  'app/internal-error',
  'app/invalid-credential',
  'auth/invalid-credential',
  'app/network-error',
  'app/network-timeout',
  'auth/insufficient-permission',
  'auth/project-not-found',
  'app/invalid-app-options',
  'auth/invalid-argument-project-id',
]);

// The admin SDK reports a failed fetch of Google's public keys as an argument error; its message tells.
const FETCH_FAILURE = /Error fetching public keys|Error while making request|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|network/i;

const extraOptions = new Map<string, Partial<AppOptions>>();
let generation = 0;
const cache = new Map<string, GoogleVerifier>();

/**
 * Tests only: extra firebase-admin options (an httpAgent that answers Google's public keys and
 * account lookups locally, a credential) for the app of this project id. Never used by the server.
 */
export function setAdminOptionsForTests(projectId: string, opts: Partial<AppOptions> | null) {
  if (opts) extraOptions.set(projectId, opts);
  else extraOptions.delete(projectId);
  generation += 1;
  cache.clear();
}

/** One firebase-admin app per distinct configuration (its name is derived from it). */
function adminApp(cfg: FirebaseConfig, emulator: boolean): App {
  const key = JSON.stringify([cfg.projectId, emulator ? cfg.emulatorHost : null, generation]);
  const name = `manitas-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
  return getApps().find((a) => a.name === name) ?? initializeApp({ projectId: cfg.projectId, ...extraOptions.get(cfg.projectId) }, name);
}

/**
 * The verifier for a Firebase configuration. In emulator mode (a `demo-` project with
 * FIREBASE_AUTH_EMULATOR_HOST) the admin SDK reads the emulator host from process.env, so it is set
 * before the first verification; outside emulator mode a stray FIREBASE_AUTH_EMULATOR_HOST in the
 * environment would make the SDK skip signature checks, so every token is then refused.
 */
export function googleVerifier(cfg: FirebaseConfig): GoogleVerifier {
  const emulator = emulatorAllowed(cfg);
  const cacheKey = JSON.stringify([cfg.projectId, cfg.emulatorHost ?? null]);
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  let app: App | null = null;
  const verifier: GoogleVerifier = {
    async verify(idToken) {
      if (cfg.emulatorHost && !emulator) {
        throw new GoogleTokenError('unavailable', 'FIREBASE_AUTH_EMULATOR_HOST solo se admite con un proyecto demo-');
      }
      if (emulator) process.env.FIREBASE_AUTH_EMULATOR_HOST = cfg.emulatorHost;
      else if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
        throw new GoogleTokenError('unavailable', 'FIREBASE_AUTH_EMULATOR_HOST está definido pero el servidor no está en modo emulador');
      }
      app ??= adminApp(cfg, emulator);
      try {
        // checkRevoked: a token revoked (or of a disabled account) in Firebase is refused.
        const d = await getAuth(app).verifyIdToken(idToken, true);
        return {
          uid: d.uid,
          email: typeof d.email === 'string' ? d.email : null,
          emailVerified: d.email_verified === true,
          name: typeof d.name === 'string' ? d.name : null,
          picture: typeof d.picture === 'string' ? d.picture : null,
        };
      } catch (err) {
        const code = String((err as { code?: unknown }).code ?? '');
        const message = String((err as Error).message ?? '');
        const unavailable = UNAVAILABLE.has(code) || (code === 'auth/argument-error' && FETCH_FAILURE.test(message));
        throw new GoogleTokenError(unavailable ? 'unavailable' : 'invalid', `${code} ${message}`.trim());
      }
    },
  };
  cache.set(cacheKey, verifier);
  return verifier;
}
