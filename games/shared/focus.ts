/**
 * Keyboard focus of the canvas buttons: Tab from the game area goes through them (the open panel's
 * first), Enter / Space press the focused one, and a focus ring like the page's marks it.
 */
import type * as Phaser from 'phaser';
import { EventBus, GAME_EVENTS, type TabRequest } from './EventBus';
import type { Button } from './button';
import type { GameScene } from './GameScene';
import { COLORS } from './theme';

/** A canvas button the keyboard reaches with Tab (Enter / Space press it). */
interface KeyButton {
  button: Button;
  label: string;
  fn: () => void;
  /** Panel buttons (instructions, level and end screens) come before the in-play ones. */
  panel: boolean;
}

export class KeyFocus {
  /** Canvas buttons reachable with Tab, by target name, and the one focused. */
  private keyButtons = new Map<string, KeyButton>();
  focusName: string | null = null;
  private focusRing: Phaser.GameObjects.Rectangle | null = null;

  constructor(private readonly scene: GameScene) {}

  /** Makes a canvas button reachable with Tab. */
  keyButton(name: string, button: Button, label: string, fn: () => void, panel: boolean): void {
    this.keyButtons.set(name, { button, label, fn, panel });
  }

  /** The buttons Tab goes through now: the open panel's, else the live in-play ones. */
  private tabOrder(): string[] {
    const live = [...this.keyButtons.entries()].filter(([, k]) => k.button.enabled && k.button.bg.scene === this.scene);
    for (const [n] of [...this.keyButtons.entries()]) if (!live.some(([m]) => m === n) && !this.keyButtons.get(n)!.button.bg.active) this.keyButtons.delete(n);
    const panel = live.filter(([, k]) => k.panel);
    return (panel.length > 0 ? panel : live).map(([n]) => n);
  }

  /**
   * Tab from the game area goes to the first canvas button, then the next; past the last one it
   * leaves the game (the page's next control), so a keyboard never gets stuck in the canvas.
   */
  onTab(req: TabRequest): void {
    if (this.scene.isPaused || !this.scene.sys.isActive()) return;
    const order = this.tabOrder();
    if (order.length === 0) return;
    const at = this.focusName ? order.indexOf(this.focusName) : -1;
    const next = at < 0 ? (req.back ? order.length - 1 : 0) : at + (req.back ? -1 : 1);
    this.setFocus(next >= 0 && next < order.length ? order[next]! : null);
    req.taken = this.focusName !== null;
  }

  private setFocus(name: string | null): void {
    this.focusName = name;
    this.drawFocusRing();
    EventBus.emit(GAME_EVENTS.focus, name ? (this.keyButtons.get(name)?.label ?? null) : null);
  }

  /** Enter / Space on a focused canvas button presses it. True when one was pressed. */
  pressFocused(): boolean {
    const k = this.focusName ? this.keyButtons.get(this.focusName) : undefined;
    if (!k || !k.button.enabled) return false;
    k.fn();
    return true;
  }

  /** The focus ring: thick, dark and yellow like the page's, redrawn after every render. */
  drawFocusRing(): void {
    this.focusRing?.destroy();
    this.focusRing = null;
    if (!this.focusName) return;
    const k = this.keyButtons.get(this.focusName);
    if (!k || !k.button.enabled || !this.tabOrder().includes(this.focusName)) {
      this.focusName = null;
      EventBus.emit(GAME_EVENTS.focus, null);
      return;
    }
    const b = k.button.bg.getBounds();
    this.focusRing = this.scene.add
      .rectangle(b.centerX, b.centerY, b.width + 16, b.height + 16)
      .setStrokeStyle(6, COLORS.text)
      .setRounded(24)
      .setDepth(60);
  }
}
