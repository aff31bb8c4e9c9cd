import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { HAND_MODEL_CACHE, HAND_MODEL_FILES_URL, pwaOptions } from '../../../src/client/offline/pwaOptions';
import { HAND_MODEL_COMPLEXITY, HAND_MODEL_FILES, HAND_MODEL_PATH, HAND_MODEL_VERSION } from '../../../src/client/learner/ahoraTu/modelFiles';

/**
 * The hand model of "¡Ahora tú!" comes from the app's own origin, is never in the precache (that
 * would download ~12 MB on the child's first visit) and is kept cache-first once the child opens
 * the dialog, so it then works offline.
 */
const pkg = path.dirname(createRequire(import.meta.url).resolve('@mediapipe/hands/package.json'));

describe('hand model files', () => {
  it('every file the app serves is in the installed @mediapipe/hands, with the landmark model of the chosen complexity', () => {
    for (const f of HAND_MODEL_FILES) expect(existsSync(path.join(pkg, f)), f).toBe(true);
    expect(HAND_MODEL_FILES).toContain(HAND_MODEL_COMPLEXITY === 0 ? 'hand_landmark_lite.tflite' : 'hand_landmark_full.tflite');
  });

  it('is served under the installed version, so a new version is never answered from an old cache', async () => {
    const { version } = (await import('@mediapipe/hands/package.json', { with: { type: 'json' } })).default as { version: string };
    expect(HAND_MODEL_VERSION).toBe(version);
    expect(HAND_MODEL_PATH).toContain(version);
  });

  it('is left out of the precache', () => {
    const ignores = pwaOptions.workbox?.globIgnores ?? [];
    for (const f of HAND_MODEL_FILES) {
      const rel = `${HAND_MODEL_PATH.slice(1)}${f}`;
      expect(
        ignores.some((g) => path.matchesGlob(rel, g)),
        rel,
      ).toBe(true);
    }
  });

  it('is kept cache-first on first use, in its own cache', () => {
    const route = pwaOptions.workbox?.runtimeCaching?.find((r) => r.urlPattern === HAND_MODEL_FILES_URL);
    expect(route?.handler).toBe('CacheFirst');
    expect(route?.options?.cacheName).toBe(HAND_MODEL_CACHE);
    for (const f of HAND_MODEL_FILES) expect(HAND_MODEL_FILES_URL.test(`https://manitas.example${HAND_MODEL_PATH}${f}`), f).toBe(true);
    expect(HAND_MODEL_FILES_URL.test('https://manitas.example/assets/index.js')).toBe(false);
  });
});
