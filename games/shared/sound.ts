/**
 * Sound cues through howler (files under public/sounds/, made with sox: docs/games.md).
 * Every cue also has a visual cue, drawn by the scene and captioned by the page: many players are
 * deaf or hard of hearing, so sound is never the only signal.
 */
import { Howl } from 'howler';
import { cueVolume, volume, type SoundCue } from './volume';

const howls = new Map<SoundCue, Howl>();
/** Cues played, newest last (read by the Playwright tests in test mode). */
export const playedCues: { cue: SoundCue; volume: number }[] = [];

function howl(cue: SoundCue): Howl {
  let h = howls.get(cue);
  if (!h) {
    h = new Howl({ src: [`/sounds/${cue}.ogg`, `/sounds/${cue}.mp3`], preload: true });
    howls.set(cue, h);
  }
  return h;
}

/** Loads every cue ahead of time (called when a game page mounts). */
export function preloadCues(): void {
  for (const cue of ['correct', 'wrong', 'win', 'lose', 'click', 'level'] as const) howl(cue);
}

export function playCue(cue: SoundCue): void {
  const v = cueVolume(cue, volume.get());
  playedCues.push({ cue, volume: v });
  if (playedCues.length > 50) playedCues.shift();
  if (v <= 0) return;
  try {
    const h = howl(cue);
    const id = h.play();
    h.volume(v, id);
  } catch (err) {
    console.warn('No se pudo reproducir el sonido', cue, err);
  }
}
