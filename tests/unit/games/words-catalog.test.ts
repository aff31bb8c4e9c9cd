import { describe, expect, it } from 'vitest';
import { multimediaFrom, palabrasFrom, pickMedia, toGameWord, isVideoUrl } from '../../../src/client/games/words';
import { hasSign } from '../../../src/client/games/useGameWords';
import { GAMES, gameHref, menuHref, parseNivelId } from '../../../games/shared/catalog';
import { area, fitSize, rectToPercent, signStage, SIGN_CONTROLS_HEIGHT } from '../../../games/shared/layout';
import { keyBelongsToPage } from '../../../games/shared/keys';

const m = (descripcion: string, tipo: string, url: string) => ({ descripcion, tipo, url });

describe('words for the games (page side)', () => {
  it('reads both list shapes: plain array (palabra/nivel/{id}) and {data} (getPalabras)', () => {
    const p = { id_palabra: 1, palabraEspanol: 'piña', palabraIngles: 'pineapple', id_nivel: 2 };
    expect(palabrasFrom([p])).toEqual([p]);
    expect(palabrasFrom({ data: [p] })).toEqual([p]);
    expect(palabrasFrom({ data: [{ id_palabra: 'x' }, null, p] })).toEqual([p]);
    expect(palabrasFrom(null)).toEqual([]);
  });

  it('reads the media list and keeps only rows with a url', () => {
    expect(multimediaFrom({ data: [m('gifSena', 'gif', 'uploads/multimedia/a.gif'), { tipo: 'gif' }] })).toHaveLength(1);
    expect(multimediaFrom([m('gifSena', 'gif', 'uploads/multimedia/a.gif')])).toHaveLength(1);
  });

  it('picks imgEspanol as the picture and gifSena as the animated sign, with urls on the API host', () => {
    const media = [
      m('audioEspanol', 'audio', 'uploads/multimedia/a.mp3'),
      m('gifmenu', 'gif', 'uploads/multimedia/menu.gif'),
      m('imgIngles', 'imagen', 'uploads/multimedia/en.png'),
      m('imgEspanol', 'imagen', 'uploads/multimedia/es.png'),
      m('gifSena', 'gif', 'uploads/multimedia/sign.gif'),
    ];
    expect(pickMedia(media)).toEqual({ image: '/uploads/multimedia/es.png', sign: '/uploads/multimedia/sign.gif', signCompact: null });
  });

  it("carries a GIF sign's compact rendition along", () => {
    const sign = { ...m('gifSena', 'gif', 'uploads/multimedia/sign.gif'), compacta: { url: 'uploads/multimedia/sign.webp' } };
    expect(pickMedia([sign])).toMatchObject({ sign: '/uploads/multimedia/sign.gif', signCompact: '/uploads/multimedia/sign.webp' });
  });

  it('falls back: English picture, then the menu GIF; any GIF or a video as the sign; never the menu GIF as a sign; null when none', () => {
    expect(pickMedia([m('imgIngles', 'imagen', 'uploads/multimedia/en.png')])).toEqual({ image: '/uploads/multimedia/en.png', sign: null, signCompact: null });
    expect(pickMedia([m('gifmenu', 'gif', 'uploads/multimedia/menu.gif')])).toEqual({ image: '/uploads/multimedia/menu.gif', sign: null, signCompact: null });
    expect(pickMedia([m('otra', 'video', 'uploads/multimedia/v.mp4')]).sign).toBe('/uploads/multimedia/v.mp4');
    expect(pickMedia([m('otra', 'gif', 'uploads/multimedia/o.gif')]).sign).toBe('/uploads/multimedia/o.gif');
    expect(pickMedia([])).toEqual({ image: null, sign: null, signCompact: null });
    expect(isVideoUrl('/uploads/multimedia/v.mp4')).toBe(true);
    expect(isVideoUrl('/uploads/multimedia/sign.gif')).toBe(false);
  });

  it('maps a palabra to a GameWord', () => {
    const w = toGameWord({ id_palabra: 7, palabraEspanol: 'limón', palabraIngles: 'lemon', id_nivel: 3 }, [m('gifSena', 'gif', 'uploads/multimedia/s.gif')]);
    expect(w).toEqual({ id: 7, es: 'limón', en: 'lemon', nivelId: 3, image: null, sign: '/uploads/multimedia/s.gif', signCompact: null });
  });

  it('the games play only words with a sign', () => {
    const withSign = toGameWord({ id_palabra: 1, palabraEspanol: 'gato', id_nivel: 1 }, [m('gifSena', 'gif', 'uploads/multimedia/s.gif')]);
    const menuOnly = toGameWord({ id_palabra: 2, palabraEspanol: 'perro', id_nivel: 1 }, [
      m('gifmenu', 'gif', 'uploads/multimedia/m.gif'),
      m('imgEspanol', 'imagen', 'uploads/multimedia/p.png'),
    ]);
    expect([withSign, menuOnly].filter(hasSign).map((w) => w.es)).toEqual(['gato']);
  });
});

