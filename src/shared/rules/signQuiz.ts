/**
 * Quiz questions in signs, built from a level's words (the back office's "Generar preguntas con
 * señas" and the demo seed). Pure: the same words and seed give the same questions, so the preview
 * a teacher reads is exactly what "Crear" stores. Unit-tested in tests/unit/signQuiz.test.ts.
 *
 * Three kinds, all answered by choosing (Tipo 'Opción Múltiple', graded like any choice question):
 * - 'sena-palabra': the word's sign is the question, the choices are words;
 * - 'palabra-sena': the word is the question, the choices are signs;
 * - 'sena-imagen': the sign is the question, the choices are pictures (no word under them).
 * Wrong choices come from the level's other words; a choice's word never repeats the right one.
 */
import { mediaBy, signMedia, type MediaLike } from './signMedia';
import { OPCION_MULTIPLE } from './quizRules';
// The games' seeded generator (mulberry32): a generated quiz is the same for the same seed.
import { mulberry32 } from './games/types';

export const SIGN_QUIZ_KINDS = ['sena-palabra', 'palabra-sena', 'sena-imagen'] as const;
export type SignQuizKind = (typeof SIGN_QUIZ_KINDS)[number];

export const SIGN_QUIZ_KIND_LABEL: Record<SignQuizKind, string> = {
  'sena-palabra': 'Seña → palabras',
  'palabra-sena': 'Palabra → señas',
  'sena-imagen': 'Seña → imágenes',
};

/** Choices per question: the right one and two wrong ones (as the Cartas game's three cards). */
export const SIGN_QUIZ_CHOICES = 3;

export const signQuestionText = (kind: SignQuizKind, palabra: string): string =>
  kind === 'sena-palabra' ? '¿Qué palabra dice esta seña?' : kind === 'palabra-sena' ? `¿Cuál es la seña de «${palabra}»?` : '¿Qué imagen muestra esta seña?';

export interface SignMediaRef extends MediaLike {
  id: number;
  url: string;
  tipo: string;
  descripcion: string;
}

export interface SignQuizWord {
  id_palabra: number;
  palabraEspanol: string;
  media: readonly SignMediaRef[];
}

interface PlannedAnswer {
  respuesta: string;
  valor: boolean;
  id_palabra: number;
  /** The sign (palabra-sena) or picture (sena-imagen) shown as this choice; null for word choices. */
  media: SignMediaRef | null;
}

export interface PlannedQuestion {
  id_palabra: number;
  palabra: string;
  modo: SignQuizKind;
  Tipo: typeof OPCION_MULTIPLE;
  pregunta: string;
  /** The sign shown as the question (sena-palabra, sena-imagen); null when the word is the question. */
  media: SignMediaRef | null;
  respuestas: PlannedAnswer[];
}

export interface SignQuizPlan {
  preguntas: PlannedQuestion[];
  /** Words with no sign: never asked (the preview says so). */
  sinSena: string[];
  /** Words that already have a generated question in this quiz. */
  yaGeneradas: string[];
  /** Words with a sign for which no kind found enough other words to choose from. */
  sinOpciones: string[];
}

/** The picture of a word: its Spanish picture, else any still picture. */
export function pictureMedia<T extends MediaLike>(list: readonly T[]): T | null {
  return mediaBy(list, 'imgEspanol') ?? list.find((m) => (m.tipo ?? '').trim().toLowerCase() === 'imagen') ?? null;
}

