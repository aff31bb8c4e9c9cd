/**
 * Hangman ("Adivina la palabra") scene: draws the state of ./rules.ts and forwards taps / keys.
 * Attempts are petals of a flower (6 petals, one falls per wrong letter): a friendlier picture than
 * a gallows for children, with the same information.
 */
import { countWord, plural } from '../shared/plural';
import * as Phaser from 'phaser';
import * as R from './rules';
import { type Feedback, COLORS, DESIGN_WIDTH, FONT, GameScene, css, type Button } from '../shared/GameScene';
import type { Rect } from '../shared/layout';

export const HANGMAN_SIGN_BOX: Rect = { x: 48, y: 112, width: 300, height: 300 };
export const HANGMAN_PICTURE_BOX: Rect = { x: 932, y: 112, width: 300, height: 300 };
const FLOWER = { x: 640, y: 250 };
const WORD_Y = 520;
const KEY_W = 80;
const KEY_H = 66;
const KEY_GAP = 8;
const KEY_ROWS_Y = [636, 716];
/** 1 rem in design pixels (the spec's 8 / 6 / 4 rem word sizes). */
const REM = 16;

export class HangmanScene extends GameScene {
  private state!: R.HangmanState;
  private hud!: Phaser.GameObjects.Container;
  private board!: Phaser.GameObjects.Container;
  private overlay!: Phaser.GameObjects.Container;
  private keys = new Map<string, Button>();

  constructor() {
    super('hangman');
  }

  snapshotView(): R.HangmanSnapshot {
    return R.snapshot(this.state);
  }

  create(): void {
    this.setUp();
    this.keys = new Map();
    this.state = R.createGame(this.words, this.rng);
    this.drawTopBar();
    this.drawFrame(HANGMAN_SIGN_BOX, 'Seña');
    this.drawFrame(HANGMAN_PICTURE_BOX, 'Imagen');
    this.hud = this.add.container(0, 0);
    this.board = this.add.container(0, 0);
    this.buildKeyboard();
    this.overlay = this.add.container(0, 0).setDepth(40);
    this.render();
    this.publish([]);
  }

  /**
   * 27 keys (A–Z and Ñ) in 2 centred rows: A–M (13), then N Ñ O–Z (14, so N and Ñ sit side by
   * side). The longer row is 14 × 80 + 13 × 8 = 1224 of 1280 px: keys keep their size.
   */
  private buildKeyboard(): void {
    const total = R.HANGMAN_ALPHABET.length;
    const firstRow = Math.floor(total / KEY_ROWS_Y.length);
    R.HANGMAN_ALPHABET.forEach((letter, i) => {
      const row = i < firstRow ? 0 : 1;
      const col = row === 0 ? i : i - firstRow;
      const inRow = row === 0 ? firstRow : total - firstRow;
      const rowWidth = inRow * (KEY_W + KEY_GAP) - KEY_GAP;
      const x = (DESIGN_WIDTH - rowWidth) / 2 + KEY_W / 2 + col * (KEY_W + KEY_GAP);
      const b = this.button(x, KEY_ROWS_Y[row] ?? 0, KEY_W, KEY_H, letter, () => this.apply(R.guessLetter(this.state, letter)), {
        fill: COLORS.key,
        textColor: COLORS.text,
        fontSize: 34,
        radius: 14,
      });
      this.keys.set(letter, b);
      this.target(`key:${letter}`, b.bg);
    });
  }

  protected onKey(ev: KeyboardEvent): void {
    const s = this.state;
    if (ev.key === 'Enter' || ev.key === ' ') {
      if (s.phase === 'instructions') this.apply(R.startGame(s));
      else if (s.phase === 'level-passed') this.apply(R.continueGame(s));
      else if (s.phase === 'won' || s.phase === 'lost') this.restartGame();
      return;
    }
    if (s.phase === 'playing' && ev.key.length === 1) this.apply(R.guessLetter(s, ev.key));
  }

  private restartGame(): void {
    this.announceRestart();
    this.apply(R.restart(this.state));
  }

  private apply(result: R.HangmanResult): void {
    if (result.state === this.state) return;
    this.state = result.state;
    this.react(result.events);
    this.render();
    this.publish(result.events);
    this.schedule(R.pendingDelayMs(this.state), () => this.apply(R.advance(this.state)));
  }

