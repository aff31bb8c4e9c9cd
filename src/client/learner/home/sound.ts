// howler is not part of the first visit of /home or the word screen: it loads when the page is idle
// (warmSound) or at the first sound at the latest.
let howler: Promise<typeof import('howler')> | null = null;
const loadHowler = () => (howler ??= import('howler').catch((err) => {
  howler = null;
  throw err;
}));

/** Starts loading the sound library once the page is idle, so the first sound is not delayed. */
export function warmSound() {
  const go = () => void loadHowler().catch(() => undefined);
  if (typeof window === 'undefined') return;
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(go, { timeout: 3000 });
  else setTimeout(go, 1000);
}

/** The fixed level sound (section 9: volume 1). */
export const LEVEL_SOUND_URL = '/demo/sounds/level-start.mp3';
export const LEVEL_SOUND_VOLUME = 1;

/**
 * Plays a sound through howler and resolves when it ends. A sound that cannot load or play only
 * logs a warning; after `maxWaitMs` the promise resolves anyway, so a child is never stuck.
 */
export function playSound(src: string, opts: { volume?: number; maxWaitMs?: number } = {}): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(finish, opts.maxWaitMs ?? 1500);
    loadHowler().then(({ Howl }) => {
      const sound = new Howl({
        src: [src],
        volume: opts.volume ?? 1,
        html5: true,
        onend: finish,
        onloaderror: (_id, err) => {
          console.warn('No se pudo cargar el sonido', src, err);
          finish();
        },
        onplayerror: (_id, err) => {
          console.warn('No se pudo reproducir el sonido', src, err);
          finish();
        },
      });
      sound.play();
    }).catch((err) => {
      console.warn('No se pudo reproducir el sonido', src, err);
      finish();
    });
  });
}

export const playLevelSound = () => playSound(LEVEL_SOUND_URL, { volume: LEVEL_SOUND_VOLUME });

/** A word's audio: plays at once, never waited for. */
export function playWordAudio(src: string | null) {
  if (!src) return;
  void playSound(src, { volume: 1, maxWaitMs: 30_000 });
}
