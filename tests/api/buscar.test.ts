import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nivel } from '../../src/server/db/schema';
import { makeTestApp, type TestApp } from './helpers';

/**
 * Every search ignores accents and case (both in the stored text and in the term), and
 * GET /api/buscar searches across the resources the caller may read, grouped, a few per type.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL (scripts/with-postgres.sh).
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  // Accented and upper-case letters in every position, and a look-alike that must not match.
  await t.database.db.insert(nivel).values([
    { nombreNivel: 'ÁRBOL Ñandú Pingüino', descripcion: 'Créditos ÚNICOS', dificultad: 'Fácil' },
    { nombreNivel: 'Arbusto', descripcion: 'Sin acentos', dificultad: 'Medio' },
  ]);
});
afterAll(async () => t?.close());

type Group = { resource: string; items: { id: number; label: string; detail: string }[]; more: boolean };
const names = (r: { json(): unknown }) => ((r.json() as { data: { nombre_nivel: string }[] }).data ?? []).map((n) => n.nombre_nivel);

describe('accent-insensitive search (lists)', () => {
  it('finds López by "lopez" and "LOPEZ" in the users list, and not by "lopes"', async () => {
    for (const q of ['lopez', 'LOPEZ', 'López', 'lÓpez']) {
      const r = await t.call('GET', `/api/user/usuarios?q=${encodeURIComponent(q)}&page=1&perPage=25`, { as: 'admin' });
      expect(r.statusCode).toBe(200);
      const users = (r.json() as { users: { apellido: string }[] }).users;
      expect(users.map((u) => u.apellido)).toContain('López');
    }
    const none = await t.call('GET', '/api/user/usuarios?q=lopes&page=1&perPage=25', { as: 'admin' });
    expect((none.json() as { users: unknown[] }).users).toEqual([]);
  });

  it('finds niño by "nino", Árbol by "arbol", ñandú by "NANDU", pingüino by "pinguino"', async () => {
    const words = await t.call('GET', '/api/palabra/getPalabras?q=nino&page=1&perPage=50', { as: 'admin' });
    const es = (words.json() as { data: { palabraEspanol: string }[] }).data.map((w) => w.palabraEspanol);
    expect(es).toContain('niño');
    expect(es).not.toContain('niña');
    for (const q of ['arbol', 'NANDU', 'pinguino', 'árbol ñandú', 'creditos unicos']) {
      const r = await t.call('GET', `/api/nivel/getNivels?q=${encodeURIComponent(q)}&page=1&perPage=25`, { as: 'admin' });
      expect(names(r), q).toEqual(['ÁRBOL Ñandú Pingüino']);
    }
    // The fold does not make LIKE's wildcards live: % and _ stay literal.
    expect(names(await t.call('GET', `/api/nivel/getNivels?q=${encodeURIComponent('arb%l')}&page=1&perPage=25`, { as: 'admin' }))).toEqual([]);
  });
});

describe('GET /api/buscar', () => {
  it('groups matches by resource, accent-insensitive, with a label naming what matched', async () => {
    const r = await t.call('GET', '/api/buscar?q=arbol', { as: 'admin' });
    expect(r.statusCode).toBe(200);
    const groups = (r.json() as { groups: Group[] }).groups;
    const niveles = groups.find((g) => g.resource === 'nivel');
    expect(niveles?.items.map((i) => i.label)).toEqual(['ÁRBOL Ñandú Pingüino']);
    expect(niveles?.items[0]!.detail).toContain('Créditos ÚNICOS');
    expect(typeof niveles?.items[0]!.id).toBe('number');
  });

  it('answers only the resources the role may read: usuarios for admin, not for profesor; each role its screens', async () => {
    const admin = (await t.call('GET', '/api/buscar?q=lopez', { as: 'admin' })).json() as { groups: Group[] };
    expect(admin.groups.find((g) => g.resource === 'usuario')?.items.some((i) => i.label.includes('López'))).toBe(true);
    const prof = await t.call('GET', '/api/buscar?q=lopez', { as: 'profesor' });
    expect(prof.statusCode).toBe(200);
    const resources = (prof.json() as { groups: Group[] }).groups.map((g) => g.resource);
    expect(resources).not.toContain('usuario');
    expect(resources).not.toContain('rol');
    // What the profesor may open (questions, answers) is searched for them, accents ignored.
    const como = (await t.call('GET', '/api/buscar?q=ESCRIBE%20LA%20PALABRA', { as: 'profesor' })).json() as { groups: Group[] };
    expect(como.groups.map((g) => g.resource)).toEqual(['pregunta']);
    expect(como.groups[0]!.items[0]!.label).toContain('Mira la seña y escribe la palabra.');
    // Answers open only from admin up (their screen's role), so the profesor does not get them.
    const pajaroAdmin = (await t.call('GET', '/api/buscar?q=pajaro', { as: 'admin' })).json() as { groups: Group[] };
    expect(pajaroAdmin.groups.find((g) => g.resource === 'respuesta')?.items.map((i) => i.label)).toContain('pájaro');
    const pajaroProf = (await t.call('GET', '/api/buscar?q=pajaro', { as: 'profesor' })).json() as { groups: Group[] };
    expect(pajaroProf.groups.every((g) => g.resource === 'pregunta' || g.resource === 'evaluacion')).toBe(true);
  });

  it('bounds each group and says when there are more', async () => {
    const r = (await t.call('GET', '/api/buscar?q=a', { as: 'superadmin' })).json() as { groups: Group[] };
    const palabras = r.groups.find((g) => g.resource === 'palabra')!;
    expect(palabras.items.length).toBe(5);
    expect(palabras.more).toBe(true);
    for (const g of r.groups) expect(g.items.length).toBeLessThanOrEqual(5);
  });

  it('an empty term finds nothing; a learner and an anonymous caller are refused', async () => {
    expect((await t.call('GET', '/api/buscar?q=%20', { as: 'admin' })).json()).toEqual({ q: '', groups: [] });
    expect((await t.call('GET', '/api/buscar?q=nino', { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/buscar?q=nino')).statusCode).toBe(401);
  });
});
