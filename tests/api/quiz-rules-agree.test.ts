/**
 * The quiz's attempt limit, retry count and completion rule live twice: in TypeScript
 * (src/shared/rules/quizRules.ts, used by the level menu, the submit route and the teachers' grant)
 * and in the PL/pgSQL submit function manitas_guardar_intento (migration 0004), which enforces the
 * limit under a lock and writes progreso. This runs both on one table of cases and proves they agree:
 * the TypeScript side is a pure model built only from the shared rules; the SQL side is the real
 * submit statement (saveAttempt) and the real grant route, on the test database (PGlite, or
 * PostgreSQL under scripts/with-postgres.sh).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClass, makeTestApp, registration, type TestApp } from './helpers';
import { claseAlumno } from '../../src/server/db/schema';
import { saveAttempt } from '../../src/server/quiz/submit';
import { AppError } from '../../src/server/errors';
import { ESTADO_COMPLETADO, ESTADO_EN_PROGRESO } from '../../src/shared/rules/progress';
import {
  MAX_RETRIES,
  PASS_MARK,
  attemptsAllowed,
  attemptsLeft,
  canRetry,
  isPass,
  levelCompleted,
  retriesUsed,
  roundScore,
  submitOutcome,
} from '../../src/shared/rules/quizRules';

/** A submitted score (0–100, rounded as the submit route rounds it) or a teacher's "otro intento". */
type Step = number | 'grant';

interface Case {
  name: string;
  steps: Step[];
  /** Extra attempts already in progreso before the first step (a state the grant route cannot make: it tests the clamps). */
  presetExtra?: number;
}

const CASES: Case[] = [
  { name: 'first attempt exactly at the pass mark', steps: [PASS_MARK] },
  { name: 'just below the mark, to the limit and past it', steps: [59.99, 59.99, 59.99, 59.99] },
  { name: 'rounding at the mark (59.994 fails, 59.995 and 59.996 pass)', steps: [59.994, 59.995, 59.996, 0] },
  { name: 'just above the mark after two fails', steps: [0, 10, 60.01, 100] },
  { name: 'after a pass, lower scores are practice: not stored, not counted', steps: [100, 10, 0, 50] },
  { name: 'the extremes', steps: [0, 100, 0, 100] },
  { name: 'pass on the last allowed attempt, then refused', steps: [0, 0, 60, 100] },
  { name: 'a grant while attempts remain is refused; after the limit it gives one more', steps: ['grant', 10, 'grant', 20, 30, 'grant', 40, 'grant', 60, 70] },
  { name: 'two grants, each used', steps: [1, 2, 3, 'grant', 4, 'grant', 5, 6, 'grant', 59.99, 95] },
  { name: 'a grant after a pass that used every attempt', steps: [70, 0, 0, 0, 'grant', 0] },
  { name: 'granted before the first attempt (retry count clamped at 0)', steps: [0, 0, 0, 0, 0, 0], presetExtra: 2 },
  { name: 'one granted before the first attempt, passing at once', steps: [80, 20, 0, 0, 0], presetExtra: 1 },
];

/** What one step left behind, as both sides are compared. */
interface Observed {
  step: string;
  accepted: boolean;
  intentos: number;
  intentos_extra: number;
  reintentos: number | null;
  estado: string | null;
  /** Only after a stored attempt: what the submit reply says is left. */
  intentos_restantes?: number;
  /** A submit after a pass: graded and answered, nothing stored. */
  practica?: true;
}

/** The TypeScript side: the expected history of a case from the shared rules alone. */
function typescriptModel(c: Case): Observed[] {
  let made = 0;
  let extra = c.presetExtra ?? 0;
  const scores: number[] = [];
  let row = c.presetExtra !== undefined;
  const out: Observed[] = [];
  for (const s of c.steps) {
    const snap = (accepted: boolean, more: Partial<Observed> = {}): Observed => ({
      step: String(s),
      accepted,
      intentos: made,
      intentos_extra: extra,
      reintentos: row ? retriesUsed(made, extra) : null,
      estado: row ? (levelCompleted(scores) ? ESTADO_COMPLETADO : ESTADO_EN_PROGRESO) : null,
      ...more,
    });
    if (s === 'grant') {
      // The grant route gives one more only once none is left.
      const granted = made >= attemptsAllowed(extra);
      if (granted) extra += 1;
      out.push(snap(granted));
    } else if (submitOutcome(made, extra, levelCompleted(scores)) === 'practica') {
      out.push(snap(false, { practica: true }));
    } else if (submitOutcome(made, extra, false) === 'guardado') {
      made += 1;
      scores.push(roundScore(s));
      row = true;
      out.push(snap(true, { intentos_restantes: attemptsLeft(made, extra) }));
    } else {
      out.push(snap(false));
    }
  }
  return out;
}