describe('games catalog (spec titles and paths)', () => {
  it('lists the three games in order with the spec titles and routes', () => {
    expect(GAMES.map((g) => [g.title, g.path])).toEqual([
      ['Adivina la palabra', '/ahorcado'],
      ['Ordenar palabras', '/memorama'],
      ['Cartas', '/ruleta-palabras'],
    ]);
  });

  it('carries the level to the game and back to /juegos/{idNivel}', () => {
    expect(gameHref(GAMES[0]!, 3)).toBe('/ahorcado?nivel=3');
    expect(gameHref(GAMES[2]!, null)).toBe('/ruleta-palabras');
    expect(menuHref(3)).toBe('/juegos/3');
    expect(menuHref(null)).toBe('/juegos');
  });

  it('accepts only positive whole level ids', () => {
    expect(parseNivelId('4')).toBe(4);
    for (const bad of [undefined, null, '', '0', '-1', '1.5', 'abc', '1e3', '9999999999']) expect(parseNivelId(bad)).toBeNull();
  });
});

describe('layout helpers', () => {
  it('turns a design rectangle into CSS percentages of the 1280 × 800 canvas', () => {
    expect(rectToPercent({ x: 640, y: 200, width: 128, height: 400 })).toEqual({ left: '50.0000%', top: '25.0000%', width: '10.0000%', height: '50.0000%' });
  });

  it('fits a picture inside a box keeping its ratio', () => {
    expect(fitSize(400, 200, 300, 300)).toEqual({ width: 300, height: 150 });
    expect(fitSize(0, 200, 300, 300)).toEqual({ width: 0, height: 0 });
  });
});

describe('keys the scenes leave to the page', () => {
  const ev = (key: string, target: unknown) => ({ key, target }) as unknown as KeyboardEvent;
  const el = (matches: string[]) => ({ closest: (sel: string) => (matches.some((m) => sel.includes(m)) ? {} : null) });

  it('every key typed in a slider or input belongs to the page', () => {
    expect(keyBelongsToPage(ev('a', el(['[role="slider"]'])))).toBe(true);
    expect(keyBelongsToPage(ev('ArrowRight', el(['input'])))).toBe(true);
  });

  it('Enter and Space on a focused button belong to the page; letters go to the game', () => {
    expect(keyBelongsToPage(ev('Enter', el(['button'])))).toBe(true);
    expect(keyBelongsToPage(ev(' ', el(['button'])))).toBe(true);
    expect(keyBelongsToPage(ev('a', el(['button', '[data-game-area]'])))).toBe(false);
    expect(keyBelongsToPage(ev('a', el(['[tabindex]', '[data-game-area]'])))).toBe(false);
    expect(keyBelongsToPage(ev('a', el([])))).toBe(false);
    expect(keyBelongsToPage(ev('a', null))).toBe(false);
  });

  it('a control outside the game area keeps every key (the game hears keys only in its area)', () => {
    expect(keyBelongsToPage(ev('a', el(['button'])))).toBe(true);
    expect(keyBelongsToPage(ev('Escape', el(['a'])))).toBe(true);
    expect(keyBelongsToPage(ev('1', el(['[tabindex]'])))).toBe(true);
  });
});

describe('the sign leads the stage (signStage)', () => {
  // The games' own requests: hangman, cards and order words on landscape and on a 768×1024 tablet
  // (its portrait design is 800 × 945).
  const cases = [
    { W: 1280, H: 800, side: 470, below: 116 },
    { W: 1280, H: 800, side: 470, below: 100 },
    { W: 800, H: 945, side: 112, below: 322 },
    { W: 800, H: 945, side: 112, below: 342 },
    { W: 800, H: 945, side: 112, below: 270 },
  ];
  for (const c of cases) {
    it(`${c.W}×${c.H} (side ${c.side}, below ${c.below}): a 4:3 sign of at least 40 % of the stage, its controls under it, nothing overlapping`, () => {
      const st = signStage(c.W, c.H, { side: c.side, below: c.below });
      expect(area(st.sign) / (c.W * c.H)).toBeGreaterThanOrEqual(0.4);
      expect(Math.abs(st.sign.width / st.sign.height - 4 / 3)).toBeLessThan(0.01);
      expect(st.controls.y).toBeGreaterThanOrEqual(st.sign.y + st.sign.height);
      expect(st.controls.height).toBe(SIGN_CONTROLS_HEIGHT);
      expect(st.side.width).toBeGreaterThanOrEqual(c.side);
      expect(st.below.height).toBeGreaterThanOrEqual(c.below);
      expect(st.side.x).toBeGreaterThanOrEqual(st.sign.x + st.sign.width);
      expect(st.below.y).toBeGreaterThanOrEqual(st.controls.y + st.controls.height);
      expect(st.side.x + st.side.width).toBeLessThanOrEqual(c.W);
      expect(st.below.y + st.below.height).toBeLessThanOrEqual(c.H);
    });
  }
});
