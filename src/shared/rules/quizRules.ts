/**
 * Questionnaire rules (docs/product/screens-learner.md L-14, constants.md C-4): answer correctness,
 * score, pass mark and retries. Pure and free of zod, so the learner screens can use them
 * without downloading the schema library; `quiz.ts` re-exports them with the wire schemas.
 */

/** Pass mark: a score of 60 or more passes. */
export const PASS_MARK = 60;
/** At most 2 retries per level. */
export const MAX_RETRIES = 2;

export const ALL_ANSWERED_MSG = 'Debes responder todas las preguntas antes de enviar.';
export const NO_EVALUATION_MSG = 'No se encontró evaluación para este nivel.';
/** Attempts used up (screens-learner.md L-14.5): the server's 409 and the quiz screen's notice before the form. */
export const NO_ATTEMPTS_LEFT_MSG = 'Ya usaste todos tus intentos de este cuestionario. Pide a tu profesor que te dé otro intento.';

/** Score = correct / total * 100 (0 when there are no questions). */
export function quizScore(correct: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  return (Math.max(0, Math.min(correct, total)) / total) * 100;
}

/** The score as stored and sent (two decimals, like numeric(5,2)). */
export function roundScore(score: number): number {
  return Math.round(score * 100) / 100;
}

/** The score shown with two decimals. */
export function formatScore(score: number): string {
  return (Math.round(Number(score) * 100) / 100).toFixed(2);
}

export function isPass(score: number): boolean {
  return Number(score) >= PASS_MARK;
}

/** Below the pass mark a retry is offered while the retries used are under MAX_RETRIES. */
export function canRetry(score: number, retriesUsed: number): boolean {
  return !isPass(score) && retriesUsed < MAX_RETRIES;
}

/*
 * The attempt limit and the retry count. The submit function in SQL (manitas_guardar_intento,
 * migration 0004) applies the same rules under a lock; tests/api/quiz-rules-agree.test.ts runs both
 * on one table of cases.
 */

/** Attempts allowed at a level (constants C-4): one attempt, MAX_RETRIES retries, and the `granted` extra ones. */
export function attemptsAllowed(granted: number): number {
  return 1 + MAX_RETRIES + granted;
}

/** Attempts still allowed after `made` attempts at the level. */
export function attemptsLeft(made: number, granted: number): number {
  return Math.max(0, attemptsAllowed(granted) - made);
}

/** What the server does with a new submit (no key already stored). */
export type SubmitOutcome = 'practica' | 'guardado' | 'sin-intentos';

/**
 * A submit after a pass (a passing attempt at or before its time) is practice (graded, never stored,
 * never counted: docs/decisions.md "The quiz"), whatever attempts are left; otherwise it is stored
 * while an attempt is left and refused after. manitas_guardar_intento (migration 0014) applies the same under its lock.
 */
export function submitOutcome(made: number, granted: number, passedBefore: boolean): SubmitOutcome {
  if (passedBefore) return 'practica';
  return made < attemptsAllowed(granted) ? 'guardado' : 'sin-intentos';
}

/**
 * progreso.reintentos, the "retries used" the level menu reads (it offers MAX_RETRIES − this):
 * attempts made minus the first one minus those a teacher granted, never below 0.
 */
export function retriesUsed(made: number, granted: number): number {
  return Math.max(0, made - 1 - granted);
}

/** An attempt as the level menu and the quiz screen compare them. */
interface ScoredAttempt {
  puntaje: number;
  fecha: string;
}

/**
 * The child's result at a level is the best attempt (docs/decisions.md "The quiz"): the highest score;
 * among equal scores the most recent. Null without attempts.
 */
export function bestAttempt<T extends ScoredAttempt>(attempts: readonly T[]): T | null {
  let best: T | null = null;
  for (const a of attempts) {
    const s = Number(a.puntaje);
    if (!Number.isFinite(s)) continue;
    if (!best || s > Number(best.puntaje) || (s === Number(best.puntaje) && Date.parse(a.fecha) > Date.parse(best.fecha))) best = a;
  }
  return best;
}

/** What the quiz screen opens on (screens-learner.md L-14.6). */
type QuizOpening = 'resultado' | 'sin-intentos' | 'formulario';

/**
 * A child who passed sees their best result (and may practise); a child with no attempt left is told
 * so before any question; everyone else gets the form. Unknown state (offline, a failed read) opens the
 * form: the server still refuses past the limit and turns a submit after a pass into practice.
 */
export function quizOpening(state: { aprobado: boolean; intentosRestantes: number } | null | undefined): QuizOpening {
  if (!state) return 'formulario';
  if (state.aprobado) return 'resultado';
  if (state.intentosRestantes <= 0) return 'sin-intentos';
  return 'formulario';
}

/** A level is completed once one of its attempts passed; a later lower score does not undo it. */
export function levelCompleted(scores: readonly number[]): boolean {
  return scores.some(isPass);
}

/** The Tipo of a multiple-choice question, spelt as wire.md W-10.7 and the stored values spell it. */
export const OPCION_MULTIPLE = 'Opción Múltiple';

