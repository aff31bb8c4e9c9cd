import { z } from 'zod';

/**
 * A learner's sign-player and sound choices (issue 16). Kept on the device (localStorage) and in the
 * profile (usuario.preferencias, GET/PUT /api/preferencias), so they follow the child and apply to
 * every sign.
 */
export const SIGN_SPEEDS = [0.5, 0.75, 1] as const;
export type SignSpeed = (typeof SIGN_SPEEDS)[number];

export const preferencesSchema = z.object({
  /** Playback speed of every sign ("Velocidad"). */
  velocidad: z.union([z.literal(0.5), z.literal(0.75), z.literal(1)], { message: 'La velocidad debe ser 0,5, 0,75 o 1.' }),
  /** Mirror ("Espejo"): the image flipped horizontally, for left-handed children. */
  espejo: z.boolean({ message: 'Espejo debe ser sí o no.' }),
  /** Every sign plays once at the chosen speed, then again at half of it ("Segunda vez más lenta"). */
  segundaLenta: z.boolean({ message: 'Segunda vez más lenta debe ser sí o no.' }),
  /** "Sin sonido": nothing plays anywhere; every sound cue has a visible one. */
  sinSonido: z.boolean({ message: 'Sin sonido debe ser sí o no.' }),
}).strict();
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = { velocidad: 1, espejo: false, segundaLenta: false, sinSonido: false };

/** A partial update (PUT body): any subset of the fields. */
export const preferencesPatchSchema = preferencesSchema.partial();

/** Reads stored JSON (device or database) leniently: unknown or bad fields fall back to the defaults. */
export function parsePreferences(raw: unknown): Preferences {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try { value = JSON.parse(raw); } catch { value = null; }
  }
  const out: Preferences = { ...DEFAULT_PREFERENCES };
  if (!value || typeof value !== 'object') return out;
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
    const one = preferencesSchema.shape[key].safeParse((value as Record<string, unknown>)[key]);
    if (one.success) (out as Record<string, unknown>)[key] = one.data;
  }
  return out;
}
