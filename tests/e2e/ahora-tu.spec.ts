import { writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, signUpChild, test, watchTexts } from './fixtures';
import { controlled } from './sw-helpers';
import config from '../../playwright.config';
import { AHORA_MSG } from '../../src/client/learner/ahoraTu/AhoraTuDialog';
import { HAND_MODEL_PATH } from '../../src/client/learner/ahoraTu/modelFiles';

/**
 * "¡Ahora tú!" on the word page with Chromium's fake camera and the real hand model (served by the
 * app). The demo signs are drawn placeholders (public/demo/LICENSE.md), yet the real model finds
 * their drawn hands, so the reference track is computed and the dialog records; the camera's clip
 * shows no hand, so the child gets the calm "no veo tu mano" (and, with no score, nothing is sent).
 * A camera showing real hands (stars, hint, the score sent) is ahora-tu-manos.spec.ts.
 */

/** A clip with no hand in it: a soft gradient and a grey box drifting (raw I420 y4m, 10 fps). */
function noHandClip(): string {
  const W = 320;
  const H = 240;
  const frames = 20;
  const dir = path.join(os.tmpdir(), 'manitas-e2e');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'sin-mano.y4m');
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let f = 0; f < frames; f++) {
    const y = Buffer.alloc(W * H);
    for (let r = 0; r < H; r++)
      for (let c = 0; c < W; c++) {
        const inBox = c > 40 + f * 6 && c < 110 + f * 6 && r > 90 && r < 160;
        y[r * W + c] = inBox ? 90 : 150 + Math.round((60 * r) / H);
      }
    parts.push(Buffer.from('FRAME\n'), y, Buffer.alloc((W / 2) * (H / 2), 128), Buffer.alloc((W / 2) * (H / 2), 128));
  }
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

const baseArgs = config.use?.launchOptions?.args ?? [];
const launchWith = (args: string[]) => ({ ...config.use?.launchOptions, args: [...baseArgs, ...args] });

async function openWord(page: Page, level: string, word: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: `Empezar ${level}` }).click();
  await page.getByRole('button', { name: `Empezar ${word}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: word })).toBeVisible();
}

/** Every request the page makes, with whether its body holds an image (none may). */
function watchRequests(page: Page) {
  const seen: { url: string; method: string; image: boolean }[] = [];
  page.on('request', (req: Request) => {
    const body = req.postDataBuffer();
    const type = req.headers()['content-type'] ?? '';
    const image = /image\/|multipart\/form-data|application\/octet-stream/.test(type) || (!!body && isImageBytes(body));
    seen.push({ url: req.url(), method: req.method(), image });
  });
  return seen;
}
const isImageBytes = (b: Buffer) =>
  b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ||
  b.subarray(0, 4).toString('latin1') === '\x89PNG' ||
  b.subarray(0, 4).toString('latin1') === 'RIFF' ||
  b.subarray(0, 3).toString('latin1') === 'GIF';

// Launch options are per worker, so per file: Chromium's stand-in camera fed from the no-hand clip.
// No --use-fake-ui-for-media-stream: it says "Permitir" to every request, so the refused camera could
// not be tested; the permission is granted per context instead.
test.use({
  launchOptions: launchWith(['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${noHandClip()}`]),
  permissions: ['camera'],
});