  /** Sound + visual cue for the events of one transition (one sound, the most important). */
  private react(events: readonly R.HangmanEvent[]): void {
    const out: Feedback[] = [];
    for (const e of events) {
      switch (e.type) {
        case 'level-started':
          out.push({ cue: 'level', text: `Nivel ${e.level}`, kind: 'info', flash: true });
          break;
        case 'correct-letter':
          out.push({ cue: 'click', text: `La letra ${e.letter} está en la palabra.`, kind: 'success', flash: false });
          break;
        case 'wrong-letter':
          out.push({ cue: 'wrong', text: `La letra ${e.letter} no está. Te ${plural(e.attemptsLeft, 'queda', 'quedan')} ${countWord(e.attemptsLeft, 'intento', 'intentos')}.`, kind: 'error', flash: false });
          break;
        case 'life-lost':
          out.push({ cue: 'wrong', text: `Perdiste una vida. Te ${plural(e.lives, 'queda', 'quedan')} ${e.lives}.`, kind: 'error', flash: false });
          break;
        case 'word-solved':
          out.push({ cue: 'correct', text: `¡Muy bien! Es «${e.word}».`, kind: 'success', flash: true });
          break;
        case 'word-failed':
          out.push({ cue: 'wrong', text: `La palabra era «${e.word}».`, kind: 'error', flash: true });
          break;
        case 'next-word':
          break;
        case 'level-passed':
          out.push({ cue: 'win', text: `¡Felicidades! Superaste el nivel ${e.level} con ${countWord(e.levelScore, 'punto', 'puntos')}.`, kind: 'success', flash: false });
          break;
        case 'level-failed':
          out.push({ cue: 'lose', text: `Hiciste ${countWord(e.levelScore, 'punto', 'puntos')} y necesitas ${R.HANGMAN_PASS_SCORE}. El nivel vuelve a empezar.`, kind: 'error', flash: false });
          break;
        case 'game-won':
          out.push({ cue: 'win', text: `¡Ganaste! Completaste los ${R.HANGMAN_LEVELS} niveles con ${countWord(e.totalScore, 'punto', 'puntos')}.`, kind: 'success', flash: false });
          break;
        case 'game-over':
          out.push({ cue: 'lose', text: `Te quedaste sin vidas. Puntos: ${e.totalScore}.`, kind: 'error', flash: false });
          break;
      }
    }
    this.feedback(out);
  }

  // --- drawing --------------------------------------------------------------------------------------

  private render(): void {
    const s = this.state;
    const word = R.currentWord(s);
    this.renderHud();
    this.board.removeAll(true);

    // Sign GIF (page overlay) or the spec's message; picture in the canvas.
    const showWord = s.phase !== 'won' && s.phase !== 'lost';
    // The DOM GIF sits above the canvas: only while no overlay panel is open.
    const inPlay = s.phase === 'playing' || s.phase === 'word-solved' || s.phase === 'word-failed';
    this.showSign(inPlay ? word : null, HANGMAN_SIGN_BOX);
    if (showWord && word && !word.sign) {
      this.board.add(
        this.text(HANGMAN_SIGN_BOX.x + HANGMAN_SIGN_BOX.width / 2, HANGMAN_SIGN_BOX.y + HANGMAN_SIGN_BOX.height / 2, 'No hay video ni GIF de señal disponible.', 24, COLORS.muted)
          .setOrigin(0.5)
          .setWordWrapWidth(HANGMAN_SIGN_BOX.width - 20),
      );
    }
    if (showWord && !this.addPicture(word, HANGMAN_PICTURE_BOX, this.board)) {
      this.board.add(
        this.text(HANGMAN_PICTURE_BOX.x + HANGMAN_PICTURE_BOX.width / 2, HANGMAN_PICTURE_BOX.y + HANGMAN_PICTURE_BOX.height / 2, 'Sin imagen', 26, COLORS.muted).setOrigin(0.5),
      );
    }

    this.drawFlower(s.attemptsLeft, s.phase === 'word-solved');
    this.board.add(
      this.text(FLOWER.x, 430, `Intentos: ${s.attemptsLeft} de ${R.HANGMAN_ATTEMPTS_PER_WORD}`, 28, COLORS.text, true).setOrigin(0.5),
    );
    if (word && showWord) this.drawWord(word.es);
    this.renderKeys();
    this.renderOverlay();
  }

  private renderHud(): void {
    const s = this.state;
    this.hud.removeAll(true);
    this.hud.add(this.text(28, 40, `Nivel ${s.level} de ${R.HANGMAN_LEVELS}`, 30, COLORS.primaryDark, true).setOrigin(0, 0.5));
    this.drawHearts(this.hud, 320, 40, s.lives, R.HANGMAN_LIVES);
    this.hud.add(
      this.text(600, 40, `Palabra ${Math.min(s.wordIndex + 1, s.pool.length)} de ${s.pool.length}`, 26, COLORS.text).setOrigin(0, 0.5),
    );
    this.hud.add(this.text(1252, 26, `Puntos del nivel: ${s.levelScore}`, 26, COLORS.text, true).setOrigin(1, 0.5));
    this.hud.add(this.text(1252, 58, `Puntos ganados: ${s.totalScore}`, 22, COLORS.muted, true).setOrigin(1, 0.5));
  }

