import http from 'node:http';
import net from 'node:net';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { usuario } from '../../src/server/db/schema';
import {
  GOOGLE_DEFAULT_AVATAR,
  GOOGLE_DEFAULT_NOMBRE,
  GOOGLE_ERROR_MSG,
  emailInDomain,
  googleRole,
  mapGoogleIdentity,
  placeholderEmail,
  roleToGrant,
  safePhotoUrl,
  type RoleMappingConfig,
} from '../../src/server/google/identity';
import { emulatorAllowed, googleVerifier, setAdminOptionsForTests } from '../../src/server/google/verifier';
import type { FirebaseConfig } from '../../src/server/config';

// ---------------------------------------------------------------------------------------------
// Rules (spec, sections 3 and 4): identity mapping and the role of a Google sign-in.
// ---------------------------------------------------------------------------------------------
const MAPPING: RoleMappingConfig = { superadminEmail: 'Jefa@Manitas.test', adminEmailDomain: 'escuela.test', defaultRole: 'profesor' };

describe('Google identity mapping (spec 3)', () => {
  it('takes nombre from the display name and avatar from the photo URL', () => {
    expect(
      mapGoogleIdentity({ uid: 'u1', email: 'Ana@Gmail.com', emailVerified: true, name: '  Ana   López ', picture: 'https://lh3.googleusercontent.com/a/x' }),
    ).toEqual({
      googleUid: 'u1',
      nombre: 'Ana López',
      email: 'ana@gmail.com',
      avatar: 'https://lh3.googleusercontent.com/a/x',
      photo: 'https://lh3.googleusercontent.com/a/x',
    });
  });
  it("defaults: nombre 'Usuario Google', avatar 'google'", () => {
    expect(GOOGLE_DEFAULT_NOMBRE).toBe('Usuario Google');
    expect(GOOGLE_DEFAULT_AVATAR).toBe('google');
    expect(mapGoogleIdentity({ uid: 'u2', email: 'b@x.org', emailVerified: true })).toMatchObject({ nombre: 'Usuario Google', avatar: 'google', photo: null });
    expect(mapGoogleIdentity({ uid: 'u3', email: 'b@x.org', emailVerified: true, name: '   ', picture: '' })).toMatchObject({
      nombre: 'Usuario Google',
      avatar: 'google',
    });
  });
  it('never keeps an unsafe photo URL (javascript:, data:, garbage)', () => {
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'not a url', `https://x.test/${'a'.repeat(2100)}`]) {
      expect(safePhotoUrl(bad)).toBeNull();
      expect(mapGoogleIdentity({ uid: 'u', picture: bad }).avatar).toBe('google');
    }
    expect(safePhotoUrl('http://127.0.0.1:9/p.png')).toBe('http://127.0.0.1:9/p.png');
  });
  it('does not trust an email Google has not verified (no linking, no role from it)', () => {
    expect(mapGoogleIdentity({ uid: 'u4', email: 'jefa@manitas.test', emailVerified: false }).email).toBe('');
  });
  it('gives an account without email a reserved placeholder address', () => {
    expect(placeholderEmail('AbC/9')).toBe('abc_9@sin-correo.google.invalid');
  });
});