test.describe('with a camera that sees no hand', () => {
  test('the model loads only when the child opens "¡Ahora tú!", from the app itself; 3-2-1, and a clip with no hand gets the calm "no veo tu mano"; the lesson goes on; nothing is sent', async ({
    page,
    baseURL,
  }) => {
    await signUpChild(page);
    const requests = watchRequests(page);
    await openWord(page, 'Animales', 'perro');
    const modelRequests = () => requests.filter((r) => new URL(r.url).pathname.startsWith(HAND_MODEL_PATH));
    expect(modelRequests(), 'the word page alone loads no model').toEqual([]);

    const before = requests.length;
    const opened = Date.now();
    await page.getByRole('button', { name: '¡Ahora tú!' }).click();
    const dialog = page.getByTestId('ahora-dialogo');
    await expect(dialog.getByRole('heading', { name: '¡Ahora tú! · perro' })).toBeVisible();
    // The camera's picture is shown as a mirror.
    await expect(dialog.getByTestId('ahora-camara')).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
    // The reference track comes from the sign's own pictures (the real model on the drawn GIF).
    const countdownSeen = await watchTexts(page, '[data-testid="ahora-cuenta"]');
    await dialog.getByRole('button', { name: '¡Empezar!' }).click({ timeout: 60_000 });
    const loadMs = Number(await dialog.getAttribute('data-modelo-ms'));
    console.log(`¡Ahora tú!: model loaded in ${loadMs} ms (ready ${Date.now() - opened} ms after the click, reference track included)`);
    expect(loadMs).toBeGreaterThan(0);
    // The clip has no hand: the calm message, with "Otra vez" and "Seguir", never a score.
    const notice = dialog.getByTestId('ahora-aviso');
    await expect(notice).toHaveAttribute('data-aviso', 'sinMano', { timeout: 30_000 });
    // Before it, 3-2-1, big, then the recording (about the sign's length: too short to catch here).
    expect(await countdownSeen()).toEqual(['3', '2', '1']);
    await expect(notice).toContainText(AHORA_MSG.sinMano);
    await expect(dialog.getByTestId('ahora-estrellas')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Otra vez' })).toBeVisible();
    const fps = Number(await dialog.getAttribute('data-fps'));
    console.log(`¡Ahora tú!: tracking at ${fps} pictures a second; comparison ${await dialog.getAttribute('data-comparacion-ms')} ms`);
    expect(fps).toBeGreaterThan(2);

    // The model came from the app's own origin, whole.
    const files = modelRequests().map((r) => new URL(r.url).pathname.slice(HAND_MODEL_PATH.length));
    expect(files).toEqual(
      expect.arrayContaining(['hands.js', 'hands_solution_simd_wasm_bin.wasm', 'hands_solution_packed_assets.data', 'hand_landmark_lite.tflite']),
    );
    const during = requests.slice(before);
    const origin = new URL(baseURL!).origin;
    expect(during.filter((r) => !r.url.startsWith('blob:') && !r.url.startsWith('data:') && new URL(r.url).origin !== origin)).toEqual([]);
    // Nothing leaves the page while practising: no write at all, and no request carries an image.
    // (The word page's own "seen" marks may land meanwhile; they carry ids only.)
    const pageOwnWrites = /\/api\/(repaso|progreso)\/visto$/;
    expect(during.filter((r) => r.method !== 'GET' && !pageOwnWrites.test(new URL(r.url).pathname))).toEqual([]);
    expect(requests.filter((r) => r.image)).toEqual([]);

    // "Seguir" closes the dialog: the word page is still there and the camera is released.
    await dialog.getByRole('button', { name: 'Seguir' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'perro' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeVisible();
  });
});

test.describe('a sign whose hands the model barely finds', () => {
  test('"¡Ahora tú!" says at once that it cannot be practised yet: no countdown, no recording, nothing sent', async ({ page }) => {
    await signUpChild(page);
    const requests = watchRequests(page);
    // The demo's león is drawn with its hands clasped: the model finds them in 4 of its 16 pictures,
    // fewer than the comparison needs (compare.ts, MIN_HAND_FRAMES and MIN_HAND_SHARE).
    await openWord(page, 'Animales', 'león');
    const before = requests.length;
    await page.getByRole('button', { name: '¡Ahora tú!' }).click();
    const dialog = page.getByTestId('ahora-dialogo');
    await expect(dialog.getByRole('heading', { name: '¡Ahora tú! · león' })).toBeVisible();
    const notice = dialog.getByTestId('ahora-aviso');
    await expect(notice).toHaveAttribute('data-aviso', 'sinReferencia', { timeout: 60_000 });
    await expect(notice).toContainText(AHORA_MSG.sinReferencia);
    await expect(dialog.getByRole('button', { name: '¡Empezar!' })).toHaveCount(0);
    await expect(dialog.getByTestId('ahora-cuenta')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Otra vez' })).toHaveCount(0);
    const pageOwnWrites = /\/api\/(repaso|progreso)\/visto$/;
    expect(requests.slice(before).filter((r) => r.method !== 'GET' && !pageOwnWrites.test(new URL(r.url).pathname))).toEqual([]);
    await dialog.getByRole('button', { name: 'Seguir' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'león' })).toBeVisible();
  });
});

test.describe('with the camera refused', () => {
  // No permission: headless Chromium answers the camera's question with "Bloquear".
  test.use({ permissions: [] });

  test('a calm message with a picture, no model downloaded, and the lesson goes on', async ({ page }) => {
    await signUpChild(page);
    const requests = watchRequests(page);
    await openWord(page, 'Animales', 'gato');
    await page.getByRole('button', { name: '¡Ahora tú!' }).click();
    const notice = page.getByTestId('ahora-aviso');
    await expect(notice).toHaveAttribute('data-aviso', 'negada');
    await expect(notice).toContainText(AHORA_MSG.negada);
    await expect(page.getByRole('button', { name: 'Otra vez' })).toHaveCount(0);
    expect(requests.filter((r) => new URL(r.url).pathname.startsWith(HAND_MODEL_PATH))).toEqual([]);
    await page.getByRole('button', { name: 'Seguir' }).click();
    await expect(page.getByTestId('ahora-dialogo')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'gato' })).toBeVisible();
  });
});

test.describe('offline, after the first open', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the model and the sign come from the device: "¡Ahora tú!" still gets ready and records', async ({ page, context }) => {
    await signUpChild(page);
    await page.goto('/home');
    await controlled(page, { reload: true });
    await page.getByRole('button', { name: 'Empezar Animales' }).click();
    await page.getByRole('button', { name: 'Descargar para usar sin conexión' }).click();
    await expect(page.getByText('Disponible sin conexión')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Empezar perro' }).click();
    // Online, the first open: the service worker keeps the model as it arrives.
    await page.getByRole('button', { name: '¡Ahora tú!' }).click();
    const dialog = page.getByTestId('ahora-dialogo');
    await expect(dialog.getByRole('button', { name: '¡Empezar!' })).toBeVisible({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'perro' })).toBeVisible();
    await page.getByRole('button', { name: '¡Ahora tú!' }).click();
    await expect(dialog.getByRole('button', { name: '¡Empezar!' })).toBeVisible({ timeout: 60_000 });
    // Nothing (the offline bar included) lies over the dialog's button: a tap at its centre reaches it.
    const start = dialog.getByRole('button', { name: '¡Empezar!' });
    const box = (await start.boundingBox())!;
    const onTop = await start.evaluate(
      (el, p) => {
        const hit = document.elementFromPoint(p.x, p.y);
        return !!hit && (hit === el || el.contains(hit));
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(onTop, '¡Empezar! is what a tap at its centre reaches').toBe(true);
    console.log(`¡Ahora tú!: model loaded from the device's cache in ${await dialog.getAttribute('data-modelo-ms')} ms`);
    await dialog.getByRole('button', { name: '¡Empezar!' }).click();
    await expect(dialog.getByTestId('ahora-aviso')).toHaveAttribute('data-aviso', 'sinMano', { timeout: 30_000 });
    await context.setOffline(false);
  });
});
