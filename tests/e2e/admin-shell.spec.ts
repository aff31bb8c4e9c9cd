import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, loginAs, apiHeaders, AFTER_ACTION } from './fixtures';

/**
 * The back office shell: the sidebar as an overlay on tablets, the top-bar search (this
 * list, or every resource grouped) and a lost connection said at once, with no save replayed.
 * SHOTS_DIR=<dir> also saves screenshots of the screens checked.
 */
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const search = (page: Page) => page.getByRole('textbox', { name: 'Buscar en el panel' });
const sidebarLink = (page: Page, name: string) => page.getByRole('menuitem', { name });

test('at 768 px the sidebar starts closed, opens over the page and closes after choosing; the top bar fits', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await loginAs(page, 'admin');
  await page.goto('/admin/inicio');
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(sidebarLink(page, 'Niveles')).toBeHidden();
  // Everything in the top bar lies inside the 768 px.
  for (const el of [search(page), page.getByRole('button', { name: 'Cerrar sesión' })]) {
    const box = (await el.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(768);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await shot(page, 'inicio-768-closed');

  await page.getByRole('button', { name: /menú/i }).first().click();
  await expect(sidebarLink(page, 'Niveles')).toBeVisible();
  // Screenshot only: let the drawer finish sliding in.
  if (SHOTS) await page.waitForTimeout(500);
  await shot(page, 'inicio-768-open');
  await sidebarLink(page, 'Niveles').click();
  await expect(page).toHaveURL(/\/admin\/nivel$/);
  await expect(sidebarLink(page, 'Niveles')).toBeHidden();
  await shot(page, 'nivel-768');

  // A long title is not cut at 768.
  await page.goto('/admin/verevaluacion');
  const title = page.locator('#react-admin-title');
  await expect(title).toContainText('Evaluación');
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await shot(page, 'verevaluacion-768');

  // Escape closes the overlay too.
  await page.getByRole('button', { name: /menú/i }).first().click();
  await expect(sidebarLink(page, 'Palabras')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebarLink(page, 'Palabras')).toBeHidden();
});

test('at 1280 px the sidebar stays open beside the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'admin');
  await page.goto('/admin/inicio');
  await expect(sidebarLink(page, 'Niveles')).toBeVisible();
  await expect(page.getByTestId('admin-user-name')).toBeVisible();
  await shot(page, 'inicio-1280');
  await sidebarLink(page, 'Niveles').click();
  await expect(page).toHaveURL(/\/admin\/nivel$/);
  await expect(sidebarLink(page, 'Niveles')).toBeVisible();
  await shot(page, 'nivel-1280');
  // Shrinking to a tablet closes it (and leaves the page usable); growing back reopens it.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(sidebarLink(page, 'Niveles')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(sidebarLink(page, 'Niveles')).toBeVisible();
});

test('on a list the top-bar search filters that list, accents ignored', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/palabra');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await search(page).fill('nino');
  await search(page).press('Enter');
  await expect(page).toHaveURL(/filter=.*nino/);
  await expect(page.getByRole('row').filter({ hasText: 'niño' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'perro' })).toHaveCount(0);
  // No results panel on a list: the list itself is the result.
  await expect(page.getByRole('region', { name: 'Resultados de la búsqueda' })).toHaveCount(0);
});

test('on the users list the top-bar search filters users as before', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/usuario');
  const main = page.getByRole('main');
  await expect(main.getByText('Paula', { exact: true })).toHaveCount(1);
  await search(page).fill('lopez');
  await expect(main.getByText('López', { exact: true })).toHaveCount(1);
  await expect(main.getByText('Paula', { exact: true })).toHaveCount(0);
  await shot(page, 'usuario-1280-lopez');
});

