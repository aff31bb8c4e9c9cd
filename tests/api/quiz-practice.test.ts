/**
 * The child's quiz result is the best attempt, and a pass stays a pass (docs/decisions.md "The quiz",
 * screens-learner.md L-11, L-14.6): after a pass a submit is practice — graded and answered, never
 * stored, never counted; a child with no attempt left is refused and nothing is stored; the level
 * menu's progress reply carries the best result, the pass and the attempts left; only the child,
 * the teachers of the child's classes and admins read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { clase, claseAlumno, claseProfesor, institucion, rol, usuario } from '../../src/server/db/schema';
import { signToken } from '../../src/server/auth/jwt';
import { NO_ATTEMPTS_LEFT_MSG } from '../../src/shared/rules/quizRules';
import { PRACTICE_MSG, SAVED_MSG } from '../../src/server/resources/resultados/routes';

let t: TestApp;
let idClase: number;
let otherProfesor: string;

interface Quiz {
  idNivel: number;
  right: Record<string, unknown>[];
  wrong: Record<string, unknown>[];
}
let quiz: Quiz;

/** A quiz of the demo whose every question can be answered right and wrong, from the server's own key. */
async function demoQuiz(): Promise<Quiz> {
  const { rows } = await t.database.raw(`SELECT e.id_nivel, e.id_evaluacion, p.id_pregunta, p.tipo, r.id_respuesta, r.respuesta, r.valor
    FROM evaluacion e JOIN pregunta p ON p.id_evaluacion = e.id_evaluacion JOIN respuesta r ON r.id_pregunta = p.id_pregunta
    ORDER BY e.id_evaluacion, p.id_pregunta, r.id_respuesta`);
  const byEval = new Map<number, { idNivel: number; qs: Map<number, { tipo: string; answers: { id: number; texto: string; valor: boolean }[] }> }>();
  for (const r of rows) {
    const e = byEval.get(Number(r.id_evaluacion)) ?? { idNivel: Number(r.id_nivel), qs: new Map() };
    byEval.set(Number(r.id_evaluacion), e);
    const q = e.qs.get(Number(r.id_pregunta)) ?? { tipo: String(r.tipo), answers: [] };
    e.qs.set(Number(r.id_pregunta), q);
    q.answers.push({ id: Number(r.id_respuesta), texto: String(r.respuesta), valor: r.valor === true });
  }
  for (const e of byEval.values()) {
    const qs = [...e.qs.entries()];
    const choice = (tipo: string) => tipo === 'Opción Múltiple';
    if (!qs.every(([, q]) => !choice(q.tipo) || (q.answers.some((a) => a.valor) && q.answers.some((a) => !a.valor)))) continue;
    const row = (id: number, q: (typeof qs)[number][1], right: boolean) =>
      choice(q.tipo)
        ? { id_pregunta: id, id_nivel: e.idNivel, id_respuesta: q.answers.find((a) => a.valor === right)!.id }
        : { id_pregunta: id, id_nivel: e.idNivel, respuesta: right ? q.answers[0]!.texto : 'no sé' };
    return { idNivel: e.idNivel, right: qs.map(([id, q]) => row(id, q, true)), wrong: qs.map(([id, q]) => row(id, q, false)) };
  }
  throw new Error('the demo has no quiz with a right and a wrong answer for every question');
}

let n = 0;
/** A new child in the demo profesor's class, so every test starts with no attempt. */
async function child(): Promise<{ id: number; token: string }> {
  n += 1;
  const [u] = await t.database.db
    .insert(usuario)
    .values({ nombre: 'Niña', apellido: `Práctica ${n}`, email: `practica${n}.${Date.now().toString(36)}@ejemplo.com`, status: true })
    .returning({ id: usuario.id });
  await t.database.db.insert(claseAlumno).values({ idClase, idUsuario: u!.id });
  return { id: u!.id, token: await signToken({ sub: u!.id, tv: 0 }, t.config.jwtSecret, 3600) };
}

const submit = (token: string, respuestas: Record<string, unknown>[]) => t.call('POST', '/api/resultados/save-multiple', { as: token, body: { respuestas } });

