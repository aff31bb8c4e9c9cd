import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, registration as reg, tableChecksum, type TestApp } from './helpers';
import { sendForm } from './content-helpers';
import { declaredResources, schemaFields } from './declared';
import type { Role } from '../../src/shared/roles';
import { clase, claseAlumno, claseProfesor, institucion, rol, usuario } from '../../src/server/db/schema';
import { signToken } from '../../src/server/auth/jwt';
import { DB_INT_MAX } from '../../src/shared/validation/numbers';
import { INVALID_BIRTH_DATE_MSG } from '../../src/shared/validation/dates';
import { NAME_BIDI_MSG } from '../../src/shared/validation/names';
import { PHOTO_MSG } from '../../src/shared/validation/registration';

/**
 * Text PostgreSQL cannot store (NUL) or that it would store changed (lone surrogates), and other
 * control characters, anywhere in a request: 400 with a Spanish {msg, code} and nothing written
 * (src/server/input-text.ts). They used to reach the database and answer 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

type Reply = Awaited<ReturnType<TestApp['call']>>;

/** The request is refused with 400 and a Spanish message naming the field, and nothing changes. */
async function refused(run: () => Promise<Reply>, field?: string, where: 'campo' | 'parámetro' = 'campo') {
  const before = await tableChecksum(t.database);
  const mails = t.mails.length;
  const r = await run();
  expect(r.statusCode, r.body).toBe(400);
  const body = r.json() as { msg: string; code: string; fields?: Record<string, string> };
  expect(body.code).toBe('INVALID_TEXT');
  expect(body.msg).toMatch(/caracteres no permitidos/);
  if (field) {
    const name = field
      .split('.')
      .filter((s) => !/^\d+$/.test(s))
      .pop();
    expect(body.msg).toBe(`El ${where} "${name}" contiene caracteres no permitidos.`);
    expect(body.fields).toEqual({ [field]: 'Contiene caracteres no permitidos.' });
  }
  expect(r.headers['cache-control']).toBe('no-store');
  expect(await tableChecksum(t.database)).toBe(before);
  expect(t.mails.length).toBe(mails);
  return body;
}

const NUL = '\u0000';
/** Every refused kind: NUL, other C0 controls, DEL, a lone high and a lone low surrogate. */
const REFUSED = [NUL, '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\ud800', '\udfff'];

describe('accounts', () => {
  it('POST /api/user/logIn: NUL (and every other refused character) in the email or password → 400', async () => {
    await refused(() => t.call('POST', '/api/user/logIn', { body: { email: `nino${NUL}@manitas.test`, password: 'secreto123' } }), 'email');
    for (const c of REFUSED) {
      await refused(() => t.call('POST', '/api/user/logIn', { body: { email: 'nino@manitas.test', password: `secreto${c}123` } }), 'password');
    }
    // Sent as a raw JSON escape too (what a hand-made request carries).
    await refused(
      () => t.call('POST', '/api/user/logIn', { body: '{"email":"\\u0000","password":"x"}', headers: { 'content-type': 'application/json' } }),
      'email',
    );
  });

  it('POST /api/user/register: NUL in any field → 400, no account', async () => {
    for (const field of ['nombre', 'apellido', 'email', 'password', 'phone', 'Credential', 'fechaNacimiento', 'avatar', 'sexo']) {
      const body = reg();
      await refused(() => t.call('POST', '/api/user/register', { body: { ...body, [field]: `${String(body[field as keyof typeof body])}${NUL}` } }), field);
    }
    await refused(() => t.call('POST', '/api/user/register', { body: reg({ nombre: 'Ana\ud800' }) }), 'nombre');
  });

  it('recovery: NUL in the email or the link token → 400, no mail, no link', async () => {
    await refused(() => t.call('POST', '/api/recuperar', { body: { email: `nino@manitas.test${NUL}` } }), 'email');
    await refused(() => t.call('POST', '/api/recuperar', { body: { email: `${NUL}` } }), 'email');
    await refused(() => t.call('POST', '/api/recuperar/confirmar', { body: { token: `abc${NUL}`, password: 'NuevaClave2026' } }), 'token');
    await refused(() => t.call('POST', '/api/recuperar/confirmar', { body: { token: 'abc', password: `NuevaClave${NUL}` } }), 'password');
  });

  it('PUT /api/user/{id}: NUL or a lone surrogate in the profile → 400, the profile is unchanged', async () => {
    const id = await t.userId('nino');
    for (const c of REFUSED) {
      await refused(() => t.call('PUT', `/api/user/${id}`, { as: 'nino', body: { nombre: `Nino${c}` } }), 'nombre');
    }
    await refused(() => t.call('PUT', `/api/user/${id}`, { as: 'nino', body: { nombre: 'Nino', apellido: `López${NUL}` } }), 'apellido');
    await refused(() => t.call('PUT', `/api/user/${id}`, { as: 'admin', body: { nombre: 'Nino', phone: `55${NUL}` } }), 'phone');
  });

  it('kept as sent: zero-width joiner (emoji), right-to-left letters, zero-width space, tab and accents', async () => {
    const id = await t.userId('nina');
    for (const nombre of ['Ana 👩‍🏫', 'שרה', 'Ana\u200bMaría', 'Ñandú\tÁlvarez']) {
      const r = await t.call('PUT', `/api/user/${id}`, { as: 'nina', body: { nombre } });
      expect(r.statusCode, JSON.stringify(nombre)).toBe(200);
      expect(r.json().data.nombre).toBe(nombre.trim());
      expect((await t.database.raw('SELECT nombre FROM usuario WHERE id = $1', [id])).rows[0]!.nombre).toBe(nombre.trim());
    }
  });
});

