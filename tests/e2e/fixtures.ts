import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { FPS_KEY, RENDERER_KEY } from '../../games/shared/testMode';

export const DEMO_PASSWORD = 'Manitas2024';
export { DEMO, type DemoUser } from '../support/demo-accounts';
import { DEMO, type DemoUser } from '../support/demo-accounts';

/** Headers for page.request calls that change data: the bearer token and the XSRF echo. */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { 'X-XSRF-TOKEN': xsrf, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

/**
 * A page of the app's origin that is not the app: the health check, a few bytes of JSON. A sign-in
 * through the API needs the origin (its localStorage and the XSRF cookie every response sets), not
 * the app; loading the whole app there first cost about a second of every test that signs in.
 */
export const ORIGIN_PAGE = '/api/health';

/**
 * The limit for a page.waitForResponse / waitForRequest set up before the step that causes it:
 * longer than the steps' own 20 s (actionTimeout), so a step that cannot happen (a click on an
 * option that never becomes clickable) fails with its own reason and call log. With the same limit
 * the wait, started first, ran out first, and the failure read "no answer" whether the click was
 * lost or never made (CI, admin-teacher-class "sorts by any column").
 */
export const AFTER_ACTION = { timeout: 30_000 };

/** Opens the origin page, then logs in through the API and stores the session as the app does. */
export async function loginAs(page: Page, who: DemoUser | { email: string; password: string }) {
  const creds = typeof who === 'string' ? { email: DEMO[who], password: DEMO_PASSWORD } : who;
  await page.goto(ORIGIN_PAGE);
  // page.request shares the browser's cookies, so it must echo XSRF-TOKEN like the app does.
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/user/logIn', { data: creds, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(res.status(), await res.text()).toBe(200);
  const { token, usuario } = await res.json();
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('userRole', String(u.rol ?? 'usuario'));
      localStorage.setItem('userId', String(u.id));
    },
    [token, usuario] as const,
  );
  return { token, usuario };
}

/**
 * Registers a new child account through the API in `request` (a page's or a context of its own;
 * it must hold the XSRF cookie, e.g. after any GET), with a unique e-mail; returns the credentials.
 */
