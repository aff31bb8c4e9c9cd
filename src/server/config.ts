import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SLOW_REQUEST_MS } from './request-log';
import type { S3Config } from './storage/s3';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface FirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** host:port of the Auth emulator; when set the server accepts emulator tokens. */
  emulatorHost?: string;
}

/**
 * Sign-in, sign-up and recovery requests per minute from one address (each route counted apart). A
 * school puts every tablet behind one public address: 300 lets a whole school arrive in the same
 * minute; password guessing is stopped per account and device instead (src/server/auth/throttle.ts).
 */
export const DEFAULT_AUTH_RATE_LIMIT = 300;

export interface AppConfig {
  port: number;
  host: string;
  /** Embedded database, uploads, outbox and generated secrets. `null` = in memory (tests). */
  dataDir: string | null;
  /** Uploads on this host's disk (the default; unused when `s3` is set). */
  uploadsDir: string;
  /** Uploads in an S3-compatible bucket (S3_BUCKET and the other S3_* variables): what several hosts share. */
  s3: S3Config | null;
  outboxDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  jwtSecret: string;
  /** Token lifetime in seconds. */
  tokenTtl: number;
  smtpUrl: string | null;
  publicUrl: string;
  superadminEmail: string | null;
  adminEmailDomain: string | null;
  /** Role given to other Google accounts (default profesor, constants.md C-1.5). */
  googleDefaultRole: 'profesor' | 'usuario';
  firebase: FirebaseConfig | null;
  /** Built SPA; when missing the server only answers the API. */
  staticDir: string | null;
  maxUploadBytes: number;
  maxJsonBytes: number;
  logLevel: string;
  /** Requests slower than this (ms) are logged even when they succeed (LOG_SLOW_MS; src/server/request-log.ts). */
  slowRequestMs: number;
  /**
   * Seconds before a failed job's first retry (JOBS_RETRY_DELAY_SECONDS, default 10, then doubling;
   * src/server/jobs/queue.ts). Lower it where a failure must show up quickly, as the e2e server does.
   */
  jobRetryDelaySeconds: number | null;
  /** Rate limits (per IP per minute) for login, registration and recovery. */
  authRateLimit: number;
  trustProxy: boolean;
}

function secretFromDir(dataDir: string | null): string {
  if (!dataDir) return randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const databaseUrl = env.DATABASE_URL || null;
  const dataDir = overrides.dataDir !== undefined ? overrides.dataDir : path.resolve(env.DATA_DIR || path.join(PROJECT_ROOT, 'data'));
  const port = Number(env.PORT || 3000);
  const seedDefault = databaseUrl ? '0' : '1';
  const firebase: FirebaseConfig | null =
    env.FIREBASE_API_KEY && env.FIREBASE_PROJECT_ID
      ? {
          apiKey: env.FIREBASE_API_KEY,
          projectId: env.FIREBASE_PROJECT_ID,
          authDomain: env.FIREBASE_AUTH_DOMAIN || `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
          appId: env.FIREBASE_APP_ID || undefined,
          emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
        }
      : null;
  const base: AppConfig = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    uploadsDir: dataDir ? path.join(dataDir, 'uploads') : path.join(PROJECT_ROOT, '.tmp', `uploads-${process.pid}-${randomBytes(4).toString('hex')}`),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || null,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
    outboxDir: dataDir ? path.join(dataDir, 'outbox') : path.join(PROJECT_ROOT, '.tmp', `outbox-${process.pid}-${randomBytes(4).toString('hex')}`),
    databaseUrl,
    seedDemo: (env.SEED_DEMO ?? seedDefault) === '1',
    jwtSecret: env.JWT_SECRET || secretFromDir(dataDir),
    tokenTtl: Number(env.TOKEN_TTL_SECONDS || 60 * 60 * 12),
    smtpUrl: env.SMTP_URL || null,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    superadminEmail: env.SUPERADMIN_EMAIL || null,
    adminEmailDomain: env.ADMIN_EMAIL_DOMAIN || null,
    googleDefaultRole: env.GOOGLE_DEFAULT_ROLE === 'usuario' ? 'usuario' : 'profesor',
    firebase,
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : path.join(PROJECT_ROOT, 'dist', 'client'),
    maxUploadBytes: Number(env.MAX_UPLOAD_MB || 25) * 1024 * 1024,
    maxJsonBytes: Number(env.MAX_JSON_KB || 256) * 1024,
    logLevel: env.LOG_LEVEL || 'info',
    slowRequestMs: Number(env.LOG_SLOW_MS || DEFAULT_SLOW_REQUEST_MS),
    jobRetryDelaySeconds:
      Number.isSafeInteger(Number(env.JOBS_RETRY_DELAY_SECONDS)) && Number(env.JOBS_RETRY_DELAY_SECONDS) >= 1 ? Number(env.JOBS_RETRY_DELAY_SECONDS) : null,
    authRateLimit: Number(env.AUTH_RATE_LIMIT || DEFAULT_AUTH_RATE_LIMIT),
    trustProxy: env.TRUST_PROXY === '1',
  };
  return { ...base, ...overrides };
}
