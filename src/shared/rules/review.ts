/**
 * Memory per child and word (docs/product/constants.md C-7): the grading rules, which app events count as reviews and
 * with which grade, the 0–3 strength stars and the review-session composition. The scheduling maths
 * is ts-fsrs's (desired retention 0.9); this module only wraps it, so the server (the only writer of
 * a schedule) and the unit tests share one set of rules. Pure: no DOM, no database.
 */
import { z } from 'zod';
import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card, type Grade } from 'ts-fsrs';
import { DEVICE_CLAVE_RE, deviceTime } from './offline';
import { dbId } from '../validation/numbers';

export { Rating, State };
export type { Card, Grade };

/** Desired retention: the predicted recall at which a word falls due again. */
export const DESIRED_RETENTION = 0.9;
/** Most items in one review session. */
export const SESSION_MAX_ITEMS = 10;
/** Most new (never reviewed) words in one session: the rest are due words. */
export const SESSION_MAX_NEW = 3;
/** Options shown in a multiple-choice item (the right one + distractors). */
export const CHOICES = 3;
/** A word is "known" (typed from memory instead of chosen) once FSRS gives it this many days of stability. */
const KNOWN_STABILITY_DAYS = 7;
/** Days of reviews the teacher's per-child view shows. */
export const REVIEW_HISTORY_DAYS = 30;

/**
 * The scheduler. Fuzz is off so the same answers give the same schedule (tests, and two devices of
 * one child agree); every other parameter is ts-fsrs's default (FSRS-6 weights, short-term steps).
 */
export const scheduler = fsrs(generatorParameters({ request_retention: DESIRED_RETENTION, enable_fuzz: false }));

