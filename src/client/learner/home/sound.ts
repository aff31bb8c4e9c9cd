// howler is not part of the first visit of /home or the word screen: it loads when the page is idle
// (warmSound) or at the first sound at the latest. With "Sin sonido" (src/client/prefs/soundGate.ts)
// it is never loaded: no sound file, no Howl, no audio element. The gate itself is loaded the same
// way (not on the first visit's critical path: the page asks for as few files as it can).
let howler: Promise<typeof import('howler')> | null = null;
const loadHowler = () =>
  (howler ??= import('howler').catch((err) => {
    howler = null;
    throw err;
  }));

type Gate = typeof import('../../prefs/soundGate');
let gate: Promise<Gate> | null = null;
const loadGate = () =>
  (gate ??= import('../../prefs/soundGate').then(
    (g) => {
      g.onSoundBlocked(stopAll);
      return g;
    },
    (err) => {
      gate = null;
      throw err;
    },
  ));

/** Starts loading the sound library once the page is idle, so the first sound is not delayed. */
export function warmSound() {
  if (typeof window === 'undefined') return;
  const go = () => {
    void loadGate()
      .then((g) => (g.soundAllowed() ? loadHowler() : null))
      .catch(() => undefined);
  };
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(go, { timeout: 3000 });
  else setTimeout(go, 1000);
}

/** The fixed level sound (constants.md C-10: volume 1). */
export const LEVEL_SOUND_URL = '/demo/sounds/level-start.mp3';
const LEVEL_SOUND_VOLUME = 1;
/** The level-start banner (the sound's visible twin) stays at least this long, sound or not. */
export const LEVEL_BANNER_MIN_MS = 1000;

/** A sound that was asked for: `ended` resolves when it ends, fails, is stopped or waited too long. */
export interface SoundHandle {
  ended: Promise<void>;
  /** Resolves true once it plays, false when the gate kept it from playing (Sin sonido) or it failed. */
  started: Promise<boolean>;
  stop(): void;
}

type HowlInstance = InstanceType<typeof import('howler').Howl>;
/** Sounds playing now, with what ends their handle: stopped at once when the gate closes. */
const playing = new Map<HowlInstance, () => void>();
function stopAll() {
  for (const [h, finish] of [...playing]) {
    h.stop();
    h.unload();
    finish();
  }
  playing.clear();
}

/**
 * Plays a sound through howler. A sound that cannot load or play only logs a warning; after
 * `maxWaitMs` `ended` resolves anyway, so a child is never stuck.
 */
export function startSound(src: string, opts: { volume?: number; maxWaitMs?: number } = {}): SoundHandle {
  let sound: HowlInstance | null = null;
  let stopped = false;
  let finish: () => void = () => undefined;
  let markStarted: (v: boolean) => void = () => undefined;
  const started = new Promise<boolean>((r) => {
    markStarted = r;
  });
  const ended = new Promise<void>((resolve) => {
    let done = false;
    const timer = setTimeout(() => finish(), opts.maxWaitMs ?? 1500);
    finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      markStarted(false);
      resolve();
    };
    loadGate()
      // Right after signing in, the account's preferences may still be on their way: wait for them.
      .then(async (g) => {
        await g.preferencesSettled();
        // Stopped, or Sin sonido (now or turned on meanwhile): nothing is loaded or created.
        return done || stopped || !g.soundAllowed() ? null : loadHowler().then((lib) => ({ lib, g }));
      })
      .then((ready) => {
        if (!ready || done || stopped || !ready.g.soundAllowed()) return finish();
        const { Howl } = ready.lib;
        // Still tracked after `maxWaitMs` while it plays, so the gate can stop it.
        const over = () => {
          if (sound) playing.delete(sound);
          finish();
        };
        sound = new Howl({
          src: [src],
          volume: opts.volume ?? 1,
          html5: true,
          onend: over,
          onloaderror: (_id, err) => {
            console.warn('No se pudo cargar el sonido', src, err);
            over();
          },
          onplayerror: (_id, err) => {
            console.warn('No se pudo reproducir el sonido', src, err);
            over();
          },
        });
        playing.set(sound, finish);
        sound.play();
        markStarted(true);
      })
      .catch((err) => {
        console.warn('No se pudo reproducir el sonido', src, err);
        finish();
      });
  });
  return {
    ended,
    started,
    stop() {
      stopped = true;
      if (sound) {
        playing.delete(sound);
        sound.stop();
        sound.unload();
      }
      finish();
    },
  };
}

/** Plays a sound and resolves when it ends (at most `maxWaitMs`, 1.5 s by default). */
function playSound(src: string, opts: { volume?: number; maxWaitMs?: number } = {}): Promise<void> {
  return startSound(src, opts).ended;
}

export const playLevelSound = () => playSound(LEVEL_SOUND_URL, { volume: LEVEL_SOUND_VOLUME });

/**
 * A word's audio: plays at once, never waited for by the page. The handle tells when it ends
 * (the 'Escuchar' button shows "Sonando…" until then: src/client/ui/ListenButton.tsx).
 */
export function playWordAudio(src: string | null): SoundHandle {
  if (!src) return { ended: Promise.resolve(), started: Promise.resolve(false), stop: () => undefined };
  return startSound(src, { volume: 1, maxWaitMs: 30_000 });
}
