import type { Page } from '@playwright/test';
import { apiHeaders, expect, signUpChild, test, axe } from './fixtures';
import { POLL_MS, TEST_FLAG_KEY, clickTarget, expectCaption, snap, waitPhase } from './games-helpers';
import { HANGMAN_ALPHABET, lettersToGuess } from '../../src/shared/rules/games/hangman';

/**
 * "Sin sonido": a child turns it on in the profile; then opening a level, a word
 * ('Escuchar') and a game plays NO sound at all — no <audio>/<video> with sound, no AudioContext,
 * no Web Audio buffer started, no howler sound — while every cue is seen: the level-start banner,
 * the muted 'Escuchar', the game's captions (right and wrong) and a ripple for each tap. With Sin
 * sonido off the same steps do play sound (so this test can fail). The games' volume control
 * changes the same preference as the profile.
 * Each test signs up its own child, so the saved preference never reaches other specs.
 */

/** Records every way a page can make sound, from before the app's first script runs. */
function instrumentSound(page: Page) {
  return page.addInitScript(() => {
    const rec = {
      mediaPlays: [] as { src: string; muted: boolean; volume: number; tag: string }[],
      contexts: 0,
      sourceStarts: 0,
      oscillatorStarts: 0,
      ripples: 0,
    };
    (window as unknown as { __sound: typeof rec }).__sound = rec;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      rec.mediaPlays.push({ src: this.currentSrc || this.src, muted: this.muted, volume: this.volume, tag: this.tagName });
      return play.call(this);
    };
    const w = window as unknown as Record<string, unknown>;
    for (const name of ['AudioContext', 'webkitAudioContext']) {
      const Orig = w[name] as (new (...a: unknown[]) => object) | undefined;
      if (!Orig) continue;
      w[name] = class extends Orig {
        constructor(...a: unknown[]) {
          super(...a);
          rec.contexts++;
        }
      };
    }
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...a: Parameters<typeof start>) {
      rec.sourceStarts++;
      return start.apply(this, a);
    };
    const oscStart = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...a: Parameters<typeof oscStart>) {
      rec.oscillatorStarts++;
      return oscStart.apply(this, a);
    };
    // howler publishes window.Howler when it loads: keep it to count its sounds (Howler._howls).
    let howler: unknown;
    Object.defineProperty(window, 'Howler', {
      configurable: true,
      get: () => howler,
      set: (v) => {
        howler = v;
      },
    });
    // Tap ripples come and go in 450 ms: count each one that appears.
    new MutationObserver((list) => {
      for (const m of list) {
        for (const n of m.addedNodes) if (n instanceof HTMLElement && n.dataset.testid === 'tap-ripple') rec.ripples++;
      }
    }).observe(document, { subtree: true, childList: true });
    // The games' captions, in order (games-helpers' expectCaption reads them).
    const caps: string[] = [];
    (window as unknown as { __captions: string[] }).__captions = caps;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="game-caption"]')?.textContent ?? '';
      if (text && caps[caps.length - 1] !== text) caps.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

interface SoundLog {
  audibleMediaPlays: number;
  contexts: number;
  sourceStarts: number;
  oscillatorStarts: number;
  howls: number;
  ripples: number;
}
const soundLog = (page: Page): Promise<SoundLog> =>
  page.evaluate(() => {
    const rec = (
      window as unknown as {
        __sound: { mediaPlays: { muted: boolean; volume: number }[]; contexts: number; sourceStarts: number; oscillatorStarts: number; ripples: number };
      }
    ).__sound;
    const howler = (window as unknown as { Howler?: { _howls?: unknown[] } }).Howler;
    return {
      audibleMediaPlays: rec.mediaPlays.filter((p) => !p.muted && p.volume > 0).length,
      contexts: rec.contexts,
      sourceStarts: rec.sourceStarts,
      oscillatorStarts: rec.oscillatorStarts,
      howls: howler?._howls?.length ?? 0,
      ripples: rec.ripples,
    };
  });
const expectSilence = async (page: Page, where: string) => {
  const log = await soundLog(page);
  expect(log, `no sound at all (${where})`).toMatchObject({ audibleMediaPlays: 0, contexts: 0, sourceStarts: 0, oscillatorStarts: 0, howls: 0 });
};