/**
 * Quiz types, the one test used everywhere (server grading, the learner's view of a question, the
 * admin forms): 'Opción Múltiple' is answered by choosing an option; every other Tipo (Texto, and
 * the admin-only Imagen and Video) by typing (constants C-4). The spelling must be exact: W-10.7 names four fixed
 * values and the question schema stores only those (TIPOS_PREGUNTA), so no trimming and no case
 * folding (a different spelling used to be multiple choice for grading but not for the learner's
 * view). Only the Unicode form is normalised: NFD 'Opción Múltiple' is the same characters.
 */
export function isChoiceQuestion(tipo: string | null | undefined): boolean {
  return (tipo ?? '').normalize('NFC') === OPCION_MULTIPLE;
}
export function isTextQuestion(tipo: string | null | undefined): boolean {
  return !isChoiceQuestion(tipo);
}

/** Text comparison (docs/product/constants.md C-4): equal after trimming, ignoring case. */
function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (s: string | null | undefined) => (s ?? '').normalize('NFC').trim().toLocaleLowerCase('es');
  return norm(a) === norm(b);
}

interface KeyAnswer {
  id_respuesta: number;
  respuesta: string;
  valor: boolean;
}
export interface KeyQuestion {
  id_pregunta: number;
  Tipo: string;
  respuestas: readonly KeyAnswer[];
}
export interface GivenAnswer {
  id_respuesta?: number | null;
  respuesta?: string | null;
}

/** True when the question has an answer of the right kind (a chosen option, or non-blank text). */
export function isAnswered(q: Pick<KeyQuestion, 'Tipo'>, a: GivenAnswer | undefined): boolean {
  if (!a) return false;
  if (isTextQuestion(q.Tipo)) return typeof a.respuesta === 'string' && a.respuesta.trim() !== '';
  return typeof a.id_respuesta === 'number' && Number.isInteger(a.id_respuesta);
}

/**
 * Answer correctness (screens-learner.md L-14.3, constants C-4): multiple choice is correct when the chosen option has valor
 * true; text is correct when it equals the first answer's text after trimming, ignoring case.
 * The answers are in the key's order (first = lowest id).
 */
export function isAnswerCorrect(q: KeyQuestion, a: GivenAnswer | undefined): boolean {
  if (!isAnswered(q, a)) return false;
  if (isTextQuestion(q.Tipo)) {
    const first = q.respuestas[0];
    return !!first && sameText(a!.respuesta, first.respuesta);
  }
  const chosen = q.respuestas.find((r) => r.id_respuesta === a!.id_respuesta);
  return !!chosen && chosen.valor === true;
}

export interface Graded {
  correctas: number;
  total_preguntas: number;
  puntaje: number;
  /** Per question, in the key's order. */
  correct: boolean[];
}

/** Grades every question of an evaluation; an unanswered question counts as wrong. */
export function gradeQuiz(questions: readonly KeyQuestion[], answers: ReadonlyMap<number, GivenAnswer>): Graded {
  const correct = questions.map((q) => isAnswerCorrect(q, answers.get(q.id_pregunta)));
  const correctas = correct.filter(Boolean).length;
  return { correctas, total_preguntas: questions.length, puntaje: roundScore(quizScore(correctas, questions.length)), correct };
}

/** The attempt the server returns after grading. */
export interface AttemptResult {
  /** Null for practice after a pass (nothing stored). */
  id: number | null;
  correctas: number;
  total_preguntas: number;
  puntaje: number;
  fecha: string;
  id_nivel: number;
}

/** One correct answer shown after sending: the option's id and text (typed: the first answer). */
interface SolutionAnswer {
  id_respuesta: number;
  texto: string;
}

/**
 * Per-question feedback of a sent attempt (screens-learner.md L-14.4, "the quiz teaches too"): whether the answer
 * was right and, only when `solucion` is present, the correct answer(s) of a wrong one.
 */
export interface QuestionFeedback {
  id_pregunta: number;
  acierto: boolean;
  solucion?: SolutionAnswer[];
}

/**
 * The correct answers are revealed only once the child passed or has no attempt left, so a retry
 * is still a real try.
 */
export function revealSolutions(passed: boolean, attemptsLeft: number): boolean {
  return passed || attemptsLeft <= 0;
}

/**
 * Feedback for every question, in the key's order. With `reveal`, a wrong answer carries its
 * solution: the options with valor true (multiple choice) or the first answer (typed, the text
 * the grading compares with). A right answer needs none: the child's own answer is the solution, so
 * nothing of the key is sent that the child did not already give.
 */
export function quizFeedback(questions: readonly KeyQuestion[], answers: ReadonlyMap<number, GivenAnswer>, reveal: boolean): QuestionFeedback[] {
  return questions.map((q) => {
    const acierto = isAnswerCorrect(q, answers.get(q.id_pregunta));
    if (!reveal || acierto) return { id_pregunta: q.id_pregunta, acierto };
    const key = isTextQuestion(q.Tipo) ? q.respuestas.slice(0, 1) : q.respuestas.filter((r) => r.valor === true);
    return { id_pregunta: q.id_pregunta, acierto, solucion: key.map((r) => ({ id_respuesta: r.id_respuesta, texto: r.respuesta ?? '' })) };
  });
}

/** The `revision` beside a sent attempt's `data`: the per-question feedback. */
export interface AttemptReview {
  /** Attempts still allowed at this level after this one (retries plus what a teacher granted). */
  intentos_restantes: number;
  preguntas: QuestionFeedback[];
}
