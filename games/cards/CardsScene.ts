/**
 * Cards ("Cartas", /ruleta-palabras) scene: each round shows the 3 cards face up for a moment
 * ('preview': the clue card with the word's picture, the others empty; taps ignored), then turns
 * them face down with one calm flip; the child finds the one hiding the clue; once found, the sign GIF appears (page overlay) and the child picks the word among
 * 3 options. Rules in ./rules.ts.
 */
import { countWord, plural } from '../shared/plural';
import * as Phaser from 'phaser';
import * as R from './rules';
import { type Feedback, COLORS, GameScene } from '../shared/GameScene';
import type { Rect } from '../shared/layout';

export const CARDS_SIGN_BOX: Rect = { x: 40, y: 130, width: 250, height: 250 };
const CARD_W = 230;
const CARD_H = 310;
const CARD_XS = [480, 750, 1020];
const CARD_Y = 290;
const OPTION_XS = [290, 640, 990];
const OPTION_Y = 580;

export class CardsScene extends GameScene {
  private state!: R.CardsState;
  private hud!: Phaser.GameObjects.Container;
  private board!: Phaser.GameObjects.Container;
  private overlay!: Phaser.GameObjects.Container;
  /** The card objects drawn last, turned over (scaleX 0 → 1) when the preview ends. */
  private cardParts: Phaser.GameObjects.GameObject[] = [];

  constructor() {
    super('cards');
    this.flashY = 700;
  }

  snapshotView(): R.CardsSnapshot {
    return R.snapshot(this.state);
  }

