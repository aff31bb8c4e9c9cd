/**
 * Rules of classes (docs/product/constants.md C-3), shared by the server and the browser: the join code, the picture
 * password and the import rows. Pure functions, no I/O.
 */
import { isPass } from './quizRules';

/**
 * The characters of a class code: upper-case letters and digits without look-alikes (no 0/O/Q/D?,
 * 1/I/L, 2/Z, 5/S, 6/G, 8/B). 22 characters, 6 of them: about 113 million codes.
 */
export const CLASS_CODE_ALPHABET = 'ACEFHJKMNPRTUVWXY34679';
export const CLASS_CODE_LENGTH = 6;

/** What a child types, as stored: upper case, without spaces, dashes or dots. */
export function normalizeClassCode(input: string): string {
  return input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-.·_]/g, '');
}

/** Whether a (normalised) code can be a class code at all (length and alphabet). */
export function isClassCode(code: string): boolean {
  if (code.length !== CLASS_CODE_LENGTH) return false;
  for (const ch of code) if (!CLASS_CODE_ALPHABET.includes(ch)) return false;
  return true;
}

/** What a malformed class code is told when it has the wrong length (the spec's message, verbatim). */
export const CLASS_CODE_LENGTH_MSG = 'El código de clase tiene 6 letras y números.';

/** "«B»" / "«B» y «O»" / "«B», «O» y «S»". */
function quotedList(chars: readonly string[]): string {
  const q = chars.map((c) => `«${c}»`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} y ${q.at(-1)}`;
}

/** "la letra «B»" / "las letras «B» y «O»" (kind: letra, número, signo). */
function named(chars: readonly string[], one: string, many: string): string | null {
  if (chars.length === 0) return null;
  return `${chars.length === 1 ? one : many} ${quotedList(chars)}`;
}

/**
 * Why a (normalised) code cannot be a class code, in words a child's helper understands, or null
 * when it can be one. A wrong length keeps the spec's message; 6 characters with some outside the
 * code's alphabet name them, because "tiene 6 letras y números" is true of "ABC123" and does not
 * say that B, 1 and 2 (look-alikes of 8, I and Z) are never printed on a card.
 */
export function classCodeProblem(code: string): string | null {
  const chars = Array.from(code);
  if (chars.length !== CLASS_CODE_LENGTH) return CLASS_CODE_LENGTH_MSG;
  const bad = [...new Set(chars.filter((ch) => !CLASS_CODE_ALPHABET.includes(ch)))];
  if (bad.length === 0) return null;
  const letters = bad.filter((ch) => /^\p{L}$/u.test(ch));
  const digits = bad.filter((ch) => /^\p{N}$/u.test(ch));
  const signs = bad.filter((ch) => !letters.includes(ch) && !digits.includes(ch));
  const parts = [named(letters, 'la letra', 'las letras'), named(digits, 'el número', 'los números'), named(signs, 'el signo', 'los signos')].filter(
    (p): p is string => p !== null,
  );
  return `El código no lleva ${parts.join(' ni ')}: revisa la tarjeta.`;
}

/** A random class code from `random` (0 ≤ x < 1 per call; the server passes a crypto source). */
export function makeClassCode(random: () => number): string {
  let out = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i++) out += CLASS_CODE_ALPHABET[Math.floor(random() * CLASS_CODE_ALPHABET.length)];
  return out;
}

/**
 * The 9 pictures of a picture password, in the order the login grid shows them. `key` is what is
 * hashed and sent; `label` is what a screen reader says and what a printed card writes under the
 * picture. The client draws each one (src/client/learner/classlogin/pictures.tsx).
 */
export const PICTURES = [
  { key: 'sol', label: 'Sol' },
  { key: 'luna', label: 'Luna' },
  { key: 'estrella', label: 'Estrella' },
  { key: 'flor', label: 'Flor' },
  { key: 'arbol', label: 'Árbol' },
  { key: 'pez', label: 'Pez' },
  { key: 'gato', label: 'Gato' },
  { key: 'coche', label: 'Coche' },
  { key: 'casa', label: 'Casa' },
] as const;
export type PictureKey = (typeof PICTURES)[number]['key'];
export const PICTURE_KEYS: readonly PictureKey[] = PICTURES.map((p) => p.key);
/** How many pictures a picture password has (chosen in order; a picture may repeat). */
export const PICTURE_PASSWORD_LENGTH = 3;

const isPictureKey = (k: unknown): k is PictureKey => typeof k === 'string' && (PICTURE_KEYS as readonly string[]).includes(k);

/** Whether `seq` is a well-formed picture password (3 known keys). */
export function isPicturePassword(seq: unknown): seq is PictureKey[] {
  return Array.isArray(seq) && seq.length === PICTURE_PASSWORD_LENGTH && seq.every(isPictureKey);
}

/** A new picture password: 3 different pictures (easier to remember than a repeat). */
export function makePicturePassword(random: () => number): PictureKey[] {
  const pool = [...PICTURE_KEYS];
  const out: PictureKey[] = [];
  for (let i = 0; i < PICTURE_PASSWORD_LENGTH; i++) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

/** The string that is hashed: the keys in order, joined. */
export const picturePasswordText = (seq: readonly PictureKey[]) => seq.join('-');

export const pictureLabel = (k: PictureKey) => PICTURES.find((p) => p.key === k)!.label;

const NAME_ORDER = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * A class's children in Spanish alphabetical order (first name, surname, then id): Íker among the
 * I's, Ñ after N, case and accents ignored. Done here rather than by SQL's ORDER BY because PGlite
 * runs in the C locale, which sorts by code point and puts Íker, Óscar or Ángel after Zoe.
 */
export function byChildName(a: { id: number; nombre: string; apellido?: string | null }, b: { id: number; nombre: string; apellido?: string | null }): number {
  return NAME_ORDER.compare(a.nombre, b.nombre) || NAME_ORDER.compare(a.apellido ?? '', b.apellido ?? '') || a.id - b.id;
}

/**
 * How a child is doing on an assigned level (a Tarea), from the dashboard's cell: done once the
 * latest quiz of the level passes (the level's own goal, PASS_MARK), started once the child has seen
 * a word or taken the quiz, else not started.
 */
export type TareaEstado = 'hecha' | 'empezada' | 'sin-empezar';
export function tareaEstado(cell: { vistas: number; puntaje: number | null } | undefined): TareaEstado {
  if (!cell) return 'sin-empezar';
  if (cell.puntaje != null && isPass(cell.puntaje)) return 'hecha';
  if (cell.vistas > 0 || cell.puntaje != null) return 'empezada';
  return 'sin-empezar';
}
export const TAREA_ESTADO_TEXTO: Record<TareaEstado, string> = { hecha: 'Tarea hecha', empezada: 'Tarea empezada', 'sin-empezar': 'Tarea sin empezar' };
