/**
 * Back-office steps of the word media page and "Grabar seña", shared by the e2e specs
 * (admin-sign-recording.spec.ts; the learner half reuses them).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { apiHeaders, makeLevel, watchTexts } from './fixtures';

/** Chromium's stand-in camera (a moving test picture) and an automatic "Permitir". */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** The config's launch options (Debian's chromium and its flags) plus the fake camera. */
export function cameraLaunchOptions() {
  const base = config.use?.launchOptions ?? {};
  return { ...base, args: [...(base.args ?? []), ...FAKE_CAMERA_ARGS] };
}

export interface MediaRow {
  id: number;
  tipo: string;
  descripcion: string;
  url: string;
  tamano?: number | null;
}

/** Creates a word in the demo level `nivel` (through the API) and returns its id and name. */
/**
 * A word made for the test through the API, in `nivel` (a level's name) or, by default, in a level
 * of its own: a word added to a demo level for a moment would change the word counts that the
 * learner specs, running beside, read there.
 */
export async function createWord(page: Page, palabraEspanol: string, palabraIngles: string, nivel?: string) {
  const headers = await apiHeaders(page);
  let idNivel: number | undefined;
  if (nivel) {
    const niveles = (await (await page.request.get('/api/nivel/getNivels', { headers })).json()).data as { id_nivel: number; nombre_nivel: string }[];
    idNivel = niveles.find((n) => n.nombre_nivel === nivel)?.id_nivel;
    expect(idNivel, `el nivel ${nivel}`).toBeTruthy();
  } else idNivel = (await makeLevel(page, `Nivel de ${palabraEspanol}`)).id_nivel;
  const res = await page.request.post('/api/palabra/register', { headers, data: { palabraEspanol, palabraIngles, id_nivel: idNivel } });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { id: Number(body.data.id_palabra), palabraEspanol, idNivel: idNivel!, ownLevel: !nivel };
}

/** The word's media rows, as the learner screens read them. */
export async function wordMedia(page: Page, idPalabra: number): Promise<MediaRow[]> {
  const res = await page.request.get(`/api/multimedia/palabra/${idPalabra}`, { headers: await apiHeaders(page) });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

/** Removes a test word and its media (a word with media cannot be deleted). */
export async function deleteWordWithMedia(page: Page, word: { id: number; idNivel: number; ownLevel: boolean }) {
  const headers = await apiHeaders(page);
  for (const m of await wordMedia(page, word.id)) await page.request.delete(`/api/multimedia/delete/${m.id}`, { headers });
  await page.request.delete(`/api/palabra/delete/${word.id}`, { headers });
  if (word.ownLevel) await page.request.delete(`/api/nivel/delete/${word.idNivel}`, { headers });
}

/** Palabras → search the word → its row's "Multimedia" button → the media page. */
export async function openWordMediaFromList(page: Page, word: string) {
  await page.goto('/admin/palabra');
  await page
    .getByRole('main')
    .getByPlaceholder(/^Buscar /)
    .fill(word);
  // Wait until the list shows the search (react-admin applies it 500 ms after the last key; one
  // still pending when the row's link is clicked would bring the list back).
  await page.waitForURL((u) => {
    try {
      return (JSON.parse(u.searchParams.get('filter') ?? '{}') as { q?: string }).q === word;
    } catch {
      return false;
    }
  });
  const row = page.getByRole('row').filter({ hasText: word });
  // The searched list: the header row and the word's.
  await expect(page.getByRole('main').getByRole('row')).toHaveCount(2);
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'Multimedia' }).click();
  await expect(page).toHaveURL(/\/admin\/palabra\/\d+\/multimedia$/);
  await expect(page.getByRole('heading', { level: 1, name: `Multimedia de «${word}»` })).toBeVisible();
}

/** A slot card on the media page, by its label ("Imagen (español)", "Seña (GIF o video)"...). */
export const slotCard = (page: Page, label: string): Locator => page.getByRole('region', { name: label, exact: true });

/** Chooses `file` in a slot (as the file chooser does) and waits for the upload's toast. */
export async function uploadIntoSlot(page: Page, label: string, file: string, toast: RegExp = /Multimedia (registrada|actualizada) exitosamente\./) {
  await slotCard(page, label).locator('input[type=file]').setInputFiles(file);
  await expect(page.getByRole('alert').filter({ hasText: toast }).first()).toBeVisible();
}

