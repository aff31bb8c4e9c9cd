/**
 * The learner's preferences without zod (wire W-10.21, screens-learner.md L-15.3), so the learner screens can read and write them
 * without downloading the schema library (docs/performance.md: the learner screens load no zod).
 * `preferences.ts` holds the zod schemas the server validates with; the two agree field for field
 * (tests/unit/shared/preferences-rules.test.ts compares them on many inputs).
 */
export const SIGN_SPEEDS = [0.5, 0.75, 1] as const;
export type SignSpeed = (typeof SIGN_SPEEDS)[number];

export interface Preferences {
  /** Playback speed of every sign ("Velocidad de las señas"). */
  velocidad: SignSpeed;
  /** Mirror ("Espejo"): the image flipped horizontally, for left-handed children. */
  espejo: boolean;
  /** Every sign plays once at the chosen speed, then again slower ("Segunda vez más lenta"). */
  segundaLenta: boolean;
  /** "Sin sonido": nothing plays anywhere; every sound cue has a visible one. */
  sinSonido: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { velocidad: 1, espejo: false, segundaLenta: false, sinSonido: false };

const VALID: { [K in keyof Preferences]: (v: unknown) => v is Preferences[K] } = {
  velocidad: (v): v is SignSpeed => typeof v === 'number' && (SIGN_SPEEDS as readonly number[]).includes(v),
  espejo: (v): v is boolean => typeof v === 'boolean',
  segundaLenta: (v): v is boolean => typeof v === 'boolean',
  sinSonido: (v): v is boolean => typeof v === 'boolean',
};

/** Reads stored JSON (device or database) leniently: unknown or bad fields fall back to the defaults. */
export function parsePreferences(raw: unknown): Preferences {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = null;
    }
  }
  const out: Preferences = { ...DEFAULT_PREFERENCES };
  if (!value || typeof value !== 'object') return out;
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
    const v = (value as Record<string, unknown>)[key];
    if (VALID[key](v)) (out as unknown as Record<string, unknown>)[key] = v;
  }
  return out;
}

/** The part of `patch` that is valid (bad or unknown fields dropped): what the device store accepts. */
export function cleanPreferencesPatch(patch: unknown): Partial<Preferences> {
  const out: Partial<Preferences> = {};
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return out;
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
    if (!Object.prototype.hasOwnProperty.call(patch, key)) continue;
    const v = (patch as Record<string, unknown>)[key];
    if (VALID[key](v)) (out as Record<string, unknown>)[key] = v;
  }
  return out;
}

/** The speed as a child reads it: 0,5× / 0,75× / 1×. */
export const speedLabel = (s: number) => `${String(s).replace('.', ',')}×`;
