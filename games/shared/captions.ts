/**
 * Short caption pieces the three scenes share (Phaser-free, unit-tested). The caption bar is read by
 * children who read little: a number always says what it counts (a heart), and a price is the
 * price shown on the button even when the score cannot go lower.
 */
import { plural } from './plural';

/** Lives left after losing one: 'Te quedan 2 ♥.' / 'Te queda 1 ♥.' (the heart says what 2 counts). */
export function livesLeftText(lives: number): string {
  return `Te ${plural(lives, 'queda', 'quedan')} ${lives} ♥.`;
}

/**
 * What a miss or a hint cost: `applied` is the change to the score (0 or negative), `price` what
 * the button says (2). The score never goes below 0, so at 0 nothing is taken; saying '0 puntos'
 * then made the hint look free while its button said −2, so the price is said with why it did not
 * come off: '-2 puntos' / '-2 puntos (no bajan de 0)'.
 */
export function costText(applied: number, price: number): string {
  return -applied >= price ? `-${price} puntos` : `-${price} puntos (no bajan de 0)`;
}

/**
 * How a prompt names the ways to answer: a touch screen has no 1, 2, 3 keys to press, so it only
 * says to tap; with a keyboard it names the keys too.
 */
export function answerWays(touch: boolean): string {
  return touch ? 'tócala' : 'tócala o pulsa 1, 2 o 3';
}
