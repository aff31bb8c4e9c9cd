/**
 * "Descargar para usar sin conexión": a child downloads a level from its menu (progress,
 * then "Disponible sin conexión"), /home marks it, and with the network gone the level still opens
 * from the tablet's caches under the calm "Sin conexión" banner, while a level never opened says it
 * needs the connection the first time. SHOTS_DIR=... also saves the screens at 768×1024 and 1280×800.
 *
 * The service worker is allowed in this spec only (playwright.config.ts blocks it elsewhere).
 */
import type { Page } from '@playwright/test';
import { test, expect, loginAs, signUpChild } from './fixtures';
import { controlled, expectLayerPushesPage, shot } from './sw-helpers';

test.use({ serviceWorkers: 'allow' });

const SHOTS = process.env.SHOTS_DIR;

async function levels(page: Page): Promise<{ id_nivel: number; nombre_nivel: string }[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/nivel/getNivels', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()).data;
}

test('a downloaded level opens offline; a level never opened explains it needs the connection', async ({ page, context }) => {
  await signUpChild(page);
  const [first, second] = await levels(page);
  expect(second, 'the demo has two levels at least').toBeTruthy();
  await page.goto(`/supmenu/${first!.id_nivel}`);
  await expect(page.getByTestId('word-card').first()).toBeVisible();
  await controlled(page);

  const button = page.getByRole('button', { name: 'Descargar para usar sin conexión' });
  await expect(button).toBeVisible();
  await button.scrollIntoViewIfNeeded();
  await shot(page, 'menu-descargar');

  // Every progress text the screen shows is kept, however fast the download runs.
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { __progress: string[] }).__progress = []);
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid="level-download"] [role="status"]')?.textContent;
      if (t && seen.at(-1) !== t) seen.push(t);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  if (SHOTS) {
    // Screenshots only: the files come slowly, so the progress can be photographed.
    await context.route('**/uploads/**', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
  }
  await button.click();
  if (SHOTS) {
    await page.getByText(/Descargando \d+ de \d+…/).waitFor();
    await shot(page, 'menu-descargando');
  }
  await expect(page.getByTestId('level-offline')).toHaveText('Disponible sin conexión', { timeout: 30_000 });
  const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
  const counts = progress.map((t) => /Descargando (\d+) de (\d+)…/.exec(t)).filter((m) => m !== null);
  expect(counts.length, progress.join(' | ')).toBeGreaterThan(1);
  const total = Number(counts.at(-1)![2]);
  expect(total).toBeGreaterThan(10); // the reads and the media of every word
  await page.getByTestId('level-offline').scrollIntoViewIfNeeded();
  await shot(page, 'menu-descargado');

  // What the caches hold: the level's words and at least one of its signs, nothing of /api/user/.
  const cached = await page.evaluate(async () => {
    const api = await (await caches.open('manitas-api')).keys();
    const media = await (await caches.open('manitas-media')).keys();
    return { api: api.map((r) => new URL(r.url).pathname), media: media.map((r) => new URL(r.url).pathname) };
  });
  expect(cached.api).toContain(`/api/palabra/nivel/${first!.id_nivel}`);
  expect(cached.api.some((p) => p.startsWith('/api/user/'))).toBe(false);
  expect(cached.media.length).toBeGreaterThan(0);
  expect(cached.media.every((p) => p.startsWith('/uploads/'))).toBe(true);

  // /home marks the downloaded level, and only it.
  await page.goto('/home');
  const card = page.getByTestId('level-card').filter({ hasText: first!.nombre_nivel });
  await expect(card.getByTestId('offline-badge')).toHaveText('Disponible sin conexión');
  await expect(page.getByTestId('level-card').filter({ hasText: second!.nombre_nivel }).getByTestId('offline-badge')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'home-insignia');

  // Offline: the downloaded level opens from the caches, under the banner.
  await context.setOffline(true);
  await page.goto(`/supmenu/${first!.id_nivel}`);
  await expect(page.getByTestId('word-card').first()).toBeVisible();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveAttribute('role', 'status');
  await expect(banner).toContainText('Sin conexión. Puedes seguir con los niveles descargados');
  // Its pictures come from the media cache too.
  await expect
    .poll(() =>
      page
        .locator('[data-testid="word-card"] img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId('level-offline')).toBeVisible();
  await shot(page, 'sin-conexion');

  // A level never opened on this tablet.
  await page.goto(`/supmenu/${second!.id_nivel}`);
  await expect(page.getByTestId('level-not-downloaded')).toHaveText(
    'Este nivel no está descargado en esta tableta. Necesitas conexión para abrirlo la primera vez.',
  );
  await expect(page.getByText('No se pudo cargar este nivel')).toHaveCount(0);
  await shot(page, 'nivel-no-descargado');

  await page.goto('/home');
  await expectLayerPushesPage(page, banner);

  await context.setOffline(false);
});

test('the back office says it needs the connection when the network goes', async ({ page, context }) => {
  await loginAs(page, 'profesor');
  await page.goto('/admin/inicio');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await controlled(page);
  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveAttribute('role', 'status');
  await expect(banner).toContainText('El panel de docentes necesita conexión a internet.');
  await shot(page, 'admin-sin-conexion');
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test('logging out clears the offline caches; another child signing in does not get them', async ({ page }) => {
  await signUpChild(page);
  const [first] = await levels(page);
  await page.goto(`/supmenu/${first!.id_nivel}`);
  await controlled(page);
  await page.getByRole('button', { name: 'Descargar para usar sin conexión' }).click();
  await expect(page.getByTestId('level-offline')).toBeVisible({ timeout: 30_000 });
  const owner = await page.evaluate(() => localStorage.getItem('userId'));
  // Another child signs in on the same tablet: the app claims the caches for them at start.
  await signUpChild(page);
  const other = await page.evaluate(() => localStorage.getItem('userId'));
  expect(other).not.toBe(owner);
  await page.goto('/home');
  await expect(page.getByTestId('level-card').first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const res = await caches.match('/__manitas/propietario', { cacheName: 'manitas-owner' });
        return res ? res.text() : null;
      }),
    )
    .toBe(other);
  const leftovers = await page.evaluate(async () => {
    const keys = await (await caches.open('manitas-api')).keys();
    return keys.map((r) => new URL(r.url).pathname).filter((p) => /progreso\/usuario|resultados\/usuario/.test(p));
  });
  expect(leftovers.filter((p) => p.endsWith(`/${owner}`))).toEqual([]);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  // The precache (app code, no user data) stays.
  expect((await page.evaluate(() => caches.keys())).some((n) => n.startsWith('workbox-precache'))).toBe(true);
});
