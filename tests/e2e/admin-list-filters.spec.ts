import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { test, expect, loginAs, apiHeaders, pickOption, DEMO_LEVELS } from './fixtures';

/**
 * Lists that find things, as a teacher uses them: words filtered by level and by "Sin
 * seña" (each row opening that word's media page), questions by evaluation (shown by its level's
 * name), words sorted by Nivel, and Resultados paged and filtered by student and dates.
 */

type Rec = Record<string, any>;

async function api(page: Page, path: string): Promise<any> {
  const res = await page.request.get(`/api/${path}`, { headers: await apiHeaders(page) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The visible data rows of the list (react-admin's Datagrid body). */
const rows = (page: Page) => page.locator('tbody tr');

test('words: filter by level and "Sin seña", each row opens its media page; sort by Nivel', async ({ page }) => {
  await loginAs(page, 'admin');
  // A level of this test only (other specs add words to the demo levels while this one runs),
  // with a demo word moved into it, plus a word with no media at all: it has no sign.
  const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const nivelRes = await page.request.post('/api/nivel/register', {
    multipart: { nombre_nivel: `Filtros ${tag}`, descripcion: 'Nivel de la prueba de filtros.', dificultad: 'Fácil' },
    headers: await apiHeaders(page),
  });
  expect(nivelRes.status(), await nivelRes.text()).toBeLessThan(300);
  const level = (await nivelRes.json()).data as Rec;
  const signedWord = await page.request.post('/api/palabra/register', {
    data: { palabraEspanol: `Firmada${tag}`, palabraIngles: 'Signed', id_nivel: level.id_nivel },
    headers: await apiHeaders(page),
  });
  expect(signedWord.status(), await signedWord.text()).toBeLessThan(300);
  const signedId = (await signedWord.json()).data.id_palabra;
  const gif = await page.request.post('/api/multimedia/register', {
    multipart: {
      tipo: 'gif',
      descripcion: 'gifSena',
      id_palabra: String(signedId),
      file: {
        name: 'sena.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex'),
      },
    },
    headers: await apiHeaders(page),
  });
  expect(gif.status(), await gif.text()).toBeLessThan(300);
  const made = await page.request.post('/api/palabra/register', {
    data: { palabraEspanol: 'Zanahoria', palabraIngles: 'Carrot', id_nivel: level.id_nivel },
    headers: await apiHeaders(page),
  });
  expect(made.status(), await made.text()).toBeLessThan(300);

  await page.goto('/admin/palabra');
  await expect(rows(page).first()).toBeVisible();
  // A searchable picker: typed, then picked in the list the search found.
  await pickOption(page, page.getByRole('combobox', { name: 'Nivel' }), level.nombre_nivel, 'Nivel', level.nombre_nivel);
  await expect(page).toHaveURL(/id_nivel/);
  await expect(rows(page)).toHaveCount(2); // the signed word and Zanahoria
  for (const cell of await rows(page).locator('td.column-nivel\\.nombre_nivel').allTextContents()) expect(cell).toBe(level.nombre_nivel);

  // "Sin seña": the new word is there; a word with a sign is not.
  await page.getByLabel('Sin seña').check();
  await expect(page).toHaveURL(/sin_sena/);
  await expect(rows(page).filter({ hasText: 'Zanahoria' })).toHaveCount(1);
  const media = (await api(page, 'multimedia/getMultimedias?perPage=500')) as Rec[];
  expect(media.some((m) => m.id_palabra === signedId && m.descripcion === 'gifSena')).toBe(true);
  await expect(rows(page).filter({ hasText: `Firmada${tag}` })).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);
  for (const vp of [
    { width: 1280, height: 800 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(vp);
    await expect(page.getByText('Zanahoria').first()).toBeVisible();
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Every row links to its word's media page, and the link works.
  await expect(rows(page).filter({ hasText: 'Zanahoria' })).toHaveCount(1);
  const n = await rows(page).count();
  await expect(rows(page).getByRole('link', { name: 'Multimedia' })).toHaveCount(n);
  await rows(page).filter({ hasText: 'Zanahoria' }).getByRole('link', { name: 'Multimedia' }).click();
  await expect(page).toHaveURL(/\/admin\/palabra\/\d+\/multimedia$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Zanahoria');

  // Sorting by Nivel (the level's name), both ways, on this test's own rows: a second level of its
  // own, "<level> B", with one word, and the list searched by the tag both words carry. Other specs
  // add levels and words while this runs, so the first row of the whole list is not this test's to
  // predict; "<level>" sorts before "<level> B" in any collation (a prefix comes first).
  const levelB = await page.request.post('/api/nivel/register', {
    multipart: { nombre_nivel: `${level.nombre_nivel} B`, descripcion: 'Segundo nivel de la prueba de filtros.', dificultad: 'Fácil' },
    headers: await apiHeaders(page),
  });
  expect(levelB.status(), await levelB.text()).toBeLessThan(300);
  const otra = await page.request.post('/api/palabra/register', {
    data: { palabraEspanol: `Otra${tag}`, palabraIngles: 'Other', id_nivel: (await levelB.json()).data.id_nivel },
    headers: await apiHeaders(page),
  });
  expect(otra.status(), await otra.text()).toBeLessThan(300);
  // The list keeps its last filters (react-admin's store): open it searched by the tag alone.
  await page.goto(`/admin/palabra?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
  await expect(rows(page)).toHaveCount(2);
  const nivelHeader = page
    .locator('thead th')
    .filter({ hasText: /^Nivel$/ })
    .getByRole('button');
  await nivelHeader.click();
  await expect(page).toHaveURL(/sort=nivel/);
  await expect(rows(page).locator('td.column-nivel\\.nombre_nivel')).toHaveText([level.nombre_nivel, `${level.nombre_nivel} B`]);
  await nivelHeader.click();
  await expect(page).toHaveURL(/order=DESC/);
  await expect(rows(page).locator('td.column-nivel\\.nombre_nivel')).toHaveText([`${level.nombre_nivel} B`, level.nombre_nivel]);
});

test("questions: filter by evaluation; 'Evaluación' shows its level's name, the spec's 'Evaluación ID' its id", async ({ page }) => {
  await loginAs(page, 'profesor');
  const qs = (await api(page, 'pregunta/getPreguntas?perPage=500')).data as Rec[];
  const evs = (await api(page, 'evaluacion/getEvaluaciones?perPage=500')).data as Rec[];
  // A demo quiz: another spec's evaluation may gain or lose questions while this one counts.
  const ev = evs.find((e) => (DEMO_LEVELS as readonly unknown[]).includes(e.nivel.nombre_nivel) && qs.some((q) => q.id_evaluacion === e.id_evaluacion))!;
  const label = `${ev.nivel.nombre_nivel} (#${ev.id_evaluacion})`;
  await page.goto('/admin/pregunta');
  await expect(page.getByRole('columnheader', { name: 'Evaluación ID' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Ordenar por Evaluación ascendente', exact: true })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await pickOption(page, page.getByRole('combobox', { name: 'Evaluación' }), label, 'Evaluación');
  await expect(page).toHaveURL(/id_evaluacion/);
  await expect(rows(page)).toHaveCount(Math.min(qs.filter((q) => q.id_evaluacion === ev.id_evaluacion).length, 25));
  for (const cell of await rows(page).locator('td.column-evaluacion').allTextContents()) expect(cell).toBe(ev.nivel.nombre_nivel);
  for (const cell of await rows(page).locator('td.column-id_evaluacion').allTextContents()) expect(cell).toBe(String(ev.id_evaluacion));
  for (const vp of [
    { width: 1280, height: 800 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(vp);
  }
});

/** A learner answers a level's quiz through the API. */
async function takeQuiz(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, key: Rec, email: string, right: boolean, password = 'Manitas2024') {
  const ctx: APIRequestContext = await playwright.request.newContext({ baseURL });
  const login = await ctx.post('/api/user/logIn', { data: { email, password } });
  const { token, usuario } = await login.json();
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const respuestas = (key.preguntas as Rec[]).map((q) => {
    const good = q.respuestas.find((r: Rec) => r.valor) ?? q.respuestas[0];
    const bad = q.respuestas.find((r: Rec) => !r.valor) ?? good;
    const text = q.Tipo !== 'Opción Múltiple';
    return {
      id_pregunta: q.id_pregunta,
      id_usuario: usuario.id,
      id_nivel: key.id_nivel,
      id_respuesta: text ? null : (right ? good : bad).id_respuesta,
      respuesta: text ? (right ? q.respuestas[0].respuesta : 'zzz') : (right ? good : bad).respuesta,
    };
  });
  const res = await ctx.post('/api/resultados/save-multiple', { data: { respuestas }, headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf } });
  await ctx.dispose();
  return res.status();
}

test('Resultados: paged, filtered by student and by dates, sorted', async ({ page, playwright, baseURL }) => {
  // The screen is the admins' (spec route table); the API also answers a profesor.
  const { token } = await loginAs(page, 'admin');
  const detalles = (await (await page.request.get('/api/evaluacion/detalles', { headers: { Authorization: `Bearer ${token}` } })).json()).data as Rec[];
  // Attempts until the list holds more than one page of 10 (each child has 3 tries per level).
  let total = Number(
    (await page.request.get('/api/resultados/resultados-profesor?perPage=1', { headers: { Authorization: `Bearer ${token}` } })).headers()['x-total-count'],
  );
  // Two children of this test only: the demo children's attempts belong to the other specs
  // (each child has 3 tries per level; using them up here made admin-results fail).
  const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const child = async (nombre: string, sexo: string) => {
    const email = `resultados-${nombre.toLowerCase()}-${tag}@manitas.test`;
    const res = await page.request.post('/api/user/register', {
      data: {
        nombre,
        apellido: `Filtro${tag}`,
        fechaNacimiento: '2016-01-01',
        email,
        password: 'Clave-prueba-1',
        avatar: sexo === 'niña' ? 'girl' : 'boy',
        sexo,
        phone: '5512345678',
        Credential: 'P-1',
        photo: null,
      },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return { email, name: `${nombre} Filtro${tag}` };
  };
  const wrong = await child('Marco', 'niño');
  const right = await child('Lina', 'niña');
  for (const key of detalles.filter((d) => d.preguntas.length > 0)) {
    for (const who of [wrong, right]) {
      // At least one attempt each, whatever the other specs left: the list needs this test's children.
      for (let i = 0; i < 3 && (i === 0 || total <= 24); i++)
        if ((await takeQuiz(playwright, baseURL!, key, who.email, who === right, 'Clave-prueba-1')) === 201) total++;
    }
  }
  expect(total).toBeGreaterThan(10);

  await page.goto('/admin/resultados/2');
  await expect(page.getByRole('heading', { name: 'Resultados del Cuestionario' })).toBeVisible();
  await page.getByRole('combobox', { name: /Filas por página/ }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(rows(page)).toHaveCount(10);
  // The other specs add attempts while this runs: the list's total is at least this test's count,
  // read from what the page shows, not expected equal to a count taken before.
  const range = async (from: number) => {
    const shown = page.getByText(new RegExp(`^${from}–\\d+ de \\d+$`));
    await expect(shown).toBeVisible();
    const [to, of] = (await shown.textContent())!
      .slice(String(from).length + 1)
      .split(' de ')
      .map(Number);
    return { to: to!, of: of! };
  };
  const first = await range(1);
  expect(first.to).toBe(10);
  expect(first.of).toBeGreaterThanOrEqual(total);
  await page.getByRole('button', { name: 'Página siguiente' }).click();
  const second = await range(11);
  expect(second.to).toBe(Math.min(20, second.of));
  await expect(rows(page)).toHaveCount(second.to - 10);
  await expect(rows(page).first().locator('td').first()).toHaveText('11');

  // One student: the name filters the list. Her attempts are the newest, first on page 1 (newest
  // first by default); page 2 may hold none of them when the other specs left many attempts.
  await page.getByRole('button', { name: 'Página anterior' }).click();
  await expect(rows(page).first().locator('td').first()).toHaveText('1');
  await rows(page).filter({ hasText: right.name }).first().getByRole('button', { name: right.name }).click();
  await expect(page.getByText(`Estudiante: ${right.name}`)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  for (const r of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(r).toBe(right.name);

  // Dates: from tomorrow, nothing; from today, her attempts again.
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const today = await page.evaluate(() => {
    const d = new Date();
    return [d.getFullYear(), d.getMonth(), d.getDate()];
  });
  const now = new Date(today[0]!, today[1]!, today[2]!);
  const tomorrow = new Date(now.getTime() + 36 * 3600 * 1000);
  await page.getByLabel('Desde').fill(day(tomorrow));
  await expect(page.getByText('Ningún resultado coincide con los filtros.')).toBeVisible();
  await page.getByLabel('Desde').fill(day(now));
  await page.getByLabel('Hasta').fill(day(now));
  await expect(rows(page).first()).toBeVisible();
  for (const r of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(r).toBe(right.name);
  for (const vp of [
    { width: 1280, height: 800 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(vp);
    await expect(rows(page).first()).toBeVisible();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(scroll, `Resultados a ${vp.width} px no debe desplazarse de lado`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The chip removes the student filter; sorting by Calificación puts the lowest first.
  await page
    .getByRole('button', { name: `Estudiante: ${right.name}` })
    .locator('svg')
    .click();
  await expect(page.getByText(`Estudiante: ${right.name}`)).toBeHidden();
  await page.locator('thead th').filter({ hasText: 'Calificación (%)' }).getByRole('button').click();
  // Marco answered everything wrong: 0 % comes first.
  await expect(rows(page).first().locator('[data-pass]')).toHaveText('0.00%');
  const scores = (await rows(page).locator('[data-pass]').allTextContents()).map((s) => Number(s.replace('%', '')));
  expect(scores.length).toBeGreaterThan(1);
  expect(scores).toEqual([...scores].sort((a, b) => a - b));
});
