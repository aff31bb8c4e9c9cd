import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { AppError } from './errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 24 random bytes, base64url. Drawn from a pool refilled 256 tokens at a time (one system call, not one per response). */
const TOKEN_BYTES = 24;
let pool = Buffer.alloc(0);
let poolAt = 0;
export function xsrfToken(): string {
  if (poolAt + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * 256);
    poolAt = 0;
  }
  const token = pool.toString('base64url', poolAt, poolAt + TOKEN_BYTES);
  // Each token's bytes are used once.
  pool.fill(0, poolAt, poolAt + TOKEN_BYTES);
  poolAt += TOKEN_BYTES;
  return token;
}

/**
 * Anti-forgery (double-submit cookie): every response that lacks the cookie sets XSRF-TOKEN; a
 * non-GET request that carries the cookie must echo it in X-XSRF-TOKEN, else 403.
 */
export function registerXsrf(app: FastifyInstance, secure: boolean) {
  // A callback hook, not an async one: it runs on every request and awaits nothing (no promise per request).
  app.addHook('onRequest', (req, reply, done) => {
    const cookie = req.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, xsrfToken(), { path: '/', sameSite: 'strict', httpOnly: false, secure });
    }
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/') || cookie === undefined) return done();
    const header = req.headers[XSRF_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    const ok = typeof given === 'string' && given.length === cookie.length && timingSafeEqual(Buffer.from(given), Buffer.from(cookie));
    if (!ok) return done(new AppError(403, 'XSRF', 'La solicitud no se pudo verificar. Recarga la página e inténtalo de nuevo.'));
    done();
  });
}

/** Content-Security-Policy that the SPA, emotion's styles, Phaser (WebGL, blob workers) and media work under. */
export function cspDirectives(config: AppConfig): Record<string, string[]> {
  const connect = ["'self'"];
  const frame = ["'self'"];
  // 'wasm-unsafe-eval' lets the page compile WebAssembly (the hand-tracking model of "¡Ahora tú!",
  // served from 'self'); it does not allow eval() of JavaScript.
  const script = ["'self'", "'wasm-unsafe-eval'"];
  const img = ["'self'", 'data:', 'blob:'];
  if (config.firebase) {
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com');
    frame.push(`https://${config.firebase.authDomain}`, 'https://accounts.google.com');
    script.push('https://apis.google.com');
    img.push('https://lh3.googleusercontent.com');
    if (config.firebase.emulatorHost) {
      connect.push(`http://${config.firebase.emulatorHost}`);
      frame.push(`http://${config.firebase.emulatorHost}`);
    }
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: script,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: img,
    mediaSrc: ["'self'", 'blob:', 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    frameSrc: frame,
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}
