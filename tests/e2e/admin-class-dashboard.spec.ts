import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page, PlaywrightWorkerArgs } from '@playwright/test';
import Papa from 'papaparse';
import { test, expect, loginAs, apiHeaders, AFTER_ACTION, DEMO_LEVELS } from './fixtures';

/**
 * The class dashboard (part C): a profesor's class of three new learners, two of whom saw
 * words and took level 1's quiz through the learner API; the teacher assigns a level, reads the grid,
 * exports it (';' by default, then ',') and the CSV must say exactly what the page shows; the same
 * for the teacher results list with a filter, at 768×1024 and 1280×800.
 */
const PASSWORD = 'Clave-prueba-1';

type Key = {
  id_evaluacion: number;
  id_nivel: number;
  preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number; respuesta: string; valor: boolean }[] }[];
};

/** A new learner signs up and signs in through the API; returns their id and request context. */
async function newLearner(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, nombre: string, apellido: string) {
  const ctx: APIRequestContext = await playwright.request.newContext({ baseURL });
  await ctx.get('/api/config/public');
  const xsrf = async () => (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const email = `tablero-${Date.now()}-${Math.floor(Math.random() * 1e6)}@manitas.test`;
  const reg = await ctx.post('/api/user/register', {
    data: {
      nombre,
      apellido,
      fechaNacimiento: '2017-03-03',
      email,
      password: PASSWORD,
      avatar: 'girl',
      sexo: 'niña',
      phone: '5512345678',
      Credential: 'P-1',
      photo: null,
    },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(reg.status(), await reg.text()).toBeLessThan(300);
  const login = await ctx.post('/api/user/logIn', { data: { email, password: PASSWORD }, headers: { 'X-XSRF-TOKEN': await xsrf() } });
  expect(login.status(), await login.text()).toBe(200);
  const { token, usuario } = await login.json();
  const headers = async () => ({ Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': await xsrf() });
  return { ctx, id: Number(usuario.id), headers };
}

type Learner = Awaited<ReturnType<typeof newLearner>>;

/** The learner joins a class with its code, as on /perfil. */
async function joinByCode(l: Learner, codigo: string) {
  const r = await l.ctx.post('/api/clase/unirme', { data: { codigo }, headers: await l.headers() });
  expect(r.status(), await r.text()).toBe(200);
}

/** An institution's id (institutions are listed to admins only). */
async function firstInstitution(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<number> {
  const ctx = await playwright.request.newContext({ baseURL });
  const { token } = await (await ctx.post('/api/user/logIn', { data: { email: 'admin@manitas.test', password: 'Manitas2024' } })).json();
  const inst = (await (await ctx.get('/api/institucion/getInstituciones', { headers: { Authorization: `Bearer ${token}` } })).json()) as
    { data?: { id_institucion: number }[] } | { id_institucion: number }[];
  await ctx.dispose();
  return (Array.isArray(inst) ? inst : (inst.data ?? []))[0]!.id_institucion;
}

/** The learner marks words seen and answers the level's quiz (each question right or wrong by `right`). */
async function learn(l: Learner, key: Key, words: number[], right: (i: number) => boolean) {
  const seen = await l.ctx.post('/api/progreso/visto', { data: { id_nivel: key.id_nivel, id_palabras: words }, headers: await l.headers() });
  expect(seen.status(), await seen.text()).toBeLessThan(300);
  const respuestas = key.preguntas.map((q, i) => {
    const good = q.respuestas.find((r) => r.valor) ?? q.respuestas[0]!;
    const bad = q.respuestas.find((r) => !r.valor) ?? good;
    const ok = right(i);
    const text = q.Tipo !== 'Opción Múltiple';
    return {
      id_pregunta: q.id_pregunta,
      id_usuario: l.id,
      id_nivel: key.id_nivel,
      id_respuesta: text ? null : (ok ? good : bad).id_respuesta,
      respuesta: text ? (ok ? q.respuestas[0]!.respuesta : 'zzz') : (ok ? good : bad).respuesta,
      correcta: ok,
      valor: ok ? 1 : 0,
      fecha: new Date().toISOString(),
    };
  });
  const res = await l.ctx.post('/api/resultados/save-multiple', { data: { respuestas }, headers: await l.headers() });
  expect(res.status(), await res.text()).toBe(201);
}

/** The downloaded CSV: BOM checked and removed, parsed with papaparse by the given separator. */
async function readCsv(download: Download, sep: ';' | ','): Promise<string[][]> {
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)], 'UTF-8 BOM').toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const parsed = Papa.parse<string[]>(text.trimEnd(), { delimiter: sep, newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** A number written either way ("66,67", "66.67 %", "80") → 66.67; '' / '—' → null. */
const num = (s: string | null | undefined): number | null => {
  const m = /-?\d+(?:[.,]\d+)?/.exec(String(s ?? '').replace(/\s/g, ''));
  return m ? Number(m[0].replace(',', '.')) : null;
};

/** What the dashboard grid shows: the header levels and, per child row, name and each cell's three figures. */
async function readGrid(page: Page) {
  const grid = page.getByTestId('tablero-grid');
  const niveles = await grid.getByTestId('nivel-nombre').allInnerTexts();
  const rows = await grid.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      nombre: (tr.querySelector('[data-testid="alumno-nombre"]') as HTMLElement).innerText.trim(),
      celdas: [...tr.querySelectorAll('td')].map((td) => ({
        vistas: (td.querySelector('[data-campo="vistas"]') as HTMLElement).innerText,
        puntaje: (td.querySelector('[data-campo="puntaje"]') as HTMLElement).innerText,
        pendientes: (td.querySelector('[data-campo="pendientes"]') as HTMLElement).innerText,
      })),
    })),
  );
  return { niveles, rows };
}

async function exportWith(page: Page, sep: ';' | ',', name = 'Exportar CSV') {
  await page.getByRole('button', { name: /^Separador del CSV/ }).click();
  await page.getByRole('menuitemradio', { name: sep === ';' ? 'Excel en español (;)' : 'Coma (,)' }).click();
  await expect(page.getByRole('button', { name: /^Separador del CSV/ })).toHaveAccessibleName(
    `Separador del CSV: ${sep === ';' ? 'Excel en español (;)' : 'Coma (,)'}`,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return download;
}

test('the class dashboard shows the class, and its CSV says what the grid shows; so does the results list', async ({ page, playwright, baseURL }) => {
  const tag = `T${Date.now().toString(36).slice(-5)}`;
  const { usuario: profe } = await loginAs(page, 'profesor');
  const headers = await apiHeaders(page);

  // The quiz key and level 1's words (as admin sees them), then three learners: Ana all right, Bruno half, Carla nothing.
  const admin = await playwright.request.newContext({ baseURL });
  const aLogin = await (await admin.post('/api/user/logIn', { data: { email: 'admin@manitas.test', password: 'Manitas2024' } })).json();
  const detalles = (await (await admin.get('/api/evaluacion/detalles', { headers: { Authorization: `Bearer ${aLogin.token}` } })).json()).data as Key[];
  const key = detalles.find((e) => e.preguntas.length > 1)!;
  const words = (await (await admin.get(`/api/palabra/nivel/${key.id_nivel}`, { headers: { Authorization: `Bearer ${aLogin.token}` } })).json()) as
    { data?: { id_palabra: number }[] } | { id_palabra: number }[];
  const wordIds = (Array.isArray(words) ? words : (words.data ?? [])).map((w) => w.id_palabra);
  expect(wordIds.length).toBeGreaterThan(1);
  await admin.dispose();
  const ana = await newLearner(playwright, baseURL!, 'Ana', tag);
  const bruno = await newLearner(playwright, baseURL!, 'Bruno', tag);
  const carla = await newLearner(playwright, baseURL!, 'Carla', tag);
  await learn(ana, key, wordIds, () => true);
  // Ana practised the level's first sign with "¡Ahora tú!": 3 stars (the scores only, as the dialog sends them).
  const practica = await ana.ctx.post('/api/repaso/practica', {
    data: { id_palabra: wordIds[0], clave: `practica-${tag}`, estrellas: 3, puntaje: 0.96, forma: 0.9, lugar: 1, movimiento: 1 },
    headers: await ana.headers(),
  });
  expect(practica.status(), await practica.text()).toBe(201);
  await learn(bruno, key, wordIds.slice(0, 1), (i) => i % 2 === 0);

  // The class, through the class routes (part A), taught by the profesor.
  const idInstitucion = await firstInstitution(playwright, baseURL!);
  const created = await page.request.post('/api/clase/register', {
    data: { nombre: `Clase ${tag}`, id_institucion: idInstitucion, profesores: [profe.id] },
    headers,
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const body = await created.json();
  const idClase = Number(body.data?.id_clase ?? body.id_clase);
  // The three join with the class code (an account with an e-mail joins a class only by its own choice).
  for (const l of [ana, bruno, carla]) await joinByCode(l, String(body.data?.codigo ?? body.codigo));

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/clases/${idClase}`);
  await expect(page.getByRole('heading', { level: 1, name: `Clase ${tag}` })).toBeVisible();
  await expect(page.getByTestId('codigo-clase')).toHaveText(/^[A-Z0-9]{6}$/);
  for (const name of ['Alumnos', 'Tarjetas', 'Editar'])
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', new RegExp(`/admin/clases/${idClase}/`));

  // Assign a level (with a date): saved with a toast, and its column moves first with the 'Tarea' chip.
  // The last demo level in the grid: other specs running meanwhile add levels of their own and
  // delete them when they end (a clean-clone run saw this test assign one that was then deleted),
  // and no spec changes the demo's (docs/testing.md, "Data a spec may share").
  const columnas = await page.getByTestId('nivel-nombre').allInnerTexts();
  const nivelTarea = columnas.filter((n) => (DEMO_LEVELS as readonly string[]).includes(n)).at(-1)!;
  expect(columnas.indexOf(nivelTarea), 'the assigned level is not already first').toBeGreaterThan(0);
  await page.getByRole('checkbox', { name: `Asignar ${nivelTarea} como tarea` }).check();
  await page.getByLabel(`Fecha de la tarea ${nivelTarea}`).fill('2030-05-04');
  await page.getByRole('button', { name: 'Guardar tareas' }).click();
  await expect(page.getByText(/Tareas? guardadas?|guardad/i).first()).toBeVisible();
  await expect(page.getByTestId('nivel-nombre').first()).toHaveText(nivelTarea);
  await expect(page.getByTestId('tablero-grid').getByRole('columnheader').nth(1)).toContainText('Tarea');
  // The due date written in Spanish words (never the browser's locale, never readable as April 5).
  await expect(page.getByTestId('tablero-grid').getByRole('columnheader').nth(1)).toContainText('para el 4 de mayo de 2030');
  // The legend says what each figure of a cell is; a cell with no activity shows one quiet '—'.
  await expect(page.getByTestId('tablero-leyenda')).toHaveText(
    'Barra: palabras vistas · Nota: último cuestionario (verde: 60 o más; rojo: menos de 60) · Por repasar: señas que toca repasar',
  );

  // The grid: three children in name order; Ana saw every word of the quiz's level and passed it, in green.
  const grid = await readGrid(page);
  expect(grid.rows.map((r) => r.nombre)).toEqual([`Ana ${tag}`, `Bruno ${tag}`, `Carla ${tag}`]);
  const anaCell = page.getByTestId(`celda-${ana.id}-${key.id_nivel}`);
  await expect(anaCell.locator('[data-campo="vistas"]')).toHaveText('100 %');
  await expect(anaCell.locator('[data-campo="puntaje"]')).toHaveAttribute('data-pass', 'si');
  await expect(page.getByTestId(`celda-${carla.id}-${key.id_nivel}`).locator('[data-campo="puntaje"]')).toContainText('—');
  await expect(anaCell).toContainText('vistas 100 %');
  await expect(anaCell).toContainText('nota 100 %');
  const carlaCell = page.getByTestId(`celda-${carla.id}-${key.id_nivel}`);
  expect(await carlaCell.evaluate((td) => (td.querySelector('[data-vacia="si"] [aria-hidden="true"]') as HTMLElement | null)?.innerText)).toBe('—');

  // Exportar CSV, ';' (the default, Spanish Excel): one row per child, the same figures as the page.
  const compare = (csv: string[][]) => {
    expect(csv[0]![0]).toBe('Alumno');
    expect(csv[0]!.length).toBe(1 + grid.niveles.length * 3);
    grid.niveles.forEach((n, i) => {
      const label = /^nivel\b/i.test(n) ? n : `Nivel ${n}`;
      expect(csv[0]!.slice(1 + i * 3, 4 + i * 3)).toEqual([`${label}: palabras vistas (%)`, `${label}: último puntaje`, `${label}: por repasar`]);
    });
    expect(csv.length - 1).toBe(grid.rows.length);
    grid.rows.forEach((r, i) => {
      const line = csv[i + 1]!;
      expect(line[0]).toBe(r.nombre);
      r.celdas.forEach((c, j) => {
        expect(num(line[1 + j * 3]), `${r.nombre} ${grid.niveles[j]} vistas`).toBe(num(c.vistas));
        expect(num(line[2 + j * 3]), `${r.nombre} ${grid.niveles[j]} puntaje`).toBe(num(c.puntaje));
        expect(num(line[3 + j * 3]), `${r.nombre} ${grid.niveles[j]} por repasar`).toBe(num(c.pendientes));
      });
    });
  };
  const semi = await exportWith(page, ';');
  expect(semi.suggestedFilename()).toMatch(/^clase-clase-t[a-z0-9]+-\d{4}-\d{2}-\d{2}\.csv$/);
  compare(await readCsv(semi, ';'));
  const comma = await exportWith(page, ',');
  const commaCsv = await readCsv(comma, ',');
  compare(commaCsv);
  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Separador del CSV/ })).toHaveAccessibleName('Separador del CSV: Coma (,)');
  await exportWith(page, ';');

  // At 768×1024 neither the page nor the grid scrolls sideways: the levels wrap inside each child's card.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByTestId('tablero-grid')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const box = await page.getByTestId('tablero-grid').evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
  expect(box.sw).toBeLessThanOrEqual(box.cw);

  // The child detail: their attempts (coloured like the results), progress, activity; a link back.
  await page
    .getByTestId('tablero-grid')
    .getByRole('link', { name: `Ana ${tag}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/clases/${idClase}/alumno/${ana.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Ana ${tag}` })).toBeVisible();
  await expect(page.getByTestId('intento')).toHaveCount(1);
  await expect(page.getByTestId('intento').locator('[data-pass="si"]')).toContainText('100 %');
  await expect(page.getByTestId(`progreso-${key.id_nivel}`)).toContainText('100 % de palabras vistas');
  await expect(page.getByTestId('actividad-totales')).toContainText('1 cuestionario ·');
  // "¡Ahora tú!": the word practised, its best stars and how many times.
  await expect(page.getByTestId(`practica-${wordIds[0]}`)).toContainText('★★★ · 1 vez');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Volver a la clase' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clases/${idClase}$`));

  // The teacher results list, filtered by the class's tag: its CSV has exactly the rows the table shows.
  // (The spec opens the results page to admin and superadmin.)
  await loginAs(page, 'admin');
  await page.goto('/admin/resultados/2');
  // The table is read once the search has reached the server (on a new database the list before the
  // search may already hold just these two rows, and it is replaced while the filtered one loads).
  const searched = page.waitForResponse((r) => r.url().includes('/api/resultados/resultados-profesor') && r.url().includes(tag), AFTER_ACTION);
  await page.getByRole('textbox', { name: 'Buscar estudiante' }).fill(tag);
  expect((await searched).status()).toBe(200);
  const table = page.getByRole('table', { name: 'Resultados del Cuestionario' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 7).map((td) => td.innerText.trim())));
  const results = await readCsv(await exportWith(page, ';'), ';');
  expect(results[0]).toEqual(['#', 'Estudiante', 'Nivel', 'Correctas', 'Total Preguntas', 'Calificación (%)', 'Fecha']);
  expect(results.length - 1).toBe(shown.length);
  shown.forEach((cells, i) => {
    const line = results[i + 1]!;
    expect([line[0], line[1], line[2], line[3], line[4], line[6]]).toEqual([cells[0], cells[1], cells[2], cells[3], cells[4], cells[6]]);
    expect(num(line[5])).toBe(num(cells[5]));
  });
  expect(new Set(shown.map((c) => c[1]))).toEqual(new Set([`Ana ${tag}`, `Bruno ${tag}`]));
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('button', { name: /^Separador del CSV/ }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Excel en español (;)' })).toHaveAttribute('aria-checked', 'true');
  // The menu's grow-in has ended (the transition is on its Paper, not on the list): solid, dark text.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
  const [r, g, b, alpha = 1] = (await page.getByRole('menuitemradio', { name: 'Coma (,)' }).evaluate((el) => getComputedStyle(el).color))
    .match(/[\d.]+/g)!
    .map(Number);
  expect(Math.max(r!, g!, b!), 'dark text').toBeLessThan(100);
  expect(alpha).toBeGreaterThan(0.8);
  await page.keyboard.press('Escape');
});

test('an empty class says so and links to Alumnos; an admin sees the class too', async ({ page, playwright, baseURL }) => {
  const tag = `V${Date.now().toString(36).slice(-5)}`;
  const { usuario: profe } = await loginAs(page, 'profesor');
  const headers = await apiHeaders(page);
  const idInstitucion = await firstInstitution(playwright, baseURL!);
  const created = await page.request.post('/api/clase/register', {
    data: { nombre: `Vacía ${tag}`, id_institucion: idInstitucion, profesores: [profe.id] },
    headers,
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const body = await created.json();
  const idClase = Number(body.data?.id_clase ?? body.id_clase);
  await page.goto(`/admin/clases/${idClase}`);
  await expect(page.getByText('Esta clase todavía no tiene alumnos.')).toBeVisible();
  await expect(page.getByRole('alert').getByRole('link', { name: 'Alumnos' })).toHaveAttribute('href', `/admin/clases/${idClase}/alumnos`);
  await expect(page.getByRole('button', { name: 'Exportar CSV', exact: true })).toBeDisabled();
  // The activity chart has its title and its figures as text.
  await expect(page.getByRole('heading', { name: 'Actividad de la clase en los últimos 30 días' })).toBeVisible();
  await expect(page.getByRole('table', { name: /datos por día/ }).locator('tbody tr')).toHaveCount(30);
  // An admin sees it too.
  await loginAs(page, 'admin');
  await page.goto(`/admin/clases/${idClase}`);
  await expect(page.getByRole('heading', { level: 1, name: `Vacía ${tag}` })).toBeVisible();
});

test('with 8 levels the grid wraps the levels in each child card (no sideways scroll): the menu, the top bar and the page keep their size', async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = `W${Date.now().toString(36).slice(-5)}`;
  // Enough levels for a wide grid: the missing ones are created by the admin and deleted at the end.
  const admin = await playwright.request.newContext({ baseURL });
  const { token } = await (await admin.post('/api/user/logIn', { data: { email: 'admin@manitas.test', password: 'Manitas2024' } })).json();
  await admin.get('/api/config/public');
  const xsrf = (await admin.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const auth = { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf };
  const niveles = (await (await admin.get('/api/nivel/getNivels', { headers: auth })).json()) as { data?: unknown[] } | unknown[];
  const have = (Array.isArray(niveles) ? niveles : (niveles.data ?? [])).length;
  const extra: number[] = [];
  try {
    for (let i = have; i < 8; i++) {
      const r = await admin.post('/api/nivel/register', {
        headers: auth,
        multipart: { nombre_nivel: `Nivel ancho ${tag} ${i + 1}`, descripcion: 'Para el tablero ancho', dificultad: 'Fácil' },
      });
      expect(r.status(), await r.text()).toBeLessThan(300);
      const b = await r.json();
      extra.push(Number(b.data?.id_nivel ?? b.id_nivel));
    }
    const { usuario: profe } = await loginAs(page, 'profesor');
    const headers = await apiHeaders(page);
    const idInstitucion = await firstInstitution(playwright, baseURL!);
    const created = await page.request.post('/api/clase/register', {
      data: { nombre: `Ancha ${tag}`, id_institucion: idInstitucion, profesores: [profe.id] },
      headers,
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const body = await created.json();
    const idClase = Number(body.data?.id_clase ?? body.id_clase);
    const kid = await newLearner(playwright, baseURL!, 'Dora', tag);
    await joinByCode(kid, String(body.data?.codigo ?? body.codigo));

    for (const [w, h] of [
      [1280, 800],
      [768, 1024],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`/admin/clases/${idClase}`);
      await expect(page.getByRole('heading', { level: 1, name: `Ancha ${tag}` })).toBeVisible();
      expect(await page.getByTestId('nivel-nombre').count()).toBeGreaterThanOrEqual(8);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      // Neither the page nor the grid scrolls sideways: the levels wrap.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const grid = await page.getByTestId('tablero-grid').evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
      expect(grid.sw).toBeLessThanOrEqual(grid.cw);
      // The top bar is at the top of the window, the content right under it (no empty band).
      const bar = (await page.getByRole('banner').boundingBox())!;
      expect(bar.y).toBe(0);
      const h1 = (await page.getByRole('heading', { level: 1, name: `Ancha ${tag}` }).boundingBox())!;
      expect(h1.y - (bar.y + bar.height)).toBeLessThan(80);
      if (w === 1280) {
        // The side menu keeps its width and its labels ('Clases' whole, with its own icon).
        const clases = page.getByRole('menuitem', { name: 'Clases' });
        await expect(clases).toBeVisible();
        expect((await clases.boundingBox())!.width).toBeGreaterThanOrEqual(180);
        const iconOf = (name: string) => page.getByRole('menuitem', { name }).locator('svg path').first().getAttribute('d');
        expect(await iconOf('Clases')).not.toBe(await iconOf('Vista de usuario'));
      }
      await expect(page.getByTestId('tablero-desliza')).toHaveCount(0);
      // The chart's day labels are at least 12 px and its legend says which series is which.
      const tick = page.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first();
      expect(parseFloat(await tick.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(12);
      for (const label of ['Cuestionarios', 'Juegos', 'Repasos']) await expect(page.locator('.MuiChartsLegend-root').getByText(label)).toBeVisible();
    }
  } finally {
    for (const id of extra) await admin.delete(`/api/nivel/delete/${id}`, { headers: auth });
    await admin.dispose();
  }
});