describe('lists, query strings and path ids', () => {
  it('GET /api/user/usuarios?q=%00 (admin) and GET /api/nivel/getNivels?q=%00 (learner) → 400', async () => {
    await refused(() => t.call('GET', '/api/user/usuarios?q=%00', { as: 'admin' }), 'q', 'parámetro');
    await refused(() => t.call('GET', '/api/nivel/getNivels?q=%00', { as: 'nino' }), 'q', 'parámetro');
    await refused(() => t.call('GET', '/api/palabra/getPalabras?q=gato%01', { as: 'admin' }), 'q', 'parámetro');
    for (const qs of ['sort=%00', 'page=1%00', 'perPage=%7F', 'order=ASC%1B']) {
      await refused(() => t.call('GET', `/api/user/usuarios?${qs}`, { as: 'admin' }), qs.split('=')[0], 'parámetro');
    }
    // A refused character in a parameter's name.
    await refused(() => t.call('GET', '/api/nivel/getNivels?q%00=x', { as: 'nino' }));
  });

  it('a very long, invisible or badly encoded search is answered, not failed', async () => {
    for (const q of ['a'.repeat(12_000), '%E2%80%8B', '%E2%80%AE', '%ED%A0%80', '%FF', 'ñ'.repeat(5_000)]) {
      const r = await t.call('GET', `/api/nivel/getNivels?q=${q}`, { as: 'nino' });
      expect(r.statusCode, q.slice(0, 20)).toBe(200);
      expect(r.json().data).toEqual(expect.any(Array));
    }
    expect((await t.call('GET', `/api/user/usuarios?q=${'x'.repeat(12_000)}`, { as: 'admin' })).statusCode).toBe(200);
  });

  it('path ids with NUL, broken escapes or 10,000 characters → 4xx {msg, code}', async () => {
    const path = await refused(() => t.call('GET', '/api/nivel/getNivel/%00', { as: 'nino' }));
    expect(path.msg).toBe('La dirección solicitada contiene caracteres no permitidos.');
    const bad = await t.call('GET', '/api/user/%ED%A0%80', { as: 'nino' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { msg: 'La dirección solicitada no es válida.', code: 'BAD_URL' }]);
    expect(bad.headers['cache-control']).toBe('no-store');
    const long = await t.call('GET', `/api/user/${'1'.repeat(10_000)}`, { as: 'nino' });
    expect([long.statusCode, long.json()]).toEqual([414, { msg: 'La dirección solicitada es demasiado larga.', code: 'URI_TOO_LONG' }]);
    await refused(() => t.call('DELETE', '/api/palabra/delete/1%00', { as: 'admin' }));
  });
});

interface Quiz {
  idNivel: number;
  questions: { id: number; tipo: string; answers: { id: number; texto: string; valor: boolean }[] }[];
}

