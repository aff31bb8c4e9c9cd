// The teacher results and the admin users list were rewritten for a school's scale (counts kept by
// triggers in intento_conteo, deep date pages that jump over whole weeks, the search through the
// matching children; lower(x) LIKE lower(p) for ILIKE: src/server/queries/). On a generated
// dataset, every page, sort, filter and search must give exactly what the straightforward query
// gives: the same rows in the same order, the same total, the same reply shape.
import { MAX_RETRIES } from '../../src/shared/rules/quizRules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstQuizAnswers, makeTestApp, type TestApp } from './helpers';
import { JUMP_FROM_OFFSET, WEEK_SECONDS, teacherResults } from '../../src/server/queries/teacher-results';
import { listParams, nameOrderKey } from '../../src/server/resources/list';

let t: TestApp;
let levelIds: number[] = [];
let kidIds: number[] = [];
const N_ATTEMPTS = 2_400;
const FIRST_WEEK = 2_900;

beforeAll(async () => {
  t = await makeTestApp();
  // Children with mixed case, accents, LIKE's own characters and a few phones.
  await t.database.raw(`INSERT INTO usuario (nombre, apellido, email, status, credential, phone)
    SELECT (ARRAY['Ángela', 'ÑANDÚ', 'Zoë', 'Luis', 'luisa', 'Pedro_1', '50% Ana', 'Back\\slash', 'Σοφία', 'ÁNGEL'])[1 + g % 10]
             || CASE WHEN g % 3 = 0 THEN '' ELSE ' ' || g END,
           (ARRAY['Pérez', 'GARCÍA', 'o''Brien', 'Núñez'])[1 + g % 4], 'ref' || g || '@Manitas.test', true, 'REF-' || g,
           CASE WHEN g % 5 = 0 THEN '+56 9 ' || g END
    FROM generate_series(1, 40) g`);
  // Attempts over 30 weeks: some exactly on a week's first instant, some a microsecond before it,
  // several at the same instant (ties broken by id), six scores (ties again).
  await t.database.raw(`INSERT INTO intento (id_usuario, id_nivel, id_evaluacion, correctas, total_preguntas, puntaje, fecha)
    SELECT u.ids[1 + g % array_length(u.ids, 1)], n.ids[1 + (g / 3) % array_length(n.ids, 1)], NULL, g % 6, 5, (g % 6) * 20,
           CASE g % 7
             WHEN 0 THEN to_timestamp(((${FIRST_WEEK} + g % 30) * ${WEEK_SECONDS})::double precision)
             WHEN 1 THEN to_timestamp(((${FIRST_WEEK} + g % 30) * ${WEEK_SECONDS})::double precision) - interval '1 microsecond'
             ELSE to_timestamp(((${FIRST_WEEK} + g % 30) * ${WEEK_SECONDS} + (g * 7919) % ${WEEK_SECONDS})::double precision)
           END
    FROM generate_series(1, ${N_ATTEMPTS}) g,
         (SELECT array_agg(id ORDER BY id) AS ids FROM usuario WHERE email LIKE 'ref%') u,
         (SELECT array_agg(id_nivel ORDER BY id_nivel) AS ids FROM nivel) n`);
  levelIds = (await t.database.raw('SELECT id_nivel FROM nivel ORDER BY id_nivel')).rows.map((r) => Number(r.id_nivel));
  kidIds = (await t.database.raw(`SELECT id FROM usuario WHERE email LIKE 'ref%' ORDER BY id`)).rows.map((r) => Number(r.id));
}, 120_000);
afterAll(async () => t?.close());

interface Query {
  q?: string;
  id_nivel?: number;
  id_usuario?: number;
  sort?: string;
  order?: 'ASC' | 'DESC';
  page?: number;
  perPage?: number;
}
const qs = (o: Query) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined) s.set(k, String(v));
  const str = s.toString();
  return str ? `?${str}` : '';
};

/**
 * Every matching row, sorted, as the straightforward query reads them; a test that reads many pages
 * of one unchanged dataset passes a `cache`, so each filter and sort is read once and only sliced
 * again (the query is the same for every page: it was 30 s of a test on the slow 2-core machine).
 */
