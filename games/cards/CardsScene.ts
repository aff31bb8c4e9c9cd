/**
 * Cards ("Cartas", /ruleta-palabras) scene: each round shows the 3 cards face up for a moment
 * ('preview': the clue card with the word's picture, the others empty; taps ignored), then turns
 * them face down with one calm flip; the child finds the one hiding the clue; once found, the sign GIF appears (page overlay) and the child picks the word among
 * 3 options. Rules in ./rules.ts.
 */
import { countWord } from '../shared/plural';
import { answerWays, costText, livesLeftText } from '../shared/captions';
import * as Phaser from 'phaser';
import * as R from '../../src/shared/rules/games/cards';
import { type CelebrateOptions, inBand, starsSentence } from '../shared/celebrate';
import { starsFor } from '../../src/shared/rules/games/stars';
import type { Feedback } from '../shared/feedback';
import { COLORS } from '../shared/theme';
import { signStage, type Rect, type SignStage } from '../shared/layout';
import { RulesScene } from '../shared/RulesScene';

interface CardsLayout {
  stage: SignStage;
  info: { x: number; cx: number; width: number; compact: boolean; levelY: number; heartsY: number; scoreY: number; roundY: number };
  card: { w: number; h: number; xs: number[]; y: number };
  prompt: { x: number; y: number; width: number };
  options: { w: number; h: number; at: { x: number; y: number }[]; font: number };
  /** The hint's place: its button at the top, the picture over all of it once asked. */
  hint: Rect;
  /** Where the picture shows once asked (at least 160 CSS px wide), and the cards' centres then. */
  pictureAt: Rect;
  cardXsBeside: number[];
  hintButtonH: number;
  flash: Rect;
  /**
   * Where banners go while the child must read the prompt (preview, pick-card): on a tablet the
   * prompt is the flash band itself, so they take the options' band, empty until the clue is found.
   */
  flashWhileAsking: Rect;
}

/**
 * The sign leads (docs/games.md): it is the round's clue from the first moment, in the biggest box.
 * Landscape: beside it a column with the level, lives and score, the 3 cards, the prompt, the 3
 * options stacked and the picture hint; the banner under the sign. Portrait: a narrow column beside
 * the sign (level, lives, score, round, hint), then the prompt (the banner's band), the cards and
 * the options in a row (a column on phones).
 */
