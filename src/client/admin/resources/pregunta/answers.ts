/**
 * What both question screens (the question form, B-11.3, and the evaluation panel, B-10) do with a
 * question's answer rows: follow Tipo, and shape them for the save. The checks are the shared
 * `answerIssues` (src/shared/resources/pregunta.ts); the two screens differ only in their limit and
 * texts, which the product spells differently (docs/product/screens-backoffice.md B-10, B-11.3).
 */
import { expectsOneText } from '../../../../shared/resources/pregunta';
import { isChoiceQuestion } from '../../../../shared/rules/quizRules';

interface AnswerRowLike {
  respuesta?: string;
  valor?: boolean;
}

/**
 * The rows after Tipo changed to `tipo`, or null to leave them as they are: Opción Múltiple adds
 * one blank row when there is none; Texto keeps one row, its expected answer (valor true), carrying
 * over the first row's text and id; the other types clear the rows.
 */
export function rowsForTipo<R extends AnswerRowLike>(tipo: unknown, rows: R[], blank: R): R[] | null {
  const t = typeof tipo === 'string' ? tipo : '';
  if (isChoiceQuestion(t)) return rows.length === 0 ? [{ ...blank }] : null;
  if (expectsOneText(t)) return [{ ...(rows[0] ?? blank), respuesta: rows[0]?.respuesta ?? '', valor: true }];
  return rows.length ? [] : null;
}

/**
 * What a save sends: the answer rows of Texto (one, valor true) and Opción Múltiple; for the other
 * types (Imagen, Video) no list, so their stored answers stay as they are.
 */
export function answersForSave<T extends Record<string, unknown>>(d: T): T {
  const rows = Array.isArray(d.respuestas) ? (d.respuestas as AnswerRowLike[]) : [];
  if (expectsOneText(d.Tipo)) return { ...d, respuestas: rows.slice(0, 1).map((r) => ({ ...r, valor: true })) };
  if (isChoiceQuestion(typeof d.Tipo === 'string' ? d.Tipo : '')) return { ...d, respuestas: rows };
  return { ...d, respuestas: undefined };
}