export interface RecordOptions {
  /** About how long to record before "Parar" (ms). */
  recordMs?: number;
  /** Arrow presses on the trim handles (tenths of a second): start moves right, end moves left. */
  trimStart?: number;
  trimEnd?: number;
  /** Preview speed to pick before saving. */
  speed?: '0,5×' | '1×';
  /** Called at each stage (ready, recording, review) with the dialog, e.g. for an accessibility scan. */
  onStage?: (stage: 'ready' | 'recording' | 'review', dialog: Locator) => Promise<unknown>;
}

/**
 * "Grabar seña" on the open media page: camera, Empezar, the 3-2-1 countdown, recording, Parar,
 * preview speed, trim, then Guardar; waits until the dialog has closed after the upload.
 */
export async function recordSign(page: Page, word: string, opts: RecordOptions = {}) {
  await slotCard(page, 'Seña (GIF o video)').getByRole('button', { name: 'Grabar seña' }).click();
  const dialog = page.getByRole('dialog', { name: `Grabar seña de «${word}»` });
  await expect(dialog).toBeVisible();
  const empezar = dialog.getByRole('button', { name: 'Empezar' });
  await expect(empezar).toBeEnabled();
  // The camera's picture is playing before anything is recorded.
  // A camera can take seconds to give its first frame (a busy tablet, a busy test machine): 30 s.
  await expect.poll(() => dialog.getByLabel('Imagen de la cámara').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  await opts.onStage?.('ready', dialog);
  // Each number is up for one second: a poll can fall between two of them on a busy machine, so the
  // page itself writes down every number it showed.
  const countdownSeen = await watchTexts(page, '[data-testid="cuenta-atras"]');
  await empezar.click();
  const parar = dialog.getByRole('button', { name: 'Parar' });
  await expect(parar).toBeVisible();
  expect(await countdownSeen()).toEqual(['3', '2', '1']);
  await expect(dialog.getByText('Grabando')).toBeVisible();
  await expect(dialog.getByRole('timer')).toHaveText(/Quedan [1-6] s/);
  await page.waitForTimeout(Math.max(0, (opts.recordMs ?? 2000) - 800));
  await opts.onStage?.('recording', dialog);
  await page.waitForTimeout(800);
  await parar.click();

  // A recording that failed says why only in the console (on screen one message for all causes):
  // the fixtures attach the page's console to a failed test.
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Repetir' })).toBeVisible();
  // The preview plays the recording (a blob: video in the sign player).
  const preview = dialog.getByTestId('vista-previa-grabacion');
  await expect.poll(() => preview.locator('video').evaluate((v: HTMLVideoElement) => v.src.startsWith('blob:') && v.readyState >= 2)).toBe(true);
  if (opts.speed) {
    await dialog.getByRole('button', { name: opts.speed, exact: true }).click();
    await expect(dialog.getByRole('button', { name: opts.speed, exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  // Each press moves its handle one tenth: the handles end where the presses put them (a recording
  // measured too short to trim would be saved whole, and the check below for the cut would fail
  // without saying why).
  const recordedTenths = Number(await dialog.getByRole('slider', { name: 'Fin del recorte' }).getAttribute('aria-valuemax'));
  for (const [name, presses, key, expected] of [
    ['Inicio del recorte', opts.trimStart ?? 0, 'ArrowRight', opts.trimStart ?? 0],
    ['Fin del recorte', opts.trimEnd ?? 0, 'ArrowLeft', recordedTenths - (opts.trimEnd ?? 0)],
  ] as const) {
    if (!presses) continue;
    const slider = dialog.getByRole('slider', { name });
    await slider.focus();
    for (let i = 0; i < presses; i++) await slider.press(key);
    await expect(slider, `${name} after ${presses} presses on a ${recordedTenths}-tenths recording`).toHaveAttribute('aria-valuenow', String(expected));
  }
  await opts.onStage?.('review', dialog);
  // What is kept, in tenths of a second (the trim slider's values) and the recording's length.
  const value = (name: string, attr: string) => dialog.getByRole('slider', { name }).getAttribute(attr).then(Number);
  const kept = {
    start: await value('Inicio del recorte', 'aria-valuenow'),
    end: await value('Fin del recorte', 'aria-valuenow'),
    total: await value('Fin del recorte', 'aria-valuemax'),
  };
  const trimmed = (opts.trimStart ?? 0) > 0 || (opts.trimEnd ?? 0) > 0;
  // Cutting a short clip can take less than a poll: the page writes down the progress it showed.
  const statusSeen = await watchTexts(page, '[role="dialog"] [role="status"]');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const shown = await statusSeen();
  expect(shown.some((t) => /^Recortando… \d+ %$/.test(t))).toBe(trimmed);
  expect(shown.some((t) => /^Subiendo… \d+ %$/.test(t))).toBe(true);
  return kept;
}