function cardsLayout(W: number, H: number): CardsLayout {
  if (W > H) {
    const stage = signStage(W, H, { side: 470, below: 100 });
    const c = stage.side;
    const cardW = (c.width - 24) / 3;
    const cardH = 180;
    const cardsTop = 100;
    const promptY = cardsTop + cardH + 8;
    const optH = 80;
    const optTop = promptY + 76;
    const hintTop = optTop + 3 * optH + 2 * 8 + 10;
    return {
      stage,
      info: { x: c.x + 4, cx: c.x + c.width / 2, width: c.width, compact: false, levelY: 30, heartsY: 30, scoreY: 72, roundY: 72 },
      card: { w: cardW, h: cardH, xs: [0, 1, 2].map((i) => c.x + cardW / 2 + i * (cardW + 12)), y: cardsTop + cardH / 2 },
      prompt: { x: c.x + c.width / 2, y: promptY, width: c.width },
      options: { w: c.width, h: optH, at: [0, 1, 2].map((i) => ({ x: c.x + c.width / 2, y: optTop + optH / 2 + i * (optH + 8) })), font: 34 },
      hint: { x: c.x, y: hintTop, width: c.width, height: c.y + c.height - hintTop },
      pictureAt: { x: c.x, y: hintTop, width: c.width, height: c.y + c.height - hintTop },
      cardXsBeside: [0, 1, 2].map((i) => c.x + cardW / 2 + i * (cardW + 12)),
      hintButtonH: 84,
      flash: stage.below,
      flashWhileAsking: stage.below,
    };
  }
  const phone = W < 600;
  const pad = 8;
  const promptH = phone ? 60 : 70;
  const optH = phone ? 60 : 88;
  const optionsH = phone ? 3 * optH + 2 * 8 : optH;
  const cardH = phone ? 120 : 168;
  const stage = signStage(W, H, { side: phone ? 96 : 112, below: promptH + 8 + cardH + 8 + optionsH });
  const c = stage.side;
  const promptTop = stage.below.y;
  const cardsTop = promptTop + promptH + 8;
  const room = H - pad - optionsH - 8 - cardsTop;
  const ch = Math.max(cardH, room);
  const cardW = Math.min((W - 2 * pad - 2 * 14) / 3, ch * 0.78);
  const optTop = H - pad - optionsH;
  const optW = phone ? W - 2 * pad : (W - 2 * pad - 2 * 14) / 3;
  const at = [0, 1, 2].map((i) =>
    phone ? { x: W / 2, y: optTop + optH / 2 + i * (optH + 8) } : { x: pad + optW / 2 + i * (optW + 14), y: optTop + optH / 2 },
  );
  // Phone: the column is short, so the hint sits at its foot and the round count is left out (the
  // caption and the prompt carry on); tablet: under the round count.
  const hintTop = phone ? c.y + c.height - 80 : c.y + 226;
  // Once asked, the picture stands at the right of the cards (the column is too narrow for it) and
  // the cards move left to make room; on a phone it keeps its place at the column's foot.
  const picW = Math.min(Math.round(ch * (4 / 3)), W - 2 * pad - 14 - 3 * cardW - 2 * 14);
  const beside = !phone && picW >= 160;
  const cardsRight = W - pad - (beside ? picW + 14 : 0);
  const hint = { x: c.x, y: hintTop, width: c.width, height: Math.min(c.y + c.height - hintTop, phone ? 90 : 150) };
  return {
    pictureAt: beside ? { x: W - pad - picW, y: cardsTop, width: picW, height: ch } : hint,
    cardXsBeside: [-1, 0, 1].map((k) => (beside ? (pad + cardsRight) / 2 : W / 2) + k * (cardW + 14)),
    stage,
    info: {
      x: c.x,
      cx: c.x + c.width / 2,
      width: c.width,
      compact: true,
      levelY: c.y + 26,
      heartsY: c.y + 74,
      scoreY: c.y + 118,
      roundY: phone ? -1 : c.y + 186,
    },
    card: { w: cardW, h: ch, xs: [-1, 0, 1].map((k) => W / 2 + k * (cardW + 14)), y: cardsTop + ch / 2 },
    prompt: { x: W / 2, y: promptTop + promptH / 2, width: W - 2 * pad },
    options: { w: optW, h: optH, at, font: phone ? 28 : 32 },
    hint,
    hintButtonH: phone ? 80 : 100,
    flash: { x: pad, y: promptTop, width: W - 2 * pad, height: promptH },
    flashWhileAsking: { x: pad, y: optTop, width: W - 2 * pad, height: optionsH },
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
          out.push({ cue: 'wrong', text: `Carta vacía. ${costText(e.points, R.CARDS_WRONG_CARD_PENALTY)}.`, kind: 'error', flash: true });
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
          out.push({ cue: null, text: livesLeftText(e.lives), kind: 'error', flash: false });
          break;
        case 'hint':
          out.push({ cue: 'click', text: `Pediste ver el dibujo: ${costText(e.points, R.CARDS_HINT_COST)}.`, kind: 'info', flash: false });
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
    // The level banner came over "¡Mira bien! Recuerda qué carta…" on a tablet, the moment the
    // child must read it: while the prompt asks, banners use a band clear of it.
    const asking = this.state.phase === 'preview' || this.state.phase === 'pick-card';
    this.flashBand = asking ? this.L.flashWhileAsking : this.L.flash;
    this.feedbackWithStars(out, party);
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
    this.forgetTargets('hint:');

    // The sign is the round's clue from its first moment (preloaded with the level's others).
    const box = L.stage.sign;
    const inRound = s.phase === 'preview' || s.phase === 'pick-card' || found;
    // The ★ card's clue: once it is found, the sign plays again from its start, slowed.
    this.showSign(inRound ? target : null, L.stage, R.clueSignSpeed(s));
    // The next round's sign loads while this one is answered (one at a time: the preview's 2 s
    // stay smooth on a slow tablet).
    if (s.phase === 'pick-word') this.preloadSigns([s.pool[s.roundIndex + 1]]);
    if (s.phase === 'instructions') this.preloadSigns([target]);
    if (inRound && target && !target.sign) {
      this.board.add(
        this.text(box.x + box.width / 2, box.y + box.height / 2, 'No hay video ni GIF de señal disponible.', 30, COLORS.muted)
          .setOrigin(0.5)
          .setWordWrapWidth(box.width - 40),
      );
    }

    this.markClue('prompt', null);
    if (!over) {
      this.drawCards();
      const prompt =
        s.phase === 'preview'
          ? R.CARDS_PREVIEW_TEXT
          : s.phase === 'pick-card'
            ? `Busca la carta que esconde la pista: ${answerWays(this.touch)}.`
            : s.phase === 'pick-word'
              ? `¿Qué palabra es? ${answerWays(this.touch).replace(/^t/, 'T')}.`
              : '';
      const small = this.W < 600;
      const promptText = this.text(L.prompt.x, L.prompt.y, prompt, small ? 24 : 26, COLORS.primaryDark, true)
        .setOrigin(0.5, this.landscape ? 0 : 0.5)
        .setWordWrapWidth(L.prompt.width);
      this.board.add(promptText);
      // What the child must read to play the round: no banner covers it while it asks.
      const asking = s.phase === 'preview' || s.phase === 'pick-card';
      const pb = promptText.getBounds();
      this.markClue('prompt', asking && prompt ? { x: pb.x, y: pb.y, width: pb.width, height: pb.height } : null);
      if (found) this.drawOptions();
      if (s.phase !== 'instructions') this.drawHint();
    }
    this.renderOverlay();
  }

  /** The picture hint (docs/games.md, "Hints"): 2 points, once a round; the picture takes its place. */
  private drawHint(): void {
    const s = this.state;
    const target = R.targetWord(s);
    const h = this.L.hint;
    if (s.hinted && target) {
      const p = this.L.pictureAt;
      this.board.add(this.add.rectangle(p.x + p.width / 2, p.y + p.height / 2, p.width, p.height, COLORS.panel).setRounded(14));
      if (!this.addPicture(target, { x: p.x + 6, y: p.y + 6, width: p.width - 12, height: p.height - 12 }, this.board)) {
        this.board.add(this.text(p.x + p.width / 2, p.y + p.height / 2, 'Sin dibujo', 22, COLORS.muted, true).setOrigin(0.5));
      }
      this.markClue('picture', p);
      return;
    }
    this.markClue('picture', null);
    const button = { x: h.x, y: h.y, width: h.width, height: this.L.hintButtonH };
    this.hintButton(
      'hint:picture',
      button,
      'picture',
      'Ver dibujo',
      `−${R.CARDS_HINT_COST} puntos`,
      R.hintOpen(s),
      () => this.apply(R.askHint(this.state)),
      this.board,
    );
  }

  private renderHud(): void {
    const s = this.state;
    const I = this.L.info;
    this.hud.removeAll(true);
    // One score on the end screens: the panel's (the game's score behind it would be a second).
    this.hud.setVisible(s.phase !== 'won' && s.phase !== 'lost');
    const round = `Ronda ${Math.min(s.roundIndex + 1, s.pool.length)} de ${s.pool.length}`;
    if (I.compact) {
      this.hud.add(
        this.fitWidth(this.text(I.cx, I.levelY, `Nivel\n${s.levelIndex + 1} de ${s.levels.length}`, 22, COLORS.primaryDark, true), I.width - 12).setOrigin(0.5),
      );
      for (let i = 0; i < R.CARDS_LIVES; i++) {
        const alive = i < s.lives;
        this.hud.add(this.text(I.cx + (i - 1) * 28, I.heartsY, alive ? '♥' : '♡', 26, alive ? COLORS.error : COLORS.muted, true).setOrigin(0.5));
      }
      this.hud.add(this.fitWidth(this.text(I.cx, I.scoreY, `Puntos\n${s.totalScore}`, 22, COLORS.text, true), I.width - 12).setOrigin(0.5));
      if (I.roundY >= 0)
        this.hud.add(this.fitWidth(this.text(I.cx, I.roundY, round.replace(' de', '\nde'), 22, COLORS.muted, true), I.width - 12).setOrigin(0.5));
      return;
    }
    this.hud.add(this.text(I.x, I.levelY, `Nivel ${s.levelIndex + 1} de ${s.levels.length}`, 28, COLORS.primaryDark, true).setOrigin(0, 0.5));
    this.drawHearts(this.hud, I.x + I.width - 170, I.heartsY, s.lives, R.CARDS_LIVES, 38);
    this.hud.add(this.text(I.x, I.scoreY, `Puntos: ${s.totalScore}`, 28, COLORS.text, true).setOrigin(0, 0.5));
    this.hud.add(this.text(I.x + I.width - 16, I.roundY, round, 24, COLORS.muted, true).setOrigin(1, 0.5));
  }

  /** One calm flip (CARDS_FLIP_MS, a single turn: far under 3 flashes per second). */
  private flipCards(): void {
    const parts = this.cardParts.filter((o) => o.active);
    for (const o of parts) (o as unknown as Phaser.GameObjects.Components.Transform).setScale(0, 1);
    this.tweens.add({ targets: parts, scaleX: 1, duration: R.CARDS_FLIP_MS, ease: 'Sine.Out' });
  }

  private drawCards(): void {
    const s = this.state;
    const preview = s.phase === 'preview';
    const first = this.board.length;
    const { w: CARD_W, h: CARD_H, y: CARD_Y } = this.L.card;
    const xs = s.hinted ? this.L.cardXsBeside : this.L.card.xs;
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
      // The clue card hides the sign's place, not the answer: a star, never the picture (the
      // picture is a hint the child asks for). Found, it gives its clue: the sign again, slowed
      // (CARDS_CLUE_SIGN_SPEED), and the card says so with the player's own speed mark.
      this.board.add(this.text(x, CARD_Y - (preview ? 24 : 44) * k, '★', Math.max(48, Math.round(90 * k)), COLORS.primary, true).setOrigin(0.5));
      if (!preview) {
        const slow = `▶ ${String(R.CARDS_CLUE_SIGN_SPEED).replace('.', ',')}×`;
        this.board.add(
          this.fitWidth(this.text(x, CARD_Y + 34 * k, slow, Math.max(24, Math.round(34 * k)), COLORS.primaryDark, true), CARD_W - 12).setOrigin(0.5),
        );
      }
      this.board.add(
        this.text(x, CARD_Y + CARD_H / 2 - 40 * k, preview ? '¡Pista!' : '✔ ¡Pista!', Math.max(24, Math.round(30 * k)), COLORS.success, true)
          .setOrigin(0.5)
          .setWordWrapWidth(CARD_W - 8),
      );
    }
    this.board.add(hits);
    this.cardParts = this.board.list.slice(first).filter((o) => !hits.includes(o as Phaser.GameObjects.Zone));
  }

  private drawOptions(): void {
    const s = this.state;
    const target = R.targetWord(s);
    const pictures = R.optionPictures(s);
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
      if (pictures) {
        // Each option with its picture (on a white tile, left) beside its word: a child who does
        // not read can answer; the question is still the sign.
        const ph = o.h - 12;
        const pw = Math.min(ph * 1.4, o.w * 0.42);
        const px = at.x - o.w / 2 + 6;
        this.board.add(this.add.rectangle(px + pw / 2, at.y, pw, ph, COLORS.panel).setRounded(12));
        const img = this.addPicture(w, { x: px + 3, y: at.y - ph / 2 + 3, width: pw - 6, height: ph - 6 }, this.board);
        if (img) this.target(`picture:option:${i}`, img);
        const room = o.w - pw - 18;
        b.text.setX(px + pw + 6 + room / 2);
        this.fitWidth(b.text, room);
      }
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
        `Mira la seña. Una de las ${R.CARDS_SHOWN} cartas esconde la pista: ¡mira bien dónde está! Luego se dan vuelta: encuéntrala y elige la palabra de la seña.\n` +
          `Carta vacía: −${R.CARDS_WRONG_CARD_PENALTY}. Palabra correcta: +${R.CARDS_CORRECT_POINTS}. Palabra incorrecta: −${R.CARDS_WRONG_WORD_PENALTY} y una vida. «Ver dibujo»: −${R.CARDS_HINT_COST}. Tienes ${R.CARDS_LIVES} vidas.`,
        COLORS.primary,
        [{ name: 'start', label: '¡A jugar!', icon: '▶', fn: () => this.apply(R.startGame(this.state)) }],
        undefined,
        'cards',
      );
    } else if (s.phase === 'won' || s.phase === 'lost') {
      this.drawPanel(
        this.overlay,
        s.phase === 'won' ? '¡Terminaste!' : '¡Se acabaron las vidas!',
        `${R.endMessageText(s.totalScore, R.playedMaxScore(s))}\nPuntos: ${s.totalScore}`,
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
