/**
 * Pure helpers of the learner screens (no React, no fetch), unit-tested in tests/unit/learner.
 */
import { isAnswerCorrect, isTextQuestion, type GivenAnswer } from '../../../shared/rules/quizRules';
import type { ResultRow } from '../../../shared/rules/quiz';

interface NivelLike {
  nombre_nivel: string;
}
interface PalabraLike {
  id_palabra: number;
}
export interface QuizLike {
  preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number; respuesta?: string; valor?: boolean }[] }[];
}

/** Filters level cards by level name only (case- and accent-insensitive). */
export function filterLevels<T extends NivelLike>(levels: readonly T[], q: string): T[] {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim();
  const n = norm(q);
  return n ? levels.filter((l) => norm(l.nombre_nivel).includes(n)) : [...levels];
}

/** The word after `current` in the level, wrapping around to the first. */
export function nextWord<T extends PalabraLike>(words: readonly T[], current: number): T | null {
  if (words.length === 0) return null;
  const i = words.findIndex((w) => w.id_palabra === current);
  return words[(i + 1) % words.length] ?? null;
}

/** The rows the quiz sends (wire.md W-10.10); correctness is only what the browser can tell, the server judges. */
export function buildRows(ev: QuizLike, answers: Record<number, GivenAnswer>, userId: number, levelId: number, now = new Date()): ResultRow[] {
  return ev.preguntas.map((q) => {
    const a = answers[q.id_pregunta] ?? {};
    const text = isTextQuestion(q.Tipo);
    const option = text ? null : q.respuestas.find((r) => r.id_respuesta === a.id_respuesta);
    const key = {
      id_pregunta: q.id_pregunta,
      Tipo: q.Tipo,
      respuestas: q.respuestas.map((r) => ({ id_respuesta: r.id_respuesta, respuesta: r.respuesta ?? '', valor: r.valor === true })),
    };
    const correcta = isAnswerCorrect(key, a);
    return {
      id_pregunta: q.id_pregunta,
      id_usuario: userId,
      id_nivel: levelId,
      id_respuesta: text ? null : (a.id_respuesta ?? null),
      respuesta: text ? (a.respuesta ?? '').trim() : (option?.respuesta ?? ''),
      correcta,
      valor: correcta ? 1 : 0,
      fecha: now.toISOString(),
    };
  });
}
