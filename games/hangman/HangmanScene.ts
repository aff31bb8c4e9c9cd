/**
 * Hangman ("Adivina la palabra") scene: draws the state of ./rules.ts and forwards taps / keys.
 * Attempts are petals of a flower (6 petals, one falls per wrong letter): a friendlier picture than
 * a gallows for children, with the same information.
 */
import { countWord, plural } from '../shared/plural';
import { livesLeftText } from '../shared/captions';
import * as Phaser from 'phaser';
import * as R from '../../src/shared/rules/games/hangman';
import { type CelebrateOptions, starsSentence } from '../shared/celebrate';
import { starsFor } from '../../src/shared/rules/games/stars';
import type { Feedback } from '../shared/feedback';
import type { Button } from '../shared/button';
import { COLORS, FONT, css } from '../shared/theme';
import { signStage, type Rect, type SignStage } from '../shared/layout';
import { RulesScene } from '../shared/RulesScene';

/** 1 rem in design pixels (the 8 / 6 / 4 rem word sizes of games.md G-3). */
const REM = 16;

/** Where everything goes for one design size (landscape 1280×800 or a portrait one). */
interface HangmanLayout {
  stage: SignStage;
  /** The side column beside the sign: level, lives, the one score, the flower, the hints. */
  info: { x: number; cx: number; width: number; levelY: number; heartsY: number; scoreY: number; countY: number; compact: boolean };
  flower: { x: number; y: number; r: number } | null;
  attempts: { x: number; y: number; originX: number };
  hints: { picture: Rect; letter: Rect };
  /** Where the picture shows once asked: at least 160 CSS px wide (its button's place was ~80). */
  pictureAt: Rect;
  word: Rect;
  /** The word's row while the picture is shown (portrait: the picture takes its right end). */
  wordBeside: Rect;
  wordMaxPx: number;
  keys: { w: number; h: number; gap: number; rows: number[]; x0: number; y0: number; font: number };
  /** Banner at the start of a level (nothing revealed yet) and after a word (the keys are off then). */
  flashStart: Rect;
  flashWord: Rect;
}

/**
 * The sign leads (docs/games.md): the biggest box, top left. Landscape: beside it a column with the
 * level, hearts, the score, the flower, the two hint buttons and a 5-column keyboard (keys ≥ 77
 * design px, 60 CSS px at 1024×768); the word under the sign. Portrait: a narrow column beside the
 * sign (level, hearts, score, flower, hints), then the word row and 3 rows of 9 keys. The banner
 * never lands on the revealed word: on landscape it shows over the flower; on portrait over the
 * word row at a level's start (nothing revealed yet) and over the keyboard, hidden while a finished
 * word is shown, after a word.
 */
