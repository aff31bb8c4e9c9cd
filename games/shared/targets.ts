/**
 * What a scene has drawn that others find by name: its targets (buttons, keys, tiles, cards) and
 * pictures, the clue boxes banners never cover, and the last banner. The test hooks measure them
 * (`window.__game.bounds`, `point`, `boxes`); the banner and the frames write them.
 */
import type * as Phaser from 'phaser';
import type { Rect } from './layout';
import type { GameScene } from './GameScene';

type Named = Phaser.GameObjects.GameObject & Phaser.GameObjects.Components.GetBounds;

export class SceneTargets {
  readonly named = new Map<string, Named>();
  /** Clue boxes of the current layout (sign, picture): banners never cover them. */
  readonly clueBoxes = new Map<string, Rect>();
  /** Last feedback banner (design px), kept after it faded for the layout test. */
  lastFlash: Rect | null = null;
  /** The banner's objects: the text report measures them at full strength, not mid fade. */
  flashObjects: Phaser.GameObjects.GameObject[] = [];

  constructor(private readonly scene: GameScene) {}

  target<T extends Named>(name: string, obj: T): T {
    this.named.set(name, obj);
    return obj;
  }

  forgetTargets(prefix: string): void {
    for (const k of [...this.named.keys()]) if (k.startsWith(prefix)) this.named.delete(k);
  }

  isTargetLive(name: string): boolean {
    const o = this.named.get(name) as (Phaser.GameObjects.GameObject & { visible?: boolean }) | undefined;
    return Boolean(o && o.active && o.scene && o.visible !== false);
  }

  pagePoint(name: string): { x: number; y: number } | null {
    const b = this.pageBounds(name);
    return b ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : null;
  }

  pageBounds(name: string): Rect | null {
    let b: Rect | null = null;
    if (name === 'flash') b = this.lastFlash;
    else if (this.clueBoxes.has(name)) b = this.clueBoxes.get(name)!;
    else if (this.isTargetLive(name)) {
      const g = this.named.get(name)!.getBounds();
      b = { x: g.x, y: g.y, width: g.width, height: g.height };
    }
    if (!b) return null;
    const r = this.scene.game.canvas.getBoundingClientRect();
    const sx = r.width / this.scene.W;
    const sy = r.height / this.scene.H;
    return { x: r.left + b.x * sx, y: r.top + b.y * sy, width: b.width * sx, height: b.height * sy };
  }
}
