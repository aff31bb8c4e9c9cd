/**
 * Order words ("Ordenar palabras", /memorama) scene: the sign GIF (page overlay) and the picture
 * of a word, its letters scrambled as tiles; the child taps (or types) the letters in order, then
 * checks. Rules in ./rules.ts.
 */
import { countWord, plural } from '../shared/plural';
import * as Phaser from 'phaser';
import * as R from './rules';
import { type CelebrateOptions, celebrate, inBand, starsSentence } from '../shared/celebrate';
import { starsFor } from '../shared/stars';
import { type Feedback, COLORS } from '../shared/GameScene';
import type { Rect } from '../shared/layout';
import { RulesScene } from '../shared/RulesScene';

interface OrderLayout {
  top: number;
  sign: Rect;
  picture: Rect;
  /** Centre x and the y of the title, the word count and the hint. */
  infoX: number;
  titleY: number;
  countY: number;
  hintY: number;
  infoWidth: number;
  slotsY: number;
  tilesY: number;
  buttons: { y: number; w: number; h: number };
  /** Smallest tile side (design px): 60 CSS px at the tablet sizes. */
  minTile: number;
  flash: Rect;
}

/**
 * Landscape: the clue boxes left and right with the title between them, then slots, tiles and the
 * three buttons. Portrait: the boxes side by side with the title under them; the banner goes
 * over the slots row, right above the tiles.
 */
function orderLayout(W: number, H: number): OrderLayout {
  if (W > H) {
    const B = 250;
    return {
      top: 80,
      sign: { x: 40, y: 100, width: B, height: B },
      picture: { x: W - 40 - B, y: 100, width: B, height: B },
      infoX: W / 2,
      titleY: 130,
      countY: 190,
      hintY: 250,
      infoWidth: W - 2 * (B + 80),
      slotsY: 470,
      tilesY: 600,
      buttons: { y: H - 60, w: 280, h: 84 },
      minTile: 80,
      flash: { x: B + 70, y: 96, width: W - 2 * (B + 70), height: 300 },
    };
  }
  const phone = W < 600;
  const pad = phone ? 10 : 20;
  const buttons = { y: H - pad - 44, w: Math.min(240, (W - 2 * pad - 24) / 3), h: 88 };
  const tilesY = buttons.y - 44 - 24 - (phone ? 60 : 64);
  const slotsY = tilesY - (phone ? 120 : 160);
  const infoY = slotsY - (phone ? 80 : 96) - 40;
  // Phone: no title nor count between the boxes and the slots (the count is in the top bar), so
  // the boxes grow down to the banner's band over the slots.
  const B = phone
    ? Math.max(90, Math.min((W - 3 * pad) / 2 - 16, slotsY - 60 - (80 + pad + 8) - 8 - 44 - 4))
    : Math.max(100, Math.min((W - 3 * pad) / 2 - 16, infoY - 80 - 36 - 44 - pad));
  return {
    top: 80,
    sign: { x: pad + 8, y: 80 + pad + 8, width: B, height: B },
    picture: { x: W - pad - 8 - B, y: 80 + pad + 8, width: B, height: B },
    infoX: W / 2,
    titleY: infoY,
    countY: infoY + 46,
    hintY: infoY + 46,
    infoWidth: W - 2 * pad,
    slotsY,
    tilesY,
    buttons,
    minTile: phone ? 60 : 68,
    flash: { x: pad, y: slotsY - 60, width: W - 2 * pad, height: 120 },
  };
}

export class OrderWordsScene extends RulesScene<R.OrderWordsState, R.OrderEvent> {
  protected readonly rules = R;
  private hud!: Phaser.GameObjects.Container;
  private board!: Phaser.GameObjects.Container;
  private overlay!: Phaser.GameObjects.Container;
  private L!: OrderLayout;

  constructor() {
    super('order-words');
  }

  snapshotView(): R.OrderSnapshot {
    return R.snapshot(this.state);
  }

  create(): void {
    this.setUp();
    this.L = orderLayout(this.W, this.H);
    this.flashBand = this.L.flash;
    const resumed = this.carried as R.OrderWordsState | null;
    this.state = resumed ?? R.createGame(this.words, this.rng);
    this.drawTopBar(this.L.top);
    this.drawFrame(this.L.sign, 'Seña', undefined, 'sign');
    this.drawFrame(this.L.picture, 'Imagen', undefined, 'picture');
    // The title where there is room for it (not on a phone: the instructions panel says it).
    if (this.W >= 600) this.text(this.L.infoX, this.L.titleY, 'Ordena las letras', 40, COLORS.primaryDark, true).setOrigin(0.5);
    this.hud = this.add.container(0, 0);
    this.board = this.add.container(0, 0);
    this.overlay = this.add.container(0, 0).setDepth(40);
    this.render();
    this.publish([]);
    if (resumed) this.scheduleNext();
  }

