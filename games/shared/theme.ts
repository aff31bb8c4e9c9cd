/** The games' type and colours: one palette for every scene and panel. */
export const FONT = 'Nunito, "Trebuchet MS", "DejaVu Sans", Arial, sans-serif';

export const COLORS = {
  bg: 0xf4f1ff,
  panel: 0xffffff,
  primary: 0x4a3aff,
  primaryDark: 0x3322cc,
  success: 0x1b7f4a,
  successLight: 0xd6f5e3,
  error: 0xb42318,
  errorLight: 0xfde0e0,
  text: 0x1d1a3a,
  /** Secondary text: 6.7:1 on white, 6:1 on the page background (WCAG AA). */
  muted: 0x5b5878,
  /** Fill of a disabled button (its text stays COLORS.text; a dashed look is drawn by button()). */
  disabled: 0xe6e4ee,
  key: 0xe8e4ff,
  overlay: 0x1d1a3a,
  gold: 0xf5b400,
} as const;

export const css = (c: number) => `#${c.toString(16).padStart(6, '0')}`;