type Reference = Awaited<ReturnType<typeof allReferenceRows>>;
async function allReferenceRows(o: Query) {
  const conds: string[] = [];
  const params: unknown[] = [];
  if (o.id_nivel !== undefined) conds.push(`i.id_nivel = $${params.push(o.id_nivel)}`);
  if (o.id_usuario !== undefined) conds.push(`i.id_usuario = $${params.push(o.id_usuario)}`);
  if (o.q) {
    const like = `%${o.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const n = params.push(like);
    conds.push(`(u.nombre ILIKE $${n} OR u.apellido ILIKE $${n} OR nv.nombre_nivel ILIKE $${n})`);
  }
  const col = { id: 'i.id_intento', fecha: 'i.fecha', puntaje: 'i.puntaje', correctas: 'i.correctas', total_preguntas: 'i.total_preguntas' }[
    o.sort ?? 'fecha'
  ]!;
  const dir = o.sort ? (o.order ?? 'ASC') : 'DESC';
  const { rows } = await t.database.raw(
    `SELECT i.id_intento, i.id_usuario, i.id_nivel, u.nombre, u.apellido, nv.nombre_nivel, i.correctas,
      i.total_preguntas, i.puntaje, i.fecha,
      (SELECT count(*) FROM intento j WHERE j.id_usuario = i.id_usuario AND j.id_nivel = i.id_nivel)
        >= 1 + ${MAX_RETRIES} + coalesce((SELECT p.intentos_extra FROM progreso p WHERE p.id_usuario = i.id_usuario AND p.id_nivel = i.id_nivel), 0) AS sin_intentos,
      greatest(0, 1 + ${MAX_RETRIES} + coalesce((SELECT p.intentos_extra FROM progreso p WHERE p.id_usuario = i.id_usuario AND p.id_nivel = i.id_nivel), 0)
        - (SELECT count(*) FROM intento j WHERE j.id_usuario = i.id_usuario AND j.id_nivel = i.id_nivel))::int AS intentos_restantes
    FROM intento i JOIN usuario u ON u.id = i.id_usuario JOIN nivel nv ON nv.id_nivel = i.id_nivel
    ${conds.length ? `WHERE ${conds.join(' AND ')}` : ''} ORDER BY ${col} ${dir}, i.id_intento ${dir}`,
    params,
  );
  const all = rows.map((r) => ({
    id: Number(r.id_intento),
    id_usuario: Number(r.id_usuario),
    id_nivel: Number(r.id_nivel),
    usuario: { nombre: r.nombre, apellido: r.apellido },
    nivel: { nombre_nivel: r.nombre_nivel },
    correctas: Number(r.correctas),
    total_preguntas: Number(r.total_preguntas),
    puntaje: Number(r.puntaje),
    fecha: new Date(r.fecha as string).toISOString(),
    sin_intentos: r.sin_intentos === true,
    intentos_restantes: Number(r.intentos_restantes),
  }));
  return all;
}

/** The teacher results as the straightforward query reads them: all rows, filtered, sorted, then sliced. */
async function referenceResults(o: Query, cache?: Map<string, Reference>) {
  const key = JSON.stringify([o.q, o.id_nivel, o.id_usuario, o.sort, o.order]);
  let all = cache?.get(key);
  if (!all) {
    all = await allReferenceRows(o);
    cache?.set(key, all);
  }
  const per = o.perPage ?? (o.page ? 25 : undefined);
  const from = per ? ((o.page ?? 1) - 1) * per : 0;
  return { total: all.length, rows: per ? all.slice(from, from + per) : all };
}

async function compare(o: Query, cache?: Map<string, Reference>) {
  const r = await t.call('GET', `/api/resultados/resultados-profesor${qs(o)}`, { as: 'admin' });
  expect(r.statusCode, r.body).toBe(200);
  const ref = await referenceResults(o, cache);
  expect({ total: Number(r.headers['x-total-count']), rows: r.json() }, JSON.stringify(o)).toEqual(ref);
  return ref;
}

describe('teacher results at scale: the same answers as the straightforward query', () => {
  it('the dataset spans many weeks and crosses the jump offset', async () => {
    const { total } = await referenceResults({});
    expect(total).toBeGreaterThanOrEqual(N_ATTEMPTS);
    expect(total).toBeGreaterThan(JUMP_FROM_OFFSET + 100);
  });

  it('every sort and order, first, middle, deep, last and past-the-end pages', async () => {
    const cache = new Map<string, Reference>();
    const { total } = await referenceResults({}, cache);
    const perPage = 25;
    const last = Math.ceil(total / perPage);
    const pages = [
      1,
      2,
      20,
      Math.floor(JUMP_FROM_OFFSET / perPage),
      Math.floor(JUMP_FROM_OFFSET / perPage) + 1,
      Math.floor(last / 2),
      last - 1,
      last,
      last + 1,
    ];
    for (const sort of [undefined, 'fecha', 'puntaje', 'id', 'correctas', 'total_preguntas']) {
      for (const order of sort ? (['ASC', 'DESC'] as const) : [undefined]) {
        for (const page of pages) await compare({ sort, order, page, perPage }, cache);
      }
    }
    // Unpaged, and odd page sizes across week boundaries.
    await compare({}, cache);
    for (const page of [1, 150, 151, 300, 344, 345]) await compare({ page, perPage: 7 }, cache);
    await compare({ page: 2, perPage: 500 }, cache);
    await compare({ sort: 'fecha', order: 'ASC', page: 5, perPage: 500 }, cache);
  });

  it('one level, one child, both, with sorts and deep pages', async () => {
    const cache = new Map<string, Reference>();
    for (const id_nivel of [levelIds[0]!, levelIds[1]!, 999_999]) {
      for (const sort of [undefined, 'puntaje', 'fecha']) {
        for (const order of sort ? (['DESC', 'ASC'] as const) : [undefined]) {
          for (const page of [1, 3, 24, 25, 26, 40]) await compare({ id_nivel, sort, order, page, perPage: 25 }, cache);
        }
      }
      await compare({ id_nivel }, cache);
    }
    for (const id_usuario of [kidIds[0]!, kidIds[7]!]) {
      await compare({ id_usuario }, cache);
      await compare({ id_usuario, page: 2, perPage: 10, sort: 'puntaje', order: 'DESC' }, cache);
      await compare({ id_usuario, id_nivel: levelIds[1]!, page: 1, perPage: 5 }, cache);
    }
  });

  it('the name search: children, surnames, levels, accents and case, LIKE characters, nothing', async () => {
    const nivelName = String((await t.database.raw('SELECT nombre_nivel FROM nivel ORDER BY id_nivel LIMIT 1')).rows[0]!.nombre_nivel);
    const searches = [
      'ángela',
      'ÁNGEL',
      'ñandú',
      'ZOË',
      'luis',
      'Pedro_1',
      'o_1',
      '50%',
      '%',
      '_',
      'back\\slash',
      'σοφία',
      "o'brien",
      'garcía',
      'Pérez',
      nivelName,
      nivelName.toUpperCase(),
      nivelName.slice(1, 4),
      '12',
      'zzz-nadie',
    ];
    for (const q of searches) {
      await compare({ q });
      await compare({ q, page: 2, perPage: 10 });
      await compare({ q, page: 1, perPage: 25, sort: 'puntaje', order: 'DESC' });
      await compare({ q, id_nivel: levelIds[1]!, page: 1, perPage: 25 });
    }
  });

  it('the week jump itself, on every page of every date-ordered list (jump from offset 0)', async () => {
    for (const f of [{}, { idNivel: levelIds[0]! }, { idNivel: levelIds[2]! }]) {
      for (const order of ['DESC', 'ASC'] as const) {
        const ref = await referenceResults({ id_nivel: f.idNivel, sort: 'fecha', order });
        for (const perPage of [25, 97]) {
          for (let page = 1; (page - 1) * perPage <= ref.total; page++) {
            const p = listParams({ page, perPage, sort: 'fecha', order }, ['fecha']);
            const got = await teacherResults(t.database.db, p, f, 0);
            expect(got.total).toBe(ref.total);
            // The query's own rows; the route adds sin_intentos and intentos_restantes (compared in compare()).
            expect(got.rows).toEqual(ref.rows.slice((page - 1) * perPage, page * perPage).map(({ sin_intentos: _, intentos_restantes: _left, ...row }) => row));
          }
        }
      }
    }
  });
});

describe('intento_conteo stays exact', () => {
  const check = async () => {
    const kept = await t.database.raw('SELECT id_nivel, semana, parte, n FROM intento_conteo WHERE n <> 0 ORDER BY 1, 2, 3');
    const real = await t.database
      .raw(`SELECT id_nivel, floor(extract(epoch FROM fecha) / ${WEEK_SECONDS})::int AS semana, id_usuario % 8 AS parte, count(*)::int AS n
      FROM intento GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    expect(kept.rows.map((r) => Object.values(r).map(Number))).toEqual(real.rows.map((r) => Object.values(r).map(Number)));
  };

  it('after a quiz submit, an update, a deleted account (cascade) and a truncate', async () => {
    await check();
    const rows = await firstQuizAnswers(t);
    const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: { respuestas: rows } });
    expect(r.statusCode, r.body).toBe(201);
    await check();
    await compare({ page: 1, perPage: 25 });
    await t.database.raw(`UPDATE intento SET fecha = fecha - interval '9 days', id_nivel = $1 WHERE id_intento % 11 = 0`, [levelIds[3]!]);
    await check();
    await t.database.raw(`DELETE FROM usuario WHERE id = $1`, [kidIds[5]!]);
    await check();
    await compare({ page: 30, perPage: 25 });
    await compare({ id_nivel: levelIds[3]!, page: 2, perPage: 25 });
    await t.database.raw('TRUNCATE intento CASCADE');
    await check();
    await compare({ page: 1, perPage: 25 });
    expect((await t.database.raw('SELECT count(*)::int AS n FROM intento_conteo')).rows[0]!.n).toBe(0);
  });
});

