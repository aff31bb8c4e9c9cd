/**
 * Unicode's bidirectional controls: the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069 and the marks U+200E, U+200F and U+061C. In a person's or a class's name they only
 * serve to make a name display as something else (U+202E turns "Ana\u202Egnp.exe" around), so
 * names refuse them; other text (descriptions, answers) keeps them for right-to-left scripts.
 */
export const BIDI_CONTROL_RE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

export const NAME_BIDI_MSG = 'El nombre no puede contener caracteres de control de dirección del texto.';

export const hasBidiControl = (s: unknown): boolean => typeof s === 'string' && BIDI_CONTROL_RE.test(s);

/** Refinement for a name schema: `.refine(...noBidi(msg))`. */
export const noBidi = (msg = NAME_BIDI_MSG) => [(s: string | null | undefined) => !hasBidiControl(s), { message: msg }] as const;
