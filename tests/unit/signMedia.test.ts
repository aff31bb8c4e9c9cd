import { describe, expect, it } from 'vitest';
import { mediaBy, signMedia } from '../../src/shared/rules/signMedia';
import { pickMedia } from '../../src/client/games/words';

const m = (descripcion: string, tipo: string, url: string) => ({ descripcion, tipo, url });
const img = m('imgEspanol', 'imagen', 'uploads/multimedia/es.png');
const menu = m('gifmenu', 'gif', 'uploads/multimedia/menu.gif');
const video = m('otra', 'video', 'uploads/multimedia/v.webm');
const looseGif = m('otra', 'gif', 'uploads/multimedia/o.gif');

/**
 * One picker for the sign. Before, the learner screens took gifSena, else a video, else
 * a GIF; the games took gifSena, else a GIF, else a video (also told by the URL), and matched the
 * description ignoring case and spaces. These are the cases where the two answered differently.
 */
describe('the sign of a word (sign/signMedia)', () => {
  it('takes the gifSena entry first, whatever its tipo', () => {
    expect(signMedia([img, menu, video, looseGif, m('gifSena', 'video', 's.mp4')])?.url).toBe('s.mp4');
    expect(signMedia([looseGif, m('gifSena', 'gif', 's.gif')])?.url).toBe('s.gif');
  });

  it('without gifSena, a video before a loose GIF (a video only fits the sign slot; a GIF may be a picture)', () => {
    expect(signMedia([img, looseGif, video])).toBe(video);
    expect(signMedia([img, video, looseGif])).toBe(video);
    expect(signMedia([img, menu, looseGif])).toBe(looseGif);
  });

  it('never takes the menu GIF, a picture or an audio as the sign', () => {
    expect(signMedia([img, menu])).toBeNull();
    expect(signMedia([m('audioEspanol', 'audio', 'uploads/multimedia/a.mp3')])).toBeNull();
    expect(signMedia([])).toBeNull();
  });

  it('an M4A audio (stored as .mp4) is not a video sign: only the tipo says video', () => {
    expect(signMedia([img, m('audioEspanol', 'audio', 'uploads/multimedia/a.mp4')])).toBeNull();
  });

  it('matches descriptions and tipos trimmed and ignoring case', () => {
    expect(signMedia([looseGif, m(' GIFSENA ', 'gif', 's.gif')])?.url).toBe('s.gif');
    expect(signMedia([img, m('otra', ' Video', 'v.mp4')])?.url).toBe('v.mp4');
    expect(signMedia([m(' GifMenu', 'GIF', 'm.gif')])).toBeNull();
    expect(mediaBy([img, menu], 'GIFMENU')).toBe(menu);
    expect(mediaBy([img], 'imgIngles')).toBeNull();
  });

  it('the games take the same sign as the learner screens', () => {
    for (const list of [
      [img, looseGif, video],
      [img, m('audioEspanol', 'audio', 'uploads/multimedia/a.mp4')],
      [menu],
      [looseGif, m('gifSena', 'gif', 'uploads/multimedia/s.gif')],
    ]) {
      const sign = signMedia(list);
      expect(pickMedia(list).sign).toBe(sign ? `/${sign.url}` : null);
    }
  });
});
