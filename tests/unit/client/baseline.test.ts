import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../src/client/ui/theme';

/**
 * index.html carries MUI's CssBaseline for the learner theme as static CSS (so /logIn does not
 * download its code): it must say what the theme says, or a theme change would not reach the page.
 */
describe('index.html baseline = the theme', () => {
  const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
  const body = /\bbody \{([^}]*)\}/.exec(html)?.[1] ?? '';
  const decl = (prop: string) => new RegExp(`(?:^|;)\\s*${prop}:\\s*([^;]+);`).exec(body)?.[1]?.trim();

  it('body: the theme body1 font, text colour and background', () => {
    const b1 = theme.typography.body1;
    expect(decl('font-family')).toBe(b1.fontFamily);
    expect(decl('font-weight')).toBe(String(b1.fontWeight));
    expect(decl('font-size')).toBe(String(b1.fontSize));
    expect(decl('line-height')).toBe(String(b1.lineHeight));
    expect(decl('color')).toBe(theme.palette.text.primary);
    expect(decl('background-color')).toBe(theme.palette.background.default);
    expect(decl('margin')).toBe('0');
    expect(b1.letterSpacing).toBeUndefined();
  });

  it('bold weight and border-box sizing as CssBaseline sets them', () => {
    expect(html).toContain(`strong, b { font-weight: ${theme.typography.fontWeightBold}; }`);
    expect(html).toMatch(/html \{[^}]*box-sizing: border-box/);
    expect(html).toContain('*, *::before, *::after { box-sizing: inherit; }');
  });
});