export async function registerChild(request: APIRequestContext, nombre = 'Lía', apellido = 'Prueba'): Promise<{ email: string; password: string }> {
  const email = `nino-${Date.now()}-${Math.floor(Math.random() * 1e6)}@manitas.test`;
  const password = 'Clave-prueba-1';
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const girl = nombre === 'Lía' || nombre.endsWith('a');
  const reg = await request.post('/api/user/register', {
    data: {
      nombre,
      apellido,
      fechaNacimiento: '2017-03-03',
      email,
      password,
      avatar: girl ? 'girl' : 'boy',
      sexo: girl ? 'niña' : 'niño',
      phone: '5512345678',
      Credential: 'P-1',
      photo: null,
    },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(reg.status(), await reg.text()).toBeLessThan(300);
  return { email, password };
}

/** Signs up a new child and signs in as them (tests that save preferences use their own child). */
export async function signUpChild(page: Page): Promise<{ email: string; password: string }> {
  await page.goto(ORIGIN_PAGE);
  const { email, password } = await registerChild(page.request);
  await loginAs(page, { email, password });
  return { email, password };
}

/**
 * A new class taught by the demo profesor, made through the class routes as she does in the back
 * office, in a request context of its own (the page's session is left as it is); returns the class
 * with its join code. A profesor reaches a child only while the child is in one of her classes.
 */
export async function profesorClass(request: APIRequestContext, nombre = `Clase ${Math.random().toString(36).slice(2, 7)}`) {
  await request.get('/api/config/public');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await request.post('/api/user/logIn', { data: { email: DEMO.profesor, password: DEMO_PASSWORD }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(login.status(), await login.text()).toBe(200);
  const { token, usuario } = await login.json();
  const headers = { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf };
  // The institutions a profesor may choose for her class.
  const inst = (await (await request.get('/api/clase/instituciones', { headers })).json()) as { data: { id_institucion: number }[] };
  expect(inst.data.length, 'a demo institution').toBeGreaterThan(0);
  const created = await request.post('/api/clase/register', {
    headers,
    data: { nombre, id_institucion: inst.data[0]!.id_institucion, profesores: [usuario.id], activa: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id_clase: number; nombre: string; codigo: string } }).data;
}

/**
 * The demo seed's levels (src/server/demo/content.ts), in their order. Specs run side by side with
 * specs that add levels of their own for a moment; a spec that needs "a demo level" picks one of
 * these by name, never "the first" or "the last" of the list, which may be another spec's.
 */
export const DEMO_LEVELS = ['Animales', 'Colores', 'Familia', 'Comida'] as const;

/**
 * A level of the test's own (unique name), made through the API by the staff member signed in on
 * `page` (admin or superadmin). Words added to it change no demo level that a learner spec counts.
 */
export async function makeLevel(page: Page, nombre = `Nivel ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`) {
  const res = await page.request.post('/api/nivel/register', {
    headers: await apiHeaders(page),
    multipart: { nombre_nivel: nombre, descripcion: 'Nivel temporal de una prueba.', dificultad: 'Fácil' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id_nivel: ((await res.json()) as { data: { id: number } }).data.id, nombre_nivel: nombre };
}

/** The signed-in child of `page` joins a class with its code (as on /perfil: POST /api/clase/unirme). */
export async function joinClass(page: Page, codigo: string) {
  const r = await page.request.post('/api/clase/unirme', { data: { codigo }, headers: await apiHeaders(page) });
  expect(r.status(), await r.text()).toBe(200);
}

/**
 * Every test page fails on a request that leaves this machine (children's privacy: no third
 * party is ever contacted), and collects console errors.
 */
export const test = base.extend<{ externalRequests: string[]; gamesRenderer: 'canvas' | 'webgl'; renderer: void; consoleOnFailure: void }>({
  /**
   * The page's console warnings and errors (and uncaught errors, failed requests and the requests
   * still unanswered at the end), attached as text to a test that failed: the list reporter prints
   * them under the failure, so a CI run that failed says what the app itself noticed (a hand track
   * that could not be computed, a recording that came out empty, a list still waiting on the
   * server) without a rerun. Nothing is attached to a test that passed.
   */
  consoleOnFailure: [
    async ({ page }, use, testInfo) => {
      const lines: string[] = [];
      const t0 = Date.now();
      const stamp = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
      page.on('console', (msg) => {
        if (msg.type() === 'warning' || msg.type() === 'error') lines.push(`${stamp()} ${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => lines.push(`${stamp()} pageerror: ${err.stack ?? err.message}`));
      // Requests still unanswered when a test fails (a screen that waited on the server shows which call).
      const pending = new Map<import('@playwright/test').Request, number>();
      page.on('request', (r) => pending.set(r, Date.now()));
      page.on('requestfinished', (r) => pending.delete(r));
      page.on('requestfailed', (r) => {
        pending.delete(r);
        lines.push(`${stamp()} request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`);
      });
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const now = Date.now();
      for (const [r, at] of pending) lines.push(`sin respuesta desde hace ${((now - at) / 1000).toFixed(1)} s: ${r.method()} ${r.url()}`);
      if (lines.length) await testInfo.attach('consola de la página', { body: lines.slice(-40).join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
  /**
   * The games draw with Phaser's Canvas renderer here (games/shared/testMode.ts RENDERER_KEY):
   * without a GPU, Chromium draws WebGL in software, about twice as slow per game spec. A spec about
   * how a game looks opts back in with `test.use({ gamesRenderer: 'webgl' })`.
   */
  gamesRenderer: ['canvas', { option: true }],
  renderer: [
    async ({ page, gamesRenderer }, use) => {
      // Every game draws at most 30 frames a second (games/shared/testMode.ts FPS_KEY, test builds
      // only): the frames are drawn on the CPU, and nothing checked counts them.
      await page.addInitScript(
        ([fpsKey, rendererKey, renderer]) => {
          try {
            window.localStorage.setItem(fpsKey!, '30');
            if (renderer === 'canvas') window.localStorage.setItem(rendererKey!, 'canvas');
          } catch {
            // about:blank and other opaque origins have no storage: nothing to set there.
          }
        },
        [FPS_KEY, RENDERER_KEY, gamesRenderer],
      );
      await use();
    },
    { auto: true },
  ],
  externalRequests: [
    async ({ page }, use) => {
      const external: string[] = [];
      await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/)(https?|wss?):\/\//, (route) => {
        external.push(route.request().url());
        return route.abort();
      });
      await use(external);
      expect(external, 'requests to third parties').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Picks `option` from an MUI select or autocomplete (`box`, its combobox), as a person does: open
 * the list (or, with `search`, type it into a searchable picker), click the option, then see the
 * list close and the choice shown in the field. A pick that did not take fails here within
 * seconds, with what went wrong, instead of leaving an open list over the form until the test's
 * timeout.
 *
 * With `search` the option is clicked as soon as it shows, while the server may still be searching
 * the typed text: the picker holds its list still under a press (heldWhilePressed.tsx), so an
 * answer that redraws the list then cannot take the pick away. The test that a pick survives that
 * answer is in admin-forms-flow.
 */
export async function pickOption(page: Page, box: Locator, option: string | RegExp, label = 'la lista', search?: string) {
  if (search !== undefined) await box.fill(search);
  else await box.click();
  const choice = page.getByRole('listbox').getByRole('option', { name: option, exact: typeof option === 'string' });
  // A select's menu grows into place (MUI Grow, ~200 ms). A click while it still moves can press on
  // one option and release on another spot of the list: the browser then clicks the list itself,
  // nothing is chosen and the menu stays open (a fresh clone's «Sexo» on sign-up, at load 11).
  // Playwright's own "stable" check can pass before the growth has started, so the click waits for
  // the menu to be at rest (an autocomplete's list does not move: at rest at once). The option
  // itself first gets a step's whole limit (a searched list may wait on the server).
  await choice.waitFor();
  await expect
    .poll(
      () =>
        choice.evaluate((el) => {
          const paper = el.closest('.MuiPaper-root');
          if (!paper) return 'quieta';
          const cs = getComputedStyle(paper);
          return cs.transform === 'none' && cs.opacity === '1' ? 'quieta' : 'creciendo';
        }),
      { message: `la lista de ${label} debía quedar quieta para elegir ${option}`, timeout: 5000, intervals: [50] },
    )
    .toBe('quieta');
  await choice.click();
  await expect(page.getByRole('listbox'), `la lista de ${label} debía cerrarse al elegir ${option}`).toBeHidden({ timeout: 5000 });
  const isInput = await box.evaluate((el) => el instanceof HTMLInputElement);
  if (isInput) await expect(box, `${label} debía mostrar ${option}`).toHaveValue(option, { timeout: 5000 });
  else await expect(box, `${label} debía mostrar ${option}`).toHaveText(option, { timeout: 5000 });
}

/**
 * What axe judges on the page: the markup of `selector` (default the whole body), with the sign
 * player's running frame number left out (it changes on every frame and moves nothing axe checks).
 * Two sizes with the same markup give the same findings, so a screen is scanned again at a second
 * size only when this differs (a compact list, a menu that becomes a drawer).
 */
export async function markupOf(page: Page, selector = 'body'): Promise<string> {
  return page.evaluate((sel) => (document.querySelector(sel) ?? document.body).outerHTML.replace(/ data-frame="\d+"/g, ''), selector);
}

/**
 * An axe scan of the page (every rule; narrow it with `.include()` / `.exclude()`), run with
 * axe.run in the page itself (axe's legacy mode) rather than the default runPartial in each frame
 * plus finishRun in a new blank page: the default injects axe's 0.5 MB three times and opens and
 * closes a page for every scan, about half the time of a small screen's scan (admin-a11y: 268 s
 * of test time before, 149 s after, same screens). What legacy mode gives up is testing
 * cross-origin frames: the app has no frames, and a request to another origin fails every spec.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/**
 * Starts writing down, in the page, each text the elements matching `selector` show, as the page
 * changes them (a MutationObserver); the returned function stops and gives the texts in order.
 */
export async function watchTexts(page: Page, selector: string): Promise<() => Promise<string[]>> {
  const key = `__seen${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ selector, key }) => {
      const seen: string[] = [];
      const look = () => {
        for (const el of document.querySelectorAll(selector)) {
          const text = el.textContent?.replace(/\s+/g, ' ').trim() ?? '';
          if (text && seen[seen.length - 1] !== text) seen.push(text);
        }
      };
      const observer = new MutationObserver(look);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      look();
      (window as unknown as Record<string, unknown>)[key] = { seen, observer };
    },
    { selector, key },
  );
  return () =>
    page.evaluate((key) => {
      const w = (window as unknown as Record<string, { seen: string[]; observer: MutationObserver }>)[key]!;
      w.observer.disconnect();
      return w.seen;
    }, key);
}
