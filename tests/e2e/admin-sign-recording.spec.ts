import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { test, expect, loginAs, apiHeaders, signUpChild, axe } from './fixtures';
import { cameraLaunchOptions, createWord, deleteWordWithMedia, openWordMediaFromList, recordSign, slotCard, uploadIntoSlot, wordMedia } from './media-helpers';
import { formatBytes } from '../../src/client/admin/media/mediaRules';

/**
 * A word's media page (six slots, drop/choose a file, previews, sizes) and "Grabar seña"
 * with Chromium's stand-in camera.
 */
test.use({ launchOptions: cameraLaunchOptions() });

/** Serious or critical accessibility violations inside `selector` (axe-core). */
async function seriousViolations(page: import('@playwright/test').Page, selector: string) {
  const r = await axe(page).include(selector).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const PNG = path.resolve('public/demo/palabras/gato/img-es.png');
const SIGN = 'Seña (GIF o video)';
const run = () => Math.random().toString(36).slice(2, 7);

/** The stored file's bytes, through the URL the page uses. */
async function storedBytes(page: import('@playwright/test').Page, url: string) {
  const res = await page.request.get(`/${url}`);
  expect(res.status()).toBe(200);
  return res.body();
}

test('media page: a picture chosen into its slot, then a sign recorded with the camera, trimmed and saved as video, which the child then plays at 0,5× and mirrored', async ({
  page,
  browser,
}) => {
  const WORD = `Saludo ${run()}`;
  // Keeps every camera stream the page opens, to check that closing the dialog releases it.
  await page.addInitScript(() => {
    const md = navigator.mediaDevices;
    const streams: MediaStream[] = ((window as unknown as { __streams: MediaStream[] }).__streams = []);
    const original = md.getUserMedia.bind(md);
    md.getUserMedia = async (c) => {
      const s = await original(c);
      streams.push(s);
      return s;
    };
  });
  await loginAs(page, 'admin');
  const word = await createWord(page, WORD, 'Greeting');
  try {
    await openWordMediaFromList(page, WORD);
    for (const label of ['Seña (GIF o video)', 'GIF del menú', 'Imagen (español)', 'Imagen (inglés)', 'Audio (español)', 'Audio (inglés)']) {
      await expect(slotCard(page, label)).toContainText('Vacía');
      await expect(slotCard(page, label)).toContainText('Arrastra un archivo aquí o pulsa para elegirlo');
    }
    await expect(page.getByRole('link', { name: 'Volver a Palabras' })).toHaveAttribute('href', '/admin/palabra');

    // A file of the wrong kind: a Spanish message, nothing sent.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/multimedia/')) sent.push(`${r.method()} ${r.url()}`);
    });
    await slotCard(page, 'Imagen (inglés)').locator('input[type=file]').setInputFiles(path.resolve('public/demo/palabras/gato/audio-en.mp3'));
    await expect(slotCard(page, 'Imagen (inglés)').getByRole('alert')).toHaveText(
      '«audio-en.mp3» no sirve para «Imagen (inglés)». Elige un archivo JPG, PNG o GIF.',
    );
    expect(sent.filter((s) => !s.startsWith('GET'))).toEqual([]);

    // A PNG into "Imagen (español)": registered, previewed, its size shown.
    await uploadIntoSlot(page, 'Imagen (español)', PNG, /Multimedia registrada exitosamente\./);
    const img = slotCard(page, 'Imagen (español)').getByRole('img', { name: `Imagen (español) de ${WORD}` });
    await expect(img).toHaveAttribute('src', /\/uploads\/multimedia\/.+\.png$/);
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
    const pic = (await wordMedia(page, word.id)).find((m) => m.descripcion === 'imgEspanol')!;
    expect(pic.tipo).toBe('imagen');
    // The size from the server (`tamano`) in Spanish; rows without one say only that the slot is filled.
    await expect(slotCard(page, 'Imagen (español)').getByTestId('tamano')).toHaveText(formatBytes(pic.tamano) ?? 'Con archivo');

    // An audio chosen with the keyboard (the drop zone is a button: Enter opens the file chooser),
    // previewed as a player.
    const audioZone = slotCard(page, 'Audio (español)').getByRole('button', { name: /^Subir archivo de Audio \(español\)/ });
    const chooser = page.waitForEvent('filechooser');
    await audioZone.press('Enter');
    await (await chooser).setFiles(path.resolve('public/demo/palabras/gato/audio-es.mp3'));
    await expect(page.getByRole('alert').filter({ hasText: 'Multimedia registrada exitosamente.' }).first()).toBeVisible();
    await expect(slotCard(page, 'Audio (español)').getByLabel(`Audio (español) de ${WORD}`)).toHaveAttribute('src', /\/uploads\/multimedia\/.+\.mp3$/);

    // The menu GIF dropped onto its zone (a real drop event carrying the file), previewed as a picture.
    const gif = (await readFile(path.resolve('public/demo/palabras/gato/menu.gif'))).toString('base64');
    const dataTransfer = await page.evaluateHandle((b64) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'menu.gif', { type: 'image/gif' }));
      return dt;
    }, gif);
    const menuZone = slotCard(page, 'GIF del menú').getByRole('button', { name: /^Subir archivo de GIF del menú/ });
    await menuZone.dispatchEvent('dragenter', { dataTransfer });
    await menuZone.dispatchEvent('drop', { dataTransfer });
    await expect(slotCard(page, 'GIF del menú').getByRole('img', { name: `GIF del menú de ${WORD}` })).toHaveAttribute(
      'src',
      /\/uploads\/multimedia\/.+\.gif$/,
    );

    // The sign, recorded: countdown, ~2 s, Parar, preview at 0,5×, trimmed, Guardar.
    const shots = async (stage: string) => {
      if (stage === 'review') expect(await seriousViolations(page, '[role=dialog]'), 'el diálogo de grabación').toEqual([]);
    };
    const kept = await recordSign(page, WORD, { recordMs: 2200, speed: '0,5×', trimStart: 3, trimEnd: 2, onStage: (s) => shots(s) });
    await expect(page.getByRole('alert').filter({ hasText: 'Multimedia registrada exitosamente.' }).first()).toBeVisible();
    // The camera is off again once the dialog has closed.
    const tracks = () =>
      page.evaluate(() => (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((st) => st.getTracks().map((t) => t.readyState)));
    expect(await tracks()).toContain('ended');
    expect(await tracks()).not.toContain('live');
    const signCard = slotCard(page, SIGN);
    await expect(signCard.getByTestId('tamano')).toBeVisible();
    await expect(signCard.getByLabel(`Seña de ${WORD}`)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    // The top bar slides back in: wait until it is whole on screen (its slide is slower under load).
    await expect(page.getByRole('banner')).toBeInViewport({ ratio: 1 });
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // Through the API: the word's gifSena is one video row with a real WebM/MP4 file behind it.
    const signs = (await wordMedia(page, word.id)).filter((m) => m.descripcion === 'gifSena');
    expect(signs).toHaveLength(1);
    expect(signs[0]!.tipo).toBe('video');
    expect(signs[0]!.url).toMatch(/^uploads\/multimedia\/.+\.(webm|mp4)$/);
    const bytes = await storedBytes(page, signs[0]!.url);
    expect(bytes.length).toBeGreaterThan(1000);
    if (typeof signs[0]!.tamano === 'number') expect(signs[0]!.tamano).toBe(bytes.length);
    const isWebm = bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const isMp4 = bytes.subarray(4, 8).toString('latin1') === 'ftyp';
    expect(isWebm || isMp4).toBe(true);
    // The trimmed clip plays in the browser and lasts what was kept (0,5 s less than recorded).
    expect(kept.start).toBe(3);
    expect(kept.end).toBe(kept.total - 2);
    const seconds = await page.evaluate(async (src) => {
      const v = document.createElement('video');
      v.muted = true;
      v.src = src;
      await new Promise((r, j) => {
        v.onloadedmetadata = r;
        v.onerror = j;
      });
      // A recorder's WebM carries no duration until it has been read to the end.
      if (!Number.isFinite(v.duration)) {
        v.currentTime = 1e6;
        await new Promise((r) => {
          v.ondurationchange = r;
          setTimeout(r, 3000);
        });
      }
      return v.duration;
    }, `/${signs[0]!.url}`);
    expect(seconds).toBeGreaterThan((kept.end - kept.start) / 10 - 0.35);
    expect(seconds).toBeLessThan((kept.end - kept.start) / 10 + 0.35);
    expect(seconds).toBeLessThan(kept.total / 10);

    // The child's side: the recorded sign plays in the word detail, at 0,5× and mirrored, and steps
    // one frame at a time while paused.
    const childContext = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'es-ES', viewport: { width: 1280, height: 800 } });
    const child = await childContext.newPage();
    try {
      await signUpChild(child);
      await child.goto(`/menuletra/${word.idNivel}/${word.id}`);
      await expect(child.getByRole('heading', { level: 1, name: WORD })).toBeVisible();
      const player = child.getByRole('region', { name: 'Seña' }).getByTestId('sign-player');
      const video = player.getByTestId('sign-video');
      await expect(player).toHaveAttribute('data-ready', 'true');
      await expect(video).toHaveAttribute('src', `/${signs[0]!.url}`);
      const state = () =>
        video.evaluate((v: HTMLVideoElement) => ({ rate: v.playbackRate, paused: v.paused, time: v.currentTime, transform: getComputedStyle(v).transform }));
      await expect.poll(async () => (await state()).time).toBeGreaterThan(0);
      await player.getByRole('button', { name: '0,5×' }).click();
      await player.getByRole('button', { name: 'Espejo' }).click();
      await expect.poll(async () => (await state()).rate).toBe(0.5);
      await expect.poll(async () => (await state()).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
      await player.getByRole('button', { name: 'Pausar' }).click();
      await expect.poll(async () => (await state()).paused).toBe(true);
      const at = (await state()).time;
      await player.getByRole('button', { name: at > 0.5 ? 'Retroceder un cuadro' : 'Avanzar un cuadro' }).click();
      await expect.poll(async () => Math.abs((await state()).time - at)).toBeGreaterThan(0.01);
    } finally {
      await childContext.close();
    }

    // Eliminar asks first, then empties the slot.
    await slotCard(page, 'Imagen (español)').getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Estás seguro?' });
    await confirm.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Multimedia eliminada exitosamente.' }).first()).toBeVisible();
    await expect(slotCard(page, 'Imagen (español)')).toContainText('Vacía');
    expect((await wordMedia(page, word.id)).map((m) => m.descripcion).sort()).toEqual(['audioEspanol', 'gifSena', 'gifmenu']);
  } finally {
    await deleteWordWithMedia(page, word);
  }
});

