/**
 * Where the hand-tracking model is served from (the app's own origin; scripts/build/hand-model.ts
 * copies the files there) and which files of @mediapipe/hands it needs. The lite landmark model
 * (modelComplexity 0): about 2 MB of weights instead of 5.5 MB and ~16 instead of ~11 pictures a
 * second on a 2-core machine, for a child who signs in front of a tablet at arm's length. The
 * non-SIMD WASM is there for a browser without WASM SIMD (hands.js picks it); it is only downloaded
 * by such a browser.
 */
/**
 * The installed @mediapipe/hands version, in the address: the service worker keeps these files
 * cache-first, so an upgrade must change their addresses (a unit test checks it matches the package).
 */
export const HAND_MODEL_VERSION = '0.4.1675469240';
export const HAND_MODEL_PATH = `/mediapipe/hands/${HAND_MODEL_VERSION}/`;
export const HAND_MODEL_COMPLEXITY = 0 as const;
export const HAND_MODEL_FILES: readonly string[] = [
  'hands.js',
  'hands.binarypb',
  'hands_solution_packed_assets_loader.js',
  'hands_solution_packed_assets.data',
  'hands_solution_simd_wasm_bin.js',
  'hands_solution_simd_wasm_bin.wasm',
  'hands_solution_simd_wasm_bin.data',
  'hands_solution_wasm_bin.js',
  'hands_solution_wasm_bin.wasm',
  'hand_landmark_lite.tflite',
];
