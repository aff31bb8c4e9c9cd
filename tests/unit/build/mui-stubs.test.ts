// The production build replaces three MUI modules at private paths (muiWithoutCssVars in
// scripts/build/perf-plugins.ts; without them /logIn misses its 150 KB budget, docs/decisions.md
// "Boot path and MUI modules"). Those paths are not MUI's public API: this fails loudly when an upgrade moves a module,
// stops importing it the way the plugin expects, or changes what it exports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUI_IMPORTER, MUI_STUBS, muiWithoutCssVars } from '../../../scripts/build/perf-plugins';

const ESM = path.resolve('node_modules/@mui/material/esm');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** MUI's files (in the folders the plugin watches) that import `source` by that exact specifier. */
function importersOf(source: string): string[] {
  const re = new RegExp(`(?:from|import)\\s*['"]${escape(source)}['"]`);
  return ['styles', 'GlobalStyles'].flatMap((dir) =>
    readdirSync(path.join(ESM, dir))
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.join(ESM, dir, f))
      .filter((f) => re.test(readFileSync(f, 'utf8'))),
  );
}

const plugin = muiWithoutCssVars();
const resolve = (source: string, importer: string) => (plugin.resolveId as (s: string, i: string) => string | null).call(undefined, source, importer);

describe('MUI modules replaced at private paths', () => {
  for (const [source, stub] of Object.entries(MUI_STUBS)) {
    it(`${source}: MUI still imports it, the plugin replaces it, and the stand-in exports the same names`, async () => {
      const importers = importersOf(source);
      expect(
        importers,
        `no file under @mui/material/esm/{styles,GlobalStyles} imports '${source}' any more: the stub is dead, update perf-plugins.ts`,
      ).not.toEqual([]);
      for (const importer of importers) {
        expect(MUI_IMPORTER.test(importer)).toBe(true);
        expect(resolve(source, importer), importer).toBe(stub);
        const real = path.resolve(path.dirname(importer), source);
        expect(existsSync(real), `${real} is gone`).toBe(true);
        const [realExports, stubExports] = await Promise.all([import(real), import(stub)]);
        expect(Object.keys(stubExports).sort(), `${path.basename(stub)} must export what ${real} exports`).toEqual(Object.keys(realExports).sort());
      }
    });
  }

  it('touches nothing outside MUI', () => {
    expect(resolve('./defaultTheme.js', path.resolve('src/client/ui/theme.ts'))).toBeNull();
  });

  it('the default-theme stand-in reads as the theme MUI builds', async () => {
    const real = (await import(path.join(ESM, 'styles/defaultTheme.js'))).default;
    const stand = (await import(MUI_STUBS['./defaultTheme.js']!)).default;
    expect(JSON.parse(JSON.stringify(stand))).toEqual(JSON.parse(JSON.stringify(real)));
    expect(stand.palette.primary.main).toBe(real.palette.primary.main);
  });
});
