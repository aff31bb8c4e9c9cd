import { describe, expect, it } from 'vitest';
import * as zodRules from '../../../src/shared/rules/preferences';
import * as plain from '../../../src/shared/rules/preferencesRules';

/** The zod-free rules the learner screens use agree with the zod schemas the server validates with. */
describe('preferencesRules (zod-free) = preferences (zod)', () => {
  it("the defaults and speeds pass the server's schema", () => {
    expect(zodRules.preferencesSchema.safeParse(plain.DEFAULT_PREFERENCES).success).toBe(true);
    for (const velocidad of plain.SIGN_SPEEDS) expect(zodRules.preferencesPatchSchema.safeParse({ velocidad }).success).toBe(true);
    expect(zodRules.preferencesPatchSchema.safeParse({ velocidad: 2 }).success).toBe(false);
  });

  const values = [undefined, null, true, false, 0, 0.5, 0.75, 1, 2, -1, '1', '0.5', 'true', 'sí', [], {}, NaN];
  const inputs: unknown[] = [
    null,
    undefined,
    '',
    'no es json',
    '[]',
    '7',
    'null',
    '{}',
    [],
    'x',
    3,
    { velocidad: 0.75, espejo: true, segundaLenta: true, sinSonido: true },
    { velocidad: 0.5, extra: 1 },
    JSON.stringify({ velocidad: 0.75, sinSonido: true, viejo: 'x' }),
    '{"__proto__": {"sinSonido": true}, "espejo": true}',
  ];
  for (const key of Object.keys(plain.DEFAULT_PREFERENCES)) {
    for (const v of values) inputs.push({ [key]: v });
  }

  it("parsePreferences keeps exactly the stored fields the server's schema accepts, defaults for the rest", () => {
    for (const raw of inputs) {
      let value: unknown = raw;
      if (typeof raw === 'string') {
        try {
          value = JSON.parse(raw);
        } catch {
          value = null;
        }
      }
      const expected: Record<string, unknown> = { ...plain.DEFAULT_PREFERENCES };
      if (value && typeof value === 'object') {
        for (const key of Object.keys(plain.DEFAULT_PREFERENCES) as (keyof plain.Preferences)[]) {
          const one = zodRules.preferencesSchema.shape[key].safeParse((value as Record<string, unknown>)[key]);
          if (one.success) expected[key] = one.data;
        }
      }
      expect(plain.parsePreferences(raw), JSON.stringify(raw)).toEqual(expected);
    }
  });

  it('cleanPreferencesPatch keeps exactly the fields the PUT schema accepts', () => {
    for (const raw of inputs) {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        expect(plain.cleanPreferencesPatch(raw)).toEqual({});
        continue;
      }
      const clean = plain.cleanPreferencesPatch(raw);
      // What is kept passes the server's schema as it is.
      expect(zodRules.preferencesPatchSchema.safeParse(clean).success, JSON.stringify(raw)).toBe(true);
      // And a field is dropped only when the schema refuses it.
      for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
        // (undefined is "not given" for both.)
        if (!(k in clean) && v !== undefined) {
          expect(zodRules.preferencesPatchSchema.safeParse({ [k]: v }).success, `${k}=${String(v)}`).toBe(false);
        }
      }
    }
  });

  it('speeds read the Spanish way', () => {
    expect(plain.SIGN_SPEEDS.map(plain.speedLabel)).toEqual(['0,5×', '0,75×', '1×']);
  });
});
