/**
 * Hangman ("Adivina la palabra") scene: draws the state of ./rules.ts and forwards taps / keys.
 * Attempts are petals of a flower (6 petals, one falls per wrong letter): a friendlier picture than
 * a gallows for children, with the same information.
 */
import { countWord, plural } from '../shared/plural';
import * as Phaser from 'phaser';
import * as R from './rules';
import { type CelebrateOptions, celebrate, starsSentence } from '../shared/celebrate';
import { starsFor } from '../shared/stars';
import { type Feedback, COLORS, FONT, css, type Button } from '../shared/GameScene';
import type { Rect } from '../shared/layout';
import { RulesScene } from '../shared/RulesScene';

/** 1 rem in design pixels (the 8 / 6 / 4 rem word sizes of games.md G-3). */
const REM = 16;

/** Where everything goes for one design size (landscape 1280×800 or a portrait one). */
interface HangmanLayout {
  top: number;
  sign: Rect;
  picture: Rect;
  flower: { x: number; y: number; r: number };
  attemptsY: number;
  progressY: number;
  wordY: number;
  wordMaxPx: number;
  keys: { w: number; h: number; gap: number; rows: number[]; y0: number; font: number };
  flash: Rect;
}

/**
 * Landscape: the clue boxes left and right, the flower between them, the word, then 3 rows of 9
 * keys (≥ 77 design px, 60 CSS px at 1024×768). Portrait: boxes and flower in one row, the word,
 * 4 rows of 7 keys; the banner goes over the word row, right above the keys the child is using.
 */
function hangmanLayout(W: number, H: number): HangmanLayout {
  if (W > H) {
    const keys = { w: 118, h: 80, gap: 10, rows: [9, 9, 9], y0: 0, font: 38 };
    keys.y0 = H - 8 - 3 * keys.h - 2 * keys.gap + keys.h / 2;
    const B = 250;
    return {
      top: 80,
      sign: { x: 40, y: 100, width: B, height: B },
      picture: { x: W - 40 - B, y: 100, width: B, height: B },
      flower: { x: W / 2, y: 215, r: 26 },
      attemptsY: 330,
      progressY: 372,
      wordY: 452,
      wordMaxPx: 8 * REM,
      keys,
      flash: { x: 40 + B + 30, y: 96, width: W - 2 * (40 + B + 30), height: 300 },
    };
  }
  const phone = W < 600;
  const top = 80;
  const pad = phone ? 10 : 20;
  // Phone keys (~48 CSS px at 375 px wide) are as big as fit with the clues still readable above.
  const keys = phone
    ? { w: Math.floor((W - 2 * pad - 6 * 6) / 7), h: 58, gap: 6, rows: [7, 7, 7, 6], y0: 0, font: 30 }
    : { w: Math.floor((W - 2 * pad - 6 * 10) / 7), h: 84, gap: 10, rows: [7, 7, 7, 6], y0: 0, font: 38 };
  const keysH = 4 * keys.h + 3 * keys.gap;
  keys.y0 = H - pad - keysH + keys.h / 2;
  const wordH = phone ? 84 : 150;
  const wordTop = H - pad - keysH - 12 - wordH;
  const flowerW = phone ? 120 : 220;
  const rowTop = top + pad + 8;
  // The clue boxes (with their caption, 44 px) end above the word row, where the banner shows.
  const B = Math.max(72, Math.min((W - 2 * pad - flowerW - 2 * 12) / 2, wordTop - rowTop - 8 - 44 - 8));
  // The flower column, counted up from the word row: the word count, the attempts, the flower.
  const progressY = wordTop - 34;
  const attemptsY = phone ? wordTop - 40 : progressY - 46;
  const r = phone ? 14 : 22;
  return {
    top,
    sign: { x: pad + 8, y: rowTop, width: B, height: B },
    picture: { x: W - pad - 8 - B, y: rowTop, width: B, height: B },
    flower: { x: W / 2, y: Math.max(rowTop + 2.6 * r, Math.min(rowTop + (phone ? 44 : 80), attemptsY - (phone ? 34 : 24) - 3.6 * r)), r },
    attemptsY,
    progressY,
    wordY: wordTop + wordH / 2,
    wordMaxPx: phone ? 4 * REM : 8 * REM,
    keys,
    flash: { x: pad, y: wordTop, width: W - 2 * pad, height: wordH },
  };
}

export class HangmanScene extends RulesScene<R.HangmanState, R.HangmanEvent> {
  protected readonly rules = R;
  private hud!: Phaser.GameObjects.Container;
  private board!: Phaser.GameObjects.Container;
  private overlay!: Phaser.GameObjects.Container;
  private keys = new Map<string, Button>();
  private L!: HangmanLayout;

  constructor() {
    super('hangman');
  }