  private drawFlower(petals: number, happy: boolean): void {
    const g = this.add.graphics();
    this.board.add(g);
    g.lineStyle(10, 0x2e9d57, 1);
    g.lineBetween(FLOWER.x, FLOWER.y + 40, FLOWER.x, FLOWER.y + 150);
    g.fillStyle(0x2e9d57, 1);
    g.fillEllipse(FLOWER.x + 30, FLOWER.y + 110, 50, 22);
    for (let i = 0; i < R.HANGMAN_ATTEMPTS_PER_WORD; i++) {
      const a = (Math.PI * 2 * i) / R.HANGMAN_ATTEMPTS_PER_WORD - Math.PI / 2;
      const px = FLOWER.x + Math.cos(a) * 62;
      const py = FLOWER.y + Math.sin(a) * 62;
      if (i < petals) {
        g.fillStyle(0xff6fa8, 1);
        g.fillCircle(px, py, 38);
      } else {
        g.lineStyle(3, 0xc9c6dc, 1);
        g.strokeCircle(px, py, 38);
      }
    }
    g.fillStyle(COLORS.gold, 1);
    g.fillCircle(FLOWER.x, FLOWER.y, 40);
    // face: smiling while petals remain, sad when none.
    g.fillStyle(COLORS.text, 1);
    g.fillCircle(FLOWER.x - 13, FLOWER.y - 8, 5);
    g.fillCircle(FLOWER.x + 13, FLOWER.y - 8, 5);
    g.lineStyle(4, COLORS.text, 1);
    g.beginPath();
    if (petals > 0 || happy) g.arc(FLOWER.x, FLOWER.y + 4, 16, 0.15 * Math.PI, 0.85 * Math.PI, false);
    else g.arc(FLOWER.x, FLOWER.y + 24, 16, 1.15 * Math.PI, 1.85 * Math.PI, false);
    g.strokePath();
  }

  private drawWord(word: string): void {
    const s = this.state;
    const failed = s.phase === 'word-failed';
    const solved = s.phase === 'word-solved';
    const cells = R.wordCells(word, s.guessed);
    const fontPx = R.wordFontRem(word) * REM;
    const cellW = Math.min(fontPx * 0.8 + 10, 1180 / Math.max(1, cells.length));
    const startX = DESIGN_WIDTH / 2 - (cells.length * cellW) / 2 + cellW / 2;
    const style = { fontFamily: FONT, fontSize: `${fontPx}px`, fontStyle: 'bold' };
    cells.forEach((c, i) => {
      const x = startX + i * cellW;
      if (c.letter !== null) {
        this.board.add(this.add.rectangle(x, WORD_Y + fontPx * 0.5, cellW - 12, 8, solved ? COLORS.success : COLORS.primary).setRounded(4));
      }
      const show = c.revealed || failed;
      if (!show) return;
      const color = !c.revealed ? COLORS.error : solved ? COLORS.success : COLORS.text;
      this.board.add(this.add.text(x, WORD_Y, c.char, { ...style, color: css(color) }).setOrigin(0.5, 0.55));
    });
  }

  private renderKeys(): void {
    const s = this.state;
    for (const [letter, b] of this.keys) {
      const status = R.letterStatus(s, letter);
      if (status === 'correct') b.setColors(COLORS.success, 0xffffff);
      else if (status === 'wrong') b.setColors(COLORS.error, 0xffffff);
      else b.setColors(COLORS.key, COLORS.text);
      b.setEnabled(s.phase === 'playing' && status === 'unused');
      if (status !== 'unused') b.bg.setAlpha(0.85);
    }
  }

  private renderOverlay(): void {
    const s = this.state;
    this.overlay.removeAll(true);
    this.forgetTargets('button:');
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
    switch (s.phase) {
      case 'instructions':
        panel(
          'Adivina la palabra',
          'Mira la seña y la imagen. Adivina la palabra letra por letra: toca las letras o escríbelas con el teclado.\n' +
            `Tienes ${R.HANGMAN_LIVES} vidas y ${R.HANGMAN_ATTEMPTS_PER_WORD} intentos por palabra. Supera cada nivel con ${R.HANGMAN_PASS_SCORE} puntos o más.`,
          COLORS.primary,
        );
        addButton('start', 640, '¡A jugar!', () => this.apply(R.startGame(this.state)));
        break;
      case 'level-passed':
        panel('¡Felicidades!', `Superaste el nivel ${s.level} con ${countWord(s.levelScore, 'punto', 'puntos')}.`, COLORS.success);
        addButton('continue', 640, 'Continuar', () => this.apply(R.continueGame(this.state)), COLORS.success);
        break;
      case 'level-failed':
        panel('¡Casi!', `Hiciste ${countWord(s.levelScore, 'punto', 'puntos')} y necesitas ${R.HANGMAN_PASS_SCORE}.\nEl nivel vuelve a empezar…`, COLORS.error);
        break;
      case 'won':
        panel('¡Ganaste!', `Completaste los ${R.HANGMAN_LEVELS} niveles.\nPuntos: ${s.totalScore}`, COLORS.success);
        addButton('restart', 460, 'Jugar de nuevo', () => this.restartGame(), COLORS.success);
        addButton('menu', 820, 'Volver al menú', () => this.requestExit());
        break;
      case 'lost':
        panel('¡Oh no!', `Te quedaste sin vidas.\nPuntos: ${s.totalScore}`, COLORS.error);
        addButton('restart', 460, 'Jugar de nuevo', () => this.restartGame(), COLORS.success);
        addButton('menu', 820, 'Volver al menú', () => this.requestExit());
        break;
      default:
        break;
    }
  }
}
