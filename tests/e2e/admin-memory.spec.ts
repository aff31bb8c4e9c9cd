/**
 * The teacher's view of the children's memory: a child answers review items through the
 * API as themself, then staff open the child's memory screen (due count, strength per level,
 * today's reviews in the chart) and the level's "Palabras difíciles"; a child cannot open it.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, apiHeaders, joinClass, loginAs, profesorClass, signUpChild } from './fixtures';

let n = 0;
const clave = () => `e2e-mem-${Date.now().toString(36)}-${++n}`;

/** Kept under .tmp when SHOTS=1 (to look at), attached to the report either way. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.SHOTS) return;
  const path = `.tmp/shots-maestro/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function noHorizontalScroll(page: Page) {
  // Polled: right after a resize the sidebar is still folding away.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('a child reviews; staff see the due count, strength per level, today in the chart and the missed word; a child cannot open it', async ({
  page,
  request,
}, testInfo) => {
  // --- The child: in the demo profesor's class (joined with its code), two words of level 1 seen, then answered (one right, one missed twice).
  const child = await signUpChild(page);
  const childId = Number(await page.evaluate(() => localStorage.getItem('userId')));
  await joinClass(page, (await profesorClass(request)).codigo);
  const headers = await apiHeaders(page);
  const words = (await (await page.request.get('/api/palabra/nivel/1', { headers })).json()) as { id_palabra: number; palabraEspanol: string }[];
  expect(words.length).toBeGreaterThanOrEqual(2);
  const [good, missed] = [words[0]!, words[1]!];

  // Before any review the screen says so (the child may read their own summary through the API, not the back office).
  const before = await page.request.get(`/api/repaso/alumno/${childId}`, { headers });
  expect((await before.json()).data.niveles).toEqual([]);

  for (const w of [good, missed]) expect((await page.request.post('/api/repaso/visto', { headers, data: { id_palabra: w.id_palabra } })).status()).toBe(200);
  for (const [w, correcto] of [
    [good, true],
    [missed, false],
    [missed, false],
  ] as const) {
    const r = await page.request.post('/api/repaso/respuesta', {
      headers,
      data: { id_palabra: w.id_palabra, ...(correcto ? { elegida: w.id_palabra } : { escrita: 'no es la palabra' }), clave: clave() },
    });
    expect(r.status(), await r.text()).toBe(201);
  }
  const due = (await (await page.request.get('/api/repaso/hoy', { headers })).json()).data.pendientes as number;

  // A child cannot reach the back office's memory screens.
  for (const path of ['/admin/memoria', `/admin/memoria/${childId}`, '/admin/memoria/dificiles/1', '/admin/repaso']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/errorPage$/);
  }

  // --- A profesor: the child's memory screen, at tablet and laptop sizes.
  await loginAs(page, 'profesor');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/inicio');
  await page.getByRole('menuitem', { name: 'Memoria' }).click();
  await expect(page).toHaveURL(/\/admin\/memoria(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'Memoria de los alumnos' })).toBeVisible();
  await page.goto(`/admin/memoria/${childId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Memoria de Lía Prueba' })).toBeVisible();
  await expect(page.getByTestId('pendientes')).toHaveText(String(due));
  await expect(page.getByTestId('palabras')).toHaveText('2');
  await expect(page.getByTestId('repasos-30')).toHaveText('3');
  const level = page.getByTestId('nivel-1');
  await expect(level).toContainText('2 palabras');
  await expect(level.getByRole('img')).toHaveAttribute('aria-label', /Fuerte \(3★\): 0/);
  const today = new Date().toISOString().slice(0, 10);
  const label = `${today.slice(8, 10)}/${today.slice(5, 7)}`;
  await expect(page.getByTestId('repasos-por-dia').getByTestId(`bar-${label}`)).toHaveText('3');
  await expect(page.getByTestId('repasos-por-dia')).toContainText('Practicó 1 de 30 días · 3 repasos, 2 fallos.');
  await noHorizontalScroll(page);
  await shot(page, testInfo, 'alumno-1280');
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByTestId('pendientes')).toBeVisible();
  await noHorizontalScroll(page);
  await shot(page, testInfo, 'alumno-768');

  // The level's hard words, from the level row: the missed word is listed with its miss rate.
  await level.getByRole('link', { name: 'Palabras difíciles' }).click();
  await expect(page).toHaveURL(/\/admin\/memoria\/dificiles\/1$/);
  const row = page.getByTestId(`dificil-${missed.id_palabra}`);
  await expect(row).toContainText(missed.palabraEspanol);
  // Other children (other specs of the run) may have reviewed level 1 too: the figures are the server's, across children.
  const hard = (await (await page.request.get('/api/repaso/dificiles/1', { headers: await apiHeaders(page) })).json()).data as {
    id_palabra: number;
    fallos: number;
    repasos: number;
    tasa_fallo: number;
  }[];
  const mine = hard.find((w) => w.id_palabra === missed.id_palabra)!;
  expect(mine.fallos).toBeGreaterThanOrEqual(2);
  await expect(row).toContainText(`${mine.fallos} / ${mine.repasos}`);
  await expect(row).toContainText(`${Math.round(mine.tasa_fallo * 100)} %`);
  // A word nobody missed is not listed as difficult.
  if (!hard.find((w) => w.id_palabra === good.id_palabra)?.fallos) await expect(page.getByTestId(`dificil-${good.id_palabra}`)).toHaveCount(0);
  await noHorizontalScroll(page);
  await shot(page, testInfo, 'dificiles-768');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(row).toBeVisible();
  await shot(page, testInfo, 'dificiles-1280');

  // The memory rows list and the review log load for the teacher.
  await page.goto('/admin/memoria');
  await page.getByPlaceholder('Buscar por alumno o palabra...').fill(missed.palabraEspanol);
  await expect(page.getByRole('row').filter({ hasText: missed.palabraEspanol }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: good.palabraEspanol })).toHaveCount(0);
  await shot(page, testInfo, 'lista-1280');
  await page.setViewportSize({ width: 768, height: 1024 });
  await noHorizontalScroll(page);
  await shot(page, testInfo, 'lista-768');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Registro de repasos' }).click();
  await expect(page).toHaveURL(/\/admin\/repaso/);
  await expect(page.getByText('Otra vez').first()).toBeVisible();

  // --- An admin reaches the same screen from the users list ("Memoria" per user).
  await loginAs(page, 'admin');
  await page.goto('/admin/usuario');
  await page.getByRole('textbox', { name: 'Buscar usuarios' }).fill(child.email);
  // Every child the learner specs signed up is a "Lía Prueba": this one is the row with its email.
  const memoria = page.getByRole('row').filter({ hasText: child.email }).getByRole('link', { name: 'Memoria de Lía Prueba' });
  await expect(memoria).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match: the search applied
  await shot(page, testInfo, 'usuarios-1280');
  await memoria.click();
  await expect(page).toHaveURL(new RegExp(`/admin/memoria/${childId}$`));
  await expect(page.getByTestId('repasos-30')).toHaveText('3');
});

test('a child with no reviews: the calm empty state', async ({ page, request }) => {
  await signUpChild(page);
  const childId = Number(await page.evaluate(() => localStorage.getItem('userId')));
  // A child of the profesor's class (joined with its code) who has reviewed nothing yet.
  await joinClass(page, (await profesorClass(request)).codigo);
  await loginAs(page, 'profesor');
  await page.goto(`/admin/memoria/${childId}`);
  await expect(page.getByTestId('pendientes')).toHaveText('0');
  await expect(page.getByText('Todavía no hay repasos.')).toBeVisible();
});