test('elsewhere it searches every resource the role may read, grouped, by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'admin');
  await page.goto('/admin/inicio');
  await search(page).fill('pajaro');
  await search(page).press('Enter');
  const panel = page.getByRole('region', { name: 'Resultados de la búsqueda' });
  await expect(panel.getByRole('list', { name: 'Palabras' })).toContainText('pájaro');
  await expect(panel.getByRole('list', { name: 'Respuestas' })).toContainText('pájaro');
  await shot(page, 'buscar-1280');
  // Escape closes; Enter opens it again; the arrows reach the results; Enter opens one.
  await search(page).press('Escape');
  await expect(panel).toHaveCount(0);
  await search(page).press('Enter');
  await expect(panel.getByRole('list', { name: 'Palabras' })).toBeVisible();
  // Tab goes from the box to the first result, the arrows move between results.
  await search(page).press('Tab');
  const first = panel.getByRole('link').first();
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByRole('link').nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(search(page)).toBeFocused();
  await search(page).press('ArrowDown');
  await expect(first).toBeFocused();
  const href = (await first.getAttribute('href'))!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[?.*+^$()|[\]\\]/g, '\\$&')}$`));
  await expect(panel).toHaveCount(0);

  await search(page).fill('zzzz sin nada');
  await search(page).press('Enter');
  await expect(panel).toContainText('Sin resultados para «zzzz sin nada».');
});

test('a search typed the moment the back office opens is kept: the redirect to Inicio does not close its panel', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'admin');
  // A slow tablet: the router commits /admin → /admin/inicio as a transition, which used to land
  // after a search typed at once and close its panel (seen in CI: the text in the box, no results).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const redirected = page.waitForEvent('framenavigated', (f) => f === page.mainFrame() && f.url().endsWith('/admin/inicio'));
  await page.goto('/admin');
  await redirected;
  await search(page).fill('pajaro');
  await search(page).press('Enter');
  const panel = page.getByRole('region', { name: 'Resultados de la búsqueda' });
  await expect(panel.getByRole('list', { name: 'Palabras' })).toContainText('pájaro');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // The panel stays: the redirect has landed by now and closed nothing.
  await expect(page.getByRole('heading', { name: /¡Hola/ })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Palabras' })).toContainText('pájaro');
});

test('only the newest search fills the panel: a slow earlier answer never covers a newer one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'admin');
  await page.goto('/admin/inicio');
  // The first search's answer is held back until the second one has been shown.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/buscar\?.*q=pajaro/, async (route) => {
    await held;
    await route.continue();
  });
  await search(page).fill('pajaro');
  await search(page).press('Enter');
  const panel = page.getByRole('region', { name: 'Resultados de la búsqueda' });
  await expect(panel).toContainText('Buscando...');
  await search(page).fill('zzzz sin nada');
  await search(page).press('Enter');
  await expect(panel).toContainText('Sin resultados para «zzzz sin nada».');
  const late = page.waitForResponse(/\/api\/buscar\?.*q=pajaro/, AFTER_ACTION);
  release();
  await late;
  // The late answer arrived and changed nothing.
  await expect(panel).toContainText('Sin resultados para «zzzz sin nada».');
  await expect(panel.getByRole('list', { name: 'Palabras' })).toHaveCount(0);
});

test('a profesor searches only what a profesor may open', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await loginAs(page, 'profesor');
  await page.goto('/admin/inicio');
  // The demo quizzes ask in signs; 'Mira la seña y escribe la palabra.' is one of their questions.
  await search(page).fill('escribe la palabra');
  await search(page).press('Enter');
  const panel = page.getByRole('region', { name: 'Resultados de la búsqueda' });
  await expect(panel.getByRole('list', { name: 'Preguntas' })).toContainText('Mira la seña y escribe la palabra.');
  await expect(panel.getByRole('list')).toHaveCount(1);
  await shot(page, 'buscar-768-profesor');
});

test('offline: Guardar says so at once, keeps the form, and nothing is saved until Guardar again', async ({ page, context }) => {
  await loginAs(page, 'admin');
  const name = `Escuela sin red ${Date.now()}`;
  const count = async () => {
    const res = await page.request.get('/api/institucion/getInstituciones', { headers: await apiHeaders(page) });
    const body = await res.json();
    const rows = (Array.isArray(body) ? body : body.data) as { nombre: string }[];
    return rows.filter((r) => r.nombre === name).length;
  };
  await page.goto('/admin/institucion/create');
  await page.getByRole('textbox', { name: /^Nombre\W*$/ }).fill(name);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByTestId('connection-alert')).toHaveText('Sin conexión: no se guardó. Revisa la conexión y vuelve a pulsar Guardar.');
  await expect(page.getByRole('textbox', { name: /^Nombre\W*$/ })).toHaveValue(name);
  await expect(page).toHaveURL(/\/admin\/institucion\/create$/);

  // A list opened while offline says so too.
  // Leaving the half-filled form asks first (warnWhenUnsavedChanges): leave.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('menuitem', { name: 'Niveles' }).click();
  await expect(page.getByText(/Sin conexión/).first()).toBeVisible();
  await page.goBack();
  await context.setOffline(false);
  expect(await count()).toBe(0);

  await page.getByRole('textbox', { name: /^Nombre\W*$/ }).fill(name);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Institución creada exitosamente.')).toBeVisible();
  await expect(page.getByTestId('connection-alert')).toHaveCount(0);
  expect(await count()).toBe(1);
});