function shuffle<T>(items: readonly T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const fold = (s: string) => s.normalize('NFC').trim().toLocaleLowerCase('es');

interface Prepared {
  word: SignQuizWord;
  sign: SignMediaRef | null;
  picture: SignMediaRef | null;
}

/** The choice a word gives in a question of this kind, or null when it has nothing to show. */
function choiceMedia(kind: SignQuizKind, w: Prepared): SignMediaRef | null | undefined {
  if (kind === 'sena-palabra') return null;
  return (kind === 'palabra-sena' ? w.sign : w.picture) ?? undefined;
}

function build(kind: SignQuizKind, target: Prepared, others: readonly Prepared[], rnd: () => number): PlannedQuestion | null {
  const own = choiceMedia(kind, target);
  if (own === undefined) return null;
  const seenText = new Set([fold(target.word.palabraEspanol)]);
  const seenMedia = new Set(own ? [own.url] : []);
  const wrong: Prepared[] = [];
  for (const o of shuffle(others, rnd)) {
    if (wrong.length === SIGN_QUIZ_CHOICES - 1) break;
    const m = choiceMedia(kind, o);
    if (m === undefined) continue;
    // Never the right answer twice: not the same word, not the same file.
    if (seenText.has(fold(o.word.palabraEspanol)) || (m && seenMedia.has(m.url))) continue;
    seenText.add(fold(o.word.palabraEspanol));
    if (m) seenMedia.add(m.url);
    wrong.push(o);
  }
  if (wrong.length < SIGN_QUIZ_CHOICES - 1) return null;
  const answers: PlannedAnswer[] = [
    { respuesta: target.word.palabraEspanol, valor: true, id_palabra: target.word.id_palabra, media: own },
    ...wrong.map((o) => ({ respuesta: o.word.palabraEspanol, valor: false, id_palabra: o.word.id_palabra, media: choiceMedia(kind, o) ?? null })),
  ];
  return {
    id_palabra: target.word.id_palabra,
    palabra: target.word.palabraEspanol,
    modo: kind,
    Tipo: OPCION_MULTIPLE,
    pregunta: signQuestionText(kind, target.word.palabraEspanol),
    media: kind === 'palabra-sena' ? null : target.sign,
    respuestas: shuffle(answers, rnd),
  };
}

/**
 * The sign questions for a level's words: one per word with a sign (not already generated), its
 * kind taking turns through SIGN_QUIZ_KINDS from a seeded start, falling to the next kind when the
 * level has too few other words with a sign or a picture for it.
 */
export function planSignQuiz(words: readonly SignQuizWord[], seed: number, alreadyGenerated: ReadonlySet<number> = new Set()): SignQuizPlan {
  const rnd = mulberry32(seed);
  const prepared: Prepared[] = [...words]
    .sort((a, b) => a.id_palabra - b.id_palabra)
    .map((word) => ({ word, sign: signMedia(word.media), picture: pictureMedia(word.media) }));
  const plan: SignQuizPlan = { preguntas: [], sinSena: [], yaGeneradas: [], sinOpciones: [] };
  const start = Math.floor(rnd() * SIGN_QUIZ_KINDS.length);
  let turn = 0;
  for (const target of prepared) {
    if (!target.sign) {
      plan.sinSena.push(target.word.palabraEspanol);
      continue;
    }
    if (alreadyGenerated.has(target.word.id_palabra)) {
      plan.yaGeneradas.push(target.word.palabraEspanol);
      continue;
    }
    const others = prepared.filter((p) => p !== target);
    let q: PlannedQuestion | null = null;
    for (let k = 0; k < SIGN_QUIZ_KINDS.length && !q; k++) q = build(SIGN_QUIZ_KINDS[(start + turn + k) % SIGN_QUIZ_KINDS.length]!, target, others, rnd);
    turn++;
    if (q) plan.preguntas.push(q);
    else plan.sinOpciones.push(target.word.palabraEspanol);
  }
  return plan;
}

/** "3 palabras no tienen seña y no se usan" (one: "1 palabra no tiene seña y no se usa"). */
export const sinSenaMessage = (n: number) => (n === 1 ? '1 palabra no tiene seña y no se usa' : `${n} palabras no tienen seña y no se usan`);

/**
 * Every question of a quiz weighs the same (score = correct ÷ total × 100, screens-learner.md
 * L-14), so a generated question's porcentaje is its share of the quiz: 100 ÷ questions, 2 decimals.
 */
export const equalShare = (questions: number) => (questions > 0 ? Math.floor((100 / questions) * 100) / 100 : 0);

export const SIGN_QUIZ_MSG = {
  nivel: 'El nivel es obligatorio.',
  nivelNoExiste: 'El nivel seleccionado no existe.',
  sinEvaluacion: 'Este nivel no tiene evaluación. Crea primero su evaluación.',
  sinPalabras: 'Ninguna palabra de este nivel tiene seña: sube primero las señas de sus palabras.',
  nadaNuevo: 'Este nivel ya tiene preguntas con señas para todas sus palabras con seña.',
  duplicado: 'Estas preguntas ya se crearon. Actualiza la lista para verlas.',
  pocasPalabras: 'El nivel necesita al menos 3 palabras con seña o imagen para hacer preguntas con opciones.',
  creadas: (n: number) => (n === 1 ? 'Se creó 1 pregunta con señas.' : `Se crearon ${n} preguntas con señas.`),
} as const;
