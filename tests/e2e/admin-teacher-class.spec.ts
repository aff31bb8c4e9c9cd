import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { test, expect, loginAs, apiHeaders, profesorClass, registerChild, AFTER_ACTION } from './fixtures';

/**
 * "A teacher's view is about their class": the class filter on Memoria, Palabras difíciles and
 * Resultados (a profesor is offered only her classes), her own results screen with 'Dar otro
 * intento', the dashboard that fits 768 and 1280 px with each child's state on each Tarea, and the
 * content flow (a new word straight to its media, a question's Porcentaje, sorting the cards).
 * Each test makes its own data through the API.
 */

// The tests share nothing (each makes its own child or data): they spread over both workers, so
// this file, late in its project's order, leaves no worker idle at the end of the project.
test.describe.configure({ mode: 'parallel' });

type Key = { id_nivel: number; preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number; respuesta: string; valor: boolean }[] }[] };

async function adminApi(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const ctx = await playwright.request.newContext({ baseURL });
  await ctx.get('/api/config/public');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const { token, usuario } = await (
    await ctx.post('/api/user/logIn', { data: { email: 'admin@manitas.test', password: 'Manitas2024' }, headers: { 'X-XSRF-TOKEN': xsrf } })
  ).json();
  return { ctx, headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf }, id: Number(usuario.id) };
}

/** A new learner (own request context), signed in, who joins the class with its code. */
async function pupil(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, nombre: string, apellido: string, codigo: string) {
  const ctx: APIRequestContext = await playwright.request.newContext({ baseURL });
  await ctx.get('/api/config/public');
  const creds = await registerChild(ctx, nombre, apellido);
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const { token, usuario } = await (await ctx.post('/api/user/logIn', { data: creds, headers: { 'X-XSRF-TOKEN': xsrf } })).json();
  const headers = { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf };
  const joined = await ctx.post('/api/clase/unirme', { data: { codigo }, headers });
  expect(joined.status(), await joined.text()).toBe(200);
  return { ctx, headers, id: Number(usuario.id) };
}

/** The pupil answers the level's quiz, every answer wrong or right. */
async function takeQuiz(p: Awaited<ReturnType<typeof pupil>>, key: Key, right: boolean) {
  const respuestas = key.preguntas.map((q) => {
    const good = q.respuestas.find((r) => r.valor) ?? q.respuestas[0]!;
    const bad = q.respuestas.find((r) => !r.valor) ?? good;
    const text = q.Tipo !== 'Opción Múltiple';
    return {
      id_pregunta: q.id_pregunta,
      id_nivel: key.id_nivel,
      id_respuesta: text ? null : (right ? good : bad).id_respuesta,
      respuesta: text ? (right ? q.respuestas[0]!.respuesta : 'zzz') : (right ? good : bad).respuesta,
    };
  });
  const r = await p.ctx.post('/api/resultados/save-multiple', { data: { respuestas }, headers: p.headers });
  expect(r.status(), await r.text()).toBe(201);
}

