import type { Page } from '@playwright/test';
import { test, expect, loginAs, apiHeaders, markupOf, type DemoUser, axe } from './fixtures';

// The tests of this file share nothing (each has its own child or only reads): they spread over
// both workers instead of queueing on one.
test.describe.configure({ mode: 'parallel' });

/**
 * Axe finds no serious or critical violation on any back-office screen, at
 * the desktop (1280×800) and tablet (768×1024) sizes. Every axe rule runs (WCAG A/AA and best
 * practices); a failure names each rule, its impact and the elements it hit.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
] as const;

/** Where each resource's records are read from (the shared declarations' list paths and id fields). */
const API: Record<string, { list: string; id: string; key: 'data' | 'users' | null }> = {
  nivel: { list: 'nivel/getNivels', id: 'id_nivel', key: 'data' },
  palabra: { list: 'palabra/getPalabras', id: 'id_palabra', key: 'data' },
  conten: { list: 'contenido/contenido', id: 'id_contenido', key: 'data' },
  multimedia: { list: 'multimedia/getMultimedias', id: 'id', key: null },
  evaluacion: { list: 'evaluacion/getEvaluaciones', id: 'id_evaluacion', key: 'data' },
  pregunta: { list: 'pregunta/getPreguntas', id: 'id_pregunta', key: 'data' },
  respuesta: { list: 'respuesta/getRespuestas', id: 'id_respuesta', key: 'data' },
  institucion: { list: 'institucion/getInstituciones', id: 'id_institucion', key: 'data' },
  dominio: { list: 'dominio/getDominios', id: 'id_dominio', key: 'data' },
  usuario: { list: 'user/usuarios', id: 'id', key: 'users' },
  rol: { list: 'rol/getRoles', id: 'id', key: 'data' },
};

/** The id of one stored record of `resource` (the first the API lists). */
async function firstId(page: Page, token: string, resource: string): Promise<string> {
  const a = API[resource]!;
  const res = await page.request.get(`/api/${a.list}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${a.list}: ${await res.text()}`).toBe(200);
  const body = await res.json();
  const rows = (a.key ? body[a.key] : body) as Record<string, unknown>[];
  if (rows.length === 0 && resource === 'conten') {
    // The demo seed has no content: add one (a text content of level 1) to open its edit form.
    const made = await page.request.post('/api/contenido/create', {
      multipart: { tipo_contenido: 'Texto', id_nivel: '1', descripcion: 'Contenido para revisar la accesibilidad.' },
      headers: await apiHeaders(page),
    });
    expect(made.status(), await made.text()).toBeLessThan(300);
    return firstId(page, token, resource);
  }
  expect(rows.length, `${resource} needs one record`).toBeGreaterThan(0);
  return String(rows[0]![a.id]);
}

/** Waits until the screen has its data: no request in flight and no loading indicator left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role=main]').first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText(/^Cargando/)).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** Runs axe on the page as it is and fails (softly, so every size is scanned) on serious or critical findings. */
async function scan(page: Page, label: string) {
  // A toast or dialog still fading in has blended colours: axe would measure a contrast nobody sees.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  // A list repeats one row's markup 25 times (a table row at the laptop size, a card at the tablet
  // size): axe finds in the 4th row what it finds in the first three (odd, even, odd), at most of its
  // time (colour contrast is measured per text node). The rows after the third are left out of the
  // scan; the page itself is not changed (the mark is taken off after).
  await page.evaluate(() => {
    const main = document.querySelector('#main-content');
    if (!main) return;
    const lists = new Set([...main.querySelectorAll('tbody, [data-testid="grid-card"]')].map((el) => (el.tagName === 'TBODY' ? el : el.parentElement!)));
    for (const list of lists) for (const row of [...list.children].slice(3)) row.setAttribute('data-axe-repeat', '');
  });
  const results = await axe(page).exclude('[data-axe-repeat]').analyze();
  await page.evaluate(() => document.querySelectorAll('[data-axe-repeat]').forEach((el) => el.removeAttribute('data-axe-repeat')));
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .map((n) => `    ${n.target.join(' ')} ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`)
        .join('\n'),
  );
  expect.soft(report, `${label}: axe serious/critical violations`).toEqual([]);
  // Lesser findings do not fail the test; they are listed for review.
  const minor = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length)
    test.info().annotations.push({ type: 'axe (moderate/minor)', description: `${label}: ${minor.map((v) => `${v.id} ×${v.nodes.length}`).join(', ')}` });
}

