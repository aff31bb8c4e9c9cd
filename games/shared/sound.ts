/**
 * Sound cues through howler (files under public/sounds/, made with sox: docs/games.md).
 * Every cue also has a visual cue, drawn by the scene and captioned by the page: many players are
 * deaf or hard of hearing, so sound is never the only signal.
 * "Sin sonido" (the learner's preference) closes the gate at the source: no cue file is loaded, no
 * Howl (so no AudioContext) is created, nothing plays; turning it on stops and unloads what was
 * there. The cue is still recorded (volume 0) for the test hooks.
 * The gate itself belongs to the app (src/client/prefs/soundGate.ts): games/ never imports
 * src/client, so the page that mounts a game hands it in through `connectSoundGate`
 * (src/client/games/cues.ts does it once for every game page and the volume control).
 */
import { Howl } from 'howler';
import { cueVolume, volume, type SoundCue } from './volume';

/** What the games need of the app's sound gate. */
interface SoundGate {
  /** Whether sound may play now. */
  allowed(): boolean;
  /** Runs `stop` whenever the gate closes; returns the unregister function. */
  onBlocked(stop: () => void): () => void;
}

const howls = new Map<SoundCue, Howl>();
/** Cues played, newest last (read by the Playwright tests in test mode); volume 0 = silenced. */
export const playedCues: { cue: SoundCue; volume: number }[] = [];

function unloadAll(): void {
  for (const h of howls.values()) {
    h.stop();
    h.unload();
  }
  howls.clear();
}

// Open until the page connects the app's gate (the page connects it before any scene starts).
let soundAllowed: () => boolean = () => true;
let disconnect: (() => void) | null = null;

/** Puts the app's gate in front of every cue (replaces the one connected before). */
export function connectSoundGate(gate: SoundGate): void {
  disconnect?.();
  soundAllowed = () => gate.allowed();
  disconnect = gate.onBlocked(unloadAll);
}

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
