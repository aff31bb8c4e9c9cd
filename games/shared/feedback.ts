/** Sound and its visual twin: one cue, one banner and one caption for each transition. */
import { EventBus, GAME_EVENTS, type Caption, type CaptionKind } from './EventBus';
import { playCue } from './sound';
import { type CelebrateOptions, celebrate, celebrationStars, starsSentence } from './celebrate';
import type { SoundCue } from './volume';
import type { GameScene } from './GameScene';
import { COLORS, FONT } from './theme';
import { CaptionLine } from './captionLine';

/** Every caption the scenes say goes through here, so one said late never covers a newer one. */
const captions = new CaptionLine<Caption>((c) => EventBus.emit(GAME_EVENTS.caption, c));

/** One line of feedback: the sound to play (if any), the words, and whether to flash them. */
export interface Feedback {
  cue: SoundCue | null;
  text: string;
  kind: CaptionKind;
  flash: boolean;
}

/**
 * Feedback for the events of one transition: ONE sound (the last cue given), ONE canvas flash
 * (the last one marked), and ONE caption joining every line, so nothing said is lost.
 */
export function feedback(scene: GameScene, lines: readonly Feedback[]): void {
  if (lines.length === 0) return;
  const withSound = [...lines].reverse().find((f) => f.cue !== null);
  const withFlash = [...lines].reverse().find((f) => f.flash);
  if (withSound?.cue) playCue(withSound.cue);
  if (withFlash) flash(scene, withFlash.text, withFlash.kind);
  captions.say(captionOf(lines));
}

/**
 * Feedback with a celebration: the caption says the stars only once they have all landed, so
 * caption and stars agree at every moment (it said "¡Ganaste 3 estrellas!" while 2 showed). The
 * sound, banner and the rest of the caption come at once, as with any transition. A celebration
 * cut short (a level's stars over the next level's 2 s preview, on a slow tablet whose game clock
 * runs late) says them when it ends, so the stars are never left unsaid; either way only if
 * nothing newer has been said meanwhile.
 */
export function feedbackWithStars(scene: GameScene, lines: readonly Feedback[], party: CelebrateOptions | null): void {
  const sentence = party ? starsSentence(party.stars) : '';
  if (!party || celebrationStars(party.stars) === 0 || !lines.some((f) => f.text.includes(sentence))) {
    feedback(scene, lines);
    if (party) celebrate(scene, party);
    return;
  }
  const full = captionOf(lines);
  feedback(
    scene,
    lines.map((f) => ({ ...f, text: f.text.replace(sentence, '').replace(/\s+/g, ' ').trim() })).filter((f) => f.text || f.cue),
  );
  const sayStars = captions.later(full);
  celebrate(scene, { ...party, onLanded: sayStars, onCutShort: sayStars });
}

/**
 * Big coloured banner for ~1 s, inside the scene's `flashBand` (a band of the layout that covers
 * no button, key, tile, card nor clue box, near where the child is looking); its text shrinks
 * rather than overflow the band.
 */
export function flash(scene: GameScene, text: string, kind: CaptionKind): void {
  for (const o of scene.marks.flashObjects) o.destroy();
  const band = scene.flashBand;
  const fill = kind === 'success' ? COLORS.success : kind === 'error' ? COLORS.error : COLORS.primary;
  const icon = kind === 'success' ? '✔ ' : kind === 'error' ? '✘ ' : '';
  const cx = band.x + band.width / 2;
  const cy = band.y + band.height / 2;
  const pad = { x: 28, y: 14 };
  let size = 42;
  const label = scene.add
    .text(cx, cy, icon + text, {
      fontFamily: FONT,
      fontSize: `${size}px`,
      fontStyle: 'bold',
      color: '#ffffff',
      align: 'center',
      wordWrap: { width: band.width - 2 * pad.x },
    })
    .setOrigin(0.5)
    .setDepth(51);
  while (size > 26 && (label.height + 2 * pad.y > band.height || label.width + 2 * pad.x > band.width)) {
    size -= 4;
    label.setFontSize(size);
  }
  const w = Math.min(band.width, Math.max(Math.min(360, band.width), label.width + 2 * pad.x));
  const h = Math.min(band.height, label.height + 2 * pad.y);
  const bg = scene.add
    .rectangle(cx, cy, w, h, fill)
    .setRounded(Math.min(24, h / 2))
    .setStrokeStyle(6, 0xffffff)
    .setDepth(50);
  scene.marks.lastFlash = { x: cx - w / 2, y: cy - h / 2, width: w, height: h };
  scene.marks.flashObjects = [bg, label];
  const parts = [bg, label];
  for (const p of parts) p.setScale(0.6);
  scene.tweens.add({ targets: parts, scale: 1, duration: 180, ease: 'Back.Out' });
  scene.tweens.add({
    targets: parts,
    alpha: 0,
    delay: 950,
    duration: 250,
    onComplete: () => {
      for (const p of parts) p.destroy();
    },
  });
}

/** ONE caption joining every line of a transition, in the colour of its sound (else its banner, else its last line). */
function captionOf(lines: readonly Feedback[]): Caption {
  const withSound = [...lines].reverse().find((f) => f.cue !== null);
  const withFlash = [...lines].reverse().find((f) => f.flash);
  const main = withSound ?? withFlash ?? lines[lines.length - 1]!;
  return { text: lines.map((f) => f.text).join(' '), kind: main.kind };
}
