/** The overlay panels: instructions (with their demonstration), level passed, won and lost (with the missed word). */
import type * as Phaser from 'phaser';
import type { GameWord } from '../../src/shared/rules/games/types';
import { type CelebrationKind, drawStarRow, starRowHeight, starRowScale } from './celebrate';
import type { GameScene } from './GameScene';
import { COLORS } from './theme';

/** What the instructions' demonstration shows after the sign: letter keys, letter tiles or cards. */
type PanelDemo = 'keys' | 'tiles' | 'cards';
/** Height of that demonstration in design px. */
const DEMO_HEIGHT = 120;
/** The loss panel's missed word: its picture's height and the word's line (design px). */
const MISSED_PICTURE_HEIGHT = 170;
const MISSED_WORD_HEIGHT = 60;

/**
 * The overlay panel (instructions, level passed, game over...) sized for the layout, with its
 * buttons side by side when they fit, else stacked; every button is a named target.
 */
export function drawPanel(
  scene: GameScene,
  into: Phaser.GameObjects.Container,
  title: string,
  body: string,
  color: number,
  buttons: { name: string; label: string; fn: () => void; fill?: number; icon?: string }[],
  /** The stars earned (G-7.2): a row under the title (celebrate() plays over it). */
  stars?: { count: number; kind: CelebrationKind },
  /** Instructions: a drawn demonstration of the game (the sign, then what to tap) under the text. */
  demo?: PanelDemo,
  /** A lost run: the word it was lost on, its picture and the word, under the title (docs/games.md, "End screens"). */
  missed?: GameWord | null,
): void {
  const W = scene.W;
  const H = scene.H;
  const pw = Math.min(840, W - 32);
  const bw = Math.min(340, pw - 48);
  const bh = 88;
  const side = buttons.length <= 1 || 2 * bw + 24 <= pw - 48;
  const rows = side ? Math.min(1, buttons.length) : buttons.length;
  const dim = scene.add.rectangle(W / 2, H / 2, W, H, COLORS.overlay, 0.55).setInteractive();
  const t = scene
    .text(W / 2, 0, title, W < 600 ? 44 : 56, color, true)
    .setOrigin(0.5, 0)
    .setWordWrapWidth(pw - 48);
  const b = scene
    .text(W / 2, 0, body, W < 600 ? 26 : 30, COLORS.text)
    .setOrigin(0.5, 0)
    .setWordWrapWidth(pw - 56)
    .setLineSpacing(8);
  const starScale = stars ? starRowScale(stars.kind, pw - 48) : 1;
  // The demonstration sits under the title, before the text: a child who does not read sees it first.
  let demoH = demo ? DEMO_HEIGHT : 0;
  // The missed word: its picture (when it has one) over the word, shrinking like the demonstration.
  const missedPic = Boolean(missed?.image && scene.textures.exists(scene.imageKey(missed)));
  let missedPicH = missed && missedPic ? MISSED_PICTURE_HEIGHT : 0;
  const missedH = () => (missed ? missedPicH + (missedPicH ? 8 : 0) + MISSED_WORD_HEIGHT : 0);
  const sh = () => (stars ? starRowHeight(stars.kind, starScale) + 16 : demoH ? demoH + 16 : missed ? missedH() + 16 : 0);
  const height = () => 40 + t.height + sh() + 24 + b.height + 32 + rows * (bh + 16) + 24;
  // A long text on a phone: smaller type (never under 22 design px, 18 CSS px on a phone) and
  // tighter lines, so the panel and its buttons stay inside the canvas.
  for (let bodyPx = 24, titlePx = 40; height() > H - 16 && bodyPx >= 22; bodyPx -= 2, titlePx = Math.max(34, titlePx - 4)) {
    t.setFontSize(titlePx);
    b.setFontSize(bodyPx).setLineSpacing(4);
  }
  // Still too tall (a long text on a small screen): the demonstration gets smaller, then goes.
  while (demoH && height() > H - 16) demoH = demoH > 72 ? demoH - 16 : 0;
  while (missedPicH && height() > H - 16) missedPicH = missedPicH > 96 ? missedPicH - 16 : 0;
  const ph = height();
  const top = Math.max(8, (H - ph) / 2);
  const box = scene.add
    .rectangle(W / 2, top + ph / 2, pw, ph, COLORS.panel)
    .setRounded(32)
    .setStrokeStyle(8, color);
  t.setY(top + 40);
  b.setY(top + 40 + t.height + sh() + 24);
  into.add([dim, box, t, b]);
  if (stars) into.add(drawStarRow(scene, W / 2, top + 40 + t.height + 16 + sh() / 2, stars.count, stars.kind, starScale).objects);
  if (demo && demoH) drawDemo(scene, into, demo, W / 2, top + 40 + t.height + 16, Math.min(pw - 64, 640), demoH);
  if (missed) drawMissed(scene, into, missed, W / 2, top + 40 + t.height + 16, Math.min(pw - 64, 420), missedPicH, color);
  const by = top + 40 + t.height + sh() + 24 + b.height + 32 + bh / 2;
  buttons.forEach((spec, i) => {
    const x = side ? W / 2 + (i - (buttons.length - 1) / 2) * (bw + 24) : W / 2;
    const y = side ? by : by + i * (bh + 16);
    // The icon is drawn in the label; the screen-reader line and the spec's text stay the word alone.
    const btn = scene.button(x, y, bw, bh, spec.icon ? `${spec.icon}  ${spec.label}` : spec.label, spec.fn, {
      into,
      fill: spec.fill ?? COLORS.primary,
      fontSize: 32,
    });
    scene.target(`button:${spec.name}`, btn.bg);
    scene.keyButton(`button:${spec.name}`, btn, spec.label, spec.fn, true);
  });
}