interface Progress {
  id_nivel: number;
  ultimo_resultado: { puntaje: number; correctas: number } | null;
  mejor_resultado: { puntaje: number; correctas: number } | null;
  aprobado: boolean;
  intentos_restantes: number;
}
const progress = async (c: { id: number; token: string }) => {
  const r = await t.call('GET', `/api/progreso/usuario/${c.id}`, { as: c.token });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data as Progress[]).find((p) => p.id_nivel === quiz.idNivel);
};
const stored = async (id: number) =>
  Number((await t.database.raw('SELECT count(*)::int AS n FROM intento WHERE id_usuario = $1 AND id_nivel = $2', [id, quiz.idNivel])).rows[0]!.n);
const teacherRows = async (id: number, as: string = 'profesor') =>
  (await t.call('GET', `/api/resultados/resultados-profesor?id_usuario=${id}&id_nivel=${quiz.idNivel}`, { as })).json() as { puntaje: number }[];

beforeAll(async () => {
  t = await makeTestApp();
  quiz = await demoQuiz();
  const db = t.database.db;
  const [inst] = await db.insert(institucion).values({ nombre: 'Escuela de práctica' }).returning();
  const [c] = await db.insert(clase).values({ nombre: 'Clase de práctica', idInstitucion: inst!.idInstitucion, codigo: 'PRAC35' }).returning();
  idClase = c!.idClase;
  await db.insert(claseProfesor).values({ idClase, idUsuario: await t.userId('profesor') });
  // A profesor who teaches another class only.
  const [c2] = await db.insert(clase).values({ nombre: 'Otra clase', idInstitucion: inst!.idInstitucion, codigo: 'OTRA35' }).returning();
  const [p] = await db.insert(usuario).values({ nombre: 'Otro', apellido: 'Profesor', email: 'otro.practica@manitas.test', status: true }).returning();
  await db.insert(rol).values({ nombre: 'profesor', idUsuario: p!.id });
  await db.insert(claseProfesor).values({ idClase: c2!.idClase, idUsuario: p!.id });
  otherProfesor = await signToken({ sub: p!.id, tv: 0 }, t.config.jwtSecret, 3600);
});
afterAll(async () => t?.close());

describe('after a pass, a submit is practice: the best result stays', () => {
  it('pass, then a worse attempt: answered 200 as practice, nothing stored; menu, history and teacher results keep the pass', async () => {
    const c = await child();
    const pass = await submit(c.token, quiz.right);
    expect(pass.statusCode, pass.body).toBe(201);
    expect(pass.json().msg).toBe(SAVED_MSG);
    expect(pass.json().practica).toBeUndefined();
    const before = await snapshotCounts(t.database);
    const worse = await submit(c.token, quiz.wrong);
    expect(worse.statusCode, worse.body).toBe(200);
    const body = worse.json();
    expect(body.msg).toBe(PRACTICE_MSG);
    expect(body.practica).toBe(true);
    // Graded and shown: the worse score, no attempt id, and the solutions (the child passed already).
    expect(body.data).toMatchObject({ id: null, correctas: 0, total_preguntas: quiz.right.length, puntaje: 0, id_nivel: quiz.idNivel });
    expect(body.revision.preguntas.every((p: { acierto: boolean; solucion?: unknown[] }) => !p.acierto && (p.solucion?.length ?? 0) > 0)).toBe(true);
    expect(await snapshotCounts(t.database)).toEqual(before);

    const p = await progress(c);
    expect(p).toMatchObject({ aprobado: true, intentos_restantes: 2 });
    expect(p!.ultimo_resultado).toMatchObject({ puntaje: 100, correctas: quiz.right.length });
    expect(p!.mejor_resultado).toMatchObject({ puntaje: 100, correctas: quiz.right.length });
    const history = (await t.call('GET', `/api/evaluacion/resultados/usuario/${c.id}`, { as: c.token })).json().data as { puntaje: number }[];
    expect(history.map((h) => h.puntaje)).toEqual([100]);
    expect((await teacherRows(c.id)).map((r) => r.puntaje)).toEqual([100]);
  });

  it('a pass on the last attempt: a later submit is practice, not "no attempts left"', async () => {
    const c = await child();
    for (const rows of [quiz.wrong, quiz.wrong, quiz.right]) expect((await submit(c.token, rows)).statusCode).toBe(201);
    expect(await progress(c)).toMatchObject({ aprobado: true, intentos_restantes: 0 });
    const r = await submit(c.token, quiz.right);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().practica).toBe(true);
    expect(await stored(c.id)).toBe(3);
  });

  it('the best attempt, not the latest, is the menu\'s "mejor_resultado" while the child has not passed', async () => {
    const c = await child();
    const oneRight = quiz.wrong.map((row, i) => (i === 0 ? quiz.right[0]! : row));
    expect((await submit(c.token, oneRight)).statusCode).toBe(201);
    expect((await submit(c.token, quiz.wrong)).statusCode).toBe(201);
    const p = await progress(c);
    expect(p!.ultimo_resultado!.correctas).toBe(0);
    expect(p!.mejor_resultado!.correctas).toBe(1);
    expect(p).toMatchObject({ aprobado: false, intentos_restantes: 1 });
  });

  it('20 submits at once, passes and fails mixed, on a fresh level: no stored attempt lands after the pass', async () => {
    const c = await child();
    // Two fails among 18 passes: fewer fails than attempts, so a pass must land whatever order the
    // server takes them in (with 10 fails, three fails taking the lock first used every attempt and
    // every pass was refused — a real PostgreSQL run once took them in that order).
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(c.token, i % 10 === 1 ? quiz.wrong : quiz.right)));
    const codes = replies.map((r) => r.statusCode);
    expect(codes.every((s) => s === 200 || s === 201 || s === 409)).toBe(true);
    const { rows } = await t.database.raw('SELECT puntaje FROM intento WHERE id_usuario = $1 AND id_nivel = $2 ORDER BY fecha, id_intento', [
      c.id,
      quiz.idNivel,
    ]);
    const scores = rows.map((r) => Number(r.puntaje));
    expect(scores.length).toBeGreaterThanOrEqual(1);
    expect(scores.length).toBeLessThanOrEqual(3);
    // The first pass is the last stored attempt: everything after it was practice (200) or refused.
    const firstPass = scores.findIndex((s) => s >= 60);
    expect(firstPass).toBeGreaterThanOrEqual(0);
    expect(firstPass).toBe(scores.length - 1);
    expect(codes.filter((s) => s === 201)).toHaveLength(scores.length);
    const p = await progress(c);
    expect(p!.ultimo_resultado!.puntaje).toBe(100);
    expect(p!.mejor_resultado!.puntaje).toBe(100);
  });
});

