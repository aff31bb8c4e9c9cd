// The hand-tracking model of "¡Ahora tú!" (docs/learning.md), served from the app's own origin: the
// files @mediapipe/hands ships (script, graph, WASM, weights) are copied into the build under
// HAND_MODEL_PATH, and served from node_modules by the dev server. Nothing is fetched from a CDN.
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { HAND_MODEL_FILES, HAND_MODEL_PATH } from '../../src/client/learner/ahoraTu/modelFiles.ts';

const require = createRequire(import.meta.url);
const packageDir = () => path.dirname(require.resolve('@mediapipe/hands/package.json'));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function handModel(): Plugin {
  return {
    name: 'manitas:hand-model',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0];
        if (!url.startsWith(HAND_MODEL_PATH)) return next();
        const name = url.slice(HAND_MODEL_PATH.length);
        if (!HAND_MODEL_FILES.includes(name)) return next();
        res.setHeader('Content-Type', TYPES[path.extname(name)] ?? 'application/octet-stream');
        createReadStream(path.join(packageDir(), name)).pipe(res);
      });
    },
    generateBundle() {
      for (const name of HAND_MODEL_FILES) {
        this.emitFile({ type: 'asset', fileName: `${HAND_MODEL_PATH.slice(1)}${name}`, source: readFileSync(path.join(packageDir(), name)) });
      }
    },
  };
}