/**
 * The word a lost run ended on (a child who does not read sees what they missed): its picture in
 * a white frame, the word under it in big letters, in the panel's colour (the test hook's
 * `pictures()` names it `picture:missed`).
 */
function drawMissed(
  scene: GameScene,
  into: Phaser.GameObjects.Container,
  w: GameWord,
  cx: number,
  top: number,
  width: number,
  picH: number,
  color: number,
): void {
  if (picH) {
    const box = { x: cx - width / 2, y: top, width, height: picH };
    into.add(
      scene.add
        .rectangle(cx, top + picH / 2, Math.min(width, picH * 1.6), picH, COLORS.panel)
        .setRounded(16)
        .setStrokeStyle(4, color, 0.6),
    );
    const img = scene.addPicture(
      w,
      { x: cx - Math.min(width, picH * 1.6) / 2 + 8, y: box.y + 8, width: Math.min(width, picH * 1.6) - 16, height: picH - 16 },
      into,
    );
    if (img) scene.target('picture:missed', img);
  }
  const wordY = top + picH + (picH ? 8 : 0) + MISSED_WORD_HEIGHT / 2;
  const word = scene.text(cx, wordY, w.es, 48, color, true).setOrigin(0.5);
  scene.fitWidth(word, width);
  into.add(word);
}

/**
 * The instructions' demonstration, drawn from simple shapes (no new assets): the sign (a framed
 * box with a play triangle) → an arrow → what the game asks the child to
 * tap (letter keys, letter tiles, or three cards with the star), and a finger ring that travels
 * from the sign to the right target and taps it, again and again. It moves slowly (one trip in
 * 1.6 s, no change of brightness: nothing flashes); with reduced motion the ring stays on the target.
 */
function drawDemo(scene: GameScene, into: Phaser.GameObjects.Container, demo: PanelDemo, cx: number, top: number, width: number, h: number): void {
  const mid = top + h / 2;
  const signW = Math.round(h * 1.2);
  const left = cx - width / 2;
  // The sign.
  const sx = left + signW / 2;
  into.add(scene.add.rectangle(sx, mid, signW, h, COLORS.panel).setRounded(16).setStrokeStyle(5, COLORS.primary));
  into.add(scene.add.triangle(sx, mid, 0, 0, 0, 36, 30, 18, COLORS.primary).setOrigin(0.5));
  // The arrow.
  const ax = left + signW + 40;
  into.add(scene.text(ax, mid, '➜', 48, COLORS.muted, true).setOrigin(0.5));
  // The targets.
  const tx0 = ax + 44;
  const room = left + width - tx0;
  const n = 3;
  const gap = 16;
  const tw = Math.min(demo === 'cards' ? 90 : 76, (room - gap * (n - 1)) / n);
  const th = demo === 'cards' ? h : Math.min(h, 76);
  const labels = demo === 'keys' ? ['G', 'A', 'T'] : demo === 'tiles' ? ['t', 'g', 'a'] : ['★', '', ''];
  const right = demo === 'cards' ? 0 : 1;
  let target = { x: 0, y: mid };
  labels.forEach((label, i) => {
    const x = tx0 + tw / 2 + i * (tw + gap);
    const isRight = i === right;
    const fill = demo === 'cards' ? COLORS.primary : isRight ? COLORS.successLight : COLORS.key;
    into.add(
      scene.add
        .rectangle(x, mid, tw, th, fill)
        .setRounded(14)
        .setStrokeStyle(4, isRight ? COLORS.success : COLORS.primary),
    );
    if (label) into.add(scene.text(x, mid, label, demo === 'cards' ? 44 : 36, demo === 'cards' ? 0xffffff : COLORS.text, true).setOrigin(0.5));
    if (isRight) target = { x, y: mid };
  });
  // The finger: a ring like the tap ring, from the sign to the right target.
  const ring = scene.add.circle(target.x, target.y + th / 4, 18, 0xffffff, 0).setStrokeStyle(6, COLORS.text, 0.9);
  into.add(ring);
  const reduced = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (!reduced) {
    ring.setPosition(sx + signW / 4, mid + h / 4);
    scene.tweens.add({ targets: ring, x: target.x, y: target.y + th / 4, duration: 1600, ease: 'Sine.easeInOut', hold: 600, repeatDelay: 400, repeat: -1 });
  }
}
