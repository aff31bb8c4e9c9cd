/** Keyboard helpers without Phaser (unit-tested). */

/**
 * True when a key press belongs to a page control rather than the game: anything typed in a
 * slider, input or editable element, and Enter / Space on a focused button or link.
 */
export function keyBelongsToPage(ev: KeyboardEvent): boolean {
  const el = ev.target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.closest('input, textarea, select, [contenteditable="true"], [role="slider"]')) return true;
  if (el.closest('button, a, [role="button"]') && (ev.key === 'Enter' || ev.key === ' ')) return true;
  return false;
}
