/**
 * The review session's client rules (docs/product/screens-learner.md L-10), pure and unit-tested in
 * tests/unit/learner/reviewRules.test.ts: what the "Repaso de hoy" card says, how a typed answer is
 * compared, which player uses make an answer `repetido` / `lento`, and the session kept in
 * sessionStorage so a reload resumes it without storing an answer twice (the typed-answer rule is in
 * typedAnswer.ts). The grade itself is the
 * server's (src/shared/rules/review.ts gradeAnswer).
 */
// Types only: the rules module's values bring ts-fsrs and zod, which /home must not download.
import type { ReviewItem, ReviewToday } from '../../../shared/rules/review';
import type { SignUse } from '../../sign/SignPlayer';

/** Signs waiting today: the due ones plus the new ones the next session brings (a session asks at most 10). */
export const signsToReview = (t: ReviewToday) => t.pendientes + t.nuevas;

/** "Tienes 5 señas para repasar" (1 seña). */
export const dueText = (n: number) => `Tienes ${n} ${n === 1 ? 'seña' : 'señas'} para repasar`;

/**
 * When the next sign falls due, in words a child of 6 reads: "hoy más tarde", "mañana", "en 3 días".
 * Never minutes or clock times: FSRS's first steps are minutes apart, and "en un minuto" after a
 * session reads as "do it again now". Null when nothing is scheduled. Calendar days of the device.
 */
export function nextReviewText(proxima: string | null, now: Date): string | null {
  if (!proxima) return null;
  const at = new Date(proxima);
  if (Number.isNaN(at.getTime())) return null;
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(at) - day(now)) / 86_400_000);
  if (days <= 0) return 'hoy más tarde';
  if (days === 1) return 'mañana';
  return `en ${days} días`;
}

/**
 * A child who has met no word yet (nothing due, nothing new, nothing scheduled) is invited to open
 * a level: "¡Todo repasado por hoy!" would praise a review that never happened.
 */
export const hasNothingYet = (t: ReviewToday) => t.pendientes + t.nuevas === 0 && t.proxima === null;

/** What such a child is told, on the /home card and on /home/repaso. */
export const START_TEXT = '¡Aún no has visto palabras! Abre un nivel para empezar.';

/** What the child did with a sign player during one item (SignPlayer's onUse). */
export type PlayerUse = SignUse;

/**
 * The help flags of an answer. `repetido`: the child played the sign again (play after a pause or
 * the end) or went through it frame by frame. `lento`: the child slowed the sign below 1× during
 * this item (a speed below 1×, or "Segunda vez más lenta" switched on). A standing speed preference is how the child always watches, not help with this word,
 * so only a slowing chosen during the item counts (docs/decisions.md "The learner's review screens").
 * Pausing, the mirror and the loop alone are not help.
 */
export function answerFlags(uses: readonly PlayerUse[]): { repetido: boolean; lento: boolean } {
  return {
    repetido: uses.some((u) => u.kind === 'play' || u.kind === 'step'),
    lento: uses.some((u) => (u.kind === 'speed' && u.speed < 1) || u.kind === 'slower'),
  };
}

/** One answer of a session, kept until the server has it. */
export interface SessionAnswer {
  id_palabra: number;
  /** The screen's own judgement, for its feedback only; the server grades elegida / escrita itself. */
  correcto: boolean;
  /** The option chosen (a word id), or what was typed: what is sent. */
  elegida?: number;
  escrita?: string;
  repetido: boolean;
  lento: boolean;
  clave: string;
  sent: boolean;
}

/** A session in progress: its items and the answers so far (the next item is answers.length). */
export interface SavedSession {
  items: ReviewItem[];
  answers: SessionAnswer[];
}

export const sessionKey = (userId: number) => `manitas.repaso.${userId}`;

/** A stored session that can be resumed, or null (missing, broken, finished with all sent). */
export function readSavedSession(raw: string | null): SavedSession | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as SavedSession;
    if (!Array.isArray(s?.items) || !Array.isArray(s.answers) || s.items.length === 0) return null;
    if (s.answers.length > s.items.length) return null;
    if (s.answers.some((a, i) => a?.id_palabra !== s.items[i]?.id_palabra || typeof a.clave !== 'string')) return null;
    if (s.answers.length === s.items.length && s.answers.every((a) => a.sent)) return null;
    return s;
  } catch {
    return null;
  }
}

/** The choices of an item in a stable order (same on a reload): the word and its distractors by id. */
export function choicesOf(item: ReviewItem) {
  const all = [item, ...item.distractores];
  // A fixed scramble by id (not random): the right one is not always first, and a reload keeps the order.
  return all
    .map((w) => ({ w, k: (Math.imul(w.id_palabra, 2654435761) ^ item.id_palabra) >>> 0 }))
    .sort((a, b) => a.k - b.k || a.w.id_palabra - b.w.id_palabra)
    .map((x) => x.w);
}

/** The summary: how many right, and the words to keep practising (missed ones, once each). */
export function summaryOf(items: readonly ReviewItem[], answers: readonly SessionAnswer[]) {
  const missed = new Set(answers.filter((a) => !a.correcto).map((a) => a.id_palabra));
  return {
    right: answers.filter((a) => a.correcto).length,
    total: answers.length,
    practise: items.filter((i) => missed.has(i.id_palabra)).map((i) => i.palabraEspanol),
  };
}

/** A fresh idempotency key for one answer (one rule for every event a device sends). */
export { newClave } from '../../offline/clave';
