/**
 * Order words ("Ordenar palabras", /memorama) scene: the sign GIF (page overlay) and the picture
 * of a word, its letters scrambled as tiles; the child taps (or types) the letters in order, then
 * checks. Rules in ./rules.ts.
 */
import { countWord } from '../shared/plural';
import { costText, livesLeftText } from '../shared/captions';
import * as Phaser from 'phaser';
import * as R from '../../src/shared/rules/games/orderWords';
import { type CelebrateOptions, inBand, starsSentence } from '../shared/celebrate';
import { starsFor } from '../../src/shared/rules/games/stars';
import type { Feedback } from '../shared/feedback';
import { COLORS } from '../shared/theme';
import { signStage, type Rect, type SignStage } from '../shared/layout';
import { RulesScene } from '../shared/RulesScene';

interface OrderLayout {
  stage: SignStage;
  info: { x: number; cx: number; width: number; compact: boolean; levelY: number; heartsY: number; scoreY: number; countY: number };
  hints: { picture: Rect; letter: Rect };
  /** The child's word (slots), the tiles (the right word in their place once answered), the buttons. */
  slots: Rect;
  tiles: Rect;
  /** Where the picture shows once asked (at least 160 CSS px wide), and the slots / tiles / banner beside it. */
  pictureAt: Rect;
  withPicture: { slots: Rect; tiles: Rect; flash: Rect };
  /** Largest slot / tile side. */
  maxCell: number;
  /** The smallest tile side before the tiles wrap: a phone's row holds a long word's letters at 40. */
  minTile: number;
  buttons: { at: { x: number; y: number; w: number }[]; h: number; font: number };
  flash: Rect;
}

/**
 * The sign leads (docs/games.md). Landscape: beside the sign a column with the level, lives and
 * score, the child's word, the two hints, the tiles and the buttons; the banner under the sign.
 * Portrait: a narrow column beside the sign (level, lives, score, count, hints), then the child's
 * word, the banner's band, one row of tiles and the buttons.
 */
