/** Taps: a redrawn board's new objects take taps at once. */
import type * as Phaser from 'phaser';

/**
 * Every scene redraws its board after each change, and Phaser adds a new interactive object to
 * the input list only at the next frame's preUpdate (InputPlugin's pending insertions) while it
 * handles a DOM tap at once: a tap in the frame after a redraw found nothing under it and was
 * lost (a child tapping quickly on a slow tablet; the e2e suite on software WebGL lost 1 tap in
 * ~200). So after each redraw the pending objects join the list now, as preUpdate would (the same
 * steps, without re-emitting the frame's events). Phaser has no public call for it; if a Phaser
 * release renames these fields this does nothing, and the games e2e would show lost taps again.
 */
export function flushInputList(input: Phaser.Input.InputPlugin): void {
  const ip = input as unknown as {
    _pendingInsertion?: unknown[];
    _pendingRemoval?: unknown[];
    _list?: unknown[];
    clear?: (o: unknown, skipQueue?: boolean) => void;
  };
  const insert = ip._pendingInsertion;
  const remove = ip._pendingRemoval;
  if (!Array.isArray(insert) || !Array.isArray(remove) || !Array.isArray(ip._list) || typeof ip.clear !== 'function') return;
  if (insert.length === 0 && remove.length === 0) return;
  const current = ip._list;
  for (const o of remove) {
    const i = current.indexOf(o);
    if (i > -1) {
      current.splice(i, 1);
      ip.clear(o, true);
    }
  }
  remove.length = 0;
  ip._list = current.concat(insert.splice(0));
}