test('tablet portrait (768×1024): from the word form to its media, a sign recorded whole, then recorded again over it', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  const WORD = `Gracias ${run()}`;
  await loginAs(page, 'admin');
  const word = await createWord(page, WORD, 'Thanks');
  try {
    await page.goto(`/admin/palabra/${word.id}`);
    await page.getByRole('link', { name: 'Multimedia de la palabra' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/palabra/${word.id}/multimedia$`));
    await expect(page.getByRole('heading', { level: 1, name: `Multimedia de «${WORD}»` })).toBeVisible();
    // One column of slots at this width.
    const boxes = await Promise.all(['Seña (GIF o video)', 'GIF del menú'].map((l) => slotCard(page, l).boundingBox()));
    expect(Math.abs(boxes[0]!.x - boxes[1]!.x)).toBeLessThan(2);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);

    // Whole clip: uploaded as recorded, no trimming pass.
    const whole = await recordSign(page, WORD, { recordMs: 1500, speed: '1×' });
    await expect(page.getByRole('alert').filter({ hasText: 'Multimedia registrada exitosamente.' }).first()).toBeVisible();
    const first = (await wordMedia(page, word.id)).filter((m) => m.descripcion === 'gifSena');
    expect(first).toHaveLength(1);
    expect(first[0]!.tipo).toBe('video');
    // Its hand track is computed at once from the recording as the camera wrote it (a WebM that
    // states no length of its own): it spans the stored file's frames (read here by Mediabunny; the
    // recording runs longer than the test's 1.5 s when the machine is busy), one frame every 100 ms.
    const status = slotCard(page, 'Seña (GIF o video)').getByTestId('trazo-estado');
    await expect(status).toHaveText('Trazo listo', { timeout: 120_000 });
    const trazo = await page.request.get(`/api/trazo?url=${encodeURIComponent(first[0]!.url)}`, { headers: await apiHeaders(page) });
    expect(trazo.status(), await trazo.text()).toBe(200);
    const { ms, track } = (await trazo.json()).data as { ms: number; track: unknown[] };
    const fileSeconds = await new Input({ source: new BufferSource(await storedBytes(page, first[0]!.url)), formats: ALL_FORMATS }).computeDuration();
    expect(Math.abs(ms - fileSeconds * 1000)).toBeLessThanOrEqual(100);
    expect(track.length).toBe(Math.floor(ms / 100) + 1);
    // The review's total (the trim's last value, in tenths) was the whole file, to its last frame:
    // held to the recorder's late start event, it came up to 1,9 s short on a busy machine.
    expect(Math.abs(whole.total * 100 - fileSeconds * 1000)).toBeLessThanOrEqual(150);

    // Again: the same row is updated, the word keeps one sign.
    await recordSign(page, WORD, { recordMs: 1200, trimEnd: 3 });
    await expect(page.getByRole('alert').filter({ hasText: 'Multimedia actualizada exitosamente.' }).first()).toBeVisible();
    const second = (await wordMedia(page, word.id)).filter((m) => m.descripcion === 'gifSena');
    expect(second).toHaveLength(1);
    expect(second[0]!.id).toBe(first[0]!.id);
    expect(second[0]!.url).not.toBe(first[0]!.url);
    expect((await storedBytes(page, second[0]!.url)).length).toBeGreaterThan(1000);
  } finally {
    await deleteWordWithMedia(page, word);
  }
});

/**
 * "Grabar seña" opened by an admin on the demo word «gato» (read only: these tests save nothing).
 * Returns the dialog.
 */
async function openRecordingOnDemoWord(page: import('@playwright/test').Page) {
  await loginAs(page, 'admin');
  const headers = await apiHeaders(page);
  const words = (await (await page.request.get('/api/palabra/getPalabras', { headers })).json()).data as { id_palabra: number; palabraEspanol: string }[];
  const gato = words.find((w) => w.palabraEspanol.toLowerCase() === 'gato')!;
  await page.goto(`/admin/palabra/${gato.id_palabra}/multimedia`);
  await slotCard(page, SIGN).getByRole('button', { name: 'Grabar seña' }).click();
  return page.getByRole('dialog', { name: `Grabar seña de «${gato.palabraEspanol}»` });
}

test('"Parar" before the recorder has handed over anything: it waits for the first frame, then the preview; no empty recording', async ({ page }) => {
  // A busy tablet whose recorder has not handed over its first bytes when "Parar" is pressed: the
  // page's dataavailable events are held (in order) until the test lets them go. Stopped at that
  // moment, the recording would hold nothing ("No se pudo grabar el video").
  await page.addInitScript(() => {
    const w = window as unknown as { __holdRecorderData: boolean; __releaseRecorderData: () => void };
    const held: (() => void)[] = [];
    w.__holdRecorderData = true;
    w.__releaseRecorderData = () => {
      w.__holdRecorderData = false;
      held.splice(0).forEach((deliver) => deliver());
    };
    const handlers = new WeakMap<MediaRecorder, ((e: BlobEvent) => void) | null>();
    Object.defineProperty(MediaRecorder.prototype, 'ondataavailable', {
      configurable: true,
      get(this: MediaRecorder) {
        return handlers.get(this) ?? null;
      },
      set(this: MediaRecorder, fn: ((e: BlobEvent) => void) | null) {
        if (!handlers.has(this)) {
          this.addEventListener('dataavailable', (e) => {
            const deliver = () => handlers.get(this)?.call(this, e);
            if (w.__holdRecorderData) held.push(deliver);
            else deliver();
          });
        }
        handlers.set(this, fn);
      },
    });
  });
  const dialog = await openRecordingOnDemoWord(page);
  await expect.poll(() => dialog.getByLabel('Imagen de la cámara').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Empezar' }).click();
  await expect(dialog.getByText('Grabando')).toBeVisible();
  await page.waitForTimeout(1000);
  await dialog.getByRole('button', { name: 'Parar' }).click();
  // Nothing handed over yet: the recorder goes on until it is, and the dialog says it is busy.
  await expect(dialog.getByRole('status').filter({ hasText: 'Preparando la vista previa…' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Parar' })).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __holdRecorderData: boolean }).__holdRecorderData)).toBe(true);
  await page.evaluate(() => (window as unknown as { __releaseRecorderData: () => void }).__releaseRecorderData());
  // The first bytes came: it stopped, and the recording is there to review.
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Repetir' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(() =>
      dialog
        .getByTestId('vista-previa-grabacion')
        .locator('video')
        .evaluate((v: HTMLVideoElement) => v.src.startsWith('blob:') && v.readyState >= 2),
    )
    .toBe(true);
  // Closed without Guardar: the demo word keeps what it had.
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialog).toBeHidden();
});

test.describe('without a camera', () => {
  test('camera permission blocked: the Spanish message, and nothing recorded', async ({ page }) => {
    await page.addInitScript(() => {
      const md = navigator.mediaDevices;
      if (md) md.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const dialog = await openRecordingOnDemoWord(page);
    await expect(dialog.getByRole('alert')).toHaveText(
      'No se pudo usar la cámara: el permiso está bloqueado. Permite la cámara en el navegador e inténtalo de nuevo.',
    );
    await expect(dialog.getByRole('button', { name: 'Empezar' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(dialog).toBeHidden();
  });

  test('no camera API on this page (http on a LAN address): says to use https or another browser', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined, configurable: true });
    });
    const dialog = await openRecordingOnDemoWord(page);
    await expect(dialog.getByRole('alert')).toHaveText('Este navegador no puede grabar video aquí. Abre Manitas con https o en otro navegador.');
  });
});

test('the media page follows the word admin access: a profesor is sent to /errorPage', async ({ page }) => {
  await loginAs(page, 'profesor');
  await page.goto('/admin/palabra/1/multimedia');
  await expect(page).toHaveURL(/\/errorPage$/);
});