  protected onKey(ev: KeyboardEvent): void {
    const s = this.state;
    if (ev.key === 'Enter' || ev.key === ' ') {
      if (s.phase === 'instructions') this.apply(R.startGame(s));
      else if (s.phase === 'playing') this.apply(R.check(s));
      else if (s.phase === 'won' || s.phase === 'lost') this.restartGame();
      return;
    }
    if (s.phase !== 'playing') return;
    if (ev.key === 'Backspace') {
      ev.preventDefault();
      this.apply(R.removeLast(s));
      return;
    }
    if (ev.key === 'Delete') {
      this.apply(R.clear(s));
      return;
    }
    // Accents ignored, the tile needed at the next slot first (R.tileForKey).
    if (Array.from(ev.key).length === 1) this.apply(R.typeLetter(s, ev.key));
  }

  protected react(events: readonly R.OrderEvent[]): void {
    const out: Feedback[] = [];
    // One celebration per transition (G-7.2): the game's when it is won, else the level's.
    const gameWon = events.some((e) => e.type === 'game-won');
    let party: CelebrateOptions | null = null;
    for (const e of events) {
      switch (e.type) {
        case 'level-started':
          // After a level passed the stars take the banner's place (the caption still says it).
          out.push({ cue: 'level', text: `Nivel ${e.level}`, kind: 'info', flash: party === null });
          break;
        case 'level-passed':
          if (gameWon) break;
          out.push({ cue: 'win', text: `¡Superaste el nivel ${e.level}! ${starsSentence(e.stars)}`, kind: 'success', flash: false });
          party = { stars: e.stars, kind: 'level', ...inBand(this.flashBand) };
          break;
        case 'tile-picked':
          out.push({ cue: 'click', text: `Pusiste la letra ${e.char}.`, kind: 'info', flash: false });
          break;
        case 'tile-removed':
          out.push({ cue: 'click', text: 'Quitaste la última letra.', kind: 'info', flash: false });
          break;
        case 'cleared':
          out.push({ cue: 'click', text: 'Quitaste todas las letras.', kind: 'info', flash: false });
          break;
        case 'correct':
          out.push({ cue: 'correct', text: `¡Correcto! «${e.word}» +${countWord(e.points, 'punto', 'puntos')}.`, kind: 'success', flash: true });
          break;
        case 'wrong':
          out.push({ cue: 'wrong', text: `Era «${e.word}».`, kind: 'error', flash: true });
          break;
        case 'life-lost':
          out.push({ cue: null, text: `Perdiste una vida. Te ${plural(e.lives, 'queda', 'quedan')} ${e.lives}.`, kind: 'error', flash: false });
          break;
        case 'next-word':
          break;
        case 'game-won':
          out.push({
            cue: 'win',
            text: `${R.ORDER_END_MESSAGES[e.message]} Puntos: ${e.totalScore}. ${starsSentence(e.stars)}`,
            kind: 'success',
            flash: false,
          });
          party = { stars: e.stars, kind: 'game', panel: true };
          break;
        case 'game-over':
          out.push({ cue: 'lose', text: `Te quedaste sin vidas. ${R.ORDER_END_MESSAGES[e.message]} Puntos: ${e.totalScore}.`, kind: 'error', flash: false });
          break;
      }
    }
    this.feedback(out);
    if (party) celebrate(this, party);
  }

  // --- drawing --------------------------------------------------------------------------------------

