/**
 * Order words ("Ordenar palabras", /memorama) scene: the sign GIF (page overlay) and the picture
 * of a word, its letters scrambled as tiles; the child taps (or types) the letters in order, then
 * checks. Rules in ./rules.ts.
 */
import { countWord, plural } from '../shared/plural';
import * as Phaser from 'phaser';
import * as R from './rules';
import { type Feedback, COLORS, DESIGN_WIDTH, GameScene } from '../shared/GameScene';
import type { Rect } from '../shared/layout';

export const ORDER_SIGN_BOX: Rect = { x: 48, y: 112, width: 300, height: 300 };
export const ORDER_PICTURE_BOX: Rect = { x: 932, y: 112, width: 300, height: 300 };
const SLOTS_Y = 500;
const TILES_Y = 636;
const BUTTONS_Y = 748;

export class OrderWordsScene extends GameScene {
  private state!: R.OrderWordsState;
  private hud!: Phaser.GameObjects.Container;
  private board!: Phaser.GameObjects.Container;
  private overlay!: Phaser.GameObjects.Container;

  constructor() {
    super('order-words');
  }

  snapshotView(): R.OrderSnapshot {
    return R.snapshot(this.state);
  }

  create(): void {
    this.setUp();
    this.state = R.createGame(this.words, this.rng);
    this.drawTopBar();
    this.drawFrame(ORDER_SIGN_BOX, 'Seña');
    this.drawFrame(ORDER_PICTURE_BOX, 'Imagen');
    this.text(640, 150, 'Ordena las letras', 40, COLORS.primaryDark, true).setOrigin(0.5);
    this.hud = this.add.container(0, 0);
    this.board = this.add.container(0, 0);
    this.overlay = this.add.container(0, 0).setDepth(40);
    this.render();
    this.publish([]);
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
    if (ev.key === 'Escape' || ev.key === 'Delete') {
      this.apply(R.clear(s));
      return;
    }
    // Accents ignored, the tile needed at the next slot first (R.tileForKey).
    if (Array.from(ev.key).length === 1) this.apply(R.typeLetter(s, ev.key));
  }

  private restartGame(): void {
    this.announceRestart();
    this.apply(R.restart(this.state));
  }

  private apply(result: R.OrderResult): void {
    if (result.state === this.state) return;
    this.state = result.state;
    this.react(result.events);
    this.render();
    this.publish(result.events);
    this.schedule(R.pendingDelayMs(this.state), () => this.apply(R.advance(this.state)));
  }

  private react(events: readonly R.OrderEvent[]): void {
    const out: Feedback[] = [];
    for (const e of events) {
      switch (e.type) {
        case 'level-started':
          out.push({ cue: 'level', text: `Nivel ${e.level}`, kind: 'info', flash: true });
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
          out.push({ cue: 'win', text: `${R.ORDER_END_MESSAGES[e.message]} Puntos: ${e.totalScore}.`, kind: 'success', flash: false });
          break;
        case 'game-over':
          out.push({ cue: 'lose', text: `Te quedaste sin vidas. ${R.ORDER_END_MESSAGES[e.message]} Puntos: ${e.totalScore}.`, kind: 'error', flash: false });
          break;
      }
    }
    this.feedback(out);
  }

  // --- drawing --------------------------------------------------------------------------------------

  private render(): void {
    const s = this.state;
    const word = R.currentWord(s);
    const over = s.phase === 'won' || s.phase === 'lost';
    this.renderHud();
    this.board.removeAll(true);
    this.forgetTargets('tile:');
    this.forgetTargets('button:');

    // The DOM GIF sits above the canvas: only while no overlay panel is open.
    this.showSign(s.phase === 'playing' || s.phase === 'feedback' ? word : null, ORDER_SIGN_BOX);
    if (!over && word && !word.sign) {
      this.board.add(
        this.text(ORDER_SIGN_BOX.x + ORDER_SIGN_BOX.width / 2, ORDER_SIGN_BOX.y + ORDER_SIGN_BOX.height / 2, 'No hay video ni GIF de señal disponible.', 24, COLORS.muted)
          .setOrigin(0.5)
          .setWordWrapWidth(ORDER_SIGN_BOX.width - 20),
      );
    }
    if (!over && !this.addPicture(word, ORDER_PICTURE_BOX, this.board)) {
      this.board.add(this.text(ORDER_PICTURE_BOX.x + ORDER_PICTURE_BOX.width / 2, ORDER_PICTURE_BOX.y + ORDER_PICTURE_BOX.height / 2, 'Sin imagen', 26, COLORS.muted).setOrigin(0.5));
    }
    const inLevel = (s.wordIndex % R.ORDER_WORDS_PER_LEVEL) + 1;
    const levelSize = Math.min(R.ORDER_WORDS_PER_LEVEL, s.words.length - (s.level - 1) * R.ORDER_WORDS_PER_LEVEL);
    this.board.add(this.text(640, 205, `Palabra ${inLevel} de ${levelSize}`, 28, COLORS.text).setOrigin(0.5));
    this.board.add(this.text(640, 250, 'Toca las letras en orden y luego «Comprobar».', 22, COLORS.muted).setOrigin(0.5).setWordWrapWidth(520));

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
    this.hud.removeAll(true);
    this.hud.add(this.text(28, 40, `Nivel ${s.level} de ${levels}`, 30, COLORS.primaryDark, true).setOrigin(0, 0.5));
    this.drawHearts(this.hud, 320, 40, s.lives, R.ORDER_LIVES);
    this.hud.add(this.text(1252, 40, `Puntos: ${s.totalScore}`, 30, COLORS.text, true).setOrigin(1, 0.5));
  }

