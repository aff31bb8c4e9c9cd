/**
 * Pure helpers of the questionnaire's feedback and typing aids (screens-learner.md L-14.2, L-14.4: "the quiz teaches too").
 */
import { isTextQuestion, type GivenAnswer, type QuestionFeedback } from '../../../shared/rules/quizRules';

/** The letters a Spanish keyboard may lack, offered as buttons under a text answer. */
export const ACCENT_LETTERS = ['á', 'é', 'í', 'ó', 'ú', 'ñ'] as const;

/**
 * Inserts `letter` at the caret (replacing a selection) and returns the new text and caret. A
 * caret out of range (or unknown) means the end of the text; `maxLength` is respected.
 */
export function insertAtCaret(
  value: string,
  start: number | null | undefined,
  end: number | null | undefined,
  letter: string,
  maxLength = Infinity,
): { value: string; caret: number } {
  const len = value.length;
  const clamp = (n: number | null | undefined, fallback: number) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= len ? n : fallback);
  const s = clamp(start, len);
  const e = Math.max(s, clamp(end, s));
  const next = value.slice(0, s) + letter + value.slice(e);
  if (next.length > maxLength) return { value, caret: e };
  return { value: next, caret: s + letter.length };
}

/** True when any question has an answer (a chosen option, or text that is not blank). */
export function hasUnsentAnswers(answers: Readonly<Record<number, GivenAnswer | undefined>>): boolean {
  return Object.values(answers).some((a) => !!a && ((typeof a.respuesta === 'string' && a.respuesta.trim() !== '') || typeof a.id_respuesta === 'number'));
}

interface QuestionLike {
  Tipo: string;
  respuestas: readonly { id_respuesta: number; respuesta?: string | null }[];
}

/**
 * The "Respuesta correcta: …" text of a question's feedback, or null when none is to be shown
 * (a right answer, or a wrong one while a retry remains: the server then sends no solution).
 * Options are named by the quiz's own labels (text, else 'Opción N').
 */
export function solutionText(q: QuestionLike, fb: QuestionFeedback | undefined): string | null {
  if (!fb || fb.acierto || !fb.solucion || fb.solucion.length === 0) return null;
  const names = fb.solucion
    .map((s) => {
      if (isTextQuestion(q.Tipo)) return s.texto.trim();
      const i = q.respuestas.findIndex((r) => r.id_respuesta === s.id_respuesta);
      const own = i >= 0 ? q.respuestas[i]!.respuesta : null;
      return (own || s.texto || `Opción ${i + 1}`).trim();
    })
    .filter((n) => n !== '');
  return names.length ? names.join(' o ') : null;
}

/**
 * How one option of a choice question looks (the picture tiles and the text options alike): the
 * chosen one framed in the theme colour, then, once marked, green if right or red if wrong, and the
 * right answers framed green with a light green fill.
 */
export function choiceLook(answer: GivenAnswer | undefined, feedback: QuestionFeedback | undefined, idRespuesta: number) {
  const checked = answer?.id_respuesta === idRespuesta;
  const isSolution = !!feedback?.solucion?.some((x) => x.id_respuesta === idRespuesta);
  const marked = feedback && checked ? (feedback.acierto ? '#2e7d32' : '#c62828') : isSolution ? '#2e7d32' : null;
  return {
    checked,
    isSolution,
    borderColor: marked ?? (checked ? 'primary.main' : '#e2ddf7'),
    bgcolor: checked ? '#efeaff' : isSolution ? '#e8f5e9' : '#fff',
  };
}