  protected render(): void {
    const s = this.state;
    const L = this.L;
    const word = R.currentWord(s);
    const over = s.phase === 'won' || s.phase === 'lost';
    this.renderHud();
    this.board.removeAll(true);
    this.forgetTargets('tile:');
    this.forgetTargets('button:');

    // The DOM GIF sits above the canvas: only while no overlay panel is open.
    this.showSign(s.phase === 'playing' || s.phase === 'feedback' ? word : null, L.sign);
    if (!over && word && !word.sign) {
      this.board.add(
        this.text(L.sign.x + L.sign.width / 2, L.sign.y + L.sign.height / 2, 'No hay video ni GIF de señal disponible.', 24, COLORS.muted)
          .setOrigin(0.5)
          .setWordWrapWidth(L.sign.width - 20),
      );
    }
    if (!over && !this.addPicture(word, L.picture, this.board)) {
      this.board.add(this.text(L.picture.x + L.picture.width / 2, L.picture.y + L.picture.height / 2, 'Sin imagen', 26, COLORS.muted).setOrigin(0.5));
    }
    const inLevel = (s.wordIndex % R.ORDER_WORDS_PER_LEVEL) + 1;
    const levelSize = Math.min(R.ORDER_WORDS_PER_LEVEL, s.words.length - (s.level - 1) * R.ORDER_WORDS_PER_LEVEL);
    // (On a phone the count is in the top bar.)
    if (this.W >= 600) this.board.add(this.text(L.infoX, L.countY, `Palabra ${inLevel} de ${levelSize}`, 28, COLORS.text, true).setOrigin(0.5));
    // The how-to line only where there is room for it (landscape); the instructions panel says it too.
    if (this.landscape) {
      this.board.add(
        this.text(L.infoX, L.hintY, 'Toca las letras en orden y luego «Comprobar».', 26, COLORS.muted).setOrigin(0.5, 0).setWordWrapWidth(L.infoWidth),
      );
    }

    if (word && !over) {
      this.drawSlots();
      this.drawTiles();
      this.drawButtons();
    }
    this.renderOverlay();
  }

  private renderHud(): void {
    const s = this.state;
    const levels = Math.ceil(s.words.length / R.ORDER_WORDS_PER_LEVEL);
    const cy = this.L.top / 2;
    const narrow = this.W < 600;
    this.hud.removeAll(true);
    if (narrow) {
      const inLevel = (s.wordIndex % R.ORDER_WORDS_PER_LEVEL) + 1;
      const levelSize = Math.min(R.ORDER_WORDS_PER_LEVEL, s.words.length - (s.level - 1) * R.ORDER_WORDS_PER_LEVEL);
      this.drawNarrowHud(this.hud, `Nivel ${s.level}/${levels}`, `Puntos: ${s.totalScore}`, s.lives, R.ORDER_LIVES, `Palabra ${inLevel} de ${levelSize}`);
      return;
    }
    this.hud.add(this.text(16, cy, `Nivel ${s.level} de ${levels}`, 30, COLORS.primaryDark, true).setOrigin(0, 0.5));
    this.drawHearts(this.hud, this.landscape ? 300 : 284, cy, s.lives, R.ORDER_LIVES, 44);
    this.hud.add(this.text(this.W - 16, cy, `Puntos: ${s.totalScore}`, 30, COLORS.text, true).setOrigin(1, 0.5));
  }

  /** Side of a slot or tile for `n` of them in one row (at least the layout's minimum). */
  private cellSize(n: number, gap: number): number {
    return Math.max(this.L.minTile, Math.min(96, Math.floor((this.W - 32) / Math.max(1, n)) - gap));
  }

  /** x and y of item `i` of `n` in centred rows of at most as many as fit. */
  private grid(n: number, size: number, gap: number, y0: number, i: number): { x: number; y: number } {
    const perRow = Math.max(1, Math.floor((this.W - 32 + gap) / (size + gap)));
    const rows = Math.ceil(n / perRow);
    const row = Math.floor(i / perRow);
    const inRow = row < rows - 1 ? perRow : n - perRow * (rows - 1);
    const col = i - row * perRow;
    const step = size + gap;
    const y = y0 - ((rows - 1) * step) / 2 + row * step;
    return { x: this.W / 2 - (inRow * step) / 2 + step / 2 + col * step, y };
  }

  private drawSlots(): void {
    const s = this.state;
    const slots = R.slots(s);
    const size = Math.min(this.cellSize(slots.length, 10), this.landscape ? 96 : 80);
    const result = s.phase === 'feedback' ? s.lastResult : null;
    const stroke = result === 'correct' ? COLORS.success : result === 'wrong' ? COLORS.error : COLORS.primary;
    const fill = result === 'correct' ? COLORS.successLight : result === 'wrong' ? COLORS.errorLight : COLORS.panel;
    slots.forEach((slot, i) => {
      const { x, y } = this.grid(slots.length, size, 10, this.L.slotsY, i);
      if (slot.fixed) {
        this.board.add(this.text(x, y, slot.char ?? '', size * 0.6, COLORS.text, true).setOrigin(0.5));
        return;
      }
      this.board.add(this.add.rectangle(x, y, size, size, fill).setRounded(14).setStrokeStyle(4, stroke));
      if (slot.char) this.board.add(this.text(x, y, slot.char, size * 0.6, COLORS.text, true).setOrigin(0.5));
    });
    if (result === 'wrong') {
      const word = R.currentWord(s);
      const last = this.grid(slots.length, size, 10, this.L.slotsY, slots.length - 1);
      this.board.add(this.text(this.W / 2, last.y + size / 2 + 6, `La palabra era «${word?.es ?? ''}».`, 28, COLORS.error, true).setOrigin(0.5, 0));
    }
  }

