import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../memoryStorage';

/**
 * The "Sin sonido" gate (src/client/prefs/soundGate.ts) and the two places that make sound through it:
 * the learner's level sound and 'Escuchar' (src/client/learner/home/sound.ts) and the games' cues
 * (games/shared/sound.ts). With Sin sonido nothing is loaded or played: no howler import, no Howl.
 * howler is replaced by a recorder; the unit project runs in node, so window/localStorage are stand-ins.
 */
const howler = vi.hoisted(() => {
  const created: FakeHowl[] = [];
  class FakeHowl {
    opts: { src: string[]; onend?: () => void; html5?: boolean };
    plays = 0;
    stopped = 0;
    unloaded = 0;
    volumes: number[] = [];
    constructor(opts: FakeHowl['opts']) {
      this.opts = opts;
      created.push(this);
    }
    play() {
      this.plays++;
      return this.plays;
    }
    volume(v: number) {
      this.volumes.push(v);
    }
    stop() {
      this.stopped++;
    }
    unload() {
      this.unloaded++;
    }
  }
  return { created, FakeHowl, imports: 0 };
});
vi.mock('howler', () => {
  howler.imports++;
  return { Howl: howler.FakeHowl, Howler: {} };
});

beforeEach(() => {
  vi.resetModules();
  howler.created.length = 0;
  howler.imports = 0;
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('window', {
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    requestIdleCallback: (cb: () => void) => cb(),
    location: { origin: 'http://localhost' },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the gate', () => {
  it('is open by default and closed by the Sin sonido preference', async () => {
    const gate = await import('../../../src/client/prefs/soundGate');
    const prefs = await import('../../../src/client/prefs/preferences');
    expect(gate.soundAllowed()).toBe(true);
    prefs.setLocalPreferences({ sinSonido: true });
    expect(gate.soundAllowed()).toBe(false);
    prefs.setLocalPreferences({ sinSonido: false });
    expect(gate.soundAllowed()).toBe(true);
  });

  it('reads the preference stored on the device (a reload keeps it)', async () => {
    localStorage.setItem('manitas.preferencias', JSON.stringify({ sinSonido: true }));
    const gate = await import('../../../src/client/prefs/soundGate');
    expect(gate.soundAllowed()).toBe(false);
  });

  it('tells its listeners only when it closes', async () => {
    const gate = await import('../../../src/client/prefs/soundGate');
    const prefs = await import('../../../src/client/prefs/preferences');
    const stop = vi.fn();
    gate.onSoundBlocked(stop);
    prefs.setLocalPreferences({ espejo: true });
    expect(stop).not.toHaveBeenCalled();
    prefs.setLocalPreferences({ sinSonido: true });
    expect(stop).toHaveBeenCalledTimes(1);
    prefs.setLocalPreferences({ velocidad: 0.5 });
    prefs.setLocalPreferences({ sinSonido: false });
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("a sound asked for while the account's preferences load waits for them", async () => {
    const gate = await import('../../../src/client/prefs/soundGate');
    const prefs = await import('../../../src/client/prefs/preferences');
    const sound = await import('../../../src/client/learner/home/sound');
    let arrive!: () => void;
    gate.markPreferencesLoading(
      new Promise<void>((r) => {
        arrive = r;
      }),
    );
    const h = sound.startSound('/a.mp3');
    await flush();
    expect(howler.created).toHaveLength(0);
    // The server says Sin sonido: nothing is created.
    prefs.setLocalPreferences({ sinSonido: true });
    arrive();
    await h.ended;
    expect(howler.created).toHaveLength(0);
  });
});

describe('learner sounds (level start, Escuchar)', () => {
  it('with Sin sonido: nothing is imported, created or played, and the wait ends at once', async () => {
    localStorage.setItem('manitas.preferencias', JSON.stringify({ sinSonido: true }));
    const sound = await import('../../../src/client/learner/home/sound');
    sound.warmSound();
    const word = sound.playWordAudio('/uploads/audio/perro.mp3');
    expect(await word.started).toBe(false);
    const t0 = Date.now();
    await sound.playLevelSound();
    await word.ended;
    expect(Date.now() - t0).toBeLessThan(200);
    await flush();
    expect(howler.imports).toBe(0);
    expect(howler.created).toHaveLength(0);
  });

  it('without it: the level sound plays at volume 1 and Escuchar reports its end', async () => {
    const sound = await import('../../../src/client/learner/home/sound');
    const level = sound.playLevelSound();
    await vi.waitFor(() => expect(howler.created).toHaveLength(1));
    const h = howler.created[0]!;
    expect(h.opts.src).toEqual([sound.LEVEL_SOUND_URL]);
    expect((h.opts as { volume?: number }).volume).toBe(1);
    expect(h.plays).toBe(1);
    h.opts.onend!();
    await level;
    const word = sound.playWordAudio('/uploads/audio/perro.mp3');
    expect(await word.started).toBe(true);
    expect(howler.created).toHaveLength(2);
    let ended = false;
    void word.ended.then(() => {
      ended = true;
    });
    await flush();
    expect(ended).toBe(false);
    howler.created[1]!.opts.onend!();
    await flush();
    expect(ended).toBe(true);
  });

  it('turning Sin sonido on stops and unloads what is playing, and ends its handle', async () => {
    const prefs = await import('../../../src/client/prefs/preferences');
    const sound = await import('../../../src/client/learner/home/sound');
    const word = sound.playWordAudio('/uploads/audio/perro.mp3');
    expect(await word.started).toBe(true);
    expect(howler.created).toHaveLength(1);
    prefs.setLocalPreferences({ sinSonido: true });
    await word.ended;
    expect(howler.created[0]!.stopped).toBe(1);
    expect(howler.created[0]!.unloaded).toBe(1);
  });
});

describe('game cues', () => {
  it('with Sin sonido: no cue is loaded or played; each is still recorded, at volume 0', async () => {
    const prefs = await import('../../../src/client/prefs/preferences');
    prefs.setLocalPreferences({ sinSonido: true });
    const cues = await import('../../../src/client/games/cues');
    cues.preloadCues();
    for (const c of ['level', 'click', 'correct', 'wrong', 'win', 'lose'] as const) cues.playCue(c);
    expect(howler.created).toHaveLength(0);
    expect(cues.playedCues.map((c) => c.volume)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(cues.gatedCueVolume('level')).toBe(0);
  });

  it('without it: the volume rules apply; turning it on stops and unloads every cue', async () => {
    const prefs = await import('../../../src/client/prefs/preferences');
    const cues = await import('../../../src/client/games/cues');
    cues.preloadCues();
    expect(howler.created).toHaveLength(6);
    cues.playCue('correct');
    cues.playCue('level');
    cues.playCue('click');
    expect(cues.playedCues.map((c) => [c.cue, c.volume])).toEqual([
      ['correct', 1],
      ['level', 1],
      ['click', 0.5],
    ]);
    expect(howler.created.reduce((n, h) => n + h.plays, 0)).toBe(3);
    prefs.setLocalPreferences({ sinSonido: true });
    expect(howler.created.every((h) => h.stopped === 1 && h.unloaded === 1)).toBe(true);
    cues.playCue('win');
    expect(howler.created).toHaveLength(6);
    // Back on: cues are made again when needed.
    prefs.setLocalPreferences({ sinSonido: false });
    cues.playCue('win');
    expect(howler.created).toHaveLength(7);
    expect(howler.created[6]!.plays).toBe(1);
  });
});
