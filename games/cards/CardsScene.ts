/**
 * Cards ("Cartas", /ruleta-palabras) scene: each round shows the 3 cards face up for a moment
 * ('preview': the clue card with the word's picture, the others empty; taps ignored), then turns
 * them face down with one calm flip; the child finds the one hiding the clue; once found, the sign GIF appears (page overlay) and the child picks the word among
 * 3 options. Rules in ./rules.ts.
 */
import { countWord, plural } from '../shared/plural';
import * as Phaser from 'phaser';
import * as R from './rules';
import { type CelebrateOptions, celebrate, inBand, starsSentence } from '../shared/celebrate';
import { starsFor } from '../shared/stars';
import { type Feedback, COLORS } from '../shared/GameScene';
import type { Rect } from '../shared/layout';
import { RulesScene } from '../shared/RulesScene';

interface CardsLayout {
  top: number;
  sign: Rect;
  card: { w: number; h: number; xs: number[]; y: number };
  prompt: { x: number; y: number; width: number };
  options: { w: number; h: number; at: { x: number; y: number }[]; font: number };
  flash: Rect;
}

/**
 * Landscape: the sign box left of the 3 cards, the prompt, the 3 options in a row, the banner in
 * the band under them. Portrait: the sign box with the prompt beside it, the cards, the options
 * (a column on phones), the banner between the cards and the options.
 */
function cardsLayout(W: number, H: number): CardsLayout {
  if (W > H) {
    return {
      top: 80,
      sign: { x: 40, y: 130, width: 250, height: 250 },
      card: { w: 230, h: 310, xs: [480, 750, 1020], y: 290 },
      prompt: { x: 750, y: 478, width: 900 },
      options: { w: 320, h: 96, at: [290, 640, 990].map((x) => ({ x, y: 580 })), font: 36 },
      flash: { x: 100, y: 640, width: W - 200, height: H - 640 - 8 },
    };
  }
  const phone = W < 600;
  const pad = phone ? 10 : 20;
  if (phone) {
    // Phone: the sign box with the prompt beside it (the banner shows over the prompt: it covers
    // no target nor clue), the cards, and the 3 options stacked at the bottom, as big as fit.
    const B = 130;
    const signTop = 80 + pad + 8;
    const cardsTop = signTop + B + 44 + 8;
    const optH = 64;
    const optTop = H - pad - (3 * optH + 2 * 8);
    const cardH = Math.max(100, optTop - 10 - cardsTop);
    const cardW = Math.min((W - 2 * pad - 2 * 14) / 3, cardH * 0.78);
    const side = pad + 8 + B + 12;
    return {
      top: 80,
      sign: { x: pad + 8, y: signTop, width: B, height: B },
      card: { w: cardW, h: cardH, xs: [-1, 0, 1].map((k) => W / 2 + k * (cardW + 14)), y: cardsTop + cardH / 2 },
      prompt: { x: side + (W - pad - side) / 2, y: signTop + B / 2, width: W - pad - side - 8 },
      options: { w: W - 2 * pad - 40, h: optH, at: [0, 1, 2].map((i) => ({ x: W / 2, y: optTop + optH / 2 + i * (optH + 8) })), font: 30 },
      flash: { x: side, y: signTop - 8, width: W - pad - side, height: B + 16 },
    };
  }
  const B = 230;
  const signTop = 80 + pad + 8;
  const cardsTop = signTop + B + 44 + 8;
  const optH = 88;
  const optionsH = optH;
  const bandH = 110;
  const cardH = Math.max(150, Math.min(320, H - pad - optionsH - bandH - 8 - cardsTop));
  const cardW = Math.min((W - 2 * pad - 2 * 14) / 3, cardH * 0.78);
  const cardY = cardsTop + cardH / 2;
  const optTop = cardsTop + cardH + 8 + bandH;
  const optW = (W - 2 * pad - 2 * 14) / 3;
  const at = [0, 1, 2].map((i) => ({ x: pad + optW / 2 + i * (optW + 14), y: optTop + optH / 2 }));
  return {
    top: 80,
    sign: { x: pad + 8, y: signTop, width: B, height: B },
    card: { w: cardW, h: cardH, xs: [-1, 0, 1].map((k) => W / 2 + k * (cardW + 14)), y: cardY },
    prompt: { x: pad + 8 + B + 16 + (W - 2 * pad - B - 24) / 2, y: signTop + B / 2, width: W - 2 * pad - B - 40 },
    options: { w: optW, h: optH, at, font: 32 },
    flash: { x: pad, y: cardsTop + cardH + 6, width: W - 2 * pad, height: bandH },
  };
}

export class CardsScene extends RulesScene<R.CardsState, R.CardsEvent> {
  protected readonly rules = R;
  private hud!: Phaser.GameObjects.Container;
  private board!: Phaser.GameObjects.Container;
  private overlay!: Phaser.GameObjects.Container;
  /** The card objects drawn last, turned over (scaleX 0 → 1) when the preview ends. */
  private cardParts: Phaser.GameObjects.GameObject[] = [];
  private L!: CardsLayout;

