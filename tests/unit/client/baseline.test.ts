import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../src/client/ui/theme';

/**
 * index.html carries MUI's CssBaseline for the learner theme as static CSS (so /logIn does not
 * download its code): it must say what the theme says, or a theme change would not reach the page.
 */
describe('index.html baseline = the theme', () => {
  // Compared as CSS, not as text: whitespace and quote style are the formatter's (Prettier).
  const css = (/<style>([\s\S]*?)<\/style>/.exec(readFileSync(new URL('../../../index.html', import.meta.url), 'utf8'))?.[1] ?? '')
    .replace(/\s+/g, ' ')
    .replace(/'/g, '"')
    .replace(/, /g, ',');
  const rule = (selector: string) => new RegExp(`(?:^|\\}) ?${selector.replace(/[*()]/g, '\\$&')} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  const body = rule('body');
  const decl = (prop: string, block = body) => new RegExp(`(?:^|;) ?${prop}: ?([^;]+);`).exec(block)?.[1]?.trim();

  it('body: the theme body1 font, text colour and background', () => {
    const b1 = theme.typography.body1;
    expect(decl('font-family')).toBe(b1.fontFamily!.replace(/, /g, ','));
    expect(decl('font-weight')).toBe(String(b1.fontWeight));
    expect(decl('font-size')).toBe(String(b1.fontSize));
    expect(decl('line-height')).toBe(String(b1.lineHeight));
    expect(decl('color')).toBe(theme.palette.text.primary);
    expect(decl('background-color')).toBe(theme.palette.background.default);
    expect(decl('margin')).toBe('0');
    expect(b1.letterSpacing).toBeUndefined();
  });

  it('bold weight and border-box sizing as CssBaseline sets them', () => {
    expect(decl('font-weight', rule('strong,b'))).toBe(String(theme.typography.fontWeightBold));
    expect(decl('box-sizing', rule('html'))).toBe('border-box');
    expect(decl('box-sizing', rule('*,*::before,*::after'))).toBe('inherit');
  });
});