  private cellSize(n: number): number {
    return Math.max(44, Math.min(96, Math.floor(1180 / Math.max(1, n)) - 10));
  }

  private drawSlots(): void {
    const s = this.state;
    const slots = R.slots(s);
    const size = this.cellSize(slots.length);
    const step = size + 10;
    const startX = DESIGN_WIDTH / 2 - (slots.length * step) / 2 + step / 2;
    const result = s.phase === 'feedback' ? s.lastResult : null;
    const stroke = result === 'correct' ? COLORS.success : result === 'wrong' ? COLORS.error : COLORS.primary;
    const fill = result === 'correct' ? COLORS.successLight : result === 'wrong' ? COLORS.errorLight : COLORS.panel;
    slots.forEach((slot, i) => {
      const x = startX + i * step;
      if (slot.fixed) {
        this.board.add(this.text(x, SLOTS_Y, slot.char ?? '', size * 0.6, COLORS.text, true).setOrigin(0.5));
        return;
      }
      this.board.add(this.add.rectangle(x, SLOTS_Y, size, size, fill).setRounded(14).setStrokeStyle(4, stroke));
      if (slot.char) this.board.add(this.text(x, SLOTS_Y, slot.char, size * 0.6, COLORS.text, true).setOrigin(0.5));
    });
    if (result === 'wrong') {
      const word = R.currentWord(s);
      this.board.add(this.text(640, SLOTS_Y + size / 2 + 8, `La palabra era «${word?.es ?? ''}».`, 26, COLORS.error, true).setOrigin(0.5, 0));
    }
  }

  private drawTiles(): void {
    const s = this.state;
    const size = this.cellSize(s.tiles.length);
    const step = size + 14;
    const startX = DESIGN_WIDTH / 2 - (s.tiles.length * step) / 2 + step / 2;
    for (const tile of s.tiles) {
      const used = R.isTileUsed(s, tile.id);
      const x = startX + tile.id * step;
      const b = this.button(x, TILES_Y, size, size, tile.char, () => this.apply(R.pickTile(this.state, tile.id)), {
        into: this.board,
        fill: used ? 0xe6e4ee : COLORS.gold,
        textColor: used ? COLORS.muted : COLORS.text,
        fontSize: Math.round(size * 0.55),
        radius: 14,
      });
      b.setEnabled(!used && s.phase === 'playing');
      this.target(`tile:${tile.id}`, b.bg);
    }
  }

  private drawButtons(): void {
    const s = this.state;
    const playing = s.phase === 'playing';
    const undo = this.button(360, BUTTONS_Y, 250, 70, '⌫ Borrar', () => this.apply(R.removeLast(this.state)), { into: this.board, fill: COLORS.key, textColor: COLORS.text, fontSize: 28 });
    undo.setEnabled(playing && s.picked.length > 0);
    const clear = this.button(640, BUTTONS_Y, 250, 70, 'Limpiar', () => this.apply(R.clear(this.state)), { into: this.board, fill: COLORS.key, textColor: COLORS.text, fontSize: 28 });
    clear.setEnabled(playing && s.picked.length > 0);
    const check = this.button(920, BUTTONS_Y, 250, 70, 'Comprobar ✔', () => this.apply(R.check(this.state)), { into: this.board, fill: COLORS.success, fontSize: 28 });
    check.setEnabled(R.canCheck(s));
    this.target('button:undo', undo.bg);
    this.target('button:clear', clear.bg);
    this.target('button:check', check.bg);
  }

  private renderOverlay(): void {
    const s = this.state;
    this.overlay.removeAll(true);
    const panel = (title: string, lines: string, color: number) => {
      const dim = this.add.rectangle(640, 400, 1280, 800, COLORS.overlay, 0.55).setInteractive();
      const box = this.add.rectangle(640, 400, 820, 480, COLORS.panel).setRounded(32).setStrokeStyle(8, color);
      const t = this.text(640, 220, title, 56, color, true).setOrigin(0.5);
      const body = this.text(640, 370, lines, 30, COLORS.text).setOrigin(0.5).setWordWrapWidth(720).setLineSpacing(8);
      this.overlay.add([dim, box, t, body]);
    };
    const addButton = (name: string, x: number, label: string, fn: () => void, fill: number = COLORS.primary) => {
      const b = this.button(x, 560, 320, 84, label, fn, { into: this.overlay, fill, fontSize: 32 });
      this.target(`button:${name}`, b.bg);
    };
    if (s.phase === 'instructions') {
      panel(
        'Ordenar palabras',
        'Mira la seña y la imagen, y ordena las letras para formar la palabra. Toca las letras o escríbelas; después toca «Comprobar» o pulsa Intro.\n' +
          `Bien: +${R.ORDER_CORRECT_POINTS} puntos. Mal: −${R.ORDER_WRONG_PENALTY} puntos y una vida. Tienes ${R.ORDER_LIVES} vidas.`,
        COLORS.primary,
      );
      addButton('start', 640, '¡A jugar!', () => this.apply(R.startGame(this.state)));
    } else if (s.phase === 'won' || s.phase === 'lost') {
      const msg = R.endMessageText(s.totalScore);
      panel(
        s.phase === 'won' ? '¡Terminaste!' : '¡Se acabaron las vidas!',
        `${msg}\nPuntos: ${s.totalScore}`,
        s.phase === 'won' ? COLORS.success : COLORS.error,
      );
      addButton('restart', 460, 'Jugar de nuevo', () => this.restartGame(), COLORS.success);
      addButton('menu', 820, 'Volver al menú', () => this.requestExit());
    }
  }
}
