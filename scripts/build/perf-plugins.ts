// Vite plugins of the performance work (docs/performance.md): a smaller first visit and
// precompressed static files.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const STUBS: Record<string, string> = {
  './createThemeWithVars.js': fileURLToPath(new URL('./mui-no-css-vars.js', import.meta.url)),
  './ThemeProviderWithVars.js': fileURLToPath(new URL('./mui-no-css-vars-provider.js', import.meta.url)),
  './defaultTheme.js': fileURLToPath(new URL('./mui-default-theme.js', import.meta.url)),
  '../styles/defaultTheme.js': fileURLToPath(new URL('./mui-default-theme.js', import.meta.url)),
};

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
      const stub = STUBS[source];
      if (stub && importer && /[\\/]@mui[\\/]material[\\/]esm[\\/](styles|GlobalStyles)[\\/]/.test(importer)) return stub;
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
            writeFileSync(`${f}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * For each learner route a child opens first, a copy of index.html (`home.html`, `supmenu.html`,
 * `menuletra.html`) that also preloads the JS files of that route's lazy chunk the app's entry does
 * not already preload, and loads the boot prefetch (src/client/boot/prefetch.ts, a file of its own,
 * run before the app's entry). The server answers a route's address with its copy
 * (src/server/app.ts), so the browser's preload scanner starts those files while it reads the
 * page, before any script runs. The pages are never cached, so they always name this build's files.
 */
export function bootPrefetch(opts: { entry: string; routes: Record<string, string> }): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'manitas:boot-prefetch',
    apply: 'build',
    configResolved(c) {
      root = c.root;
      base = c.base;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.resolve(root, opts.entry), name: 'boot' });
    },
    generateBundle: {
      // After Vite wrote index.html into the bundle.
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('bootPrefetch: no se encontró index.html');
        const html = String(index.source);
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (file: string, into = new Set<string>()) => {
          if (into.has(file)) return into;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
          return into;
        };
        const bootFile = path.resolve(root, opts.entry);
        const boot = chunks.find((c) => c.facadeModuleId === bootFile);
        if (!boot) throw new Error('bootPrefetch: no se encontró el chunk de arranque');
        const main = chunks.find((c) => c.isEntry && c.facadeModuleId !== bootFile && /index\.html|main\.tsx/.test(String(c.facadeModuleId)));
        const already = main ? closure(main.fileName) : new Set<string>();
        const at = html.indexOf('</head>');
        if (at < 0) throw new Error('bootPrefetch: index.html sin </head>');
        for (const [route, mod] of Object.entries(opts.routes)) {
          const id = path.resolve(root, mod);
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`bootPrefetch: no se encontró el chunk de ${mod}`);
          const links = [...closure(chunk.fileName)].filter((f) => !already.has(f))
            .map((f) => `  <link rel="modulepreload" crossorigin href="${base}${f}">\n  `).join('');
          // Not `async`, and ahead of the app's entry: module scripts run in document order, so the
          // boot's calls are always started before the app looks for them (an async boot script
          // sometimes ran after the app, which then asked for the same data again).
          const script = `<script type="module" crossorigin src="${base}${boot.fileName}"></script>\n    `;
          const entryAt = html.indexOf('<script type="module"');
          const head = entryAt >= 0 && entryAt < at ? html.slice(0, entryAt) + script + html.slice(entryAt, at) : html.slice(0, at) + script;
          this.emitFile({ type: 'asset', fileName: `${route}.html`, source: head + links + html.slice(at) });
        }
      },
    },
  };
}