/** A quiz with a written-answer question, and a full, correct submit for it. */
async function textQuiz(): Promise<Quiz> {
  const { rows } = await t.database.raw(`SELECT e.id_nivel, e.id_evaluacion, p.id_pregunta, p.tipo, r.id_respuesta, r.respuesta AS texto, r.valor
    FROM evaluacion e JOIN pregunta p ON p.id_evaluacion = e.id_evaluacion JOIN respuesta r ON r.id_pregunta = p.id_pregunta
    ORDER BY e.id_evaluacion, p.id_pregunta, r.id_respuesta`);
  const byEval = new Map<number, Quiz>();
  for (const r of rows as {
    id_nivel: number;
    id_evaluacion: number;
    id_pregunta: number;
    tipo: string;
    id_respuesta: number;
    texto: string;
    valor: boolean;
  }[]) {
    const quiz = byEval.get(r.id_evaluacion) ?? { idNivel: r.id_nivel, questions: [] };
    byEval.set(r.id_evaluacion, quiz);
    let q = quiz.questions.find((x) => x.id === r.id_pregunta);
    if (!q) quiz.questions.push((q = { id: r.id_pregunta, tipo: r.tipo, answers: [] }));
    q.answers.push({ id: r.id_respuesta, texto: r.texto, valor: r.valor });
  }
  const quiz = [...byEval.values()].find((z) => z.questions.some((q) => q.tipo !== 'Opción Múltiple'));
  if (!quiz) throw new Error('the demo has no quiz with a written answer');
  return quiz;
}

const submit = (quiz: Quiz, written: (right: string) => string) => ({
  respuestas: quiz.questions.map((q) =>
    q.tipo === 'Opción Múltiple'
      ? { id_pregunta: q.id, id_nivel: quiz.idNivel, id_respuesta: q.answers.find((a) => a.valor)!.id }
      : { id_pregunta: q.id, id_nivel: quiz.idNivel, respuesta: written(q.answers[0]!.texto) },
  ),
});

describe('quiz text answers', () => {
  it('POST /api/resultados/save-multiple with NUL or a lone surrogate in a written answer → 400, no attempt', async () => {
    const quiz = await textQuiz();
    const at = submit(quiz, () => '').respuestas.findIndex((r) => 'respuesta' in r);
    for (const c of REFUSED) {
      await refused(
        () => t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: submit(quiz, (right) => `${right}${c}`) }),
        `respuestas.${at}.respuesta`,
      );
    }
    // The bare-array reading of the same route.
    await refused(() => t.call('POST', '/api/respuestas/save-multiple', { as: 'nino', body: submit(quiz, () => NUL).respuestas }), `${at}.respuesta`);
    // The same submit without the bad character is saved.
    const ok = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: submit(quiz, (right) => right) });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

/** A demo account holding each role (the writer a declaration names). */
const WRITER: Record<Role, 'superadmin' | 'admin' | 'profesor' | 'nino'> = { superadmin: 'superadmin', admin: 'admin', profesor: 'profesor', usuario: 'nino' };

describe('every declared resource (read from src/shared/resources/: a new one is covered without editing this file)', () => {
  it('create and update with NUL in any field of its schema → 400 naming the field, nothing written', async () => {
    const decls = await declaredResources();
    expect(decls.map((d) => d.name)).toEqual(expect.arrayContaining(['nivel', 'palabra', 'clases', 'memoria']));
    let checked = 0;
    for (const d of decls) {
      const as = WRITER[d.writeRole];
      // An update names a row that exists (a missing one answers 404 before its body is read).
      let existing: unknown;
      if (d.paths.update && d.paths.list) {
        const list = (await t.call('GET', `/api/${d.paths.list}`, { as: 'superadmin' })).json() as Record<string, unknown>;
        const rows = (d.listKey ? list[d.listKey] : list) as Record<string, unknown>[];
        existing = rows[0]?.[d.idField];
      }
      const writes = [
        d.paths.create && (['POST', d.paths.create] as const),
        d.paths.update && existing !== undefined && (['PUT', d.paths.update.replace('{id}', String(existing))] as const),
      ];
      for (const w of writes) {
        if (!w) continue;
        for (const field of schemaFields(d.schema)) {
          const url = `/api/${w[1]}`;
          const value = `a${NUL}b`;
          await refused(() => (d.multipart ? sendForm(t, w[0], url, as, { [field]: value }) : t.call(w[0], url, { as, body: { [field]: value } })), field);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe('admin forms', () => {
  it('POST /api/palabra/register (JSON) with NUL → 400, no word', async () => {
    const [lvl] = (await t.database.raw('SELECT min(id_nivel) AS id FROM nivel')).rows;
    await refused(
      () => t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: `gato${NUL}`, palabraIngles: 'cat', id_nivel: lvl!.id } }),
      'palabraEspanol',
    );
    await refused(
      () => t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: 'gato', palabraIngles: 'cat\ud83d', id_nivel: lvl!.id } }),
      'palabraIngles',
    );
    await refused(
      () => t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: 'gato', palabraIngles: 'cat', id_nivel: `1${NUL}` } }),
      'id_nivel',
    );
  });

  it('POST /api/nivel/register (multipart) with NUL in a text field → 400, no level, no file', async () => {
    const valid = { nombre_nivel: 'Colores del mar', descripcion: 'Azul y verde.', dificultad: 'Fácil' };
    await refused(() => sendForm(t, 'POST', '/api/nivel/register', 'admin', { ...valid, nombre_nivel: `Colores${NUL}` }), 'nombre_nivel');
    await refused(() => sendForm(t, 'POST', '/api/nivel/register', 'admin', { ...valid, descripcion: 'Azul\u0007' }), 'descripcion');
    await refused(() => sendForm(t, 'POST', '/api/nivel/register', 'admin', { ...valid, [`x${NUL}`]: '1' }));
    // Multi-line descriptions keep their line breaks.
    const ok = await sendForm(t, 'POST', '/api/nivel/register', 'admin', { ...valid, descripcion: 'Azul\r\ny verde.\n\tFin' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.descripcion).toBe('Azul\r\ny verde.\n\tFin');
  });
});