let t: TestApp;
let idNivel: number;
let idEvaluacion: number;
let profesor: string;
/** The profesor's class: each new learner joins it, as a profesor grants attempts only to the children of their classes. */
let idClase: number;
beforeAll(async () => {
  t = await makeTestApp();
  const { rows } = await t.database.raw('SELECT id_evaluacion, id_nivel FROM evaluacion ORDER BY id_evaluacion LIMIT 1');
  idEvaluacion = Number(rows[0]!.id_evaluacion);
  idNivel = Number(rows[0]!.id_nivel);
  profesor = await t.token('profesor');
  idClase = await demoClass(t, []);
});
afterAll(async () => t?.close());

/** A new learner, so every case starts with no attempt at the level. */
async function newLearner(n: number): Promise<number> {
  const email = `reglas${n}.${Date.now().toString(36)}@ejemplo.com`;
  const r = await t.call('POST', '/api/user/register', {
    body: registration({ email }),
  });
  expect(r.statusCode).toBe(201);
  const id = Number(r.json().data.id);
  await t.database.db.insert(claseAlumno).values({ idClase, idUsuario: id });
  return id;
}

async function stateOf(user: number) {
  const count = await t.database.raw('SELECT count(*)::int AS n FROM intento WHERE id_usuario = $1 AND id_nivel = $2', [user, idNivel]);
  const pr = await t.database.raw('SELECT estado, reintentos, intentos_extra FROM progreso WHERE id_usuario = $1 AND id_nivel = $2', [user, idNivel]);
  const p = pr.rows[0];
  return {
    intentos: Number(count.rows[0]!.n),
    intentos_extra: p ? Number(p.intentos_extra) : 0,
    reintentos: p ? Number(p.reintentos) : null,
    estado: p ? String(p.estado) : null,
  };
}

/** The SQL side: the same steps through the real submit statement and the real grant route. */
async function databaseRun(c: Case, user: number): Promise<Observed[]> {
  if (c.presetExtra !== undefined) {
    await t.database.raw('INSERT INTO progreso (id_usuario, id_nivel, estado, intentos_extra) VALUES ($1, $2, $3, $4)', [
      user,
      idNivel,
      ESTADO_EN_PROGRESO,
      c.presetExtra,
    ]);
  }
  const out: Observed[] = [];
  for (const s of c.steps) {
    if (s === 'grant') {
      const r = await t.call('POST', '/api/resultados/otro-intento', { as: profesor, body: { id_usuario: user, id_nivel: idNivel } });
      expect([200, 409], r.body).toContain(r.statusCode);
      out.push({ step: String(s), accepted: r.statusCode === 200, ...(await stateOf(user)) });
      continue;
    }
    // As the submit route does: the score rounded to two decimals, passed from the pass mark.
    const puntaje = roundScore(s);
    const passed = isPass(puntaje);
    try {
      const saved = await saveAttempt(t.database, {
        idUsuario: user,
        idNivel,
        idEvaluacion,
        correctas: passed ? 1 : 0,
        totalPreguntas: 1,
        puntaje,
        passed,
        rows: [],
      });
      // What SQL stored reads back as the same pass or fail.
      expect(isPass(saved.puntaje), `${c.name}: stored ${saved.puntaje}`).toBe(passed);
      const state = await stateOf(user);
      if (saved.practica) {
        expect(saved.idIntento).toBeNull();
        out.push({ step: String(s), accepted: false, ...state, practica: true });
        continue;
      }
      // The level menu's offer (from the retry count SQL stored) agrees with the attempts the server still allows.
      expect(canRetry(saved.puntaje, state.reintentos!), `${c.name}: retry offer after ${s}`).toBe(!passed && saved.intentosRestantes > 0);
      out.push({ step: String(s), accepted: true, ...state, intentos_restantes: saved.intentosRestantes });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 409 || err.code !== 'NO_ATTEMPTS_LEFT') throw err;
      out.push({ step: String(s), accepted: false, ...(await stateOf(user)) });
    }
  }
  return out;
}

describe('quiz rules: TypeScript and the SQL submit function agree', () => {
  it('the table covers what it claims: refusals, grants refused and given, passes and fails at the mark', () => {
    const all = CASES.flatMap(typescriptModel);
    expect(all.some((o) => !o.accepted && o.step !== 'grant')).toBe(true);
    expect(all.some((o) => o.accepted && o.step === 'grant')).toBe(true);
    expect(all.some((o) => !o.accepted && o.step === 'grant')).toBe(true);
    expect(all.some((o) => o.practica)).toBe(true);
    // Practice after a pass on the last allowed attempt: passed wins over "no attempt left".
    expect(submitOutcome(attemptsAllowed(0), 0, true)).toBe('practica');
    expect(
      CASES.flatMap((c) => c.steps)
        .filter((s): s is number => typeof s === 'number')
        .map((s) => isPass(roundScore(s))),
    ).toEqual(expect.arrayContaining([true, false]));
    expect(attemptsAllowed(0)).toBe(1 + MAX_RETRIES);
  });

  CASES.forEach((c, i) => {
    it(c.name, async () => {
      const user = await newLearner(i);
      expect(await databaseRun(c, user)).toEqual(typescriptModel(c));
    });
  });
});
