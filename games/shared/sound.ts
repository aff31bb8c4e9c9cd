/**
 * Sound cues through howler (files under public/sounds/, made with sox: docs/games.md).
 * Every cue also has a visual cue, drawn by the scene and captioned by the page: many players are
 * deaf or hard of hearing, so sound is never the only signal.
 * "Sin sonido" (the learner's preference, src/client/prefs/soundGate.ts) closes the gate at the
 * source: no cue file is loaded, no Howl (so no AudioContext) is created, nothing plays; turning it
 * on stops and unloads what was there. The cue is still recorded (volume 0) for the test hooks.
 */
import { Howl } from 'howler';
import { onSoundBlocked, soundAllowed } from '../../src/client/prefs/soundGate';
import { cueVolume, volume, type SoundCue } from './volume';

const howls = new Map<SoundCue, Howl>();
/** Cues played, newest last (read by the Playwright tests in test mode); volume 0 = silenced. */
export const playedCues: { cue: SoundCue; volume: number }[] = [];

onSoundBlocked(() => {
  for (const h of howls.values()) {
    h.stop();
    h.unload();
  }
  howls.clear();
});

function howl(cue: SoundCue): Howl {
  let h = howls.get(cue);
  if (!h) {
    h = new Howl({ src: [`/sounds/${cue}.ogg`, `/sounds/${cue}.mp3`], preload: true });
    howls.set(cue, h);
  }
  return h;
}

/** Loads every cue ahead of time (called when a game page mounts); nothing with Sin sonido. */
export function preloadCues(): void {
  if (!soundAllowed()) return;
  for (const cue of ['correct', 'wrong', 'win', 'lose', 'click', 'level'] as const) howl(cue);
}

/** The volume a cue plays at now: 0 with Sin sonido, else the volume control's rule. */
export function gatedCueVolume(cue: SoundCue): number {
  return soundAllowed() ? cueVolume(cue, volume.get()) : 0;
}

export function playCue(cue: SoundCue): void {
  const v = gatedCueVolume(cue);
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
