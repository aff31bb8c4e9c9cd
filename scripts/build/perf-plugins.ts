// Vite plugins of the performance work (docs/performance.md): a smaller first visit and
// precompressed static files.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The MUI modules the build replaces, by the specifier MUI's own files import them with (from
 * @mui/material/esm/styles/ or esm/GlobalStyles/), and the file that stands in for each. Private
 * paths of MUI: tests/unit/build/mui-stubs.test.ts fails when an upgrade moves or changes them.
 */
export const MUI_STUBS: Record<string, string> = {
  './createThemeWithVars.js': fileURLToPath(new URL('./mui-no-css-vars.js', import.meta.url)),
  './ThemeProviderWithVars.js': fileURLToPath(new URL('./mui-no-css-vars-provider.js', import.meta.url)),
  './defaultTheme.js': fileURLToPath(new URL('./mui-default-theme.js', import.meta.url)),
  '../styles/defaultTheme.js': fileURLToPath(new URL('./mui-default-theme.js', import.meta.url)),
};
/** Which importers the stubs apply to. */
export const MUI_IMPORTER = /[\\/]@mui[\\/]material[\\/]esm[\\/](styles|GlobalStyles)[\\/]/;

/**
 * MUI's createTheme and ThemeProvider import their CSS-variables variants even when they are never
 * used; in the production build those two modules are replaced by stubs that throw if called.
 * MUI's default theme (only read where no ThemeProvider gives a theme) is built on first use.
 */
export function muiWithoutCssVars(): Plugin {
  return {
    name: 'manitas:mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const stub = MUI_STUBS[source];
      if (stub && importer && MUI_IMPORTER.test(importer)) return stub;
      return null;
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes `.br` and `.gz` next to every compressible file of the build, so the server sends them
 * (@fastify/static `preCompressed`) without compressing on each request.
 */
export function precompress(minBytes = 1024): Plugin {
  let outDir = 'dist';
  return {
    name: 'manitas:precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const e of readdirSync(dir)) {
          const f = path.join(dir, e);
          if (statSync(f).isDirectory()) walk(f);
          else if (COMPRESSIBLE.test(e) && statSync(f).size >= minBytes) {
            const data = readFileSync(f);
            writeFileSync(`${f}.gz`, gzipSync(data, { level: 9 }));
            writeFileSync(
              `${f}.br`,
              brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            );
          }
        }
      };
      walk(outDir);
    },
  };
}