interface Screen {
  name: string;
  /** The path, given the id of one record of `needs`. */
  path: (id: string) => string;
  needs?: string;
  /** What to do after the screen loads, before scanning (open a dialog, submit an empty form). */
  act?: (page: Page) => Promise<void>;
}

const LISTS = [
  'nivel',
  'palabra',
  'conten',
  'multimedia',
  'evaluacion',
  'pregunta',
  'respuesta',
  'institucion',
  'dominio',
  'comentario',
  'usuario',
  'rol',
  'progreso',
];
const CREATES = ['nivel', 'palabra', 'conten', 'multimedia', 'evaluacion', 'pregunta', 'respuesta', 'institucion', 'dominio', 'comentario', 'rol'];
const EDITS = ['nivel', 'palabra', 'conten', 'multimedia', 'evaluacion', 'pregunta', 'respuesta', 'institucion', 'dominio', 'usuario', 'rol'];

const editPath = (r: string) => (id: string) => (r === 'pregunta' ? `/admin/pregunta/${id}/editar` : `/admin/${r}/${id}`);

const SUPERADMIN: Screen[] = [
  { name: 'inicio', path: () => '/admin/inicio' },
  ...LISTS.map((r) => ({ name: `${r} (lista)`, path: () => `/admin/${r}` })),
  ...CREATES.map((r) => ({ name: `${r} (nuevo)`, path: () => `/admin/${r}/create` })),
  ...EDITS.map((r) => ({ name: `${r} (editar)`, path: editPath(r), needs: r })),
  { name: 'resultados', path: () => '/admin/resultados' },
  { name: 'resultados de un usuario', path: () => '/admin/resultados/1' },
  { name: 'configuracion', path: () => '/admin/configuracion' },
  { name: 'verevaluacion', path: () => '/admin/verevaluacion' },
  { name: 'respuestas de una pregunta', path: (id) => `/admin/respuestas/${id}`, needs: 'pregunta' },
  { name: 'detalle de pregunta', path: (id) => `/admin/pregunta/${id}`, needs: 'pregunta' },
  { name: 'multimedia de una palabra', path: (id) => `/admin/palabra/${id}/multimedia`, needs: 'palabra' },
  {
    name: 'confirmación de borrado',
    path: () => '/admin/nivel',
    act: async (page) => {
      // A row's Eliminar (the bulk toolbar's, hidden until rows are selected, is another).
      await page.locator('button:not([class*="RaBulkActionsToolbar"] *)', { hasText: 'Eliminar' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByText('¿Estás seguro?')).toBeVisible();
    },
  },
  {
    name: 'errores de validación',
    path: () => '/admin/palabra/create',
    act: async (page) => {
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.locator('.Mui-error').first()).toBeVisible();
      // The warning toast lives 5 s, then fades out. Under load the scans below outlasted it and axe
      // measured it half faded (CI, 2026-11-29: white on orange at 4.48:1, 4.5:1 once shown whole).
      // So it is scanned here, held whole while axe reads it (MUI's Snackbar stops its timer while the
      // window is not focused, as when the teacher switches windows; the form lies over the toast's
      // edge, so a pointer cannot rest on it), and the screen's own scans run once it has gone: the
      // field errors stay.
      const toast = page.getByText('Por favor, complete todos los campos.');
      await expect(toast).toBeVisible();
      await page.evaluate(() => window.dispatchEvent(new Event('blur')));
      await scan(page, 'errores de validación: aviso');
      await expect(toast, 'the toast was whole through the scan').toBeVisible();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(toast).toHaveCount(0, { timeout: 15_000 });
    },
  },
];

/** The screens a profesor sees with other data or other controls than a superadmin. */
const PROFESOR: Screen[] = [
  { name: 'inicio', path: () => '/admin/inicio' },
  { name: 'evaluacion (lista)', path: () => '/admin/evaluacion' },
  { name: 'pregunta (lista)', path: () => '/admin/pregunta' },
  { name: 'pregunta (nuevo)', path: () => '/admin/pregunta/create' },
  { name: 'pregunta (editar)', path: editPath('pregunta'), needs: 'pregunta' },
  { name: 'detalle de pregunta', path: (id) => `/admin/pregunta/${id}`, needs: 'pregunta' },
  { name: 'verevaluacion', path: () => '/admin/verevaluacion' },
  { name: 'resultados', path: () => '/admin/resultados' },
  { name: 'configuracion', path: () => '/admin/configuracion' },
];

