import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { endpointsOf, type Endpoint, type Level } from './endpoints';

/**
 * The access matrix. Written from the spec's route-access table and DESIGN.md "Access" — NOT
 * imported from the server's rules — so a server rule that drifts from the spec fails here.
 *
 * Principals: anonymous, learner (nino, on objects that are his), another learner's object
 * (nino on nina's), profesor, admin, superadmin. Expected: 'ok' = the request passes the access
 * check (any status but 401/403; bodies are empty or ids missing, so 400/404 are normal);
 * 401 for anonymous on protected endpoints; 403 for a role that is refused.
 * The endpoints are the routes the app registers (endpointsOf); their levels, the documents'.
 */
type Who = 'anon' | 'learner' | 'otherLearner' | 'profesor' | 'admin' | 'superadmin';
const WHO: Who[] = ['anon', 'learner', 'otherLearner', 'profesor', 'admin', 'superadmin'];
const RANK: Record<Exclude<Who, 'anon'>, number> = { learner: 0, otherLearner: 0, profesor: 1, admin: 2, superadmin: 3 };
const NEED: Record<Exclude<Level, 'public' | 'user' | 'self'>, number> = { profesor: 1, admin: 2, superadmin: 3 };

function expected(level: Level, who: Who): 'ok' | 401 | 403 {
  if (level === 'public') return 'ok';
  if (who === 'anon') return 401;
  if (level === 'user') return 'ok';
  // 'self': the learner on their own object passes; on another learner's object only admin+ passes.
  if (level === 'self') return who === 'otherLearner' || who === 'profesor' ? 403 : 'ok';
  return RANK[who] >= NEED[level] ? 'ok' : 403;
}

let t: TestApp;
let ids: Record<string, number>;
let ENDPOINTS: Endpoint[];
beforeAll(async () => {
  t = await makeTestApp();
  ENDPOINTS = endpointsOf(t.app);
  ids = {
    nino: await t.userId('nino'),
    nina: await t.userId('nina'),
    profesor: await t.userId('profesor'),
    admin: await t.userId('admin'),
    superadmin: await t.userId('superadmin'),
  };
});
afterAll(async () => t?.close());

describe('access matrix: every endpoint × every principal', () => {
  it(`every registered endpoint × ${WHO.length} principals: no leak, no wrong refusal`, async () => {
    const failures: string[] = [];
    let cells = 0;
    const before = await snapshotCounts(t.database);
    for (const [method, tpl, level] of ENDPOINTS) {
      for (const who of WHO) {
        // For 'self' endpoints, staff act on the learner's object (admin+ may, profesor may not).
        const target = who === 'otherLearner' ? ids.nina! : who === 'learner' || who === 'anon' ? ids.nino! : level === 'self' ? ids.nino! : ids[who]!;
        const url = tpl.replace('{me}', String(target)).replace('{x}', '999999');
        const as = who === 'anon' ? undefined : who === 'otherLearner' || who === 'learner' ? 'nino' : who;
        // Bodies are empty: an allowed caller gets a validation answer, never a write.
        const body = method === 'GET' || method === 'DELETE' ? undefined : {};
        const r = await t.call(method, url, { as: as as never, body });
        cells++;
        const want = expected(level, who);
        const got = r.statusCode;
        const ok = want === 'ok' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok) failures.push(`${method} ${tpl} as ${who}: expected ${want}, got ${got} ${r.body.slice(0, 120)}`);
        if (got >= 400) expect(r.json(), `${method} ${url}`).toMatchObject({ msg: expect.any(String), code: expect.any(String) });
      }
    }
    console.log(`access matrix: ${ENDPOINTS.length} endpoints, ${cells} cells checked, ${failures.length} failures`);
    expect(failures).toEqual([]);
    // Apart from the profile updates (empty bodies change nothing), the matrix wrote nothing.
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});