  snapshotView(): R.HangmanSnapshot {
    return R.snapshot(this.state);
  }

  create(): void {
    this.setUp();
    this.keys = new Map();
    this.L = hangmanLayout(this.W, this.H);
    this.flashBand = this.L.flash;
    const resumed = this.carried as R.HangmanState | null;
    this.state = resumed ?? R.createGame(this.words, this.rng);
    this.drawTopBar(this.L.top);
    this.drawFrame(this.L.sign, 'Seña', undefined, 'sign');
    this.drawFrame(this.L.picture, 'Imagen', undefined, 'picture');
    this.hud = this.add.container(0, 0);
    this.board = this.add.container(0, 0);
    this.buildKeyboard();
    this.overlay = this.add.container(0, 0).setDepth(40);
    this.render();
    this.publish([]);
    if (resumed) this.scheduleNext();
  }

  /** 27 keys (A–Z and Ñ, N and Ñ side by side) in centred rows of the layout's sizes. */
  private buildKeyboard(): void {
    const k = this.L.keys;
    let i = 0;
    k.rows.forEach((inRow, row) => {
      const rowWidth = inRow * (k.w + k.gap) - k.gap;
      for (let col = 0; col < inRow && i < R.HANGMAN_ALPHABET.length; col++, i++) {
        const letter = R.HANGMAN_ALPHABET[i]!;
        const x = (this.W - rowWidth) / 2 + k.w / 2 + col * (k.w + k.gap);
        const y = k.y0 + row * (k.h + k.gap);
        const b = this.button(x, y, k.w, k.h, letter, () => this.apply(R.guessLetter(this.state, letter)), {
          fill: COLORS.key,
          textColor: COLORS.text,
          fontSize: k.font,
          radius: 14,
        });
        this.keys.set(letter, b);
        this.target(`key:${letter}`, b.bg);
      }
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

  /** Sound + visual cue for the events of one transition (one sound, the most important). */
  protected react(events: readonly R.HangmanEvent[]): void {
    const out: Feedback[] = [];
    // One celebration per transition (G-7.2): the game's when it is won, else the level's.
    const gameWon = events.some((e) => e.type === 'game-won');
    let party: CelebrateOptions | null = null;
    for (const e of events) {
      switch (e.type) {
        case 'level-started':
          out.push({ cue: 'level', text: `Nivel ${e.level}`, kind: 'info', flash: true });
          break;
        case 'correct-letter':
          out.push({ cue: 'click', text: `La letra ${e.letter} está en la palabra.`, kind: 'success', flash: false });
          break;
        case 'wrong-letter':
          out.push({
            cue: 'wrong',
            text: `La letra ${e.letter} no está. Te ${plural(e.attemptsLeft, 'queda', 'quedan')} ${countWord(e.attemptsLeft, 'intento', 'intentos')}.`,
            kind: 'error',
            flash: false,
          });
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
          out.push({
            cue: 'win',
            text: `¡Felicidades! Superaste el nivel ${e.level} con ${countWord(e.levelScore, 'punto', 'puntos')}.${gameWon ? '' : ` ${starsSentence(e.stars)}`}`,
            kind: 'success',
            flash: false,
          });
          if (!gameWon) party = { stars: e.stars, kind: 'level', panel: true };
          break;
        case 'level-failed':
          out.push({
            cue: 'lose',
            text: `Hiciste ${countWord(e.levelScore, 'punto', 'puntos')} y necesitas ${R.HANGMAN_PASS_SCORE}. El nivel vuelve a empezar.`,
            kind: 'error',
            flash: false,
          });
          break;
        case 'game-won':
          out.push({
            cue: 'win',
            text: `¡Ganaste! Completaste los ${R.HANGMAN_LEVELS} niveles con ${countWord(e.totalScore, 'punto', 'puntos')}. ${starsSentence(e.stars)}`,
            kind: 'success',
            flash: false,
          });
          party = { stars: e.stars, kind: 'game', panel: true };
          break;
        case 'game-over':
          out.push({ cue: 'lose', text: `Te quedaste sin vidas. Puntos: ${e.totalScore}.`, kind: 'error', flash: false });
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
    this.renderHud();
    this.board.removeAll(true);

    // Sign GIF (page overlay) or the no-sign message of G-2.5; picture in the canvas.
    const showWord = s.phase !== 'won' && s.phase !== 'lost';
    // The DOM GIF sits above the canvas: only while no overlay panel is open.
    const inPlay = s.phase === 'playing' || s.phase === 'word-solved' || s.phase === 'word-failed';
    this.showSign(inPlay ? word : null, L.sign);
    if (showWord && word && !word.sign) {
      this.board.add(
        this.text(L.sign.x + L.sign.width / 2, L.sign.y + L.sign.height / 2, 'No hay video ni GIF de señal disponible.', 24, COLORS.muted)
          .setOrigin(0.5)
          .setWordWrapWidth(L.sign.width - 20),
      );
    }
    if (showWord && !this.addPicture(word, L.picture, this.board)) {
      this.board.add(this.text(L.picture.x + L.picture.width / 2, L.picture.y + L.picture.height / 2, 'Sin imagen', 26, COLORS.muted).setOrigin(0.5));
    }

    this.drawFlower(s.attemptsLeft, s.phase === 'word-solved');
    const narrow = this.W < 600;
    this.board.add(
      this.text(
        L.flower.x,
        L.attemptsY,
        narrow ? `Intentos:\n${s.attemptsLeft} de ${R.HANGMAN_ATTEMPTS_PER_WORD}` : `Intentos: ${s.attemptsLeft} de ${R.HANGMAN_ATTEMPTS_PER_WORD}`,
        narrow ? 26 : 28,
        COLORS.text,
        true,
      ).setOrigin(0.5),
    );
    // The word's place in the level, under the flower (out of the crowded top bar).
    // (On a phone it is in the top bar.)
    if (!narrow) {
      this.board.add(
        this.text(L.flower.x, L.progressY, `Palabra ${Math.min(s.wordIndex + 1, s.pool.length)} de ${s.pool.length}`, 26, COLORS.muted, true).setOrigin(0.5),
      );
    }
    if (word && showWord) this.drawWord(word.es);
    this.renderKeys();
    this.renderOverlay();
  }

  /**
   * The top bar keeps what G-3 asks the child to follow: level, lives, the level's score
   * (the pass mark is about it) and the game's points; the word count sits under the flower.
   */
  private renderHud(): void {
    const s = this.state;
    const cy = this.L.top / 2;
    const narrow = this.W < 600;
    this.hud.removeAll(true);
    if (narrow) {
      const count = `Palabra ${Math.min(s.wordIndex + 1, s.pool.length)} de ${s.pool.length}`;
      this.drawNarrowHud(this.hud, `Nivel ${s.level}/${R.HANGMAN_LEVELS}`, `${s.levelScore} pts`, s.lives, R.HANGMAN_LIVES, count);
      return;
    }
    this.hud.add(this.text(16, cy, `Nivel ${s.level} de ${R.HANGMAN_LEVELS}`, 30, COLORS.primaryDark, true).setOrigin(0, 0.5));
    // Clear of 'Nivel 1 de 10' (the widest level label) on every layout.
    this.drawHearts(this.hud, this.landscape ? 300 : 284, cy, s.lives, R.HANGMAN_LIVES, 44);
    this.hud.add(this.text(this.W - 20, cy - 16, `Puntos del nivel: ${s.levelScore}`, 26, COLORS.text, true).setOrigin(1, 0.5));
    this.hud.add(this.text(this.W - 20, cy + 18, `Puntos ganados: ${s.totalScore}`, 26, COLORS.muted, true).setOrigin(1, 0.5));
  }

  private drawFlower(petals: number, happy: boolean): void {
    const { x, y, r } = this.L.flower;
    const k = r / 26;
    const g = this.add.graphics();
    this.board.add(g);
    g.lineStyle(8 * k, 0x2e9d57, 1);
    g.lineBetween(x, y + r, x, y + 3.6 * r);
    g.fillStyle(0x2e9d57, 1);
    g.fillEllipse(x + 24 * k, y + 2.8 * r, 40 * k, 18 * k);
    for (let i = 0; i < R.HANGMAN_ATTEMPTS_PER_WORD; i++) {
      const a = (Math.PI * 2 * i) / R.HANGMAN_ATTEMPTS_PER_WORD - Math.PI / 2;
      const px = x + Math.cos(a) * 1.55 * r;
      const py = y + Math.sin(a) * 1.55 * r;
      if (i < petals) {
        g.fillStyle(0xff6fa8, 1);
        g.fillCircle(px, py, 0.95 * r);
      } else {
        g.lineStyle(3, 0xa9a5c4, 1);
        g.strokeCircle(px, py, 0.95 * r);
      }
    }
    g.fillStyle(COLORS.gold, 1);
    g.fillCircle(x, y, r);
    // face: smiling while petals remain, sad when none.
    g.fillStyle(COLORS.text, 1);
    g.fillCircle(x - 0.32 * r, y - 0.2 * r, 0.13 * r);
    g.fillCircle(x + 0.32 * r, y - 0.2 * r, 0.13 * r);
    g.lineStyle(3, COLORS.text, 1);
    g.beginPath();
    if (petals > 0 || happy) g.arc(x, y + 0.1 * r, 0.4 * r, 0.15 * Math.PI, 0.85 * Math.PI, false);
    else g.arc(x, y + 0.6 * r, 0.4 * r, 1.15 * Math.PI, 1.85 * Math.PI, false);
    g.strokePath();
  }

  /**
   * The word's cells: an underline per letter and, once found, the letter in capitals (like the
   * keys) standing on its line.
   */
  private drawWord(word: string): void {
    const s = this.state;
    const L = this.L;
    const failed = s.phase === 'word-failed';
    const solved = s.phase === 'word-solved';
    const cells = R.wordCells(word, s.guessed);
    const maxCell = (this.W - 40) / Math.max(1, cells.length);
    const fontPx = Math.max(32, Math.min(R.wordFontRem(word) * REM, L.wordMaxPx, Math.floor((maxCell - 10) / 0.8)));
    const cellW = Math.min(fontPx * 0.8 + 10, maxCell);
    const startX = this.W / 2 - (cells.length * cellW) / 2 + cellW / 2;
    const lineY = L.wordY + fontPx * 0.45;
    const style = { fontFamily: FONT, fontSize: `${fontPx}px`, fontStyle: 'bold' };
    cells.forEach((c, i) => {
      const x = startX + i * cellW;
      if (c.letter !== null) {
        this.board.add(this.add.rectangle(x, lineY, cellW - 12, 8, solved ? COLORS.success : COLORS.primary).setRounded(4));
      }
      const show = c.revealed || failed;
      if (!show) return;
      const color = !c.revealed ? COLORS.error : solved ? COLORS.success : COLORS.text;
      // Origin at the baseline-ish bottom so the capital sits on the line (fonts pad below the baseline).
      this.board.add(this.add.text(x, lineY - 6, c.char.toLocaleUpperCase('es'), { ...style, color: css(color) }).setOrigin(0.5, 0.86));
    });
  }

  private renderKeys(): void {
    const s = this.state;
    for (const [letter, b] of this.keys) {
      const status = R.letterStatus(s, letter);
      if (status === 'correct') b.setColors(COLORS.success, 0xffffff);
      else if (status === 'wrong') b.setColors(COLORS.error, 0xffffff);
      else b.setColors(COLORS.key, COLORS.text);
      // A used key keeps its colour (green: in the word, red: not), so the child sees why it is off.
      b.setEnabled(s.phase === 'playing' && status === 'unused', status !== 'unused');
    }
  }

  private renderOverlay(): void {
    const s = this.state;
    this.overlay.removeAll(true);
    this.forgetTargets('button:');
    const o = this.overlay;
    switch (s.phase) {
      case 'instructions':
        this.drawPanel(
          o,
          'Adivina la palabra',
          'Mira la seña y la imagen. Adivina la palabra letra por letra: toca las letras o escríbelas con el teclado.\n' +
            `Tienes ${R.HANGMAN_LIVES} vidas y ${R.HANGMAN_ATTEMPTS_PER_WORD} intentos por palabra. Supera cada nivel con ${R.HANGMAN_PASS_SCORE} puntos o más.`,
          COLORS.primary,
          [{ name: 'start', label: '¡A jugar!', fn: () => this.apply(R.startGame(this.state)) }],
        );
        break;
      case 'level-passed':
        this.drawPanel(
          o,
          '¡Felicidades!',
          `Superaste el nivel ${s.level} con ${countWord(s.levelScore, 'punto', 'puntos')}.`,
          COLORS.success,
          [{ name: 'continue', label: 'Continuar', fn: () => this.apply(R.continueGame(this.state)), fill: COLORS.success }],
          { count: starsFor(s.levelScore, R.HANGMAN_LEVEL_START_SCORE, true), kind: 'level' },
        );
        break;
      case 'level-failed':
        this.drawPanel(
          o,
          '¡Casi!',
          `Hiciste ${countWord(s.levelScore, 'punto', 'puntos')} y necesitas ${R.HANGMAN_PASS_SCORE}.\nEl nivel vuelve a empezar…`,
          COLORS.error,
          [],
        );
        break;
      case 'won':
        this.drawPanel(
          o,
          '¡Ganaste!',
          `Completaste los ${R.HANGMAN_LEVELS} niveles.\nPuntos: ${s.totalScore}`,
          COLORS.success,
          [
            { name: 'restart', label: 'Jugar de nuevo', fn: () => this.restartGame(), fill: COLORS.success },
            { name: 'menu', label: 'Volver al menú', fn: () => this.requestExit() },
          ],
          { count: starsFor(s.totalScore, R.maxScore(s), true), kind: 'game' },
        );
        break;
      case 'lost':
        this.drawPanel(o, '¡Oh no!', `Te quedaste sin vidas.\nPuntos: ${s.totalScore}`, COLORS.error, [
          { name: 'restart', label: 'Jugar de nuevo', fn: () => this.restartGame(), fill: COLORS.success },
          { name: 'menu', label: 'Volver al menú', fn: () => this.requestExit() },
        ]);
        break;
      default:
        break;
    }
  }
}