  create(): void {
    this.setUp();
    this.state = R.createGame(this.words, this.rng);
    this.drawTopBar();
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
      else if (s.phase === 'won' || s.phase === 'lost') this.restartGame();
      return;
    }
    const n = ['1', '2', '3'].indexOf(ev.key);
    if (n < 0) return;
    if (s.phase === 'pick-card') this.apply(R.pickCard(s, n));
    else if (s.phase === 'pick-word') {
      const option = s.options[n];
      if (option) this.apply(R.pickWord(s, option.id));
    }
  }

  private restartGame(): void {
    this.announceRestart();
    this.apply(R.restart(this.state));
  }

  private apply(result: R.CardsResult): void {
    if (result.state === this.state) return;
    this.state = result.state;
    this.react(result.events);
    this.render();
    if (result.events.some((e) => e.type === 'cards-hidden')) this.flipCards();
    this.publish(result.events);
    this.schedule(R.pendingDelayMs(this.state), () => this.apply(R.advance(this.state)));
  }

  private react(events: readonly R.CardsEvent[]): void {
    const out: Feedback[] = [];
    const wordOf = (id: number) => this.state.allWords.find((w) => w.id === id)?.es ?? '';
    for (const e of events) {
      switch (e.type) {
        case 'level-started':
          out.push({ cue: 'level', text: `Nivel ${e.level}`, kind: 'info', flash: true });
          break;
        case 'wrong-card':
          out.push({ cue: 'wrong', text: `Carta vacía. ${e.points} puntos.`, kind: 'error', flash: true });
          break;
        case 'clue-found':
          out.push({ cue: 'correct', text: '¡Encontraste la pista! ¿Qué palabra es?', kind: 'success', flash: false });
          break;
        case 'correct-word':
          out.push({ cue: 'correct', text: `¡Correcto! «${wordOf(e.wordId)}» +${countWord(e.points, 'punto', 'puntos')}.`, kind: 'success', flash: true });
          break;
        case 'wrong-word':
          out.push({ cue: 'wrong', text: `Era «${wordOf(e.correctWordId)}».`, kind: 'error', flash: true });
          break;
        case 'life-lost':
          out.push({ cue: null, text: `Perdiste una vida. Te ${plural(e.lives, 'queda', 'quedan')} ${e.lives}.`, kind: 'error', flash: false });
          break;
        case 'next-round':
        case 'cards-hidden':
          break;
        case 'level-passed':
          out.push({ cue: 'win', text: `¡Superaste el nivel ${e.level}!`, kind: 'success', flash: false });
          break;
        case 'game-won':
          out.push({ cue: 'win', text: `${R.CARDS_END_MESSAGES[e.message]} Puntos: ${e.totalScore}.`, kind: 'success', flash: false });
          break;
        case 'game-over':
          out.push({ cue: 'lose', text: `Te quedaste sin vidas. ${R.CARDS_END_MESSAGES[e.message]} Puntos: ${e.totalScore}.`, kind: 'error', flash: false });
          break;
      }
    }
    this.feedback(out);
  }

  // --- drawing --------------------------------------------------------------------------------------

  private render(): void {
    const s = this.state;
    const target = R.targetWord(s);
    const over = s.phase === 'won' || s.phase === 'lost';
    const found = s.phase === 'pick-word' || s.phase === 'feedback';
    this.renderHud();
    this.board.removeAll(true);
    this.forgetTargets('card:');
    this.forgetTargets('option:');
    this.forgetTargets('button:');

    // Sign box: the animated sign shows once the clue is found.
    this.drawFrame(CARDS_SIGN_BOX, 'Seña', this.board);
    this.showSign(found && !over ? target : null, CARDS_SIGN_BOX);
    if (!found || over) {
      this.board.add(this.text(CARDS_SIGN_BOX.x + CARDS_SIGN_BOX.width / 2, CARDS_SIGN_BOX.y + CARDS_SIGN_BOX.height / 2, '?', 120, 0xc9c6dc, true).setOrigin(0.5));
    } else if (target && !target.sign) {
      this.board.add(
        this.text(CARDS_SIGN_BOX.x + CARDS_SIGN_BOX.width / 2, CARDS_SIGN_BOX.y + CARDS_SIGN_BOX.height / 2, 'No hay video ni GIF de señal disponible.', 22, COLORS.muted)
          .setOrigin(0.5)
          .setWordWrapWidth(CARDS_SIGN_BOX.width - 20),
      );
    }

    if (!over) {
      this.drawCards();
      const prompt =
        s.phase === 'preview'
          ? R.CARDS_PREVIEW_TEXT
          : s.phase === 'pick-card'
          ? 'Busca la carta que esconde la pista: tócala o pulsa 1, 2 o 3.'
          : s.phase === 'pick-word'
            ? '¿Qué palabra es? Tócala o pulsa 1, 2 o 3.'
            : '';
      this.board.add(this.text(750, 478, prompt, 28, COLORS.primaryDark, true).setOrigin(0.5).setWordWrapWidth(900));
      if (found) this.drawOptions();
    }
    this.renderOverlay();
  }

  private renderHud(): void {
    const s = this.state;
    this.hud.removeAll(true);
    this.hud.add(this.text(28, 40, `Nivel ${s.levelIndex + 1} de ${s.levels.length}`, 30, COLORS.primaryDark, true).setOrigin(0, 0.5));
    this.drawHearts(this.hud, 320, 40, s.lives, R.CARDS_LIVES);
    this.hud.add(this.text(600, 40, `Ronda ${Math.min(s.roundIndex + 1, s.pool.length)} de ${s.pool.length}`, 26, COLORS.text).setOrigin(0, 0.5));
    this.hud.add(this.text(1252, 40, `Puntos: ${s.totalScore}`, 30, COLORS.text, true).setOrigin(1, 0.5));
  }

  /** One calm flip (CARDS_FLIP_MS, a single turn: far under 3 flashes per second). */
  private flipCards(): void {
    const parts = this.cardParts.filter((o) => o.active);
    for (const o of parts) (o as unknown as Phaser.GameObjects.Components.Transform).setScale(0, 1);
    this.tweens.add({ targets: parts, scaleX: 1, duration: R.CARDS_FLIP_MS, ease: 'Sine.Out' });
  }

  private drawCards(): void {
    const s = this.state;
    const target = R.targetWord(s);
    const preview = s.phase === 'preview';
    const first = this.board.length;
    for (let i = 0; i < R.CARDS_SHOWN; i++) {
      const x = CARD_XS[i] ?? 0;
      const up = preview || (s.flipped[i] ?? false);
      const isClue = i === s.clueCard;
      if (!up) {
        const b = this.button(x, CARD_Y, CARD_W, CARD_H, '?', () => this.apply(R.pickCard(this.state, i)), {
          into: this.board,
          fill: COLORS.primary,
          fontSize: 120,
          radius: 22,
        });
        b.setEnabled(s.phase === 'pick-card');
        this.board.add(this.text(x, CARD_Y + CARD_H / 2 - 36, String(i + 1), 28, 0xffffff, true).setOrigin(0.5));
        this.target(`card:${i}`, b.bg);
        continue;
      }
      const face = this.add
        .rectangle(x, CARD_Y, CARD_W, CARD_H, isClue ? COLORS.panel : 0xe6e4ee)
        .setRounded(22)
        .setStrokeStyle(6, preview ? COLORS.primary : isClue ? COLORS.success : COLORS.error);
      this.board.add(face);
      this.target(`card:${i}`, face);
      if (!isClue) {
        this.board.add(this.text(x, CARD_Y, preview ? 'Vacía' : '✘\nVacía', 40, preview ? COLORS.muted : COLORS.error, true).setOrigin(0.5));
        continue;
      }
      const pic = this.addPicture(target, { x: x - 95, y: CARD_Y - 120, width: 190, height: 190 }, this.board);
      if (!pic) this.board.add(this.text(x, CARD_Y - 30, preview ? 'Aquí está la seña' : 'Mira la seña', 28, COLORS.text, true).setOrigin(0.5).setWordWrapWidth(190));
      this.board.add(this.text(x, CARD_Y + 112, preview ? '¡Pista!' : '✔ ¡Pista!', 30, COLORS.success, true).setOrigin(0.5));
    }
    this.cardParts = this.board.list.slice(first);
  }

  private drawOptions(): void {
    const s = this.state;
    const target = R.targetWord(s);
    s.options.forEach((w, i) => {
      let fill: number = COLORS.gold;
      let textColor: number = COLORS.text;
      if (s.phase === 'feedback') {
        if (w.id === target?.id) [fill, textColor] = [COLORS.success, 0xffffff];
        else if (w.id === s.chosenWordId) [fill, textColor] = [COLORS.error, 0xffffff];
        else [fill, textColor] = [0xe6e4ee, COLORS.muted];
      }
      const b = this.button(OPTION_XS[i] ?? 0, OPTION_Y, 320, 96, `${i + 1}. ${w.es}`, () => this.apply(R.pickWord(this.state, w.id)), {
        into: this.board,
        fill,
        textColor,
        fontSize: 36,
      });
      b.setEnabled(s.phase === 'pick-word');
      if (s.phase === 'feedback') {
        b.bg.setAlpha(1);
        b.text.setAlpha(1);
      }
      this.target(`option:${i}`, b.bg);
    });
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
        'Cartas',
        `Una de las ${R.CARDS_SHOWN} cartas esconde la imagen de una palabra. Primero verás las cartas: ¡mira bien dónde está! Luego se dan vuelta: encuéntrala y elige la palabra correcta.\n` +
          `Carta vacía: −${R.CARDS_WRONG_CARD_PENALTY}. Palabra correcta: +${R.CARDS_CORRECT_POINTS}. Palabra incorrecta: −${R.CARDS_WRONG_WORD_PENALTY} y una vida. Tienes ${R.CARDS_LIVES} vidas.`,
        COLORS.primary,
      );
      addButton('start', 640, '¡A jugar!', () => this.apply(R.startGame(this.state)));
    } else if (s.phase === 'won' || s.phase === 'lost') {
      panel(
        s.phase === 'won' ? '¡Terminaste!' : '¡Se acabaron las vidas!',
        `${R.endMessageText(s.totalScore)}\nPuntos: ${s.totalScore}`,
        s.phase === 'won' ? COLORS.success : COLORS.error,
      );
      addButton('restart', 460, 'Jugar de nuevo', () => this.restartGame(), COLORS.success);
      addButton('menu', 820, 'Volver al menú', () => this.requestExit());
    }
  }
}
