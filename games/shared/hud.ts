/** What frames the board: hearts, the sign's frame, and the word games' two hints. */
import type * as Phaser from 'phaser';
import type { GameWord } from '../../src/shared/rules/games/types';
import type { Button } from './button';
import type { GameScene } from './GameScene';
import type { Rect, SignStage } from './layout';
import { COLORS } from './theme';

type HintKind = 'picture' | 'letter';

/** Hearts ♥ for lives left, grey ones for lives lost. */
export function drawHearts(scene: GameScene, container: Phaser.GameObjects.Container, x: number, y: number, lives: number, max: number, step = 46): number {
  for (let i = 0; i < max; i++) {
    const alive = i < lives;
    // Lost hearts: an outline (♡) in the text colour, readable, not a pale grey heart.
    container.add(scene.text(x + i * step, y, alive ? '♥' : '♡', Math.round(step * 0.95), alive ? COLORS.error : COLORS.muted, true).setOrigin(0.5));
  }
  const count = scene.text(x + max * step - step / 2 + 6, y, `× ${lives}`, 28, COLORS.text, true).setOrigin(0, 0.5);
  container.add(count);
  return count.x + count.width;
}

/**
 * The sign's frame: a white panel under the sign and its controls strip (the page draws the
 * player over both: the sign in the top box, its buttons in the strip, never on the sign). The
 * clue box covers both, so no banner lands on them.
 */
export function drawSignFrame(scene: GameScene, stage: SignStage, into?: Phaser.GameObjects.Container): void {
  const box = signOverlayBox(stage);
  scene.marks.clueBoxes.set('box:sign', { x: box.x - 6, y: box.y - 6, width: box.width + 12, height: box.height + 12 });
  const frame = scene.add
    .rectangle(box.x + box.width / 2, box.y + box.height / 2, box.width + 8, box.height + 8, COLORS.panel)
    .setRounded(20)
    .setStrokeStyle(4, COLORS.primary, 0.5);
  if (into) into.add(frame);
}

/**
 * The word games' two hints (docs/games.md, "Hints"): the picture — once asked, drawn in its
 * button's place and kept clear of banners — and one letter. `ask` applies the game's own rule.
 */
export function drawWordHints(
  scene: GameScene,
  o: {
    word: GameWord | null;
    shown: readonly HintKind[];
    open: readonly HintKind[];
    price: string;
    boxes: { picture: Rect; letter: Rect };
    /** Where the picture shows once asked (docs/games.md: at least 160 px wide), default its button's place. */
    pictureAt?: Rect;
    ask: (kind: HintKind) => void;
    into: Phaser.GameObjects.Container;
  },
): void {
  const pic = o.shown.includes('picture') && o.pictureAt ? o.pictureAt : o.boxes.picture;
  if (o.shown.includes('picture') && o.word) {
    o.into.add(scene.add.rectangle(pic.x + pic.width / 2, pic.y + pic.height / 2, pic.width, pic.height, COLORS.panel).setRounded(14));
    if (!scene.addPicture(o.word, { x: pic.x + 4, y: pic.y + 4, width: pic.width - 8, height: pic.height - 8 }, o.into)) {
      o.into.add(scene.text(pic.x + pic.width / 2, pic.y + pic.height / 2, 'Sin dibujo', 22, COLORS.muted, true).setOrigin(0.5));
    }
    scene.markClue('picture', pic);
  } else {
    scene.markClue('picture', null);
    hintButton(scene, 'hint:picture', o.boxes.picture, 'picture', 'Ver dibujo', o.price, o.open.includes('picture'), () => o.ask('picture'), o.into);
  }
  hintButton(scene, 'hint:letter', o.boxes.letter, 'letter', 'Ver letra', o.price, o.open.includes('letter'), () => o.ask('letter'), o.into);
}

/**
 * A hint button (docs/games.md, "Hints"): a big target with its icon above its words (a picture
 * for the picture, "Aa" for the word), reachable with Tab like the panels' buttons.
 */
export function hintButton(
  scene: GameScene,
  name: string,
  box: Rect,
  kind: HintKind,
  label: string,
  cost: string,
  enabled: boolean,
  fn: () => void,
  into: Phaser.GameObjects.Container,
): Button {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const b = scene.button(cx, cy, box.width, box.height, '', fn, { into, fill: COLORS.panel, textColor: COLORS.primaryDark, radius: 18 });
  b.bg.setStrokeStyle(4, COLORS.primary);
  const narrow = box.width < 200;
  const iconY = narrow ? box.y + 24 : cy;
  const iconX = narrow ? cx : box.x + 32;
  const g = scene.add.graphics();
  if (kind === 'picture') {
    // A framed landscape: the picture icon.
    g.lineStyle(4, COLORS.primaryDark, 1).strokeRoundedRect(iconX - 20, iconY - 15, 40, 30, 5);
    g.fillStyle(COLORS.success, 1).fillTriangle(iconX - 16, iconY + 11, iconX - 4, iconY - 5, iconX + 8, iconY + 11);
    g.fillStyle(COLORS.gold, 1).fillCircle(iconX + 9, iconY - 6, 5);
    into.add(g);
  } else {
    into.add(scene.text(iconX, iconY, 'Aa', 32, COLORS.primaryDark, true).setOrigin(0.5));
    g.destroy();
  }
  if (narrow) {
    // A narrow column (portrait): the icon, then the words on two lines; the cost is in the
    // instructions and the caption (too long for the column).
    const phone = scene.W < 600;
    const words = phone ? label.replace(/^Ver /, '') : label.replace(' ', '\n');
    into.add(
      scene
        .text(cx, box.y + 44 + (box.height - 44) / 2, words, phone ? 22 : 20, COLORS.text, true)
        .setOrigin(0.5)
        .setLineSpacing(-4),
    );
  } else {
    // The words fit the button: a narrow landscape column shrinks them, never below 18 CSS px
    // (the smallest text a child is shown: docs/games.md), instead of running past the button's edge.
    const room = box.width - 70;
    const floor = Math.max(20, Math.ceil(18 / Math.max(scene.cssScale(), 0.01)));
    const words = scene.text(box.x + 60, cy - 14, label, 26, COLORS.text, true).setOrigin(0, 0.5);
    for (let size = 25; words.width > room && size >= floor; size--) words.setFontSize(size);
    into.add(words);
    const price = scene.text(box.x + 60, cy + 17, cost, 23, COLORS.muted, true).setOrigin(0, 0.5);
    for (let size = 22; price.width > room && size >= floor; size--) price.setFontSize(size);
    into.add(price);
  }
  b.setEnabled(enabled);
  if (!enabled) b.bg.setStrokeStyle(3, 0xb9b5cf);
  scene.target(name, b.bg);
  scene.keyButton(name, b, `${label} (${cost})`, fn, false);
  return b;
}

/** The box the page draws the sign player in: the sign and its controls strip under it. */
export function signOverlayBox(stage: SignStage): Rect {
  return { x: stage.sign.x, y: stage.sign.y, width: stage.sign.width, height: stage.controls.y + stage.controls.height - stage.sign.y };
}