  constructor() {
    super('cards');
  }

  snapshotView(): R.CardsSnapshot {
    return R.snapshot(this.state);
  }

  create(): void {
    this.setUp();
    this.L = cardsLayout(this.W, this.H);
    this.flashBand = this.L.flash;
    const resumed = this.carried as R.CardsState | null;
    this.state = resumed ?? R.createGame(this.words, this.rng);
    this.drawTopBar(this.L.top);
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

  /** The preview ended: the cards turn over. */
  protected override afterRender(events: readonly R.CardsEvent[]): void {
    if (events.some((e) => e.type === 'cards-hidden')) this.flipCards();
  }

  protected react(events: readonly R.CardsEvent[]): void {
    const out: Feedback[] = [];
    const wordOf = (id: number) => this.state.allWords.find((w) => w.id === id)?.es ?? '';
    // One celebration per transition (G-7.2): the game's when it is won, else the level's.
    const gameWon = events.some((e) => e.type === 'game-won');
    let party: CelebrateOptions | null = null;
    for (const e of events) {
      switch (e.type) {
        case 'level-started':
          // After a level passed the stars take the banner's place (the caption still says it).
          out.push({ cue: 'level', text: `Nivel ${e.level}`, kind: 'info', flash: party === null });
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
          out.push({ cue: 'win', text: `¡Superaste el nivel ${e.level}!${gameWon ? '' : ` ${starsSentence(e.stars)}`}`, kind: 'success', flash: false });
          if (!gameWon) party = { stars: e.stars, kind: 'level', ...inBand(this.flashBand) };
          break;
        case 'game-won':
          out.push({
            cue: 'win',
            text: `${R.CARDS_END_MESSAGES[e.message]} Puntos: ${e.totalScore}. ${starsSentence(e.stars)}`,
            kind: 'success',
            flash: false,
          });
          party = { stars: e.stars, kind: 'game', panel: true };
          break;
        case 'game-over':
          out.push({ cue: 'lose', text: `Te quedaste sin vidas. ${R.CARDS_END_MESSAGES[e.message]} Puntos: ${e.totalScore}.`, kind: 'error', flash: false });
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
    const target = R.targetWord(s);
    const over = s.phase === 'won' || s.phase === 'lost';
    const found = s.phase === 'pick-word' || s.phase === 'feedback';
    this.renderHud();
    this.board.removeAll(true);
    this.forgetTargets('card:');
    this.forgetTargets('option:');
    this.forgetTargets('button:');

    // Sign box: the animated sign shows once the clue is found.
    const box = L.sign;
    this.drawFrame(box, 'Seña', this.board, 'sign');
    this.showSign(found && !over ? target : null, box);
    if (!found || over) {
      this.board.add(this.text(box.x + box.width / 2, box.y + box.height / 2, '?', 120, COLORS.muted, true).setOrigin(0.5));
    } else if (target && !target.sign) {
      this.board.add(
        this.text(box.x + box.width / 2, box.y + box.height / 2, 'No hay video ni GIF de señal disponible.', 24, COLORS.muted)
          .setOrigin(0.5)
          .setWordWrapWidth(box.width - 20),
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
      const small = this.W < 600;
      this.board.add(
        this.text(L.prompt.x, L.prompt.y, prompt, small ? 24 : 28, COLORS.primaryDark, true)
          .setOrigin(0.5)
          .setWordWrapWidth(L.prompt.width),
      );
      if (found) this.drawOptions();
    }
    this.renderOverlay();
  }

  private renderHud(): void {
    const s = this.state;
    const cy = this.L.top / 2;
    const narrow = this.W < 600;
    this.hud.removeAll(true);
    // Portrait too: 'Ronda 1 de 5' beside the hearts ran into 'Puntos: 100'; two rows fit all.
    if (narrow || !this.landscape) {
      const round = `Ronda ${Math.min(s.roundIndex + 1, s.pool.length)} de ${s.pool.length}`;
      this.drawNarrowHud(
        this.hud,
        narrow ? `Nivel ${s.levelIndex + 1}/${s.levels.length}` : `Nivel ${s.levelIndex + 1} de ${s.levels.length}`,
        `Puntos: ${s.totalScore}`,
        s.lives,
        R.CARDS_LIVES,
        round,
      );
      return;
    }
    this.hud.add(this.text(16, cy, `Nivel ${s.levelIndex + 1} de ${s.levels.length}`, 30, COLORS.primaryDark, true).setOrigin(0, 0.5));
    this.drawHearts(this.hud, 300, cy, s.lives, R.CARDS_LIVES, 44);
    this.hud.add(this.text(600, cy, `Ronda ${Math.min(s.roundIndex + 1, s.pool.length)} de ${s.pool.length}`, 26, COLORS.text).setOrigin(0, 0.5));
    this.hud.add(this.text(this.W - 16, cy, `Puntos: ${s.totalScore}`, narrow ? 26 : 30, COLORS.text, true).setOrigin(1, 0.5));
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
    const { w: CARD_W, h: CARD_H, xs, y: CARD_Y } = this.L.card;
    const k = CARD_H / 310;
    const hits: Phaser.GameObjects.Zone[] = [];
    for (let i = 0; i < R.CARDS_SHOWN; i++) {
      const x = xs[i] ?? 0;
      const up = preview || (s.flipped[i] ?? false);
      const isClue = i === s.clueCard;
      if (!up) {
        const b = this.button(x, CARD_Y, CARD_W, CARD_H, '?', () => this.apply(R.pickCard(this.state, i)), {
          into: this.board,
          fill: COLORS.primary,
          fontSize: Math.round(120 * k),
          radius: 22,
        });
        // Face-down cards stay blue while they cannot be picked yet (the preview): their number stays readable.
        b.setEnabled(s.phase === 'pick-card', true);
        this.board.add(this.text(x, CARD_Y + CARD_H / 2 - 24, String(i + 1), 28, 0xffffff, true).setOrigin(0.5));
        this.target(`card:${i}`, b.bg);
        // The card takes taps over its whole place, turned or turning: the turn (flipCards) scales
        // the card from zero width, and Phaser hit-tests the scaled shape, so a tap on the card
        // during the turn found nothing under it and was lost. A still zone on top hands every
        // tap, hover and cursor to the card's button (its enabled state decides, as before).
        const hit = this.add.zone(x, CARD_Y, CARD_W, CARD_H).setInteractive({ useHandCursor: s.phase === 'pick-card' });
        for (const ev of ['pointerover', 'pointerout', 'pointerup']) hit.on(ev, () => b.bg.emit(ev));
        hits.push(hit);
        continue;
      }
      const face = this.add
        .rectangle(x, CARD_Y, CARD_W, CARD_H, isClue ? COLORS.panel : COLORS.disabled)
        .setRounded(22)
        .setStrokeStyle(6, preview ? COLORS.primary : isClue ? COLORS.success : COLORS.error);
      this.board.add(face);
      this.target(`card:${i}`, face);
      if (!isClue) {
        this.board.add(
          this.text(x, CARD_Y, preview ? 'Vacía' : '✘\nVacía', Math.max(28, Math.round(40 * k)), preview ? COLORS.muted : COLORS.error, true).setOrigin(0.5),
        );
        continue;
      }
      const pw = Math.min(CARD_W - 30, 190 * k);
      const pic = this.addPicture(target, { x: x - pw / 2, y: CARD_Y - CARD_H / 2 + 20 * k, width: pw, height: pw }, this.board);
      if (!pic)
        this.board.add(
          this.text(x, CARD_Y - 30 * k, preview ? 'Aquí está la seña' : 'Mira la seña', 24, COLORS.text, true)
            .setOrigin(0.5)
            .setWordWrapWidth(CARD_W - 16),
        );
      this.board.add(
        this.text(x, CARD_Y + CARD_H / 2 - 40 * k, preview ? '¡Pista!' : '✔ ¡Pista!', Math.max(24, Math.round(30 * k)), COLORS.success, true).setOrigin(0.5),
      );
    }
    this.board.add(hits);
    this.cardParts = this.board.list.slice(first).filter((o) => !hits.includes(o as Phaser.GameObjects.Zone));
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
        else [fill, textColor] = [COLORS.disabled, COLORS.muted];
      }
      const o = this.L.options;
      const at = o.at[i] ?? { x: 0, y: 0 };
      const b = this.button(at.x, at.y, o.w, o.h, `${i + 1}. ${w.es}`, () => this.apply(R.pickWord(this.state, w.id)), {
        into: this.board,
        fill,
        textColor,
        fontSize: o.font,
      });
      // In feedback the colours say which was right: they stay.
      b.setEnabled(s.phase === 'pick-word', s.phase === 'feedback');
      this.target(`option:${i}`, b.bg);
    });
  }

  private renderOverlay(): void {
    const s = this.state;
    this.overlay.removeAll(true);
    if (s.phase === 'instructions') {
      this.drawPanel(
        this.overlay,
        'Cartas',
        `Una de las ${R.CARDS_SHOWN} cartas esconde la imagen de una palabra. Primero verás las cartas: ¡mira bien dónde está! Luego se dan vuelta: encuéntrala y elige la palabra correcta.\n` +
          `Carta vacía: −${R.CARDS_WRONG_CARD_PENALTY}. Palabra correcta: +${R.CARDS_CORRECT_POINTS}. Palabra incorrecta: −${R.CARDS_WRONG_WORD_PENALTY} y una vida. Tienes ${R.CARDS_LIVES} vidas.`,
        COLORS.primary,
        [{ name: 'start', label: '¡A jugar!', fn: () => this.apply(R.startGame(this.state)) }],
      );
    } else if (s.phase === 'won' || s.phase === 'lost') {
      this.drawPanel(
        this.overlay,
        s.phase === 'won' ? '¡Terminaste!' : '¡Se acabaron las vidas!',
        `${R.endMessageText(s.totalScore, R.playedMaxScore(s))}\nPuntos: ${s.totalScore}`,
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
