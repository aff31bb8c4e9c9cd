/** The order of the games' captions: one said late (the stars' sentence) never covers a newer one. */
import { describe, expect, it } from 'vitest';
import { CaptionLine } from '../../games/shared/captionLine';

describe('CaptionLine', () => {
  const line = () => {
    const shown: string[] = [];
    return { shown, captions: new CaptionLine<string>((c) => shown.push(c)) };
  };

  it('says a caption at once', () => {
    const { shown, captions } = line();
    captions.say('¡Correcto!');
    captions.say('Era «gato».');
    expect(shown).toEqual(['¡Correcto!', 'Era «gato».']);
  });

  it('says a late caption when nothing was said since it was due, and only once', () => {
    const { shown, captions } = line();
    captions.say('¡Superaste el nivel 1!');
    const stars = captions.later('¡Superaste el nivel 1! ¡Ganaste 3 estrellas!');
    stars();
    stars();
    expect(shown).toEqual(['¡Superaste el nivel 1!', '¡Superaste el nivel 1! ¡Ganaste 3 estrellas!']);
  });

  it('drops a late caption once a newer one has been said: the child answered meanwhile', () => {
    const { shown, captions } = line();
    captions.say('¡Superaste el nivel 1!');
    const stars = captions.later('¡Superaste el nivel 1! ¡Ganaste 3 estrellas!');
    captions.say('¡Correcto! «perro» +10 puntos.');
    stars();
    expect(shown).toEqual(['¡Superaste el nivel 1!', '¡Correcto! «perro» +10 puntos.']);
  });

  it('a second late caption does not let the first one through', () => {
    const { shown, captions } = line();
    const first = captions.later('primero');
    const second = captions.later('segundo');
    second();
    first();
    expect(shown).toEqual(['segundo']);
  });
});
