// @pglite-suffices: compares the registered routes with the access table; no SQL of its own (docs/testing.md, "The PostgreSQL pass").
// Every route the app registers has a documented access level in tests/api/endpoints.ts, and every
// entry there names a registered route: the access matrix and the fuzz suite run exactly the
// registered routes, so a new route nobody listed fails here (by name) instead of going untested.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE, declaredEntries, endpointsOf, routeCoverage, type RouteLike } from './endpoints';
import { nivelResource } from '../../src/shared/resources/nivel';
import type { ResourceDecl } from '../../src/shared/resources/types';
import { makeTestApp, type TestApp } from './helpers';

describe('route coverage of the access table', () => {
  let t: TestApp;
  // With a built client, as in production, so the SPA's routes are registered too.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'manitas-routes-'));
  beforeAll(async () => {
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>index</title>');
    t = await makeTestApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every registered route has an access level and every table entry is a registered route', () => {
    const routes = t.app.registeredRoutes;
    // The onRoute hook saw the routes of every kind of registration: in buildApp, in a route module, static.
    expect(routes).toContainEqual({ method: 'GET', url: '/api/health' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/nivel/getNivels' });
    expect(routes).toContainEqual({ method: 'GET', url: '/uploads/*' });
    expect(routes).toContainEqual({ method: 'GET', url: '/*' });
    const { endpoints, unlisted, unregistered, duplicated } = routeCoverage(routes);
    expect(unlisted, 'registered routes with no access level in tests/api/endpoints.ts').toEqual([]);
    expect(unregistered, 'tests/api/endpoints.ts entries that name no registered route').toEqual([]);
    expect(duplicated, 'routes tests/api/endpoints.ts names twice').toEqual([]);
    expect(endpoints).toHaveLength(TABLE.length);
    expect(endpointsOf(t.app)).toEqual(endpoints);
  });

  it('the list is read-only for its users', () => {
    expect(() => ((t.app as unknown as { registeredRoutes: unknown }).registeredRoutes = [])).toThrow();
    expect(() => (t.app.registeredRoutes as RouteLike[]).push({ method: 'GET', url: '/x' })).toThrow();
    expect(() => ((t.app.registeredRoutes[0] as { url: string }).url = '/x')).toThrow();
    expect(t.app.registeredRoutes).not.toContainEqual({ method: 'GET', url: '/x' });
  });

  it('samples path params as the documents need: own id for self routes, a real id for learner reads, a missing one otherwise', () => {
    const byPath = new Map(routeCoverage(t.app.registeredRoutes).endpoints.map(([m, p, l]) => [`${m} ${p}`, l]));
    expect(byPath.get('GET /api/user/{me}')).toBe('self');
    expect(byPath.get('GET /api/progreso/usuario/{me}')).toBe('self');
    expect(byPath.get('GET /api/nivel/getNivel/1')).toBe('user');
    expect(byPath.get('DELETE /api/nivel/delete/{x}')).toBe('admin');
    expect(byPath.get('GET /api/rol/getRole/{x}')).toBe('superadmin');
  });
});

describe('the coverage check itself', () => {
  const routes = (): RouteLike[] =>
    TABLE.flatMap(([method, url]) =>
      method === 'GET'
        ? [
            { method, url },
            { method: 'HEAD', url },
          ]
        : [{ method, url }],
    );

  it('a complete list passes, whatever the param names', () => {
    const renamed = routes().map((r) => ({ ...r, url: r.url.replace(/:[^/]+/g, ':cualquiera') }));
    expect(routeCoverage(renamed)).toMatchObject({ unlisted: [], unregistered: [], duplicated: [] });
  });

  it('names a registered route that has no entry (and a HEAD route with no GET twin)', () => {
    const extra = [...routes(), { method: 'POST', url: '/api/nueva/ruta/:id' }, { method: 'HEAD', url: '/api/solo-head' }];
    const { unlisted, endpoints } = routeCoverage(extra);
    expect(unlisted).toEqual(['POST /api/nueva/ruta/:id', 'HEAD /api/solo-head']);
    expect(endpoints).toHaveLength(TABLE.length);
    expect(() => endpointsOf({ registeredRoutes: extra })).toThrow(/POST \/api\/nueva\/ruta\/:id/);
  });

  it('names an entry whose route is not registered, and leaves it out of the endpoints', () => {
    const missing = routes().filter((r) => r.url !== '/api/rol/getRole/:id');
    const { unregistered, endpoints } = routeCoverage(missing);
    expect(unregistered).toEqual(['GET /api/rol/getRole/:id']);
    expect(endpoints.map(([m, p]) => `${m} ${p}`)).not.toContain('GET /api/rol/getRole/{x}');
    expect(() => endpointsOf({ registeredRoutes: missing })).toThrow(/GET \/api\/rol\/getRole\/:id/);
  });

  it('a method counts: the same path under another method is a different route', () => {
    const { unlisted } = routeCoverage([...routes(), { method: 'DELETE', url: '/api/nivel/getNivels' }]);
    expect(unlisted).toEqual(['DELETE /api/nivel/getNivels']);
  });
});

describe('resources declared beside the spec', () => {
  it("take their routes' levels from the declaration (readRole, writeRole); a route ACCESS lists keeps ACCESS's level", () => {
    const aviso = {
      ...nivelResource,
      name: 'aviso',
      paths: { list: 'aviso/lista', one: 'aviso/{id}', create: 'aviso/nuevo', delete: 'aviso/borrar/{id}' },
      readRole: 'usuario',
      writeRole: 'profesor',
    } as ResourceDecl;
    expect(declaredEntries([aviso])).toEqual([
      ['GET', '/api/aviso/lista', 'user'],
      ['GET', '/api/aviso/:id', 'user'],
      ['POST', '/api/aviso/nuevo', 'profesor'],
      ['DELETE', '/api/aviso/borrar/:id', 'profesor'],
    ]);
    // nivel's routes are in ACCESS (from the spec): nothing is added for them.
    expect(declaredEntries([nivelResource])).toEqual([]);
  });
});
