import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { sendForm } from './content-helpers';
import type { Database } from '../../src/server/db';

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

const TABLES = [
  'usuario',
  'rol',
  'nivel',
  'palabra',
  'multimedia',
  'contenido',
  'evaluacion',
  'pregunta',
  'respuesta',
  'institucion',
  'dominio',
  'comentario',
  'progreso',
  'intento',
  'intento_conteo',
  'resultado',
  'password_reset',
  'sesion_revocada',
];

/** Every row of every table: an UPDATE shows up too, not only inserts and deletes. */
async function checksum(db: Database): Promise<string> {
  const existing = (await db.raw(`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'`)).rows.map((r) => String(r.t));
  const q = TABLES.filter((x) => existing.includes(x))
    .map((x) => `SELECT '${x}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${x} x`)
    .join(' UNION ALL ');
  return (await db.raw(q)).rows.map((row) => `${row.t}:${row.h}`).join(',');
}

type Reply = Awaited<ReturnType<TestApp['call']>>;

/** The request is refused with 400 and a Spanish message naming the field, and nothing changes. */
async function refused(run: () => Promise<Reply>, field?: string, where: 'campo' | 'parámetro' = 'campo') {
  const before = await checksum(t.database);
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
  expect(await checksum(t.database)).toBe(before);
  expect(t.mails.length).toBe(mails);
  return body;
}

const NUL = '\u0000';
/** Every refused kind: NUL, other C0 controls, DEL, a lone high and a lone low surrogate. */
const REFUSED = [NUL, '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\ud800', '\udfff'];

const reg = (patch: Record<string, unknown> = {}) => ({
  nombre: 'Ana',
  apellido: 'Ruiz',
  fechaNacimiento: '2015-04-01',
  email: `ana${Math.random().toString(36).slice(2, 8)}@ejemplo.com`,
  photo: null,
  password: 'secreto123',
  avatar: 'girl',
  sexo: 'niña',
  phone: '5512345678',
  Credential: 'ALU-1',
  ...patch,
});

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

  it('kept as sent: zero-width joiner (emoji), direction marks, tab and accents', async () => {
    const id = await t.userId('nina');
    for (const nombre of ['Ana 👩‍🏫', 'שרה\u200f', 'Ana\u200bMaría', 'Ñandú\tÁlvarez', '\u202eAna']) {
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
