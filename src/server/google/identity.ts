import { roleRank, type Role } from '../../shared/roles';

/** constants.md C-1 "Google account defaults": the name a Google account without a display name gets. */
export const GOOGLE_DEFAULT_NOMBRE = 'Usuario Google';
/** constants.md C-1: the avatar a Google account without a photo gets. */
export const GOOGLE_DEFAULT_AVATAR = 'google';
export { GOOGLE_ERROR_MSG } from '../../shared/google';
/** Accounts without an email still need a unique address in our table: this reserved domain never receives mail. */
export const NO_EMAIL_DOMAIN = 'sin-correo.google.invalid';

/** What a verified Firebase ID token tells us (the claims we use). */
export interface GoogleClaims {
  uid: string;
  email?: string | null;
  emailVerified?: boolean;
  name?: string | null;
  picture?: string | null;
}

export interface RoleMappingConfig {
  superadminEmail: string | null;
  adminEmailDomain: string | null;
  /** Role of "anyone else" (default profesor, constants.md C-1.5). */
  defaultRole: 'profesor' | 'usuario';
}

/** The account fields a Google identity maps to (constants.md C-1). */
export interface GoogleIdentity {
  googleUid: string;
  nombre: string;
  /** Lower-cased; '' when the account has no usable email. */
  email: string;
  avatar: string;
  /** The photo URL when it is a safe http(s) URL, else null. */
  photo: string | null;
}

function clean(s: string | null | undefined): string {
  // Control characters become spaces; runs of white space collapse.
  return Array.from(s ?? '', (ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Only http(s) URLs of a sane length become an avatar (never javascript:, data: ...). */
export function safePhotoUrl(url: string | null | undefined): string | null {
  const s = (url ?? '').trim();
  if (!s || s.length > 2048) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/**
 * constants.md C-1: id from the provider's uid, nombre from the display name (default 'Usuario
 * Google'), email, avatar from the photo URL (default 'google'). An email Google has not verified
 * is not trusted: it counts as no email (no linking, no role from it).
 */
export function mapGoogleIdentity(c: GoogleClaims): GoogleIdentity {
  const nombre = clean(c.name).slice(0, 100) || GOOGLE_DEFAULT_NOMBRE;
  const email = c.emailVerified === false ? '' : clean(c.email).toLowerCase();
  const photo = safePhotoUrl(c.picture);
  return { googleUid: c.uid, nombre, email, avatar: photo ?? GOOGLE_DEFAULT_AVATAR, photo };
}

/** The address stored for an account whose Google identity has no usable email. */
export function placeholderEmail(uid: string): string {
  return `${uid.toLowerCase().replace(/[^a-z0-9._-]/g, '_')}@${NO_EMAIL_DOMAIN}`;
}

/** True when `email`'s domain is `domain` or one of its subdomains (case-insensitive). */
export function emailInDomain(email: string, domain: string): boolean {
  const d = domain.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  const at = email.lastIndexOf('@');
  if (!d || at < 1) return false;
  const host = email.slice(at + 1).toLowerCase();
  return host === d || host.endsWith(`.${d}`);
}

/**
 * constants.md C-1.5 (README D-8): the superadmin address → superadmin; an email of the admin domain → admin; an
 * empty email → usuario; anyone else → profesor (configurable: GOOGLE_DEFAULT_ROLE). "Containing the
 * domain" is read as "whose domain is it (or a subdomain)": x@escuela.test.evil.example contains the
 * text but is not of the school's domain.
 */
export function googleRole(email: string, cfg: RoleMappingConfig): Role {
  const e = clean(email).toLowerCase();
  if (!e) return 'usuario';
  if (cfg.superadminEmail && e === cfg.superadminEmail.trim().toLowerCase()) return 'superadmin';
  if (cfg.adminEmailDomain && emailInDomain(e, cfg.adminEmailDomain)) return 'admin';
  return cfg.defaultRole;
}

/**
 * The role row to add on a Google sign-in, or null. A NEW account gets exactly the mapped role
 * (usuario = no row). An EXISTING account keeps its roles: only the operator's explicit mappings
 * (superadmin address, admin domain) raise it; the default role is never pushed onto an existing
 * account (a child who links Google does not become profesor) and nothing is ever lowered.
 */
export function roleToGrant(mapped: Role, existing: { isNew: boolean; current: Role }): Role | null {
  if (existing.isNew) return mapped === 'usuario' ? null : mapped;
  if (mapped !== 'superadmin' && mapped !== 'admin') return null;
  return roleRank(mapped) > roleRank(existing.current) ? mapped : null;
}