function hangmanLayout(W: number, H: number): HangmanLayout {
  if (W > H) {
    const stage = signStage(W, H, { side: 470, below: 116 });
    const c = stage.side;
    const keys = { w: Math.floor((c.width - 4 * 8) / 5), h: 77, gap: 6, rows: [5, 5, 5, 5, 5, 2], x0: c.x, y0: 0, font: 36 };
    const keysH = 6 * keys.h + 5 * keys.gap;
    keys.y0 = c.y + c.height - keysH + keys.h / 2;
    const hintsTop = c.y + c.height - keysH - 8 - 80;
    const hw = (c.width - 10) / 2;
    const flowerTop = 96;
    return {
      stage,
      info: { x: c.x + 4, cx: c.x + c.width / 2, width: c.width, levelY: 30, heartsY: 30, scoreY: 72, countY: 72, compact: false },
      flower: { x: c.x + 60, y: flowerTop + 44, r: 18 },
      attempts: { x: c.x + 130, y: flowerTop + 52, originX: 0 },
      // The picture on the right: once asked it takes its button's place and the room above it,
      // beside the flower (the attempts then go on two lines).
      hints: { picture: { x: c.x + hw + 10, y: hintsTop, width: hw, height: 80 }, letter: { x: c.x, y: hintsTop, width: hw, height: 80 } },
      pictureAt: { x: c.x + hw + 10, y: flowerTop - 4, width: hw, height: hintsTop + 80 - (flowerTop - 4) },
      word: stage.below,
      wordBeside: stage.below,
      wordMaxPx: 100,
      keys,
      flashStart: { x: c.x, y: flowerTop - 4, width: c.width, height: hintsTop - flowerTop },
      flashWord: { x: c.x, y: flowerTop - 4, width: c.width, height: hintsTop - flowerTop },
    };
  }
  const phone = W < 600;
  const keys = phone
    ? { w: Math.floor((W - 16 - 6 * 6) / 7), h: 56, gap: 6, rows: [7, 7, 7, 6], x0: 8, y0: 0, font: 30 }
    : { w: Math.floor((W - 16 - 8 * 8) / 9), h: 66, gap: 8, rows: [9, 9, 9], x0: 8, y0: 0, font: 36 };
  const keysH = keys.rows.length * keys.h + (keys.rows.length - 1) * keys.gap;
  const wordH = phone ? 70 : 100;
  const stage = signStage(W, H, { side: phone ? 96 : 112, below: wordH + 8 + keysH });
  const c = stage.side;
  keys.y0 = H - 8 - keysH + keys.h / 2;
  const word = { x: 8, y: stage.below.y, width: W - 16, height: Math.max(wordH, keys.y0 - keys.h / 2 - 8 - stage.below.y) };
  const hintH = phone ? 70 : 90;
  // The picture, once asked, at the right end of the word's row and of the strip under the sign
  // (the player's buttons sit in the strip's middle): the column is too narrow for it.
  const picW = Math.round(W * 0.25);
  const picTop = stage.controls.y + 4;
  const pictureAt = { x: W - 8 - picW, y: picTop, width: picW, height: word.y + word.height - picTop };
  const hintsTop = c.y + c.height - (phone ? 2 * hintH + 6 : 2 * hintH + 6 + 56);
  return {
    stage,
    info: { x: c.x, cx: c.x + c.width / 2, width: c.width, levelY: c.y + 26, heartsY: c.y + 78, scoreY: c.y + 126, countY: c.y + c.height - 26, compact: true },
    flower: phone ? null : { x: c.x + c.width / 2, y: c.y + 198, r: 14 },
    attempts: { x: c.x + c.width / 2, y: phone ? c.y + 172 : c.y + 284, originX: 0.5 },
    hints: {
      picture: { x: c.x, y: hintsTop, width: c.width, height: hintH },
      letter: { x: c.x, y: hintsTop + hintH + 6, width: c.width, height: hintH },
    },
    pictureAt,
    word,
    wordBeside: { ...word, width: word.width - picW - 8 },
    wordMaxPx: phone ? 4 * REM : 90,
    keys,
    flashStart: word,
    flashWord: { x: 8, y: keys.y0 - keys.h / 2, width: W - 16, height: keysH },
  };
}