/** Screens per test: one sign-in and one app load serve several screens, reached in the app. */
const PER_TEST = 8;

/**
 * Moves to `path` inside the loaded app (the router follows history), as a click on a link would,
 * and waits until the requests the new screen makes have been answered and none started for 500 ms
 * (the load state 'networkidle' is reached once per document, so it cannot say this).
 */
async function goInApp(page: Page, path: string) {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight++;
    last = Date.now();
  };
  const ended = () => {
    inFlight--;
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate((p) => {
      window.history.pushState({}, '', p);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
    await page.waitForURL((u) => u.pathname + u.search === path);
    await expect.poll(() => inFlight <= 0 && Date.now() - last >= 500, { message: `${path}: its requests answered`, intervals: [100] }).toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

function scanScreens(who: DemoUser, screens: Screen[]) {
  test.describe(`axe as ${who}`, () => {
    // At most PER_TEST screens per test, the tests even (9 screens: 5 and 4, not 8 and a test of
    // one screen that pays a whole sign-in, app load and shell scan for it).
    const size = Math.ceil(screens.length / Math.ceil(screens.length / PER_TEST));
    for (let from = 0; from < screens.length; from += size) {
      const chunk = screens.slice(from, from + size);
      // The shell around the content (menu, app bar) is the same on every screen of a role, and
      // changes at the tablet size (the sidebar becomes an overlay): the role's first screen is
      // scanned at both sizes whatever its content, once, not once per test.
      const shellHere = from === 0;
      test(`${who}: ${chunk.map((s) => s.name).join(', ')}`, async ({ page }) => {
        const { token } = await loginAs(page, who === 'profesor' ? 'superadmin' : who);
        const ids = new Map<string, string>();
        for (const s of chunk) if (s.needs && !ids.has(s.needs)) ids.set(s.needs, await firstId(page, token, s.needs));
        if (who !== 'superadmin') await loginAs(page, who);
        for (const [i, s] of chunk.entries())
          await test.step(s.name, async () => {
            const path = s.path(ids.get(s.needs ?? '') ?? '');
            // The first screen loads the app; the others are reached inside it. Each is scanned at
            // the laptop size, then at the tablet size by resizing (the layout follows the width, as
            // on a rotated tablet).
            await page.setViewportSize(VIEWPORTS[0]);
            if (i === 0) await page.goto(path);
            else await goInApp(page, path);
            let seen = '';
            for (const vp of VIEWPORTS) {
              await page.setViewportSize(vp);
              await settle(page);
              if (s.act && vp === VIEWPORTS[0]) await s.act(page);
              // axe judges the markup (and the styles on it): a screen whose content has the same
              // markup at the tablet size as at the laptop size gives the same findings, so it is
              // scanned once; one whose content changes (a compact list) is scanned again, and so
              // are the role's first screen (the shell) and a screen with a dialog open (the dialog
              // lies outside the content).
              const markup = await markupOf(page, '#main-content');
              if (!(shellHere && i === 0) && !s.act && markup === seen) {
                test.info().annotations.push({ type: 'axe (same markup)', description: `${s.name}: ${vp.width}×${vp.height}` });
                continue;
              }
              seen = markup;
              await test.step(`axe ${vp.width}`, () => scan(page, `${s.name}: ${path} ${vp.width}×${vp.height}`));
              // A11Y_SHOTS=<dir> keeps what was scanned, to look at.
              if (process.env.A11Y_SHOTS) await page.screenshot({ path: `${process.env.A11Y_SHOTS}/${who}-${s.name.replace(/\W+/g, '-')}-${vp.width}.png` });
            }
            // A dialog opened by the screen's act (the delete confirmation) is closed before moving on.
            if (s.act) await page.keyboard.press('Escape');
          });
      });
    }
  });
}

scanScreens('superadmin', SUPERADMIN);
scanScreens('profesor', PROFESOR);
