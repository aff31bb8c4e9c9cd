import { describe, expect, it } from 'vitest';
import { answerWays, costText, livesLeftText } from '../../../games/shared/captions';
import { hintCost as cardsHintCost, CARDS_HINT_COST } from '../../../src/shared/rules/games/cards';
import { hintCost as orderHintCost, ORDER_HINT_COST } from '../../../src/shared/rules/games/orderWords';

describe('short captions (child-eye review)', () => {
  it('says what the lives count with a heart: "Te quedan 2 ♥."', () => {
    expect(livesLeftText(2)).toBe('Te quedan 2 ♥.');
    expect(livesLeftText(1)).toBe('Te queda 1 ♥.');
    expect(livesLeftText(0)).toBe('Te quedan 0 ♥.');
  });
  it('a hint or empty card at score 0 says its price, not "0 puntos"', () => {
    // The rules take nothing at 0 (never below 0) ...
    expect(cardsHintCost(0)).toBe(0);
    expect(orderHintCost(1, 'picture')).toBe(1);
    // ... and the caption still says the button's price, and why it did not come off.
    expect(costText(-cardsHintCost(0), CARDS_HINT_COST)).toBe('-2 puntos (no bajan de 0)');
    expect(costText(-orderHintCost(1, 'picture'), ORDER_HINT_COST)).toBe('-2 puntos (no bajan de 0)');
    expect(costText(-cardsHintCost(10), CARDS_HINT_COST)).toBe('-2 puntos');
    expect(costText(-2, 2)).not.toMatch(/\b0 puntos/);
  });
  it('a touch screen is not told to press 1, 2 or 3', () => {
    expect(answerWays(true)).toBe('tócala');
    expect(answerWays(true)).not.toMatch(/pulsa/);
    expect(answerWays(false)).toBe('tócala o pulsa 1, 2 o 3');
  });
});