  private drawTiles(): void {
    const s = this.state;
    const size = this.cellSize(s.tiles.length, 14);
    for (const tile of s.tiles) {
      const used = R.isTileUsed(s, tile.id);
      const { x, y } = this.grid(s.tiles.length, size, 14, this.L.tilesY, tile.id);
      const b = this.button(x, y, size, size, used ? '' : tile.char, () => this.apply(R.pickTile(this.state, tile.id)), {
        into: this.board,
        fill: COLORS.gold,
        textColor: COLORS.text,
        fontSize: Math.round(size * 0.55),
        radius: 14,
      });
      // A used tile is an empty grey place (its letter went up to the slots).
      b.setEnabled(!used && s.phase === 'playing', !used);
      this.target(`tile:${tile.id}`, b.bg);
    }
  }

  private drawButtons(): void {
    const s = this.state;
    const { y, w, h } = this.L.buttons;
    const playing = s.phase === 'playing';
    const narrow = this.W < 600;
    // Phone: words, not bare icons (a child reads «Borrar»), a little smaller; 12 px apart.
    const font = narrow ? 22 : 28;
    // Phone: «Comprobar» is the longest word, so its button is the widest of the three.
    const small = 112;
    const ws = narrow ? [small, small, this.W - 20 - 24 - 2 * small] : [w, w, w];
    const xs = narrow ? [10 + small / 2, 10 + small + 12 + small / 2, this.W - 10 - ws[2]! / 2] : [this.W / 2 - (w + 20), this.W / 2, this.W / 2 + w + 20];
    const undo = this.button(xs[0]!, y, ws[0]!, h, narrow ? 'Borrar' : '⌫ Borrar', () => this.apply(R.removeLast(this.state)), {
      into: this.board,
      fill: COLORS.key,
      textColor: COLORS.text,
      fontSize: font,
    });
    undo.setEnabled(playing && s.picked.length > 0);
    const clear = this.button(xs[1]!, y, ws[1]!, h, narrow ? 'Limpiar' : '✖ Limpiar', () => this.apply(R.clear(this.state)), {
      into: this.board,
      fill: COLORS.key,
      textColor: COLORS.text,
      fontSize: font,
    });
    clear.setEnabled(playing && s.picked.length > 0);
    const check = this.button(xs[2]!, y, ws[2]!, h, narrow ? 'Comprobar' : 'Comprobar ✔', () => this.apply(R.check(this.state)), {
      into: this.board,
      fill: COLORS.success,
      fontSize: font,
    });
    check.setEnabled(R.canCheck(s));
    this.target('button:undo', undo.bg);
    this.target('button:clear', clear.bg);
    this.target('button:check', check.bg);
  }

  private renderOverlay(): void {
    const s = this.state;
    this.overlay.removeAll(true);
    if (s.phase === 'instructions') {
      this.drawPanel(
        this.overlay,
        'Ordenar palabras',
        'Mira la seña y la imagen, y ordena las letras para formar la palabra. Toca las letras o escríbelas; después toca «Comprobar» o pulsa Intro.\n' +
          `Bien: +${R.ORDER_CORRECT_POINTS} puntos. Mal: −${R.ORDER_WRONG_PENALTY} puntos y una vida. Tienes ${R.ORDER_LIVES} vidas.`,
        COLORS.primary,
        [{ name: 'start', label: '¡A jugar!', fn: () => this.apply(R.startGame(this.state)) }],
      );
    } else if (s.phase === 'won' || s.phase === 'lost') {
      const msg = R.endMessageText(s.totalScore, R.playedMaxScore(s));
      this.drawPanel(
        this.overlay,
        s.phase === 'won' ? '¡Terminaste!' : '¡Se acabaron las vidas!',
        `${msg}\nPuntos: ${s.totalScore}`,
        s.phase === 'won' ? COLORS.success : COLORS.error,
        [
          { name: 'restart', label: 'Jugar de nuevo', fn: () => this.restartGame(), fill: COLORS.success },
          { name: 'menu', label: 'Volver al menú', fn: () => this.requestExit() },
        ],
        s.phase === 'won' ? { count: starsFor(s.totalScore, R.maxScore(s), true), kind: 'game' } : undefined,
      );
    }
  }
}