describe('admin users list: the same answers as the straightforward query', () => {
  async function referenceUsers(o: Query) {
    const params: unknown[] = [];
    let where = '';
    if (o.q) {
      const n = params.push(`%${o.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where = `WHERE nombre ILIKE $${n} OR apellido ILIKE $${n} OR email ILIKE $${n} OR coalesce(phone, '') ILIKE $${n}`;
    }
    const col = {
      id: 'id',
      nombre: 'nombre',
      apellido: 'apellido',
      email: 'email',
      fechaNacimiento: 'fecha_nacimiento',
      sexo: 'sexo',
      phone: 'phone',
      status: 'status',
    }[o.sort ?? 'id']!;
    const text = ['nombre', 'apellido', 'email', 'sexo', 'phone'].includes(col);
    const { rows } = await t.database.raw(
      `SELECT id, ${col} AS v FROM usuario ${where} ORDER BY ${text ? 'id' : col} ${text ? 'ASC' : (o.order ?? 'ASC')}, id ASC`,
      params,
    );
    // Text sorts as names are read (nameOrderKey), nulls last going up and first going down, ties by id.
    if (text) {
      const desc = o.order === 'DESC';
      const key = (r: (typeof rows)[number]) => (r.v === null ? null : nameOrderKey(String(r.v)));
      rows.sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        if (ka === kb) return Number(a.id) - Number(b.id);
        if (ka === null) return desc ? -1 : 1;
        if (kb === null) return desc ? 1 : -1;
        return (ka < kb ? -1 : 1) * (desc ? -1 : 1);
      });
    }
    const ids = rows.map((r) => Number(r.id));
    const per = o.perPage ?? (o.page ? 25 : undefined);
    const from = per ? ((o.page ?? 1) - 1) * per : 0;
    return { total: ids.length, ids: per ? ids.slice(from, from + per) : ids };
  }

  it('pages, sorts and searches (accents, case, LIKE characters, phones, a page past the matches)', async () => {
    for (const o of [
      {},
      { page: 1, perPage: 10 },
      { page: 3, perPage: 10, sort: 'nombre', order: 'ASC' as const },
      { page: 2, perPage: 7, sort: 'nombre', order: 'DESC' as const },
      { page: 2, perPage: 5, sort: 'apellido' },
      { page: 1, perPage: 50, sort: 'phone', order: 'DESC' as const },
    ]) {
      const r = await t.call('GET', `/api/user/usuarios${qs(o)}`, { as: 'admin' });
      expect(r.statusCode, r.body).toBe(200);
      const ref = await referenceUsers(o);
      expect({ total: Number(r.headers['x-total-count']), ids: r.json().users.map((u: { id: number }) => u.id) }, JSON.stringify(o)).toEqual(ref);
    }
    for (const q of [
      'ángela',
      'ÁNGEL',
      'ñandú',
      'zoë',
      'LUIS',
      'pedro_1',
      '50%',
      '%',
      '_',
      'back\\slash',
      'ΣΟΦΊΑ',
      "O'BRIEN",
      'manitas.test',
      'MANITAS',
      '+56 9',
      'ref1',
      'zzz-nadie',
    ]) {
      for (const o of [{ q }, { q, page: 1, perPage: 5 }, { q, page: 2, perPage: 5, sort: 'nombre', order: 'DESC' as const }, { q, page: 40, perPage: 5 }]) {
        const r = await t.call('GET', `/api/user/usuarios${qs(o)}`, { as: 'admin' });
        expect(r.statusCode, r.body).toBe(200);
        const ref = await referenceUsers(o);
        expect({ total: Number(r.headers['x-total-count']), ids: r.json().users.map((u: { id: number }) => u.id) }, JSON.stringify(o)).toEqual(ref);
      }
    }
  });

  it('a search reply has the same user shape as the plain list', async () => {
    const plain = (await t.call('GET', '/api/user/usuarios?page=1&perPage=500', { as: 'admin' })).json().users as { id: number }[];
    const found = (await t.call('GET', '/api/user/usuarios?q=ref1', { as: 'admin' })).json().users as { id: number }[];
    expect(found.length).toBeGreaterThan(0);
    for (const u of found) expect(u).toEqual(plain.find((x) => x.id === u.id));
  });
});
