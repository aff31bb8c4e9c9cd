/** The canvas button every scene and panel draws: a rounded box with its label, readable when off. */
import type * as Phaser from 'phaser';
import { COLORS, FONT, css } from './theme';

export interface Button {
  readonly bg: Phaser.GameObjects.Rectangle;
  readonly text: Phaser.GameObjects.Text;
  /** Off: greyed (or, with keep, left in its colours); never a faded, unreadable text. */
  setEnabled(on: boolean, keep?: boolean): Button;
  setColors(fill: number, textColor: number): Button;
  setLabel(label: string): Button;
  setVisible(on: boolean): Button;
  readonly enabled: boolean;
  destroy(): void;
}

export interface ButtonOptions {
  fill?: number;
  textColor?: number;
  fontSize?: number;
  radius?: number;
  /** Container to add the button to (destroyed with it). */
  into?: Phaser.GameObjects.Container;
}

export function drawButton(
  scene: Phaser.Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
  onClick: () => void,
  opts: ButtonOptions = {},
): Button {
  let fill = opts.fill ?? COLORS.primary;
  let textColor = opts.textColor ?? 0xffffff;
  let enabled = true;
  let keepLook = false;
  const bg = scene.add
    .rectangle(x, y, w, h, fill)
    .setRounded(opts.radius ?? Math.min(24, h / 2))
    .setStrokeStyle(3, 0xffffff, 0.9);
  const text = scene.add
    .text(x, y, label, { fontFamily: FONT, fontSize: `${opts.fontSize ?? 30}px`, fontStyle: 'bold', color: css(textColor), align: 'center' })
    .setOrigin(0.5);
  if (opts.into) opts.into.add([bg, text]);
  bg.setInteractive({ useHandCursor: true });
  bg.on('pointerover', () => enabled && bg.setAlpha(0.88));
  bg.on('pointerout', () => bg.setAlpha(1));
  bg.on('pointerup', () => {
    if (enabled) onClick();
  });
  // Disabled: grey fill, dark text (still 11:1) and a grey outline instead of a faded text that
  // a child could not read; `keep` leaves a coloured state (a used key: green or red) as it is.
  const paint = () => {
    const grey = !enabled && !keepLook;
    bg.setAlpha(1)
      .setFillStyle(grey ? COLORS.disabled : fill)
      .setStrokeStyle(grey ? 3 : 3, grey ? 0xb9b5cf : 0xffffff, grey ? 1 : 0.9);
    text.setAlpha(1).setColor(css(grey ? COLORS.text : textColor));
  };
  const api: Button = {
    bg,
    text,
    get enabled() {
      return enabled && bg.active && bg.visible;
    },
    setEnabled(on, keep = false) {
      enabled = on;
      keepLook = keep;
      paint();
      if (bg.input) bg.input.cursor = on ? 'pointer' : 'default';
      return api;
    },
    setColors(f, t) {
      fill = f;
      textColor = t;
      paint();
      return api;
    },
    setLabel(l) {
      text.setText(l);
      return api;
    },
    setVisible(on) {
      bg.setVisible(on);
      text.setVisible(on);
      if (bg.input) bg.input.enabled = on;
      return api;
    },
    destroy() {
      bg.destroy();
      text.destroy();
    },
  };
  return api;
}