describe('Google sign-in role (spec 4)', () => {
  it('the superadmin address gives superadmin (case-insensitive)', () => {
    expect(googleRole('jefa@manitas.test', MAPPING)).toBe('superadmin');
    expect(googleRole('JEFA@manitas.TEST', MAPPING)).toBe('superadmin');
  });
  it('an email of the admin domain (or a subdomain) gives admin', () => {
    expect(googleRole('maestra@escuela.test', MAPPING)).toBe('admin');
    expect(googleRole('maestra@Primaria.Escuela.test', MAPPING)).toBe('admin');
    expect(emailInDomain('x@escuela.test', '@escuela.test')).toBe(true);
  });
  it('an address that merely contains the domain text elsewhere is not of the domain', () => {
    expect(googleRole('x@escuela.test.evil.example', MAPPING)).toBe('profesor');
    expect(googleRole('escuela.test@gmail.com', MAPPING)).toBe('profesor');
    expect(googleRole('x@notescuela.test', MAPPING)).toBe('profesor');
  });
  it('an empty email gives usuario; anyone else the default role (profesor, or usuario when configured)', () => {
    expect(googleRole('', MAPPING)).toBe('usuario');
    expect(googleRole('   ', MAPPING)).toBe('usuario');
    expect(googleRole('ana@gmail.com', MAPPING)).toBe('profesor');
    expect(googleRole('ana@gmail.com', { ...MAPPING, defaultRole: 'usuario' })).toBe('usuario');
  });
  it('unset superadmin address and admin domain grant nothing special', () => {
    expect(googleRole('jefa@manitas.test', { superadminEmail: null, adminEmailDomain: null, defaultRole: 'profesor' })).toBe('profesor');
  });
  it('a new account gets exactly the mapped role (usuario = no role row)', () => {
    expect(roleToGrant('profesor', { isNew: true, current: 'usuario' })).toBe('profesor');
    expect(roleToGrant('superadmin', { isNew: true, current: 'usuario' })).toBe('superadmin');
    expect(roleToGrant('usuario', { isNew: true, current: 'usuario' })).toBeNull();
  });
  it('an existing account is only raised by the superadmin/admin mappings, never lowered, never given the default role', () => {
    expect(roleToGrant('profesor', { isNew: false, current: 'usuario' })).toBeNull();
    expect(roleToGrant('admin', { isNew: false, current: 'usuario' })).toBe('admin');
    expect(roleToGrant('admin', { isNew: false, current: 'superadmin' })).toBeNull();
    expect(roleToGrant('admin', { isNew: false, current: 'admin' })).toBeNull();
    expect(roleToGrant('superadmin', { isNew: false, current: 'admin' })).toBe('superadmin');
    expect(roleToGrant('usuario', { isNew: false, current: 'profesor' })).toBeNull();
  });
  it('emulator mode (which accepts unsigned tokens) is allowed only for demo- projects', () => {
    const base: FirebaseConfig = { apiKey: 'k', authDomain: 'd', projectId: 'demo-manitas', emulatorHost: '127.0.0.1:9399' };
    expect(emulatorAllowed(base)).toBe(true);
    expect(emulatorAllowed({ ...base, projectId: 'manitas-prod' })).toBe(false);
    expect(emulatorAllowed({ ...base, emulatorHost: undefined })).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// The endpoint, outside emulator mode, against a local stand-in for Google: firebase-admin's own
// HTTP calls (Google's public signing certificates, the account lookup of the revocation check)
// go through an agent that answers them from this process. Tokens are signed with a test key.
// ---------------------------------------------------------------------------------------------
const GOOGLE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDjfmlmxv5u/eCJ
YQazzZLiLpjXHnchBYHqtS9Ku5HOmhM50nP4ZJccSi9job4AjVAA6LyAJb0844/c
HwpxaxFKrrSYJnSZlqafz7p2UAII+4FAikj0y1Ufs+0qVoc9T13TjJpS6Z8E2xkz
WUjJfQu1CRQeykGQXMIT4wKAGoJarA26rtfvjQ1zWrTjPGaXoXlXhJuh/DhOGZRX
pW/JN6aMntpLL5lHeVPMDbwyIOoeqtw6tnufDkCZuMgJ73wGTK0n1TIkcaOsXDf2
vT+zRdMO079PiK9cM1ZuOhefdldy80Jp3vtV525+HjXMwYxe2lD8juAssH2/Hfyd
Fwlx1TgHAgMBAAECggEASXDUzAYvu1sgMpltFXynD3elhcTjBnkFsOSfCMw2zPC2
hjMnlye6FLrqQ4rCkOEN081OlTwZtF9uYMxwjZ7X7TkrOfcoKzEUR4FDG9DGZ2ny
FwjNdqFxsJNgXAulCyjlDFdWtq+O0317zDTlp45DykTNBweaVOVtDgh6FSr5rBVF
QCR39BYKGasEqKMPXMh0+bVbVaL78x/XMBqUJL+40GrjwmN6kwiN97vcjpILIsV3
jHqevDJia94v8zWHIFw6NghigUUH21qO5TVRjcGC+EHzsu+Ps0tj0peqY1A2S+hD
oLuJFbhEBQ9xvbLtNDAgkwmk+OyekLw14mQpcfkHWQKBgQD75FBVF8H4sd2gvUPJ
wY2fIFYW6IPHWK7Qhk4QnNiKc8ELM0eo51V24O4GWoaksGiTtVZaCBuax4iRDE2Z
3GaOnwC4YPkluEpGm1BEwQc9WSFC8o31O/TtiJ0+OXy1VVCgWgvKQ2WeXeMo8jUN
XT94LTW4GV9y8d4rz/uBFA92cwKBgQDnNDt+FLeJjHcDPJbnsFb8d/xBJV/iGsW3
iXIiTmkV4EQi+rrhA7HFnD72DT8vlI9t2aZq5+U+2+W0gvHMy+Ckpdzg7rWrC6Xi
/DItVG9vldzu5CVAO25yBUKrBOz+VBpOzTl5rm+LjRnZpQvsK9R1PKg64lQcE4dk
TiEjEDe/HQKBgBPOOubF7HGCgrudxhO6DUmiwEIi3CGzfmNU/BRgUMJqIZag3JSS
Q+0J+I01VvriCAb9LiH8GzeLUtic0Ak2BDZYmDTnIw/tMqHkmmYdi1Uuief6rGDI
6xQ2Nq7q1DxpzeId0ml/7SCLn03b5YH8f/4SB/RGwnOGQwLM4qiejCyzAoGBAOOC
qJBW/oyh5nMO6kgvZEmoIFhS2Nl8Etearu9HTW0zdJkfNUo7AnI8YFBrlKPTgphM
NtC4RQPoC0/oEty+Ot6KQKIvBCG+ooyMMywcDFQ3mmKRqn5cfUBCIOp9PGDAjerB
VC+DEUy3mpprKSJLtxNujvTyxmWiafawUzdXvCOZAoGBAJ4YC/sWcZamR/4SW3Br
MwMZHPm3pdQFNYQAVV5zacS4Sbxsg1S/2Pol+C7TszdSHfIRs73d2P5vSFevHDmf
SGhCfThBIBA4FMolewB0Yv6olGog/ml0Znz7ssiwxCNgg4RlHtH0rsAbqTue2/XX
I4A8p5sKIGMw9F0Ib8PkYwE3
-----END PRIVATE KEY-----`;
const GOOGLE_CERT = `-----BEGIN CERTIFICATE-----
MIIDJzCCAg+gAwIBAgIUFiGQ2qn2bWvan4AQzpFD2VUqE7IwDQYJKoZIhvcNAQEL
BQAwIjEgMB4GA1UEAwwXbWFuaXRhcy10ZXN0LWdvb2dsZS1rZXkwIBcNMjYxMTIy
MDQ1ODI3WhgPMjEyNjEwMjkwNDU4MjdaMCIxIDAeBgNVBAMMF21hbml0YXMtdGVz
dC1nb29nbGUta2V5MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA435p
Zsb+bv3giWEGs82S4i6Y1x53IQWB6rUvSruRzpoTOdJz+GSXHEovY6G+AI1QAOi8
gCW9POOP3B8KcWsRSq60mCZ0mZamn8+6dlACCPuBQIpI9MtVH7PtKlaHPU9d04ya
UumfBNsZM1lIyX0LtQkUHspBkFzCE+MCgBqCWqwNuq7X740Nc1q04zxml6F5V4Sb
ofw4ThmUV6VvyTemjJ7aSy+ZR3lTzA28MiDqHqrcOrZ7nw5AmbjICe98BkytJ9Uy
JHGjrFw39r0/s0XTDtO/T4ivXDNWbjoXn3ZXcvNCad77Vedufh41zMGMXtpQ/I7g
LLB9vx38nRcJcdU4BwIDAQABo1MwUTAdBgNVHQ4EFgQUDmp7SVPhzDOBiFgIbWUA
tguzHwcwHwYDVR0jBBgwFoAUDmp7SVPhzDOBiFgIbWUAtguzHwcwDwYDVR0TAQH/
BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOCAQEAmWuRHko9SZnjoCe3GfyQEiBi//Nm
le96zWGZccVrakcxwgSPHz/ANCHGrsHuX4SnMTbh1aOE/FehfGAODIfGHDtkAV+K
A4wCtLwZgPGt8WlKyhmqEP3Z2jPENMS1aYhfy3r6FYEX0KX7L1DZj6UmsSMET5d9
yLO0cxKJ4kdJtU8dKTFzjmLYwBfnV8FLdvGkFF9nk6Owl2/nzWUxTNcUiqO00Szk
frD2SI/9pjhBpOIoIaoVeEvx+UhZBmIo+WUlmfA0acP5iN/2FLbZmvNtqwHY0OSg
e55AzZu7fa+Ykc1p2ovc4Xc1c1KTFM6/CM0zQgxSz2r1DNcP7Rh9OoRM7g==
-----END CERTIFICATE-----`;
const KID = 'manitas-test-kid';
const PROJECT = 'manitas-test';
const ATTACKER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** Accounts "in Firebase" (for the revocation check): uid → lookup fields. */
const firebaseAccounts = new Map<string, { disabled?: boolean; validSince?: number }>();
let googleStandIn: http.Server;
let standInPort = 0;

/** An http.Agent that firebase-admin accepts for https URLs but that connects to the stand-in. */
class LocalAgent extends http.Agent {
  constructor(private readonly port: () => number) {
    super({ keepAlive: false });
    (this as unknown as { protocol: string }).protocol = 'https:';
  }
  override createConnection(): net.Socket {
    return net.connect(this.port(), '127.0.0.1');
  }
}

function b64(o: unknown) {
  return Buffer.from(JSON.stringify(o)).toString('base64url');
}
const nowS = () => Math.floor(Date.now() / 1000);

/** A Firebase ID token as Google would sign it (override claims, header, or the signing key). */
function idToken(claims: Record<string, unknown>, opts: { key?: string; header?: Record<string, unknown>; unsigned?: boolean } = {}) {
  const uid = String(claims.sub ?? 'uid-x');
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: nowS() - 10,
    iat: nowS() - 10,
    exp: nowS() + 3600,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'google.com', identities: {} },
    ...claims,
  };
  const header = opts.header ?? { alg: opts.unsigned ? 'none' : 'RS256', kid: KID, typ: 'JWT' };
  const input = `${b64(header)}.${b64(payload)}`;
  if (opts.unsigned) return `${input}.`;
  const sig = createSign('RSA-SHA256')
    .update(input)
    .sign(opts.key ?? GOOGLE_KEY)
    .toString('base64url');
  return `${input}.${sig}`;
}
/** A Google account "in Firebase" with a valid token. */
function googleAccount(uid: string, claims: Record<string, unknown> = {}) {
  firebaseAccounts.set(uid, {});
  return idToken({ sub: uid, email_verified: true, ...claims });
}

let t: TestApp;
const signIn = (token: unknown) => t.call('POST', '/api/user/google', { body: { idToken: token } });

beforeAll(async () => {
  googleStandIn = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url?.startsWith('/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com')) {
        res.setHeader('cache-control', 'public, max-age=3600');
        return res.end(JSON.stringify({ [KID]: GOOGLE_CERT }));
      }
      if (req.method === 'POST' && req.url?.startsWith(`/v1/projects/${PROJECT}/accounts:lookup`)) {
        const uid = (JSON.parse(body || '{}').localId ?? [])[0];
        const acc = firebaseAccounts.get(uid);
        return res.end(JSON.stringify(acc ? { users: [{ localId: uid, disabled: !!acc.disabled, validSince: String(acc.validSince ?? nowS() - 3600) }] } : {}));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: 404, message: 'not found' } }));
    });
  });
  await new Promise<void>((r) => googleStandIn.listen(0, '127.0.0.1', r));
  standInPort = (googleStandIn.address() as net.AddressInfo).port;
  setAdminOptionsForTests(PROJECT, {
    httpAgent: new LocalAgent(() => standInPort),
    credential: { getAccessToken: async () => ({ access_token: 'test-access-token', expires_in: 3600 }) },
  });
  t = await makeTestApp({
    firebase: { apiKey: 'test-api-key', authDomain: `${PROJECT}.firebaseapp.com`, projectId: PROJECT, appId: '1:2:web:3' },
    superadminEmail: 'jefa@manitas.test',
    adminEmailDomain: 'escuela.test',
    googleDefaultRole: 'profesor',
  });
});
afterAll(async () => {
  await t?.close();
  setAdminOptionsForTests(PROJECT, null);
  await new Promise((r) => googleStandIn?.close(r));
});

async function userRow(email: string) {
  const [u] = await t.database.db.select().from(usuario).where(eq(usuario.email, email));
  return u;
}

describe('GET /api/config/public', () => {
  it("serves the Firebase web settings the server was started with (no secret: they are public by Firebase's design)", async () => {
    const r = await t.call('GET', '/api/config/public');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ google: { apiKey: 'test-api-key', authDomain: `${PROJECT}.firebaseapp.com`, projectId: PROJECT, appId: '1:2:web:3' } });
  });
});

describe('POST /api/user/google (verified by firebase-admin, not in emulator mode)', () => {
  it('the superadmin address signs in as superadmin with a usable session token', async () => {
    const r = await signIn(googleAccount('uid-jefa', { email: 'Jefa@Manitas.test', name: 'La Jefa', picture: 'https://lh3.googleusercontent.com/a/jefa' }));
    expect(r.statusCode, r.body).toBe(200);
    const { token, usuario: u } = r.json();
    expect(u).toMatchObject({
      nombre: 'La Jefa',
      email: 'jefa@manitas.test',
      avatar: 'https://lh3.googleusercontent.com/a/jefa',
      rol: 'superadmin',
      roles: [{ nombre: 'superadmin' }],
      status: true,
    });
    expect(JSON.stringify(r.json())).not.toMatch(/password|google_uid|googleUid/);
    const me = await t.call('GET', `/api/user/${u.id}`, { as: token });
    expect(me.statusCode).toBe(200);
    const roles = await t.call('GET', '/api/user/usuarios', { as: token });
    expect(roles.statusCode).toBe(200);
  });

  it('an admin-domain email signs in as admin; another email as profesor; no email as usuario', async () => {
    const admin = await signIn(googleAccount('uid-maestra', { email: 'maestra@escuela.test', name: 'Maestra' }));
    expect(admin.json().usuario.rol).toBe('admin');
    const prof = await signIn(googleAccount('uid-ana', { email: 'ana@gmail.com' }));
    expect(prof.json().usuario).toMatchObject({ rol: 'profesor', nombre: 'Usuario Google', avatar: 'google' });
    const trick = await signIn(googleAccount('uid-trick', { email: 'x@escuela.test.evil.example' }));
    expect(trick.json().usuario.rol).toBe('profesor');
    const none = await signIn(googleAccount('uid-noemail', { email: undefined, email_verified: undefined, name: 'Sin Correo' }));
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().usuario).toMatchObject({ rol: 'usuario', roles: [], email: 'uid-noemail@sin-correo.google.invalid', nombre: 'Sin Correo' });
  });

  it('the same Google account twice keeps one user (and its role)', async () => {
    const first = await signIn(googleAccount('uid-twice', { email: 'dos.veces@gmail.com' }));
    const before = await snapshotCounts(t.database);
    const second = await signIn(googleAccount('uid-twice', { email: 'dos.veces@gmail.com', name: 'Otro Nombre' }));
    expect(second.statusCode).toBe(200);
    expect(second.json().usuario.id).toBe(first.json().usuario.id);
    expect(second.json().usuario.rol).toBe('profesor');
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('links an existing account with the same email (case-insensitive) and keeps its role: a child does not become profesor', async () => {
    const ninoId = await t.userId('nino');
    const before = await snapshotCounts(t.database);
    const r = await signIn(googleAccount('uid-nino', { email: 'NINO@manitas.test', name: 'Nombre de Google' }));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().usuario).toMatchObject({ id: ninoId, rol: 'usuario', avatar: 'boy' });
    expect(r.json().usuario.nombre).not.toBe('Nombre de Google');
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect((await userRow('nino@manitas.test'))!.googleUid).toBe('uid-nino');
    // Later sign-ins find the account by its Google uid, even under another address.
    const again = await signIn(googleAccount('uid-nino', { email: 'nino.nuevo@gmail.com' }));
    expect(again.json().usuario.id).toBe(ninoId);
  });

  it('the operator mappings raise an existing account (admin domain), never lower one', async () => {
    const reg = await t.call('POST', '/api/user/register', {
      body: {
        nombre: 'Rosa',
        apellido: 'Díaz',
        fechaNacimiento: '1990-01-01',
        email: 'rosa@escuela.test',
        photo: null,
        password: 'secreto123',
        avatar: 'girl',
        sexo: 'niña',
        phone: '5512345678',
        Credential: 'DOC-1',
      },
    });
    expect(reg.statusCode).toBe(201);
    expect((await signIn(googleAccount('uid-rosa', { email: 'rosa@escuela.test' }))).json().usuario.rol).toBe('admin');
    const sa = await signIn(googleAccount('uid-superadmin-demo', { email: 'superadmin@manitas.test' }));
    expect(sa.json().usuario.rol).toBe('superadmin');
  });

  it('an inactive account is refused (403) and nothing changes', async () => {
    const ninaId = await t.userId('nina');
    await t.database.db.update(usuario).set({ status: false }).where(eq(usuario.id, ninaId));
    try {
      const before = await snapshotCounts(t.database);
      const r = await signIn(googleAccount('uid-nina', { email: 'nina@manitas.test' }));
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('INACTIVE');
      expect(await snapshotCounts(t.database)).toEqual(before);
      expect((await userRow('nina@manitas.test'))!.googleUid).toBeNull();
    } finally {
      await t.database.db.update(usuario).set({ status: true }).where(eq(usuario.id, ninaId));
    }
  });

  it('refuses forged, unsigned, expired, foreign, revoked and disabled tokens with 401, changing nothing', async () => {
    firebaseAccounts.set('uid-evil', {});
    firebaseAccounts.set('uid-revoked', { validSince: nowS() + 60 });
    firebaseAccounts.set('uid-disabled', { disabled: true });
    const evil = { sub: 'uid-evil', email: 'jefa@manitas.test', email_verified: true };
    const cases: [string, string][] = [
      ['signed with another key', idToken(evil, { key: ATTACKER_KEY })],
      ['signed with another key under an unknown kid', idToken(evil, { key: ATTACKER_KEY, header: { alg: 'RS256', kid: 'other', typ: 'JWT' } })],
      ['unsigned (alg none)', idToken(evil, { unsigned: true })],
      [
        'HS256 with the public certificate as secret',
        (() => {
          const input = `${b64({ alg: 'HS256', kid: KID, typ: 'JWT' })}.${b64({ ...evil, iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, iat: nowS(), exp: nowS() + 600, auth_time: nowS() })}`;
          return `${input}.${Buffer.from('x').toString('base64url')}`;
        })(),
      ],
      ['expired', idToken({ ...evil, iat: nowS() - 7200, auth_time: nowS() - 7200, exp: nowS() - 3600 })],
      ['for another Firebase project', idToken({ ...evil, aud: 'otro-proyecto', iss: 'https://securetoken.google.com/otro-proyecto' })],
      [
        'tampered payload',
        (() => {
          const [h, , s] = idToken({ ...evil, email: 'ana.tampered@gmail.com' }).split('.');
          return `${h}.${b64({ ...evil, iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, iat: nowS(), exp: nowS() + 600, auth_time: nowS() })}.${s}`;
        })(),
      ],
      ['revoked in Firebase', idToken({ sub: 'uid-revoked', email: 'revocado@gmail.com', email_verified: true })],
      ['of an account disabled in Firebase', idToken({ sub: 'uid-disabled', email: 'deshabilitado@gmail.com', email_verified: true })],
      ['of an account Firebase does not know', idToken({ sub: 'uid-unknown', email: 'nadie@gmail.com', email_verified: true })],
      ['not a JWT', 'hola'],
    ];
    const before = await snapshotCounts(t.database);
    for (const [label, token] of cases) {
      const r = await signIn(token);
      expect(r.statusCode, label).toBe(401);
      expect(r.json(), label).toEqual({ msg: GOOGLE_ERROR_MSG, code: 'GOOGLE_TOKEN_INVALID' });
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect(await userRow('revocado@gmail.com')).toBeUndefined();
  });

  it('answers 400 with a Spanish message for a missing or malformed idToken, changing nothing', async () => {
    const before = await snapshotCounts(t.database);
    for (const body of [{}, { idToken: '' }, { idToken: 42 }, { idToken: null }, { idToken: 'x'.repeat(9000) }]) {
      const r = await t.call('POST', '/api/user/google', { body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().msg).toMatch(/token de Google/);
      expect(r.json().code).toBe('VALIDATION');
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('refuses every token (503) when the environment says "emulator" but the configuration does not', async () => {
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9');
    try {
      const before = await snapshotCounts(t.database);
      const r = await signIn(idToken({ sub: 'uid-evil', email: 'jefa2@manitas.test', email_verified: true }, { unsigned: true }));
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ msg: GOOGLE_ERROR_MSG, code: 'GOOGLE_UNAVAILABLE' });
      expect(await snapshotCounts(t.database)).toEqual(before);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

// Runs after the tests above (files run their tests in order): with DATABASE_URL, a second test app
// empties the shared PostgreSQL database.
describe('POST /api/user/google, other configurations', () => {
  it('without FIREBASE_* the button is hidden (config null) and the endpoint answers 404, changing nothing', async () => {
    const plain = await makeTestApp();
    try {
      expect((await plain.call('GET', '/api/config/public')).json()).toEqual({ google: null });
      const before = await snapshotCounts(plain.database);
      const r = await plain.call('POST', '/api/user/google', { body: { idToken: idToken({ sub: 'x' }) } });
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('GOOGLE_DISABLED');
      expect(await snapshotCounts(plain.database)).toEqual(before);
    } finally {
      await plain.close();
    }
  });

  it('an emulator host with a non-demo project is never trusted, and Google being unreachable is "unavailable" (503), not "invalid"', async () => {
    setAdminOptionsForTests('manitas-down', {
      httpAgent: new LocalAgent(() => 1),
      credential: { getAccessToken: async () => ({ access_token: 'x', expires_in: 3600 }) },
    });
    try {
      const down = googleVerifier({ apiKey: 'k', authDomain: 'manitas-down.firebaseapp.com', projectId: 'manitas-down' });
      await expect(down.verify(idToken({ sub: 'x', aud: 'manitas-down', iss: 'https://securetoken.google.com/manitas-down' }))).rejects.toMatchObject({
        kind: 'unavailable',
      });
      const misconfigured = googleVerifier({ apiKey: 'k', authDomain: 'p.firebaseapp.com', projectId: 'manitas-prod', emulatorHost: '127.0.0.1:9' });
      await expect(misconfigured.verify(idToken({ sub: 'x', email: 'jefa@manitas.test' }, { unsigned: true }))).rejects.toMatchObject({ kind: 'unavailable' });
      expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    } finally {
      setAdminOptionsForTests('manitas-down', null);
    }
  });
});
