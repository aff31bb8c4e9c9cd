/** Keyboard helpers without Phaser (unit-tested). */

/** Marks the element around a game (stage, sign player, pause panel): keys typed in it are the game's. */
export const GAME_AREA_ATTR = 'data-game-area';

/**
 * True when a key press belongs to a page control rather than the game: anything typed in a
 * slider, input or editable element, Enter / Space on a focused button or link, and any key while
 * a control outside the game area has the focus (the game hears keys only when its area has the
 * focus or nothing focusable does: the header's Volver button never types a letter into the game).
 */
export function keyBelongsToPage(ev: KeyboardEvent): boolean {
  const el = ev.target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.closest('input, textarea, select, [contenteditable="true"], [role="slider"]')) return true;
  if (el.closest('button, a, [role="button"]') && (ev.key === 'Enter' || ev.key === ' ')) return true;
  if (el.closest('button, a, [role="button"], [tabindex]') && !el.closest(`[${GAME_AREA_ATTR}]`)) return true;
  return false;
}