/** Where a review came from (the log's `fuente`). A word seen in word detail is not a review. */
export const REVIEW_SOURCES = ['repaso', 'juego', 'cuestionario', 'practica'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** The item kinds of a review session, all doable without hearing. */
export const ITEM_KINDS = ['sena_a_palabra', 'palabra_a_sena', 'escribir'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * Grading of a review-session answer: wrong = Again; right after replaying the sign or watching it
 * slowed down = Hard (retrieved with help); right = Good. Easy is never given: a child's quick tap
 * is not evidence the word is easy, and Easy would stretch the interval most.
 */
export function gradeAnswer(a: { correcto: boolean; repetido?: boolean; lento?: boolean }): Grade {
  if (!a.correcto) return Rating.Again;
  if (a.repetido || a.lento) return Rating.Hard;
  return Rating.Good;
}

/**
 * The grade of a word in a finished game run: only right = Good; right after a miss in the same run
 * (in both lists: cards lets the child try again) = Hard; only wrong = Again.
 */
export function gradeGameWord(right: boolean, wrong: boolean): Grade | null {
  if (right && wrong) return Rating.Hard;
  if (right) return Rating.Good;
  if (wrong) return Rating.Again;
  return null;
}

/** A graded game run: one review per word it reports (a word in neither list is not reviewed). */
export function gameRunReviews(palabrasBien: readonly number[], palabrasMal: readonly number[]): { idPalabra: number; grade: Grade }[] {
  const bien = new Set(palabrasBien);
  const mal = new Set(palabrasMal);
  return [...new Set([...bien, ...mal])]
    .sort((a, b) => a - b)
    .map((idPalabra) => ({ idPalabra, grade: gradeGameWord(bien.has(idPalabra), mal.has(idPalabra))! }));
}

/** A quiz question linked to a word: right = Good, wrong = Again (the quiz gives no replay signal). */
export const gradeQuizAnswer = (correcta: boolean): Grade => (correcta ? Rating.Good : Rating.Again);

/** Lower case, no accents, trimmed: how a quiz answer's text is matched to a word. */
const normalizeWord = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/**
 * The word a quiz question is about: the word of the level whose Spanish text is the question's
 * correct answer (a question has no word column; every demo question asks for a word of its level).
 * Null when no word, or more than one, matches.
 */
export function linkQuestionToWord(correctAnswers: readonly string[], levelWords: readonly { idPalabra: number; palabraEspanol: string }[]): number | null {
  const wanted = new Set(correctAnswers.map(normalizeWord).filter(Boolean));
  const hits = levelWords.filter((w) => wanted.has(normalizeWord(w.palabraEspanol)));
  return hits.length === 1 ? hits[0]!.idPalabra : null;
}

/** A new card (a word the child met but never reviewed): state New, due now. */
export const newCard = (now: Date): Card => createEmptyCard(now);

/** The card after one review at `now` (ts-fsrs). */
export const review = (card: Card, grade: Grade, now: Date): Card => scheduler.next(card, now, grade).card;

/** Predicted recall now (ts-fsrs retrievability, 0–1); 0 for a word never reviewed. */
export function recall(card: Card, now: Date): number {
  if (card.state === State.New) return 0;
  return scheduler.get_retrievability(card, now, false);
}

/**
 * Strength 0–3 stars: from the predicted recall (≥ 0.9: 3, ≥ 0.75: 2, ≥ 0.5: 1), capped so that a
 * word only just learnt does not look mastered: at most 1 star while still in (re)learning steps,
 * at most 2 until FSRS gives it KNOWN_STABILITY_DAYS of stability. Never reviewed = 0.
 */
export function strengthStars(card: Card, now: Date): 0 | 1 | 2 | 3 {
  if (card.state === State.New) return 0;
  const r = recall(card, now);
  let stars: 0 | 1 | 2 | 3 = r >= 0.9 ? 3 : r >= 0.75 ? 2 : r >= 0.5 ? 1 : 0;
  if (card.state === State.Learning || card.state === State.Relearning) stars = Math.min(stars, 1) as 0 | 1;
  else if (card.stability < KNOWN_STABILITY_DAYS) stars = Math.min(stars, 2) as 0 | 1 | 2;
  return stars;
}

/** Due: reviewed at least once and its due date has come. A new card is "new", not due. */
export const isDue = (card: Pick<Card, 'state' | 'due'>, now: Date) => card.state !== State.New && card.due.getTime() <= now.getTime();

/** Known enough to be typed from memory. */
export const isKnown = (card: Pick<Card, 'state' | 'stability'>) => card.state === State.Review && card.stability >= KNOWN_STABILITY_DAYS;

/**
 * Which words a session asks, in order, SESSION_MAX_ITEMS in all:
 * 1. every due word (reviewed before, due date come; most overdue first, as given);
 * 2. then the words the child has already seen (word detail, the level menu) but never reviewed:
 *    their card was made when they were seen, and FSRS makes a new card due at once, so they are
 *    owed their first review (oldest seen first, as given), however many;
 * 3. then, in the room left, at most SESSION_MAX_NEW words never seen at all (of opened levels).
 * Only step 3 is capped below the session's size: a child with nothing due and nothing seen gets a
 * short, calm session rather than a wall of signs never shown; a word the child has seen is never
 * left out for a new one, and a due word never for a seen or new one.
 */
export function composeSession<T>(
  due: readonly T[],
  fresh: readonly T[],
  { seen = [], max = SESSION_MAX_ITEMS, maxNew = SESSION_MAX_NEW }: { seen?: readonly T[]; max?: number; maxNew?: number } = {},
): { item: T; nuevo: boolean }[] {
  const dueItems = due.slice(0, max).map((item) => ({ item, nuevo: false }));
  const seenItems = seen.slice(0, max - dueItems.length).map((item) => ({ item, nuevo: true }));
  const room = max - dueItems.length - seenItems.length;
  const freshItems = fresh.slice(0, Math.max(0, Math.min(maxNew, room))).map((item) => ({ item, nuevo: true }));
  return [...dueItems, ...seenItems, ...freshItems];
}

/**
 * The kind of an item: a known word is typed from its sign; otherwise the two choosing kinds
 * alternate by position (a new word always starts with sign → word, the easier direction).
 */
export function itemKind(card: Pick<Card, 'state' | 'stability'>, position: number): ItemKind {
  if (isKnown(card)) return 'escribir';
  if (card.state === State.New) return 'sena_a_palabra';
  return position % 2 === 0 ? 'sena_a_palabra' : 'palabra_a_sena';
}

/**
 * CHOICES − 1 distractors for a word: other words of its own level first, then of the other
 * candidate levels; `random` orders each group (injected so tests are deterministic).
 */
export function pickDistractors<W extends { idPalabra: number; idNivel: number }>(word: W, pool: readonly W[], random: () => number = Math.random): W[] {
  const shuffle = (xs: W[]) =>
    xs
      .map((x) => ({ x, k: random() }))
      .sort((a, b) => a.k - b.k)
      .map((p) => p.x);
  const others = pool.filter((w) => w.idPalabra !== word.idPalabra);
  const same = shuffle(others.filter((w) => w.idNivel === word.idNivel));
  const rest = shuffle(others.filter((w) => w.idNivel !== word.idNivel));
  return [...same, ...rest].slice(0, CHOICES - 1);
}

/**
 * Words of a level for the games, due and weak first: due words (most overdue first), then by
 * strength ascending (never-reviewed words count as weakest), ties by word id.
 */
export function orderForPractice<W extends { idPalabra: number }>(words: readonly W[], cards: ReadonlyMap<number, Card>, now: Date): W[] {
  const key = (w: W) => {
    const c = cards.get(w.idPalabra);
    if (!c || c.state === State.New) return { due: 0, r: 0, at: 0 };
    return { due: isDue(c, now) ? 1 : 0, r: recall(c, now), at: c.due.getTime() };
  };
  return [...words]
    .map((w) => ({ w, k: key(w) }))
    .sort((a, b) => b.k.due - a.k.due || (a.k.due && b.k.due ? a.k.at - b.k.at : 0) || a.k.r - b.k.r || a.w.idPalabra - b.w.idPalabra)
    .map((p) => p.w);
}

const idNum = (label: string) => dbId(`${label} no es válido.`);

/** The idempotency key a device makes for an answer (same rule as a game run's). */
export const claveSchema = z
  .string({ message: 'La clave de la respuesta es obligatoria.' })
  .regex(DEVICE_CLAVE_RE, { message: 'La clave de la respuesta no es válida.' });

/**
 * POST /api/repaso/respuesta: what the child did; the server grades it and schedules. `fecha`: when
 * the child answered on the device (answers queued offline, wire W-11.2), within bounds.
 */
const REVIEW_ANSWER_MAX_TYPED = 100;
const REVIEW_ANSWER_ONE_MSG = 'Envía la palabra elegida o la palabra escrita (solo una).';
export const reviewAnswerSchema = z
  .strictObject(
    {
      id_palabra: idNum('El identificador de la palabra'),
      /** The option the child chose (a word id): right when it is `id_palabra`. */
      elegida: idNum('El identificador de la palabra elegida').optional(),
      /** What the child typed ('escribir' items): right when it is the word (reviewAnswer.ts). */
      escrita: z
        .string({ message: 'La palabra escrita debe ser un texto.' })
        .max(REVIEW_ANSWER_MAX_TYPED, { message: `La palabra escrita no puede tener más de ${REVIEW_ANSWER_MAX_TYPED} caracteres.` })
        .optional(),
      /**
       * Ignored: the server grades the answer itself (the privacy rule: what feeds a teacher's view
       * follows from what the child did). Still accepted so an older client's body is not refused
       * for it; the answer fields above are what count.
       */
      correcto: z.boolean({ message: 'Indica si la respuesta fue correcta.' }).optional(),
      repetido: z.boolean({ message: 'Repetido debe ser sí o no.' }).optional(),
      lento: z.boolean({ message: 'Lento debe ser sí o no.' }).optional(),
      clave: claveSchema,
      fecha: deviceTime,
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? 'Solo se envía la respuesta: el servidor calcula el repaso.' : 'La respuesta no es válida.') },
  )
  .refine((a) => (a.elegida === undefined) !== (a.escrita === undefined), { message: REVIEW_ANSWER_ONE_MSG, path: ['respuesta'] });

/** POST /api/repaso/visto: a word seen in word detail (learning, not a review), and when on the device. */
export const wordSeenSchema = z.strictObject(
  { id_palabra: idNum('El identificador de la palabra'), fecha: deviceTime },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? 'Solo se envía la palabra vista.' : 'La palabra vista no es válida.') },
);

/** One item of a session as the API answers it. */
export interface ReviewItemWord {
  id_palabra: number;
  palabraEspanol: string;
  palabraIngles: string;
  id_nivel: number;
  /** The sign (GIF/video) and the picture, as stored paths; null when the word has none. */
  sena: { url: string; urlCompacta: string | null; tipo: string } | null;
  imagen: string | null;
}
export interface ReviewItem extends ReviewItemWord {
  tipo: ItemKind;
  nuevo: boolean;
  /** The distractors (multiple-choice kinds; empty for `escribir`). */
  distractores: ReviewItemWord[];
}

/** GET /api/repaso/hoy. */
export interface ReviewToday {
  pendientes: number;
  nuevas: number;
  /** When the next word falls due (ISO), or null when nothing is scheduled. */
  proxima: string | null;
}

/** POST /api/repaso/respuesta's data. */
export interface ReviewResult {
  id_palabra: number;
  calificacion: Grade;
  estrellas: 0 | 1 | 2 | 3;
  vence: string;
}