/** A band cut back so it ends before the picture (banners never cover a clue). */
function besidePicture(band: Rect, pic: Rect): Rect {
  const overlaps = band.x < pic.x + pic.width && pic.x < band.x + band.width && band.y < pic.y + pic.height && pic.y < band.y + band.height;
  return overlaps ? { ...band, width: Math.max(0, pic.x - 8 - band.x) } : band;
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
    this.flashBand = this.L.flashStart;
    const resumed = this.carried as R.HangmanState | null;
    this.state = resumed ?? R.createGame(this.words, this.rng);
    this.drawSignFrame(this.L.stage);
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
    const span = Math.max(...k.rows) * (k.w + k.gap) - k.gap;
    k.rows.forEach((inRow, row) => {
      const rowWidth = inRow * (k.w + k.gap) - k.gap;
      for (let col = 0; col < inRow && i < R.HANGMAN_ALPHABET.length; col++, i++) {
        const letter = R.HANGMAN_ALPHABET[i]!;
        const x = k.x0 + (span - rowWidth) / 2 + k.w / 2 + col * (k.w + k.gap);
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
          out.push({ cue: 'wrong', text: livesLeftText(e.lives), kind: 'error', flash: false });
          break;
        case 'word-solved':
          out.push({ cue: 'correct', text: `¡Muy bien! Es «${e.word}».`, kind: 'success', flash: true });
          break;
        case 'word-failed':
          out.push({ cue: 'wrong', text: `La palabra era «${e.word}».`, kind: 'error', flash: true });
          break;
        case 'next-word':
          break;
        case 'hint':
          out.push({
            cue: 'click',
            text: `${e.kind === 'picture' ? 'Pediste ver el dibujo' : `Pediste una letra: la ${e.letter}`} (−${countWord(e.points, 'punto', 'puntos')} y un intento). Te ${plural(e.attemptsLeft, 'queda', 'quedan')} ${countWord(e.attemptsLeft, 'intento', 'intentos')}.`,
            kind: 'info',
            flash: false,
          });
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
            text: `¡Ganaste! ${this.state.levels === 1 ? 'Completaste el nivel' : `Completaste los ${this.state.levels} niveles`} con ${countWord(e.totalScore, 'punto', 'puntos')}. ${starsSentence(e.stars)}`,
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
    // The banner never covers the revealed word (docs/games.md): where it goes depends on why.
    const band = events.some((e) => e.type === 'word-solved' || e.type === 'word-failed') ? this.L.flashWord : this.L.flashStart;
    this.flashBand = this.pictureShown() ? besidePicture(band, this.L.pictureAt) : band;
    this.feedbackWithStars(out, party);
  }

  // --- drawing --------------------------------------------------------------------------------------

  protected render(): void {
    const s = this.state;
    const L = this.L;
    const word = R.currentWord(s);
    this.renderHud();
    this.board.removeAll(true);
    this.forgetTargets('hint:');

    const showWord = s.phase !== 'won' && s.phase !== 'lost';
    // The sign leads every word, and is shown from the word's first moment (the DOM player sits
    // above the canvas: only while no overlay panel is open).
    const inPlay = s.phase === 'playing' || s.phase === 'word-solved' || s.phase === 'word-failed';
    this.showSign(inPlay ? word : null, L.stage);
    // The next word's sign loads while this one is played.
    if (s.phase === 'playing' || s.phase === 'instructions') this.preloadSigns([s.phase === 'instructions' ? word : null, s.pool[s.wordIndex + 1]]);
    const sign = L.stage.sign;
    if (showWord && word && !word.sign) {
      this.board.add(
        this.text(sign.x + sign.width / 2, sign.y + sign.height / 2, 'No hay video ni GIF de señal disponible.', 30, COLORS.muted)
          .setOrigin(0.5)
          .setWordWrapWidth(sign.width - 40),
      );
    }

    if (L.flower) this.drawFlower(s.attemptsLeft, s.phase === 'word-solved');
    const compact = L.info.compact;
    const pictureShown = this.pictureShown();
    const attempts = this.text(
      L.attempts.x,
      L.attempts.y,
      compact || pictureShown
        ? `Intentos\n${s.attemptsLeft} de ${R.HANGMAN_ATTEMPTS_PER_WORD}`
        : `Intentos: ${s.attemptsLeft} de ${R.HANGMAN_ATTEMPTS_PER_WORD}`,
      compact ? 22 : pictureShown ? 26 : 28,
      COLORS.text,
      true,
    );
    const room = compact ? L.info.width - 12 : pictureShown ? L.pictureAt.x - 8 - L.attempts.x : null;
    this.board.add((room !== null ? this.fitWidth(attempts, room) : attempts).setOrigin(L.attempts.originX, 0.5));
    if (showWord && s.phase !== 'instructions') this.drawHints();
    if (word && showWord) this.drawWord(word.es);
    this.renderKeys();
    this.renderOverlay();
  }

  /**
   * The hints (docs/games.md, "Hints"): the picture and one letter, each for what a wrong letter
   * costs. The picture, once asked, takes its button's place.
   */
  private drawHints(): void {
    const s = this.state;
    const word = R.currentWord(s);
    const open = R.hintsOpen(s);
    const cost = R.hintCost('picture');
    const price = `−${cost.points}, 1 intento`;
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
   * One score a child can follow (the level's: it starts at 100 and the level is passed at 70),
   * with the level, the lives and the word count; the game's points are the page's
   * 'Puntos acumulados'.
   */
  private renderHud(): void {
    const s = this.state;
    const I = this.L.info;
    this.hud.removeAll(true);
    // One score on the end screens: the panel's (the level's score behind it would be a second).
    this.hud.setVisible(s.phase !== 'won' && s.phase !== 'lost');
    const count = `Palabra ${Math.min(s.wordIndex + 1, s.pool.length)} de ${s.pool.length}`;
    if (I.compact) {
      this.hud.add(this.fitWidth(this.text(I.cx, I.levelY, `Nivel\n${s.level} de ${s.levels}`, 22, COLORS.primaryDark, true), I.width - 12).setOrigin(0.5));
      for (let i = 0; i < R.HANGMAN_LIVES; i++) {
        const alive = i < s.lives;
        this.hud.add(this.text(I.cx + (i - 1) * 28, I.heartsY, alive ? '♥' : '♡', 26, alive ? COLORS.error : COLORS.muted, true).setOrigin(0.5));
      }
      this.hud.add(this.fitWidth(this.text(I.cx, I.scoreY, `Puntos\n${s.levelScore}`, 22, COLORS.text, true), I.width - 12).setOrigin(0.5));
      this.hud.add(this.fitWidth(this.text(I.cx, I.countY, count.replace(' de', '\nde'), 22, COLORS.muted, true), I.width - 12).setOrigin(0.5));
      return;
    }
    this.hud.add(this.text(I.x, I.levelY, `Nivel ${s.level} de ${s.levels}`, 28, COLORS.primaryDark, true).setOrigin(0, 0.5));
    this.drawHearts(this.hud, I.x + I.width - 170, I.heartsY, s.lives, R.HANGMAN_LIVES, 38);
    this.hud.add(this.text(I.x, I.scoreY, `Puntos: ${s.levelScore}`, 28, COLORS.text, true).setOrigin(0, 0.5));
    this.hud.add(this.text(I.x + I.width - 16, I.countY, count, 24, COLORS.muted, true).setOrigin(1, 0.5));
  }

  private drawFlower(petals: number, happy: boolean): void {
    if (!this.L.flower) return;
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
  /** The picture hint is on screen (it takes room the word or the banner used). */
  private pictureShown(): boolean {
    const s = this.state;
    return s.hints.includes('picture') && s.phase !== 'won' && s.phase !== 'lost' && s.phase !== 'instructions';
  }

  private drawWord(word: string): void {
    const s = this.state;
    const L = this.L;
    const failed = s.phase === 'word-failed';
    const solved = s.phase === 'word-solved';
    const cells = R.wordCells(word, s.guessed);
    const box = this.pictureShown() ? L.wordBeside : L.word;
    const maxCell = (box.width - 20) / Math.max(1, cells.length);
    const fontPx = Math.max(32, Math.min(R.wordFontRem(word) * REM, L.wordMaxPx, Math.floor((maxCell - 10) / 0.8)));
    const cellW = Math.min(fontPx * 0.8 + 10, maxCell);
    const startX = box.x + box.width / 2 - (cells.length * cellW) / 2 + cellW / 2;
    const lineY = box.y + box.height / 2 + fontPx * 0.45;
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
      // Portrait: while a finished word is shown the banner takes the keyboard's place (the keys are
      // off then), so it never covers the word just revealed.
      b.setVisible(this.landscape || (s.phase !== 'word-solved' && s.phase !== 'word-failed'));
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
          'Mira la seña. Adivina la palabra letra por letra: toca las letras o escríbelas con el teclado.\n' +
            `Tienes ${R.HANGMAN_LIVES} vidas y ${R.HANGMAN_ATTEMPTS_PER_WORD} intentos por palabra. Supera cada nivel con ${R.HANGMAN_PASS_SCORE} puntos o más. ` +
            `¿Necesitas ayuda? «Ver dibujo» y «Ver letra» cuestan ${R.hintCost('picture').points} puntos y un intento.`,
          COLORS.primary,
          [{ name: 'start', label: '¡A jugar!', icon: '▶', fn: () => this.apply(R.startGame(this.state)) }],
          undefined,
          'keys',
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
          `${s.levels === 1 ? 'Completaste el nivel' : `Completaste los ${s.levels} niveles`}.\nPuntos: ${s.totalScore}`,
          COLORS.success,
          [
            { name: 'restart', label: 'Jugar de nuevo', icon: '↻', fn: () => this.restartGame(), fill: COLORS.success },
            { name: 'menu', label: 'Volver al menú', icon: '⌂', fn: () => this.requestExit() },
          ],
          { count: starsFor(s.totalScore, R.maxScore(s), true), kind: 'game' },
        );
        break;
      case 'lost':
        this.drawPanel(
          o,
          '¡Oh no!',
          `Te quedaste sin vidas.\nPuntos: ${s.totalScore}`,
          COLORS.error,
          [
            { name: 'restart', label: 'Jugar de nuevo', icon: '↻', fn: () => this.restartGame(), fill: COLORS.success },
            { name: 'menu', label: 'Volver al menú', icon: '⌂', fn: () => this.requestExit() },
          ],
          undefined,
          undefined,
          R.missedWord(s),
        );
        break;
      default:
        break;
    }
  }
}