/** Serious or critical accessibility violations inside `selector` (axe-core). */
async function seriousViolations(page: Page, selector: string) {
  const r = await axe(page).include(selector).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function newChild(page: Page) {
  await signUpChild(page);
  await page.evaluate((k) => localStorage.setItem(k, '1'), TEST_FLAG_KEY);
}

const serverPrefs = async (page: Page) => {
  const res = await page.request.get('/api/preferencias', { headers: await apiHeaders(page) });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { sinSonido: boolean; velocidad: number; espejo: boolean; segundaLenta: boolean };
};

const sinSonidoSwitch = (page: Page) => page.getByTestId('preferencias').getByRole('switch', { name: 'Sin sonido' });

/** Home → Empezar Animales (the level-start banner) → Empezar perro (the word). Returns the level id. */
async function openLevelAndWord(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'Empezar Animales' }).click();
  const banner = page.getByTestId('level-start-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('¡Empezamos!');
  await expect(banner).toContainText('Animales');
  await expect(page).toHaveURL(/\/supmenu\/\d+$/);
  const levelId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('button', { name: 'Empezar perro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'perro' })).toBeVisible();
  return levelId;
}

/** Opens hangman on the level, starts it, taps one wrong and one right key: returns the captions' kinds seen. */
async function playHangman(page: Page, levelId: string) {
  await page.goto(`/ahorcado?nivel=${levelId}`);
  await expect(page.getByTestId('game-stage')).toBeVisible({ timeout: 30_000 });
  await waitPhase(page, ['instructions']);
  await clickTarget(page, 'button:start');
  const s = await waitPhase<{ currentWord: string; guessed: string[] }>(page, ['playing']);
  await expectCaption(page, 'Nivel 1');
  const needed = lettersToGuess(s.currentWord);
  const wrong = HANGMAN_ALPHABET.find((l) => !needed.includes(l))!;
  await clickTarget(page, `key:${wrong}`);
  await expectCaption(page, `La letra ${wrong} no está.`);
  await expect(page.getByTestId('game-caption')).toHaveAttribute('data-kind', 'error');
  const right = needed[0]!;
  await clickTarget(page, `key:${right}`);
  await expect.poll(async () => (await snap<{ guessed: string[] }>(page)).guessed).toContain(right);
  await expectCaption(page, `La letra ${right} está en la palabra.`);
  // Every tap drew a ripple where it landed (the tap sound's visible twin).
  await expect.poll(async () => (await soundLog(page)).ripples, { intervals: [POLL_MS] }).toBeGreaterThanOrEqual(3);
  return page.evaluate(() => window.__game!.cues());
}

test.describe('Sin sonido', () => {
  test.beforeEach(async ({ page }) => {
    await instrumentSound(page);
    await newChild(page);
  });

  test('turned on in the profile: a level, a word and a game play nothing, and every cue is seen', async ({ page }) => {
    await page.goto('/perfil');
    const section = page.getByTestId('preferencias');
    await expect(section.getByRole('heading', { name: 'Preferencias' })).toBeVisible();
    await expect(sinSonidoSwitch(page)).not.toBeChecked();
    // The controls are big (at least 48 px) and work with the keyboard.
    for (const row of ['pref-sin-sonido', 'pref-espejo', 'pref-segunda-lenta']) {
      expect((await page.getByTestId(row).boundingBox())!.height).toBeGreaterThanOrEqual(48);
    }
    for (const speed of ['0,5×', '0,75×', '1×']) {
      const box = (await section.getByRole('button', { name: new RegExp(`^${speed}`) }).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.width).toBeGreaterThanOrEqual(48);
    }
    await expect(section).toContainText('La seña se ve al revés, como en un espejo: ayuda a los zurdos.');
    await expect(section).toContainText('Cada seña se repite una vez más despacio.');
    await sinSonidoSwitch(page).focus();
    await page.keyboard.press('Space');
    await expect(sinSonidoSwitch(page)).toBeChecked();
    await expect(page.getByTestId('preferencias-estado')).toContainText('Guardado');
    expect(await seriousViolations(page, '[data-testid="preferencias"]')).toEqual([]);
    // Saved in the account too (debounced), not by the profile form's button.
    await expect.poll(async () => (await serverPrefs(page)).sinSonido).toBe(true);
    for (const size of [
      { width: 768, height: 1024 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await section.scrollIntoViewIfNeeded();
    }

    await openLevelAndWord(page);
    // 'Escuchar' says why nothing plays: disabled, "Sin sonido".
    const listen = page.getByTestId('listen-button').first();
    await expect(listen).toBeDisabled();
    await expect(listen).toHaveText('Sin sonido');
    await expect(listen).toHaveAttribute('data-state', 'muted');
    await expect(page.getByRole('button', { name: 'Escuchar "perro" en español (sin sonido)' })).toBeDisabled();
    expect(await seriousViolations(page, 'section[aria-label="Español"]')).toEqual([]);
    for (const size of [
      { width: 768, height: 1024 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      const card = page.getByRole('region', { name: 'Español' });
      // Scrolled to the middle, so the sticky navbar does not cover its top.
      await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    }
    await expectSilence(page, 'level start and word');

    const levelId = new URL(page.url()).pathname.split('/')[2]!;
    const cues = await playHangman(page, levelId);
    // The scene gave its cues (level, wrong, click), each silenced at the source.
    expect(cues.map((c) => c.cue)).toEqual(expect.arrayContaining(['level', 'wrong']));
    expect(cues.every((c) => c.volume === 0)).toBe(true);
    await expectSilence(page, 'game');

    // The games' volume control shows the same preference; turning it off there turns it off everywhere.
    const gameSwitch = page.getByTestId('volume-sin-sonido').getByRole('switch', { name: 'Sin sonido' });
    await expect(gameSwitch).toBeChecked();
    await expect(page.getByRole('slider', { name: 'Volumen' })).toBeDisabled();
    // The header keeps to one row at 1280 px and fits at 768 px (the volume control grew a switch).
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page, '[data-testid="volume-control"]')).toEqual([]);
    await page.setViewportSize({ width: 768, height: 1024 });
    // Measured once the page has laid itself out for the new width: right after the resize the game
    // rebuilds its stage for portrait, and CI caught the old canvas for one frame (137 px, then 0).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await gameSwitch.click();
    await expect(gameSwitch).not.toBeChecked();
    await expect.poll(async () => (await serverPrefs(page)).sinSonido).toBe(false);
    await page.goto('/perfil');
    await expect(sinSonidoSwitch(page)).not.toBeChecked();
  });

  test('off (the default): the same steps do play sound, and show the same cues', async ({ page }) => {
    await page.goto('/perfil');
    await expect(sinSonidoSwitch(page)).not.toBeChecked();
    await openLevelAndWord(page);
    // The level-start sound played (howler, HTML5 audio).
    await expect.poll(async () => (await soundLog(page)).audibleMediaPlays).toBeGreaterThanOrEqual(1);
    const before = (await soundLog(page)).audibleMediaPlays;

    const listen = page.getByRole('button', { name: /^Escuchar "perro" en español/ });
    await expect(listen).toBeEnabled();
    await expect(listen).toHaveText('Escuchar');
    await listen.click();
    await expect(listen).toHaveAttribute('data-state', 'playing');
    await expect(listen).toHaveText('Sonando…');
    await expect(listen.getByTestId('sound-waves')).toBeVisible();
    await expect.poll(async () => (await soundLog(page)).audibleMediaPlays).toBeGreaterThan(before);
    // When the audio ends the button is ready again.
    await expect(listen).toHaveText('Escuchar', { timeout: 35_000 });

    const levelId = new URL(page.url()).pathname.split('/')[2]!;
    const cues = await playHangman(page, levelId);
    expect(cues.map((c) => c.cue)).toEqual(expect.arrayContaining(['level', 'wrong']));
    expect(cues.every((c) => c.volume > 0)).toBe(true);
    const log = await soundLog(page);
    expect(log.contexts).toBeGreaterThanOrEqual(1);
    expect(log.howls).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await soundLog(page)).sourceStarts).toBeGreaterThanOrEqual(1);
  });
});