describe('no attempt left', () => {
  it('three fails: the menu says none is left; a fourth is refused in Spanish and stores nothing', async () => {
    const c = await child();
    for (let i = 0; i < 3; i++) expect((await submit(c.token, quiz.wrong)).statusCode).toBe(201);
    expect(await progress(c)).toMatchObject({ aprobado: false, intentos_restantes: 0 });
    const before = await snapshotCounts(t.database);
    const r = await submit(c.token, quiz.right);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ msg: NO_ATTEMPTS_LEFT_MSG, code: 'NO_ATTEMPTS_LEFT' });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('20 submits at once on the last attempt: exactly one is stored, the others refused', async () => {
    const c = await child();
    for (let i = 0; i < 2; i++) expect((await submit(c.token, quiz.wrong)).statusCode).toBe(201);
    const codes = (await Promise.all(Array.from({ length: 20 }, () => submit(c.token, quiz.wrong)))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(await stored(c.id)).toBe(3);
  });

  it('20 passing submits at once on the last attempt: one is stored, the rest are practice', async () => {
    const c = await child();
    for (let i = 0; i < 2; i++) expect((await submit(c.token, quiz.wrong)).statusCode).toBe(201);
    const codes = (await Promise.all(Array.from({ length: 20 }, () => submit(c.token, quiz.right)))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array<number>(19).fill(200), 201]);
    expect(await stored(c.id)).toBe(3);
  });
});

describe("who may read a child's attempts", () => {
  it('another child and a profesor of another class are refused; the profesor of the class and the child read them', async () => {
    const c = await child();
    const other = await child();
    expect((await submit(c.token, quiz.right)).statusCode).toBe(201);
    for (const as of [other.token, otherProfesor]) {
      expect((await t.call('GET', `/api/progreso/usuario/${c.id}`, { as })).statusCode).toBe(403);
      expect((await t.call('GET', `/api/evaluacion/resultados/usuario/${c.id}`, { as })).statusCode).toBe(403);
    }
    // The teacher results list only the children of the profesor's classes; a child may not call it.
    expect(await teacherRows(c.id, otherProfesor)).toEqual([]);
    expect((await t.call('GET', `/api/resultados/resultados-profesor?id_usuario=${c.id}`, { as: other.token })).statusCode).toBe(403);
    expect((await teacherRows(c.id)).map((r) => r.puntaje)).toEqual([100]);
    expect((await progress(c))!.aprobado).toBe(true);
  });
});