function orderLayout(W: number, H: number): OrderLayout {
  if (W > H) {
    const stage = signStage(W, H, { side: 470, below: 100 });
    const c = stage.side;
    const hw = (c.width - 10) / 2;
    const bh = 80;
    const row2 = c.y + c.height - bh / 2;
    const row1 = row2 - bh - 8;
    return {
      stage,
      info: { x: c.x + 4, cx: c.x + c.width / 2, width: c.width, compact: false, levelY: 30, heartsY: 30, scoreY: 72, countY: 72 },
      slots: { x: c.x, y: 100, width: c.width, height: 80 },
      hints: { picture: { x: c.x, y: 190, width: hw, height: 80 }, letter: { x: c.x + hw + 10, y: 190, width: hw, height: 80 } },
      tiles: { x: c.x, y: 280, width: c.width, height: row1 - bh / 2 - 8 - 280 },
      // Once asked, the picture grows down from its button's place; the tiles start under it.
      pictureAt: { x: c.x, y: 190, width: hw, height: 168 },
      withPicture: {
        slots: { x: c.x, y: 100, width: c.width, height: 80 },
        tiles: { x: c.x, y: 366, width: c.width, height: row1 - bh / 2 - 8 - 366 },
        flash: stage.below,
      },
      maxCell: 84,
      minTile: 56,
      buttons: {
        at: [
          { x: c.x + hw / 2, y: row1, w: hw },
          { x: c.x + hw + 10 + hw / 2, y: row1, w: hw },
          { x: c.x + c.width / 2, y: row2, w: c.width },
        ],
        h: bh,
        font: 28,
      },
      flash: stage.below,
    };
  }
  const phone = W < 600;
  const pad = 8;
  const slotsH = phone ? 56 : 80;
  const bandH = phone ? 50 : 56;
  const tilesH = phone ? 60 : 80;
  const bh = phone ? 70 : 88;
  const stage = signStage(W, H, { side: phone ? 96 : 112, below: slotsH + bandH + tilesH + bh + 3 * 6 });
  const c = stage.side;
  const buttonsY = H - pad - bh / 2;
  const tilesTop = buttonsY - bh / 2 - 8 - tilesH;
  const slotsTop = stage.below.y;
  const bw = (W - 2 * pad - 2 * 10) / 3;
  // A phone's column has no room for "Palabra n de m" and the hints both: the hints win (as in Cartas).
  const hintsTop = c.y + (phone ? 160 : 226);
  // The hints stay in the column beside the sign: on a short phone they are as tall as the room
  // above the child's word allows (they ran over its slots).
  const hintH = Math.max(44, Math.min(phone ? 70 : 90, Math.floor((slotsTop - 4 - hintsTop - 6) / 2)));
  // Once asked, the picture stands at the right of the child's word and the banner's band (the
  // column is too narrow for it); the slots and the banner take the rest of the row.
  const flash = { x: pad, y: slotsTop + slotsH + 4, width: W - 2 * pad, height: Math.max(bandH, tilesTop - 4 - (slotsTop + slotsH + 4)) };
  // (It also takes the right end of the strip under the sign: the player's buttons sit in its middle.)
  const picTop = stage.controls.y + 4;
  const picH = tilesTop - 4 - picTop;
  const picW = Math.min(Math.round(W * 0.28), Math.round(picH * (4 / 3)));
  const pictureAt = { x: W - pad - picW, y: picTop, width: picW, height: picH };
  return {
    pictureAt,
    withPicture: {
      slots: { x: pad, y: slotsTop, width: W - 2 * pad - picW - 8, height: slotsH },
      tiles: { x: pad, y: tilesTop, width: W - 2 * pad, height: tilesH },
      flash: { ...flash, width: W - 2 * pad - picW - 8 },
    },
    stage,
    info: {
      x: c.x,
      cx: c.x + c.width / 2,
      width: c.width,
      compact: true,
      levelY: c.y + 26,
      heartsY: c.y + 78,
      scoreY: c.y + 126,
      countY: phone ? -1 : c.y + 186,
    },
    hints: { picture: { x: c.x, y: hintsTop, width: c.width, height: hintH }, letter: { x: c.x, y: hintsTop + hintH + 6, width: c.width, height: hintH } },
    slots: { x: pad, y: slotsTop, width: W - 2 * pad, height: slotsH },
    tiles: { x: pad, y: tilesTop, width: W - 2 * pad, height: tilesH },
    maxCell: phone ? 56 : 80,
    minTile: phone ? 40 : 56,
    buttons: { at: [0, 1, 2].map((i) => ({ x: pad + bw / 2 + i * (bw + 10), y: buttonsY, w: bw })), h: bh, font: phone ? 22 : 28 },
    flash,
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
    this.drawSignFrame(this.L.stage);
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

  /** The slots, tiles and banner band: beside (or under) the picture while it is shown. */
  private area(): { slots: Rect; tiles: Rect; flash: Rect } {
    const s = this.state;
    const shown = s.hints.includes('picture') && (s.phase === 'playing' || s.phase === 'feedback');
    return shown ? this.L.withPicture : { slots: this.L.slots, tiles: this.L.tiles, flash: this.L.flash };
  }

  protected react(events: readonly R.OrderEvent[]): void {
    this.flashBand = this.area().flash;
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
          // The banner does not repeat the word: the canvas shows the child's try beside the
          // right word once; the caption (read aloud) says it.
          out.push({ cue: 'wrong', text: '¡Casi! Mira la palabra.', kind: 'error', flash: true });
          out.push({ cue: null, text: `Era «${e.word}».`, kind: 'error', flash: false });
          break;
        case 'hint':
          out.push({
            cue: 'click',
            text:
              e.kind === 'picture'
                ? `Pediste ver el dibujo: ${costText(e.points, R.ORDER_HINT_COST)}.`
                : `Pediste la letra ${e.char}: ${costText(e.points, R.ORDER_HINT_COST)}.`,
            kind: 'info',
            flash: false,
          });
          break;
        case 'life-lost':
          out.push({ cue: null, text: livesLeftText(e.lives), kind: 'error', flash: false });
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
    this.feedbackWithStars(out, party);
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
    this.forgetTargets('hint:');

    // The sign leads every word from its first moment (the DOM player sits above the canvas: only
    // while no overlay panel is open); the next words' signs load meanwhile.
    this.showSign(s.phase === 'playing' || s.phase === 'feedback' ? word : null, L.stage);
    if (s.phase === 'playing') this.preloadSigns([s.words[s.wordIndex + 1], s.words[s.wordIndex + 2]]);
    if (s.phase === 'instructions') this.preloadSigns([word, s.words[1]]);
    const sign = L.stage.sign;
    if (!over && word && !word.sign) {
      this.board.add(
        this.text(sign.x + sign.width / 2, sign.y + sign.height / 2, 'No hay video ni GIF de señal disponible.', 30, COLORS.muted)
          .setOrigin(0.5)
          .setWordWrapWidth(sign.width - 40),
      );
    }
    if (word && !over) {
      this.drawSlots();
      if (s.phase === 'feedback') this.drawAnswer();
      else this.drawTiles();
      this.drawButtons();
      if (s.phase !== 'instructions') this.drawHints();
    }
    this.renderOverlay();
  }

  /** The hints (docs/games.md, "Hints"): the picture and the next letter, 2 points each, once a word. */
  private drawHints(): void {
    const s = this.state;
    const word = R.currentWord(s);
    const open = R.hintsOpen(s);
    const price = `−${R.ORDER_HINT_COST} puntos`;
    this.drawWordHints({
      word,
      shown: s.hints,
      open,
      price,
      boxes: this.L.hints,
      pictureAt: this.L.pictureAt,
      ask: (kind) => this.apply(R.askHint(this.state, kind)),
      into: this.board,
    });
  }

  /**
   * After the answer, in the tiles' place: the right word, once (the child's try stays in the
   * slots above, green when right, red when wrong).
   */
  private drawAnswer(): void {
    const s = this.state;
    const word = R.currentWord(s);
    const t = this.area().tiles;
    const right = s.lastResult === 'correct';
    const label = right ? `✔ «${word?.es ?? ''}»` : `La palabra es: «${word?.es ?? ''}»`;
    this.board.add(
      this.text(
        t.x + t.width / 2,
        t.y + t.height / 2,
        label,
        Math.min(44, Math.max(26, Math.floor(t.height * 0.45))),
        right ? COLORS.success : COLORS.text,
        true,
      )
        .setOrigin(0.5)
        .setWordWrapWidth(t.width),
    );
  }

  private renderHud(): void {
    const s = this.state;
    const I = this.L.info;
    const levels = Math.ceil(s.words.length / R.ORDER_WORDS_PER_LEVEL);
    const inLevel = (s.wordIndex % R.ORDER_WORDS_PER_LEVEL) + 1;
    const levelSize = Math.min(R.ORDER_WORDS_PER_LEVEL, s.words.length - (s.level - 1) * R.ORDER_WORDS_PER_LEVEL);
    const count = `Palabra ${inLevel} de ${levelSize}`;
    this.hud.removeAll(true);
    // One score on the end screens: the panel's (the game's score behind it would be a second).
    this.hud.setVisible(s.phase !== 'won' && s.phase !== 'lost');
    if (I.compact) {
      this.hud.add(this.fitWidth(this.text(I.cx, I.levelY, `Nivel\n${s.level} de ${levels}`, 22, COLORS.primaryDark, true), I.width - 12).setOrigin(0.5));
      for (let i = 0; i < R.ORDER_LIVES; i++) {
        const alive = i < s.lives;
        this.hud.add(this.text(I.cx + (i - 1) * 28, I.heartsY, alive ? '♥' : '♡', 26, alive ? COLORS.error : COLORS.muted, true).setOrigin(0.5));
      }
      this.hud.add(this.fitWidth(this.text(I.cx, I.scoreY, `Puntos\n${s.totalScore}`, 22, COLORS.text, true), I.width - 12).setOrigin(0.5));
      if (I.countY >= 0)
        this.hud.add(this.fitWidth(this.text(I.cx, I.countY, count.replace(' de', '\nde'), 22, COLORS.muted, true), I.width - 12).setOrigin(0.5));
      return;
    }
    this.hud.add(this.text(I.x, I.levelY, `Nivel ${s.level} de ${levels}`, 28, COLORS.primaryDark, true).setOrigin(0, 0.5));
    this.drawHearts(this.hud, I.x + I.width - 170, I.heartsY, s.lives, R.ORDER_LIVES, 38);
    this.hud.add(this.text(I.x, I.scoreY, `Puntos: ${s.totalScore}`, 28, COLORS.text, true).setOrigin(0, 0.5));
    this.hud.add(this.text(I.x + I.width - 16, I.countY, count, 24, COLORS.muted, true).setOrigin(1, 0.5));
  }

  /** Side of `n` cells in rows of `area` (as big as fit, at most the layout's). */
  private cellSize(n: number, gap: number, area: Rect, minSide: number): number {
    for (let size = this.L.maxCell; size > minSide; size -= 2) {
      const perRow = Math.max(1, Math.floor((area.width + gap) / (size + gap)));
      if (Math.ceil(n / perRow) * (size + gap) - gap <= area.height) return size;
    }
    return minSide;
  }

  /** x and y of item `i` of `n` in centred rows inside `area`. */
  private grid(n: number, size: number, gap: number, area: Rect, i: number): { x: number; y: number } {
    const perRow = Math.max(1, Math.floor((area.width + gap) / (size + gap)));
    const rows = Math.ceil(n / perRow);
    const row = Math.floor(i / perRow);
    const inRow = row < rows - 1 ? perRow : n - perRow * (rows - 1);
    const col = i - row * perRow;
    const step = size + gap;
    const y = area.y + area.height / 2 - ((rows - 1) * step) / 2 + row * step;
    return { x: area.x + area.width / 2 - (inRow * step) / 2 + step / 2 + col * step, y };
  }

  /** The child's word: placed letters in their slots (after the answer: green when right, red when wrong). */
  private drawSlots(): void {
    const s = this.state;
    const slots = R.slots(s);
    const area = this.area().slots;
    const size = Math.min(area.height, this.cellSize(slots.length, 8, area, 36));
    const result = s.phase === 'feedback' ? s.lastResult : null;
    const stroke = result === 'correct' ? COLORS.success : result === 'wrong' ? COLORS.error : COLORS.primary;
    const fill = result === 'correct' ? COLORS.successLight : result === 'wrong' ? COLORS.errorLight : COLORS.panel;
    slots.forEach((slot, i) => {
      const { x, y } = this.grid(slots.length, size, 8, area, i);
      if (slot.fixed) {
        this.board.add(this.text(x, y, slot.char ?? '', size * 0.6, COLORS.text, true).setOrigin(0.5));
        return;
      }
      this.board.add(this.add.rectangle(x, y, size, size, fill).setRounded(12).setStrokeStyle(4, stroke));
      if (slot.char) this.board.add(this.text(x, y, slot.char, size * 0.6, COLORS.text, true).setOrigin(0.5));
    });
  }

  private drawTiles(): void {
    const s = this.state;
    const area = this.area().tiles;
    const size = this.cellSize(s.tiles.length, 10, area, this.L.minTile);
    for (const tile of s.tiles) {
      const used = R.isTileUsed(s, tile.id);
      const { x, y } = this.grid(s.tiles.length, size, 10, area, tile.id);
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
    const { at, h, font } = this.L.buttons;
    const playing = s.phase === 'playing';
    const narrow = this.W < 600;
    const [a, b, c] = at as [{ x: number; y: number; w: number }, { x: number; y: number; w: number }, { x: number; y: number; w: number }];
    const undo = this.button(a.x, a.y, a.w, h, narrow ? 'Borrar' : '⌫ Borrar', () => this.apply(R.removeLast(this.state)), {
      into: this.board,
      fill: COLORS.key,
      textColor: COLORS.text,
      fontSize: font,
    });
    undo.setEnabled(playing && s.picked.length > 0);
    const clear = this.button(b.x, b.y, b.w, h, narrow ? 'Limpiar' : '✖ Limpiar', () => this.apply(R.clear(this.state)), {
      into: this.board,
      fill: COLORS.key,
      textColor: COLORS.text,
      fontSize: font,
    });
    clear.setEnabled(playing && s.picked.length > 0);
    const check = this.button(c.x, c.y, c.w, h, narrow ? 'Comprobar' : 'Comprobar ✔', () => this.apply(R.check(this.state)), {
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
        'Mira la seña y ordena las letras para formar su palabra. Toca las letras o escríbelas; después toca «Comprobar» o pulsa Intro.\n' +
          `Bien: +${R.ORDER_CORRECT_POINTS} puntos. Mal: −${R.ORDER_WRONG_PENALTY} puntos y una vida. «Ver dibujo» y «Ver letra»: −${R.ORDER_HINT_COST} cada una. Tienes ${R.ORDER_LIVES} vidas.`,
        COLORS.primary,
        [{ name: 'start', label: '¡A jugar!', icon: '▶', fn: () => this.apply(R.startGame(this.state)) }],
        undefined,
        'tiles',
      );
    } else if (s.phase === 'won' || s.phase === 'lost') {
      const msg = R.endMessageText(s.totalScore, R.playedMaxScore(s));
      this.drawPanel(
        this.overlay,
        s.phase === 'won' ? '¡Terminaste!' : '¡Se acabaron las vidas!',
        `${msg}\nPuntos: ${s.totalScore}`,
        s.phase === 'won' ? COLORS.success : COLORS.error,
        [
          { name: 'restart', label: 'Jugar de nuevo', icon: '↻', fn: () => this.restartGame(), fill: COLORS.success },
          { name: 'menu', label: 'Volver al menú', icon: '⌂', fn: () => this.requestExit() },
        ],
        s.phase === 'won' ? { count: starsFor(s.totalScore, R.maxScore(s), true), kind: 'game' } : undefined,
        undefined,
        R.missedWord(s),
      );
    }
  }
}
