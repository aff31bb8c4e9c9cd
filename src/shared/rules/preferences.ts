import { z } from 'zod';
import { DEFAULT_PREFERENCES, SIGN_SPEEDS, parsePreferences, type Preferences, type SignSpeed } from './preferencesRules';

/**
 * A learner's sign-player and sound choices (docs/product/wire.md W-10.21), as the server validates them (zod). Kept on
 * the device (localStorage) and in the profile (usuario.preferencias, GET/PUT /api/preferencias), so
 * they follow the child and apply to every sign. The fields, defaults and the lenient reader live in
 * preferencesRules.ts (no zod: the learner screens import that one).
 */
export { DEFAULT_PREFERENCES, SIGN_SPEEDS, parsePreferences, type Preferences, type SignSpeed };

export const preferencesSchema = z
  .object({
    /** Playback speed of every sign ("Velocidad"). */
    velocidad: z.union([z.literal(0.5), z.literal(0.75), z.literal(1)], { message: 'La velocidad debe ser 0,5, 0,75 o 1.' }),
    /** Mirror ("Espejo"): the image flipped horizontally, for left-handed children. */
    espejo: z.boolean({ message: 'Espejo debe ser sí o no.' }),
    /** Every sign plays once at the chosen speed, then again at half of it ("Segunda vez más lenta"). */
    segundaLenta: z.boolean({ message: 'Segunda vez más lenta debe ser sí o no.' }),
    /** "Sin sonido": nothing plays anywhere; every sound cue has a visible one. */
    sinSonido: z.boolean({ message: 'Sin sonido debe ser sí o no.' }),
  })
  .strict() satisfies z.ZodType<Preferences>;

/** A partial update (PUT body): any subset of the fields. */
export const preferencesPatchSchema = preferencesSchema.partial();