// ---------------------------------------------------------------------------------------------
// Values the columns cannot hold, dates that do not exist, names that display as something else
// and a sign-up photo that is not a picture of ours: 400 with a Spanish message, nothing written.
// They used to answer 500 (integers, dates) or be stored (photo, names).

/** 400, a Spanish {msg, code} naming `field` when given, and no row written, changed or mailed. */
async function invalid(run: () => Promise<Reply>, msg?: string | RegExp, field?: string) {
  const before = await tableChecksum(t.database);
  const mails = t.mails.length;
  const r = await run();
  expect(r.statusCode, r.body.slice(0, 300)).toBe(400);
  const body = r.json() as { msg: string; code: string; fields?: Record<string, string> };
  expect(typeof body.code).toBe('string');
  expect(body.msg).toMatch(/[áéíóúñ¿¡]|\b(el|la|los|las|de|no|es)\b/i);
  expect(body.msg).not.toMatch(/Invalid|expected|Too big|Too small/);
  if (msg !== undefined) expect(body.msg).toMatch(msg);
  if (field) expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
  expect(await tableChecksum(t.database)).toBe(before);
  expect(t.mails.length).toBe(mails);
  return body;
}

const TOO_BIG = [DB_INT_MAX + 1, 2 ** 53, 1e300];
const NOT_IDS = [...TOO_BIG, 0, -1, 1.5];
const BIDI = ['\u202E', '\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const IMPOSSIBLE_DATES = ['2015-02-31', '0000-01-01', '2015-13-45', '2015-02-29', '2015-04-31', '2015-00-10', '1899-12-31'];

describe('integers the columns cannot hold', () => {
  let idClase: number;
  let otherProfesor: string;
  beforeAll(async () => {
    const db = t.database.db;
    const [inst] = await db.insert(institucion).values({ nombre: 'Escuela de números' }).returning();
    const [c] = await db.insert(clase).values({ nombre: 'Clase de números', idInstitucion: inst!.idInstitucion, codigo: 'NMRS34' }).returning();
    idClase = c!.idClase;
    await db.insert(claseProfesor).values({ idClase, idUsuario: await t.userId('profesor') });
    await db.insert(claseAlumno).values({ idClase, idUsuario: await t.userId('nino') });
    const [p] = await db.insert(usuario).values({ nombre: 'Otro', apellido: 'Profesor', email: 'otro.numeros@manitas.test', status: true }).returning();
    await db.insert(rol).values({ nombre: 'profesor', idUsuario: p!.id });
    otherProfesor = await signToken({ sub: p!.id, tv: 0 }, t.config.jwtSecret, 3600);
  });

  const run = (patch: Record<string, unknown>) => ({
    clave: `partida-${Math.random().toString(36).slice(2, 12)}`,
    juego: 'hangman',
    idNivel: null,
    puntos: 0,
    puntosMax: 0,
    ganada: false,
    palabrasBien: [],
    palabrasMal: [],
    ...patch,
  });

  it('POST /api/partidas: idNivel, palabrasBien, palabrasMal past 2,147,483,647 (or not an id) → 400', async () => {
    for (const v of NOT_IDS) {
      await invalid(() => t.call('POST', '/api/partidas', { as: 'nino', body: run({ idNivel: v }) }), 'El nivel no es válido.', 'idNivel');
      await invalid(() => t.call('POST', '/api/partidas', { as: 'nino', body: run({ palabrasBien: [v] }) }), /Palabras bien/, 'palabrasBien.0');
      await invalid(() => t.call('POST', '/api/partidas', { as: 'nino', body: run({ palabrasMal: [1, v] }) }), /Palabras mal/, 'palabrasMal.1');
    }
    for (const v of TOO_BIG) await invalid(() => t.call('POST', '/api/partidas', { as: 'nino', body: run({ puntos: v, puntosMax: v }) }), /puntos/i);
    // Anonymous callers are refused before any of it.
    const anon = await t.call('POST', '/api/partidas', { body: run({ idNivel: DB_INT_MAX + 1 }) });
    expect(anon.statusCode).toBe(401);
  });

  it('POST /api/partidas: 40 out-of-range reports at once → 40 × 400, nothing stored', async () => {
    const before = await tableChecksum(t.database);
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.call('POST', '/api/partidas', { as: 'nino', body: run({ idNivel: DB_INT_MAX + 1 + i }) })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(40).fill(400));
    expect(await tableChecksum(t.database)).toBe(before);
  });

  it('POST /api/clase/{id}/alumnos: ids past 2,147,483,647 → 400 for its teacher; 403 for a profesor of another class and a child', async () => {
    for (const v of NOT_IDS) {
      await invalid(() => t.call('POST', `/api/clase/${idClase}/alumnos`, { as: 'profesor', body: { ids: [v] } }), 'Uno de los alumnos no es válido.', 'ids.0');
    }
    await invalid(
      () => t.call('POST', `/api/clase/${idClase}/alumnos`, { as: 'profesor', body: { ids: [String(DB_INT_MAX + 1)] } }),
      'Uno de los alumnos no es válido.',
    );
    for (const who of [otherProfesor, 'nino']) {
      const r = await t.call('POST', `/api/clase/${idClase}/alumnos`, { as: who as never, body: { ids: [DB_INT_MAX + 1] } });
      expect(r.statusCode).toBe(403);
    }
  });

  it("PUT /api/clase/{id}/tareas: a level id past 2,147,483,647 or an impossible date → 400; other class's profesor 403", async () => {
    const [lvl] = (await t.database.raw('SELECT min(id_nivel) AS id FROM nivel')).rows;
    for (const v of NOT_IDS) {
      await invalid(
        () => t.call('PUT', `/api/clase/${idClase}/tareas`, { as: 'profesor', body: { tareas: [{ id_nivel: v }] } }),
        'El nivel no es válido.',
        'tareas.0.id_nivel',
      );
    }
    for (const fecha of IMPOSSIBLE_DATES) {
      await invalid(
        () => t.call('PUT', `/api/clase/${idClase}/tareas`, { as: 'profesor', body: { tareas: [{ id_nivel: lvl!.id, fecha }] } }),
        'La fecha no es válida.',
        'tareas.0.fecha',
      );
    }
    const other = await t.call('PUT', `/api/clase/${idClase}/tareas`, { as: otherProfesor as never, body: { tareas: [{ id_nivel: DB_INT_MAX + 1 }] } });
    expect(other.statusCode).toBe(403);
    const ok = await t.call('PUT', `/api/clase/${idClase}/tareas`, { as: 'profesor', body: { tareas: [{ id_nivel: lvl!.id, fecha: '2028-02-29' }] } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('path ids past 2,147,483,647 → 400 INVALID_ID; the largest id the column holds is looked up (404)', async () => {
    for (const id of [DB_INT_MAX + 1, 9_999_999_999]) {
      const body = await invalid(() => t.call('GET', `/api/user/${id}`, { as: 'admin' }), 'El identificador id no es válido.');
      expect(body.code).toBe('INVALID_ID');
      await invalid(() => t.call('PUT', `/api/clase/${id}/tareas`, { as: 'profesor', body: { tareas: [] } }));
    }
    expect((await t.call('GET', `/api/user/${DB_INT_MAX}`, { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('dates that do not exist', () => {
  it('POST /api/user/register: 2015-02-31, 0000-01-01, 2015-13-45… → 400 "La fecha de nacimiento no es válida.", no account', async () => {
    for (const fechaNacimiento of IMPOSSIBLE_DATES) {
      await invalid(() => t.call('POST', '/api/user/register', { body: reg({ fechaNacimiento }) }), INVALID_BIRTH_DATE_MSG, 'fechaNacimiento');
    }
    // A leap day that exists is a birth date.
    expect((await t.call('POST', '/api/user/register', { body: reg({ fechaNacimiento: '2016-02-29' }) })).statusCode).toBe(201);
  });

  it('PUT /api/user/{id}: an impossible date → 400, profile unchanged; another child is refused (403)', async () => {
    const id = await t.userId('nino');
    for (const fechaNacimiento of IMPOSSIBLE_DATES) {
      await invalid(
        () => t.call('PUT', `/api/user/${id}`, { as: 'nino', body: { nombre: 'Nino', fechaNacimiento } }),
        INVALID_BIRTH_DATE_MSG,
        'fechaNacimiento',
      );
      await invalid(() => t.call('PUT', `/api/user/${id}`, { as: 'admin', body: { nombre: 'Nino', fechaNacimiento } }), INVALID_BIRTH_DATE_MSG);
    }
    const other = await t.call('PUT', `/api/user/${id}`, { as: 'nina', body: { nombre: 'Nino', fechaNacimiento: '2015-02-31' } });
    expect(other.statusCode).toBe(403);
  });
});

describe('sign-up photo', () => {
  it('a 200 KB javascript: string, data: or a foreign URL → 400; an avatar or one of our uploads is kept', async () => {
    for (const photo of [
      `javascript:${'a'.repeat(200 * 1024)}`,
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'https://evil.example/x.png',
      'uploads/../x.png',
      7,
    ]) {
      await invalid(() => t.call('POST', '/api/user/register', { body: reg({ photo }) }), PHOTO_MSG, 'photo');
    }
    const upload = await t.call('POST', '/api/user/register', { body: reg({ photo: 'uploads/niveles/0123456789abcdef01234567-abcdef.png' }) });
    expect(upload.statusCode, upload.body).toBe(201);
    for (const photo of ['boy', null]) expect((await t.call('POST', '/api/user/register', { body: reg({ photo }) })).statusCode).toBe(201);
  });
});

describe('bidi controls in names', () => {
  it('sign-up: U+202E and every other direction control in nombre or apellido → 400, no account', async () => {
    for (const c of BIDI) {
      await invalid(() => t.call('POST', '/api/user/register', { body: reg({ nombre: `Ana${c}gnp.exe` }) }), NAME_BIDI_MSG, 'nombre');
      await invalid(() => t.call('POST', '/api/user/register', { body: reg({ apellido: `${c}Ruiz` }) }), NAME_BIDI_MSG, 'apellido');
    }
  });

  it('PUT /api/user/{id}, class names and imported children: refused; descriptions keep them', async () => {
    const id = await t.userId('nina');
    for (const c of BIDI) {
      await invalid(() => t.call('PUT', `/api/user/${id}`, { as: 'nina', body: { nombre: `Ana${c}` } }), NAME_BIDI_MSG, 'nombre');
      await invalid(() => t.call('PUT', `/api/user/${id}`, { as: 'nina', body: { nombre: 'Ana', apellido: `Ruiz${c}` } }), NAME_BIDI_MSG, 'apellido');
    }
    const [inst] = (await t.database.raw('SELECT min(id_institucion) AS id FROM institucion')).rows;
    const profesor = await t.userId('profesor');
    await invalid(
      () => t.call('POST', '/api/clase/register', { as: 'profesor', body: { nombre: 'Clase \u202Eorp', id_institucion: inst!.id, profesores: [profesor] } }),
      NAME_BIDI_MSG,
      'nombre',
    );
    const [c] = (await t.database.raw(`SELECT id_clase AS id FROM clase WHERE codigo = 'NMRS34'`)).rows;
    const imp = await t.call('POST', `/api/clase/${c!.id}/importar`, {
      as: 'profesor',
      body: { filas: [{ nombre: 'Luz\u202E', apellido: 'Mar', fechaNacimiento: '01/02/2016', sexo: 'niña' }], guardar: true },
    });
    expect(imp.statusCode).toBe(400);
    expect(imp.json().filas[0].errores).toEqual({ nombre: NAME_BIDI_MSG });
    // Text that is not a name keeps them (right-to-left scripts need the marks).
    const lvl = await sendForm(t, 'POST', '/api/nivel/register', 'admin', {
      nombre_nivel: 'Hebreo',
      descripcion: 'שרה\u200f y \u202Bמילה\u202C',
      dificultad: 'Fácil',
    });
    expect(lvl.statusCode, lvl.body).toBe(201);
    expect(lvl.json().data.descripcion).toBe('שרה\u200f y \u202Bמילה\u202C');
  });
});
