/** Taps: a redrawn board's new objects take taps at once. */
import * as Phaser from 'phaser';

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

/**
 * The objects under a pointer, top first, by the display list as it is now (depth, then order,
 * containers' children in their place), which is the order the next frame draws. Phaser's own
 * InputPlugin#sortGameObjects orders them by the camera's list of the LAST frame drawn, where an
 * object made since counts as the bottom one: an end panel opened by a timer and tapped before
 * its first frame gave the tap to its dimmed backdrop (made first, so first among equals) instead
 * of "Jugar de nuevo" over it, and the tap was lost (CI under load: the hangman's loss panel).
 */
export function topFirst(scene: Phaser.Scene, objs: Phaser.GameObjects.GameObject[]): Phaser.GameObjects.GameObject[] {
  if (objs.length < 2) return objs;
  const order = new Map<Phaser.GameObjects.GameObject, number>();
  const walk = (list: readonly Phaser.GameObjects.GameObject[]) => {
    for (const o of list) {
      order.set(o, order.size);
      if (o instanceof Phaser.GameObjects.Container) walk(o.list);
    }
  };
  scene.children.depthSort();
  walk(scene.children.list);
  return objs.sort((a, b) => (order.get(b) ?? -1) - (order.get(a) ?? -1));
}