async function quizKey(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<Key> {
  const admin = await adminApi(playwright, baseURL);
  const detalles = (await (await admin.ctx.get('/api/evaluacion/detalles', { headers: admin.headers })).json()).data as Key[];
  await admin.ctx.dispose();
  return detalles.find((e) => e.preguntas.length > 0)!;
}

/** A class the demo profesor does not teach (the admin's). */
async function otherTeachersClass(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, nombre: string) {
  const admin = await adminApi(playwright, baseURL);
  const inst = (await (await admin.ctx.get('/api/institucion/getInstituciones', { headers: admin.headers })).json()) as { data?: { id_institucion: number }[] };
  const r = await admin.ctx.post('/api/clase/register', {
    headers: admin.headers,
    data: { nombre, id_institucion: (inst.data ?? (inst as unknown as { id_institucion: number }[]))[0]!.id_institucion, profesores: [admin.id] },
  });
  expect(r.status(), await r.text()).toBe(201);
  await admin.ctx.dispose();
}

const noSideways = (page: Page) =>
  page.evaluate(() => {
    const s = document.scrollingElement!;
    return s.scrollWidth <= s.clientWidth;
  });

test("a profesor's class filter and results screen: her classes only; 'Dar otro intento' changes the attempts left at once", async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = `F${Date.now().toString(36).slice(-5)}`;
  const key = await quizKey(playwright, baseURL!);
  const mine = await profesorClass(page.request, `Mía ${tag}`);
  await otherTeachersClass(playwright, baseURL!, `Ajena ${tag}`);
  const child = await pupil(playwright, baseURL!, 'Elsa', tag, mine.codigo);
  for (let i = 0; i < 3; i++) await takeQuiz(child, key, false);

  await loginAs(page, 'profesor');
  // Her results screen, from the menu; the class filter starts on her classes and offers only hers.
  await page.goto('/admin/inicio');
  await page.getByRole('menuitem', { name: 'Resultados' }).click();
  await expect(page).toHaveURL(/\/admin\/resultados-alumnos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados de mis alumnos' })).toBeVisible();
  const clase = page.getByRole('combobox', { name: 'Clase' });
  await expect(clase).toHaveText('Todas mis clases');
  await clase.click();
  await expect(page.getByRole('option', { name: `Mía ${tag}` })).toBeVisible();
  await expect(page.getByRole('option', { name: `Ajena ${tag}` })).toHaveCount(0);
  await page.getByRole('option', { name: `Mía ${tag}` }).click();
  const rows = page.getByRole('table', { name: 'Resultados del Cuestionario' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  for (const r of await rows.all()) await expect(r).toContainText(`Elsa ${tag}`);
  const left = page.getByTestId(`intentos-${child.id}:${key.id_nivel}`);
  await expect(left).toHaveText('Sin intentos');
  await page.getByRole('button', { name: `Dar otro intento a Elsa` }).click();
  await expect(page.getByText('Listo: el estudiante tiene un intento más en este nivel.')).toBeVisible();
  await expect(left).toHaveText('Le queda 1 intento');
  await expect(page.getByRole('button', { name: /^Dar otro intento/ })).toHaveCount(0);
  // The child may indeed try once more.
  await takeQuiz(child, key, false);

  // Memoria: the same filter, her classes only; choosing one narrows the list on the server.
  await page.goto('/admin/memoria');
  const memClase = page.getByRole('combobox', { name: 'Clase' });
  await memClase.click();
  await expect(page.getByRole('option', { name: `Mía ${tag}` })).toBeVisible();
  await expect(page.getByRole('option', { name: `Ajena ${tag}` })).toHaveCount(0);
  const listed = page.waitForResponse((r) => r.url().includes('/api/repaso/memorias') && r.url().includes('id_clase=') && r.status() === 200, AFTER_ACTION);
  await page.getByRole('option', { name: `Mía ${tag}` }).click();
  await listed;

  // Palabras difíciles: the class filter beside the level.
  await page.goto(`/admin/memoria/dificiles/${key.id_nivel}`);
  const difClase = page.getByRole('combobox', { name: 'Clase' });
  await expect(difClase).toHaveText('Todas mis clases');
  await difClase.click();
  await expect(page.getByRole('option', { name: `Ajena ${tag}` })).toHaveCount(0);
  const dif = page.waitForResponse(
    (r) => r.url().includes(`/api/repaso/dificiles/${key.id_nivel}?id_clase=${mine.id_clase}`) && r.status() === 200,
    AFTER_ACTION,
  );
  await page.getByRole('option', { name: `Mía ${tag}` }).click();
  await dif;
  await expect(page).toHaveURL(new RegExp(`clase=${mine.id_clase}`));
});

test('the class dashboard fits 768 and 1280 px without sideways scrolling and shows each child on each Tarea', async ({ page, playwright, baseURL }) => {
  const tag = `D${Date.now().toString(36).slice(-5)}`;
  const key = await quizKey(playwright, baseURL!);
  // Six levels at least (the case: a 6-level grid scrolled sideways); the missing ones are the admin's, removed at the end.
  const admin = await adminApi(playwright, baseURL!);
  const niveles = (await (await admin.ctx.get('/api/nivel/getNivels', { headers: admin.headers })).json()) as { data?: unknown[] } | unknown[];
  const extra: number[] = [];
  for (let i = (Array.isArray(niveles) ? niveles : (niveles.data ?? [])).length; i < 6; i++) {
    const r = await admin.ctx.post('/api/nivel/register', {
      headers: admin.headers,
      multipart: { nombre_nivel: `Nivel ${tag} ${i + 1}`, descripcion: 'Para el tablero', dificultad: 'Fácil' },
    });
    expect(r.status(), await r.text()).toBe(201);
    extra.push(Number((await r.json()).data.id));
  }
  try {
    const clase = await profesorClass(page.request, `Tablero ${tag}`);
    const done = await pupil(playwright, baseURL!, 'Ada', tag, clase.codigo);
    await pupil(playwright, baseURL!, 'Beto', tag, clase.codigo);
    await takeQuiz(done, key, true);
    await loginAs(page, 'profesor');
    const assigned = await page.request.put(`/api/clase/${clase.id_clase}/tareas`, {
      data: { tareas: [{ id_nivel: key.id_nivel, fecha: '2030-05-04' }] },
      headers: await apiHeaders(page),
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    for (const [w, h] of [
      [768, 1024],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`/admin/clases/${clase.id_clase}`);
      await expect(page.getByRole('heading', { level: 1, name: `Tablero ${tag}` })).toBeVisible();
      const grid = page.getByTestId('tablero-grid');
      await expect(grid.getByTestId('alumno-nombre')).toHaveText([`Ada ${tag}`, `Beto ${tag}`]);
      expect(await page.getByTestId('nivel-nombre').count()).toBeGreaterThanOrEqual(6);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      expect(await noSideways(page), `page at ${w}px`).toBe(true);
      const box = await grid.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
      expect(box.sw, `grid at ${w}px`).toBeLessThanOrEqual(box.cw);
      // Each child's state on the Tarea, and the class's summary of it.
      await expect(page.getByTestId(`tarea-${done.id}-${key.id_nivel}`)).toHaveText('Tarea hecha');
      await expect(grid.locator(`[data-testid$="-${key.id_nivel}"][data-tarea="sin-empezar"]`)).toHaveCount(1);
      await expect(page.getByTestId(`tareas-hechas-${done.id}`)).toHaveText('· Tareas hechas: 1 de 1');
      await expect(page.getByTestId(`tarea-resumen-${key.id_nivel}`)).toContainText('1 de 2 la hizo, 0 empezadas, 1 sin empezar');
    }
  } finally {
    for (const id of extra) expect((await admin.ctx.delete(`/api/nivel/delete/${id}`, { headers: admin.headers })).status()).toBe(200);
    await admin.ctx.dispose();
  }
});

test("'Guardar y añadir multimedia' saves a new word and opens its media page", async ({ page }) => {
  const tag = `M${Date.now().toString(36).slice(-5)}`;
  await loginAs(page, 'admin');
  await page.goto('/admin/palabra/create');
  await page.getByLabel('Palabra en Español').fill(`Nube ${tag}`);
  await page.getByLabel('Palabra en Inglés').fill(`Cloud ${tag}`);
  const nivel = page.getByRole('combobox', { name: 'Nivel' });
  await nivel.click();
  await page.getByRole('option').first().click();
  const created = page.waitForResponse((r) => r.url().includes('/api/palabra/register') && r.status() === 201, AFTER_ACTION);
  await page.getByRole('button', { name: 'Guardar y añadir multimedia' }).click();
  const body = await (await created).json();
  const id = Number(body.data?.id_palabra ?? body.data?.id);
  await expect(page).toHaveURL(new RegExp(`/admin/palabra/${id}/multimedia$`));
  await expect(page.getByText(`Nube ${tag}`).first()).toBeVisible();
});

test("a new question starts at an equal share of its quiz's Porcentaje and warns when the quiz does not add up to 100", async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = `P${Date.now().toString(36).slice(-5)}`;
  // An evaluation of its own (a new level with its evaluation and one question of 100 %), removed at the end.
  const admin = await adminApi(playwright, baseURL!);
  const made: string[] = [];
  try {
    const lv = await admin.ctx.post('/api/nivel/register', {
      headers: admin.headers,
      multipart: { nombre_nivel: `Nivel ${tag}`, descripcion: 'Porcentajes', dificultad: 'Fácil' },
    });
    expect(lv.status(), await lv.text()).toBe(201);
    made.unshift(`/api/nivel/delete/${(await lv.json()).data.id}`);
    const ev = await admin.ctx.post('/api/evaluacion/register', {
      headers: admin.headers,
      data: { id_nivel: Number(made[0]!.split('/').pop()), puntaje: 100 },
    });
    expect(ev.status(), await ev.text()).toBe(201);
    const idEvaluacion = Number((await ev.json()).data.id_evaluacion);
    made.unshift(`/api/evaluacion/delete/${idEvaluacion}`);
    const q1 = await admin.ctx.post('/api/pregunta/register', {
      headers: admin.headers,
      multipart: {
        pregunta: `Primera ${tag}`,
        Tipo: 'Texto',
        porcentaje: '100',
        id_evaluacion: String(idEvaluacion),
        respuestas: JSON.stringify([{ respuesta: 'sí', valor: true }]),
      },
    });
    expect(q1.status(), await q1.text()).toBe(201);
    made.unshift(`/api/pregunta/delete/${(await q1.json()).data.id_pregunta}`);

    await loginAs(page, 'profesor');
    // The evaluation's other questions are held back until the test lets them through, as on a slow
    // school network: what they bring must not push down what the teacher may be tapping meanwhile.
    let letThrough!: () => void;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(
      (url) => url.pathname === '/api/pregunta/getPreguntas' && url.searchParams.toString().includes(String(idEvaluacion)),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/admin/pregunta/create');
    const porcentaje = page.getByLabel('Porcentaje');
    const reparto = page.getByTestId('porcentaje-reparto');
    await expect(reparto).toHaveText('Elige la evaluación para ver cómo se reparten los porcentajes.');
    await page.getByRole('combobox', { name: 'Evaluación' }).fill(`Nivel ${tag}`);
    await page.getByRole('option', { name: new RegExp(`Nivel ${tag}`) }).click();
    await expect(reparto).toHaveText('Buscando las otras preguntas de esta evaluación…');
    const picker = page.getByRole('button', { name: 'Imagen o seña (JPG, PNG, GIF, MP4 o WEBM)' });
    const before = (await picker.boundingBox())!;
    letThrough();
    // One question already there: an equal share is 50 %, and 100 + 50 does not add up to 100.
    await expect(porcentaje).toHaveValue('50');
    await expect(reparto).toHaveText('Esta evaluación tiene 1 pregunta más: a partes iguales, 50 % cada una.');
    await expect(page.getByTestId('porcentaje-aviso')).toHaveText('Las preguntas de esta evaluación suman 150 %, no 100 %. Ajusta los porcentajes.');
    // The answer changed the line's words and added the warning further down: the picker below
    // the line is where it was.
    expect((await picker.boundingBox())!.y).toBe(before.y);
    // Typing 0 makes it add up: the warning goes.
    await porcentaje.fill('0');
    await expect(page.getByTestId('porcentaje-aviso')).toHaveCount(0);
  } finally {
    for (const url of made) expect((await admin.ctx.delete(url, { headers: admin.headers })).status(), url).toBe(200);
    await admin.ctx.dispose();
  }
});

test('the card view at 768 px sorts by any column', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/admin/nivel');
  await expect(page.getByTestId('grid-card').first()).toBeVisible();
  const sort = page.getByRole('combobox', { name: 'Ordenar por' });
  await sort.click();
  const asked = page.waitForResponse((r) => r.url().includes('/api/nivel/') && /sort=nombre_nivel/.test(r.url()) && /order=DESC/.test(r.url()), AFTER_ACTION);
  await page
    .getByRole('option', { name: /^Nombre.* ↓$/ })
    .first()
    .click();
  await asked;
  await expect(sort).toHaveText(/↓$/);
  const names = await page.getByTestId('grid-card').evaluateAll((cards) => cards.map((c) => (c.querySelector('dd') as HTMLElement).innerText.trim()));
  const sorted = [...names].sort((a, b) => b.localeCompare(a, 'es', { sensitivity: 'base' }));
  expect(names.length).toBeGreaterThan(1);
  expect(names).toEqual(sorted);
});
