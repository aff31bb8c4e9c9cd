import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ publicUrl: 'http://localhost:3000' });
});
afterAll(async () => t?.close());

const linkToken = (text: string) => /restablecer-password\?token=([\w-]+)/.exec(text)?.[1];

describe('password recovery', () => {
  it("empty email → 400 'Por favor ingresa un correo válido'", async () => {
    const r = await t.call('POST', '/api/recuperar', { body: { email: '  ' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('Por favor ingresa un correo válido');
  });

  it('answers the same for known and unknown emails; only the known one gets a mail', async () => {
    const before = t.mails.length;
    const unknown = await t.call('POST', '/api/recuperar', { body: { email: 'nadie@manitas.test' } });
    expect(t.mails.length).toBe(before);
    const known = await t.call('POST', '/api/recuperar', { body: { email: 'Nino@Manitas.test' } });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.to).toBe('nino@manitas.test');
  });

  it('the token is stored hashed, works once, and revokes old sessions', async () => {
    const oldToken = await t.token('nina');
    await t.call('POST', '/api/recuperar', { body: { email: 'nina@manitas.test' } });
    const token = linkToken(t.mails.at(-1)!.text)!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const stored = await t.database.raw('SELECT token_hash FROM password_reset');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);

    const short = await t.call('POST', '/api/recuperar/confirmar', { body: { token, password: 'corta' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe('La contraseña debe tener al menos 8 caracteres');

    const ok = await t.call('POST', '/api/recuperar/confirmar', { body: { token, password: 'NuevaClave2026' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/logIn', { body: { email: 'nina@manitas.test', password: 'NuevaClave2026' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/logIn', { body: { email: 'nina@manitas.test', password: 'Manitas2024' } })).statusCode).toBe(401);
    const nina = await t.userId('nina');
    expect((await t.call('GET', `/api/user/${nina}`, { as: oldToken })).statusCode).toBe(401);

    const again = await t.call('POST', '/api/recuperar/confirmar', { body: { token, password: 'OtraClave2026' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'RESET_INVALID', msg: 'El enlace no es válido o ya expiró. Solicita uno nuevo.' });
  });

  it('an expired or made-up token is refused and changes nothing', async () => {
    await t.call('POST', '/api/recuperar', { body: { email: 'profesor@manitas.test' } });
    const token = linkToken(t.mails.at(-1)!.text)!;
    await t.database.raw("UPDATE password_reset SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL");
    const before = await snapshotCounts(t.database);
    const hashBefore = await t.database.raw("SELECT password_hash FROM usuario WHERE email = 'profesor@manitas.test'");
    for (const tok of [token, 'inventado-123', '']) {
      const r = await t.call('POST', '/api/recuperar/confirmar', { body: { token: tok, password: 'NuevaClave2026' } });
      expect(r.statusCode).toBe(400);
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect((await t.database.raw("SELECT password_hash FROM usuario WHERE email = 'profesor@manitas.test'")).rows).toEqual(hashBefore.rows);
  });
});
